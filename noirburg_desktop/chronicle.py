"""The one walk through a game's history (issue 24): from its deal (or saved start)
through its recorded actions, each checked as `engine.replay` checks it.

Every reader of a history goes through here: a loaded save is proved by `read`,
once, which also keeps what the table shows of it (the last TAIL moves with their
events and the positions undo may go back to), so the table's log, undo steps and
round counter come from that same replay (`tell`, `undo_point`); Replay walks it
move by move (`walk`). A long history's head is only applied and its rounds
counted: no events are worded, no position copied, for moves nobody will see.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

import engine
from engine import Event, GameState, Phase
from engine.actions import Action, AddAttacker, CancelAttack, StartAttack, action_from_json
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.words.event_styles import STYLES
from noirburg_desktop.words.wording import actor_line, event_line, logged, reason_line, with_why

TAIL = 1000  # a loaded game's table log is rebuilt from at most this many last actions

Namer = Callable[[int | None], str]


@dataclass
class Moment:
    """One move of the history: its index, the seat that made it, the action, the
    events it gave, the position after it (the walk's own, changed by the next move:
    clone it to keep it; a `Chronicle` with `positions` keeps a copy), and, when it
    may be taken back, the position before it."""

    index: int
    seat: int | None
    action: Action
    events: list[Event]
    state: GameState
    undoable: bool = False  # the mover's own turn goes on and nothing barred undo
    before: GameState | None = None  # kept only for the seats given to `walk`


def own_turn(state: GameState) -> bool:
    """The seat to act moves in its own turn (no window, no mulligan): only such a
    move may be undone."""
    return state.to_act is not None and state.window is None and state.phase is not Phase.MULLIGAN


def keeps_undo(seat: int | None, after: GameState, events: list[Event]) -> bool:
    """After a move in `seat`'s own turn: may it be taken back? Its turn goes on with
    nobody else to answer, and no event (a draw, a die roll, a hand-over) bars it."""
    return (
        not any(STYLES[e.kind].barrier for e in events)
        and after.to_act == seat
        and after.window is None
        and after.active == seat
    )


def walk(
    state: GameState,
    actions: Sequence[Any],
    first: int = 0,
    keep: frozenset[int] = frozenset(),
) -> Iterator[Moment]:
    """Apply the JSON `actions[first:]` to `state` in place, one by one, each checked
    as `engine.replay` checks it, and yield each move; `keep`: the seats whose own-turn
    moves keep a copy of the position before them (the table's undo).

    Raises engine.ReplayRefused (its index counted in the whole history) at the first
    move that is unreadable or refused."""
    got: list[list[Event]] = []

    def grab(_i: int, _state: GameState, events: list[Event]) -> None:
        got.append(events)

    for i in range(first, len(actions)):
        data = actions[i]
        seat = state.to_act
        own = own_turn(state)
        before = state.clone() if own and seat in keep else None
        try:
            engine.replay(state, (data,), grab)
        except engine.ReplayRefused as refused:
            why = str(refused).partition(": ")[2]
            raise engine.ReplayRefused(i, why, refused.refusal) from refused
        events = got.pop()
        undoable = own and keeps_undo(seat, state, events)
        yield Moment(i, seat, action_from_json(data), events, state, undoable, before)


@dataclass
class Chronicle:
    """What the one replay of a history keeps: where its told part starts (`first`,
    the position and rounds there), the moves from there, and the end (its position
    and rounds, the chronicle's own: `extend` goes on from them)."""

    first: int
    start: GameState
    start_rounds: RoundCounter
    end: GameState
    end_rounds: RoundCounter
    moments: list[Moment] = field(default_factory=list)
    keep: frozenset[int] = frozenset()
    # every move kept with its own copy of the position after it (`read(whole=True)`):
    # Replay steps through these instead of walking the history a second time
    positions: bool = False

    @property
    def whole(self) -> bool:
        """Every move from the start is kept, each with its own position (Replay's)."""
        return self.positions and self.first == 0

    @property
    def length(self) -> int:
        """How many actions of the history it has walked."""
        return self.first + len(self.moments)

    def extend(self, actions: Sequence[Any]) -> None:
        """Walk the moves made since (`actions` is the whole history, longer now)."""
        self._take(walk(self.end, actions, self.length, self.keep))

    def _take(self, moves: Iterator[Moment]) -> None:
        for m in moves:
            if self.positions:
                m.state = m.state.clone()  # its own, no longer the walk's
            self.end_rounds.see(m.events)
            if not m.undoable:  # undo never reaches back past this move
                for earlier in reversed(self.moments):
                    if earlier.before is None:
                        break
                    earlier.before = None
            self.moments.append(m)


def read(
    state: GameState,
    actions: Sequence[Any],
    keep: frozenset[int] = frozenset(),
    *,
    whole: bool = False,
) -> Chronicle:
    """Replay the history `actions` from `state` (in place), once: the head of a long
    one (all but its last TAIL moves) only applied and its rounds counted, the rest
    walked move by move and kept for the table. `whole` (a save opened for Replay):
    every move kept, each with a copy of its position, so Replay walks nothing again.
    Raises engine.ReplayRefused."""
    rounds = RoundCounter(state.first_player, state.n)
    first = 0 if whole else max(0, len(actions) - TAIL)
    if first:
        engine.replay(state, islice(actions, first), lambda _i, _s, ev: rounds.see(ev))
    told = Chronicle(
        first, state.clone(), copy.copy(rounds), state, rounds, keep=keep, positions=whole
    )
    told._take(walk(state, actions, first, keep))
    return told


def tell(
    m: Moment, viewer: int | None, name: Namer, rounds: RoundCounter, why: str = ""
) -> list[str]:
    """The log lines of one move as `viewer` may see them (None: nobody's private
    cards), the live table's wording: the attack drafting lines no event carries,
    then the logged events; a bot's reason `why` folds into its first line.
    `rounds` goes on with the turns it words."""
    lines: list[str] = []
    if m.seat is not None and isinstance(m.action, (StartAttack, AddAttacker, CancelAttack)):
        lines.append(actor_line(name(m.seat), m.action))
    for ev in m.events:
        if logged(ev):
            lines.append(event_line(ev.for_seat(viewer), name, rounds))
    out: list[str] = []
    for line in lines:
        if why and not line.startswith("\u2014"):
            line, why = with_why(line, why), ""
        out.append(line)
    if why and m.seat is not None:
        out.append(reason_line(name(m.seat), why))
    return out
