"""What the main button (and Space/Enter) does now (whether Undo may: `flow.may_undo`).

Pure functions of plain values read off the table's controller (issue 24: a
pygame-free table flow), so the decision is tested without a window; the scene
only carries out the intent it gets back. The label the button shows is
`flow.button_face`, which follows the same order.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Phase
from engine.actions import Action, Draw, EndPhase, LaunchAttack, Mulligan, Pass


@dataclass(frozen=True)
class ToResults:
    """The game is over: the button opens the results, as the Game over panel does."""


@dataclass(frozen=True)
class HoldBar:
    """Not the player's move, a loud claim bar still without a clock: "wait for me"
    makes it stand until a seat claims or waves it on."""


@dataclass(frozen=True)
class Idle:
    """Not the player's move: the press does nothing."""


@dataclass(frozen=True)
class Play:
    """Try this action (the engine may still refuse it)."""

    action: Action


@dataclass(frozen=True)
class SkippedPhase:
    """The engine just moved on by itself: the press was meant for the old phase, so
    it only says which phase was skipped."""


MainIntent = ToResults | HoldBar | Idle | Play | SkippedPhase


@dataclass(frozen=True)
class ButtonState:
    """What the main button's decision reads, as plain values."""

    game_over: bool
    my_turn: bool
    bar_waits: bool  # a loud claim bar, nobody choosing a claimant, no clock running yet
    window: bool  # a reaction window asks the player
    phase: Phase
    attacking: bool  # an attack is being assembled
    guard: bool  # the engine moved on by itself a moment ago
    free_draw: Draw | None  # phase G's free card, when the engine lists it (R-DRAW-1)
    tab_action: Action | None  # picked with Tab in this very position, pressed from the keys
    selected: frozenset[int]  # the opening cards picked for the swap (R-SETUP-7)


def main_intent(s: ButtonState) -> MainIntent:
    """The main button: always what its label says. Only an action picked with Tab,
    in this very position, replaces it (the Hint merely highlights)."""
    if s.game_over:
        return ToResults()
    if not s.my_turn:
        return HoldBar() if s.bar_waits else Idle()
    if s.tab_action is not None:
        return Play(s.tab_action)
    if s.window:
        return Play(Pass())  # ends their answer (modes.after_action)
    if s.phase is Phase.MULLIGAN:
        return Play(Mulligan(tuple(sorted(s.selected))))
    if s.attacking:
        return Play(LaunchAttack())
    if s.guard:
        return SkippedPhase()
    if s.free_draw is not None:
        return Play(s.free_draw)  # the free card, which ends the turn (0 ends it without)
    return Play(EndPhase())
