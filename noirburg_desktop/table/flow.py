"""The table's flow decisions, each a pure function of a small frozen snapshot.

Issue 24: whose turn the table shows and whether the person holding the device may
act now (`turn_status`, `may_act`), what the main button says (`button_face`, with
why "Next phase" is blocked), what may be undone (`may_undo`) and what the lone
human is asked in a reaction window (`question`). The controller reads its facts
into these snapshots and carries out the answers, so each decision has one source
and is tested without a window (no pygame here). What a press of the button *does*
is `button_flow.main_intent`; in hotseat who answers a window is the claim and poll
modes (`modes`, `asking`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from engine import Phase
from noirburg_desktop.table.prompting import Ask


@dataclass(frozen=True)
class TurnFacts:
    """Who the engine waits on, and what covers the table, as plain values."""

    phase: Phase
    active: int  # whose turn it is
    to_act: int | None  # who the engine asks now (a window asks out of turn)
    to_act_human: bool
    holder: int | None  # whose hand the device may show
    covered: bool  # a hand-off screen or a private note covers the table
    history_blocked: bool  # the saved history does not replay (ReplayCheck)
    window: bool  # a reaction window is open
    claimant: int | None  # the human the table waits on in that window
    bars_pending: bool  # a claim bar is up or queued on the shared screen


@dataclass(frozen=True)
class Status:
    """The status line: a catalogue key and the seat it names (None: nobody)."""

    key: str
    seat: int | None


def turn_status(f: TurnFacts) -> Status:
    """Whose turn / who must decide, never naming the seat a window asks (that would
    tell everyone who holds a reaction)."""
    if f.phase is Phase.GAME_OVER:
        return Status("table.game_over", None)
    if f.phase is Phase.MULLIGAN:
        return Status("table.to_decide", f.to_act)
    return Status("table.turn_of", f.active)


def may_act(f: TurnFacts) -> bool:
    """The device holder may act now through the table (drag, keys): the engine asks
    them, nothing covers the table, and in a window they claimed it; out of a window,
    not while a claim bar is still to run."""
    seat = f.to_act
    if seat is None or f.covered or seat != f.holder:
        return False
    if f.history_blocked or not f.to_act_human:
        return False
    if f.window:
        return f.claimant == seat
    return not f.bars_pending


@dataclass(frozen=True)
class ButtonFacts:
    """What the main button's label reads, as plain values."""

    game_over: bool
    my_turn: bool  # `may_act`
    window: bool
    answer_left: float | None  # one human asked: seconds before they pass (None: no clock)
    claimant_asked: bool  # the engine asks the human who claimed the window
    phase: Phase
    attacking: bool  # an attack is being assembled
    free_draw: bool  # phase G's free card is listed (R-DRAW-1)
    # The engine's refusal of "Next phase" in words ("" when it is legal); asked only
    # when the answer matters, since it applies the action to a copy of the game.
    end_refusal: Callable[[], str]
    # Whether "Next phase" here starts another seat's turn (or ends the game): the
    # engine skips a phase with nothing in it, so phase F with nothing to draw in G
    # ends the turn (R-DRAW-1). Asked lazily of a copy, like `end_refusal`.
    ends_turn: Callable[[], bool]


@dataclass(frozen=True)
class ButtonFace:
    """The main button: its catalogue key, whether it may be pressed, the seconds its
    label counts down (`table.pass_in`) and why it is blocked ("" when it is not)."""

    key: str
    enabled: bool = True
    seconds: int | None = None
    blocked: str = ""


def blocked_reason(f: ButtonFacts) -> str:
    """Why "Next phase" cannot be pressed now, in the engine's words (R-MOVE-2/3:
    HIDDEN gangsters to place, a building over capacity), or "" when it can or the
    button means something else."""
    return f.end_refusal() if _means_next_phase(f) else ""


def _means_next_phase(f: ButtonFacts) -> bool:
    """The button means the engine's "Next phase" (EndPhase) now: only then is the
    engine asked about it, on a copy."""
    if not f.my_turn or f.window or f.attacking:
        return False
    return f.phase not in (Phase.MULLIGAN, Phase.DRAW, Phase.GAME_OVER)


def button_face(f: ButtonFacts) -> ButtonFace:
    """What Space/Enter and the main button do now, in the order `main_intent` acts."""
    if f.game_over:  # the same as the Game over panel's button
        return ButtonFace("table.end_results")
    if not f.my_turn:
        return ButtonFace("table.waiting", enabled=False)
    if f.window:
        if f.answer_left is not None and f.claimant_asked:
            return ButtonFace("table.pass_in", seconds=max(1, math.ceil(f.answer_left)))
        return ButtonFace("table.pass")
    if f.phase is Phase.MULLIGAN:
        return ButtonFace("table.keep_hand")
    if f.attacking:
        return ButtonFace("table.launch")
    if f.phase is Phase.DRAW:
        return ButtonFace("table.draw_free_end" if f.free_draw else "table.end_turn")
    why = blocked_reason(f)
    if why:
        return ButtonFace("table.next", enabled=False, blocked=why)
    # pt4/pt5: in phase F with nothing to draw, "Next phase" ended the turn unsaid
    if _means_next_phase(f) and f.ends_turn():
        return ButtonFace("table.end_turn")
    return ButtonFace("table.next")


@dataclass(frozen=True)
class UndoFacts:
    """What Undo reads: the points kept on the player's own moves, and whether the
    player may act now."""

    points: int
    my_turn: bool


def may_undo(f: UndoFacts) -> bool:
    """Undo takes back the player's own moves, only on their move, and only back to the
    last point that kept one (dice, draws and the AIs' moves are barriers)."""
    return f.points > 0 and f.my_turn


@dataclass(frozen=True)
class AskFacts:
    """What decides whether the table waits for the lone human the engine asks in a
    reaction window. The lesson and the Settings' policy are asked lazily, in this
    order, since the lesson's answer follows its script (it is asked only when it
    decides)."""

    held: bool  # they pressed R or hold a reaction card
    lesson: Callable[[], bool] | None  # the guided game's own "ask now?" (None: none)
    passing_turn: bool  # ⇧Space: they pass whenever asked until this turn ends
    policy: Callable[[], Ask | None]  # Settings → Reactions (`prompting.lone_ask`)


def question(f: AskFacts) -> Ask | None:
    """Why the table waits for them (an `Ask`), or None: the table passes for them."""
    if f.held:
        return Ask("held")
    if f.lesson is not None:
        return Ask("lesson") if f.lesson() else None
    if f.passing_turn:
        return None
    return f.policy()
