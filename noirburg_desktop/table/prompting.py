"""When the table stops to ask a person to react (Settings → Reactions, issue 20).

The engine opens a reaction window at every moment a reaction *may* be played
(I-REACT-WINDOW: R-REACT-1 says "at any time") and asks every seat that holds a
card it could play. Asking a person is the table's choice, and it asks like a
good human table does: loudly when what they own is hit, never otherwise, and
it lets them jump in whenever they want.

* "threats" (the default): the table holds and asks only when the action waiting
  in the window threatens the person's own table and a card they hold answers it
  (`engine.threats.threat_answers`: an attack on their Business or Hideout and their
  Police; Police on their gangsters or against their attack and their Bribe; a
  Drive-by on their Business and their Police there; a Turncoat taking their
  gangster and their own Turncoat). Every other window the table does not stop:
  it passes for them once the story up to the window has been told (the window's
  beat), unless they grab a lit reaction card or press R, which holds it.
* "always": every question of the engine is put to them (the table before issue 20).
* "never": nothing is asked, threats included (R or a grabbed card still holds).

In hotseat the same policy decides which windows get the claim bar: a window whose
action threatens a human seat (public: the pending action says whose table it hits,
never who holds what), every window with "always", none with "never"; the other
windows get a silent beat as long as their event's animation, in which R claims.

No rule lives here: whose table a window threatens and which actions answer it are
the engine's (`engine.threats.threat`, `opened_threat`, `threat_answers`).
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from engine.threats import Threat, threat, threat_answers

POLICIES = ("threats", "always", "never")


@dataclass(frozen=True, slots=True)
class Ask:
    """Why the table waits on a person in a reaction window: `how` is "threat" (their
    table is threatened and they can answer), "chance" (asked at every chance),
    "lesson" (the guided game's reaction step) or "held" (they grabbed a card or
    pressed R); `threat` is what the window threatens, if anything (to anyone)."""

    how: str
    threat: Threat | None = None

    @property
    def timed(self) -> bool:
        """Held answers wait for the person's own hand; the rest run the clock."""
        return self.how in ("threat", "chance")


def lone_ask(policy: str, state: engine.GameState) -> Ask | None:
    """One person, asked by the engine in a window: whether the table waits for them
    (an `Ask`) or passes for them (None), by `policy`."""
    if policy == "never":
        return None
    th = threat(state)
    if policy == "always":
        return Ask("chance", th)
    return Ask("threat", th) if threat_answers(state) else None


def loud_window(policy: str, opened: Threat | None, humans: list[int]) -> bool:
    """Hotseat: whether the window an action opened gets the claim bar (see module doc).
    `opened` is the engine's `opened_threat` of that action (public)."""
    if policy == "always":
        return True
    if policy == "never":
        return False
    return opened is not None and opened.seat in humans
