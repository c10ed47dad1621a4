"""The note a player reads when the engine moved on by itself in their turn.

The engine skips a phase with nothing to do and leaves one after the move that
exhausted it; the table says so ("Skipped: Open cards — …", "Now: Discard") and
arms the press guard, so a "Next phase" click meant for the skipped phase does not
end the one that follows. Why a phase was skipped is the engine's own refusal, never
the app's guess (R-GANG-3, R-OPEN-x).
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from engine import Phase
from engine.actions import Action, EndPhase
from engine.cards import KIND, Kind
from noirburg_desktop.table import pacing
from noirburg_desktop.table.texts import t
from noirburg_desktop.words.wording import refusal_text


@dataclass(frozen=True)
class SkipNote:
    """What to tell `seat` after a move: the phase note ("" for none), and whether the
    press guard is armed."""

    text: str
    guard: bool


def skip_note(
    events: list[engine.Event], state: engine.GameState, seat: int, action: Action | None
) -> SkipNote:
    """The note for `seat` after `events` (`action`: their own move, if it was one)."""
    skipped = pacing.skipped_phases(events, seat)
    moved_on = any(e.kind == "phase" and e.seat == seat for e in events)
    own_move = action is not None and not isinstance(action, EndPhase)
    text = ""
    if skipped:
        names = ", ".join(t(f"table.phase.{p}") for p in skipped)
        why = skip_reason(state, seat, skipped) if state.active == seat else None
        if why is None:
            text = t("table.skipped", phases=names)
        else:
            text = t("table.skipped_why", phases=names, why=refusal_text(why))
    elif own_move and moved_on and state.active == seat and state.window is None:
        # The move left nothing else to do in the phase: the engine went on by itself.
        text = t("table.moved_on", phase=t(f"table.phase.{state.phase.value}"))
    return SkipNote(text, moved_on and state.active == seat and bool(skipped or own_move))


def skip_reason(
    state: engine.GameState, seat: int, skipped: list[str]
) -> engine.IllegalAction | None:
    """Why the engine skipped "Open cards" for `seat` although they hold cards
    (playtest: 6 coins and 3 gangsters, no word about the full buildings): the
    engine's own refusal of the first hand card, asked of a copy put back in that
    phase. Skipping changes nothing on the table, so the copy is the table as it
    was then; the app asks, the engine answers (R-GANG-3, R-OPEN-x)."""
    if Phase.OPEN.value not in skipped:
        return None
    then = state.clone()
    then.phase = Phase.OPEN
    hand = then.seats[seat].hand
    opened = [c for c in hand if KIND[c] in (Kind.GANGSTER, Kind.BUSINESS)]
    for card in opened + [c for c in hand if c not in opened]:  # what phase D opens
        why = engine.card_refusal(then, seat, card)
        if why is not None:
            return why
    return None
