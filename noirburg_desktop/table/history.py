"""The table's memory of a loaded game: its log and its undo steps.

A save is seed + actions, so Continue and Load rebuild what the table showed by
replaying the actions from the deal: the same log lines, in the player's
language, that the controller writes live (events as the viewer may see them,
plus the attack drafting lines no event carries), and the undo snapshots undo's
own rules allow, i.e. the human holder's moves since the last draw, die roll or
hand-over in their current turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import engine
from engine.actions import AddAttacker, CancelAttack, StartAttack, action_from_json
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.session import GameSession
from noirburg_desktop.words.reasons import reason_from_json
from noirburg_desktop.words.wording import actor_line, event_line, logged, reason_line, with_why


@dataclass
class Rebuilt:
    log: list[str] = field(default_factory=list)
    # (state before the move, number of actions before it, log length before it)
    undo: list[tuple[engine.GameState, int, int]] = field(default_factory=list)
    rounds: RoundCounter = field(default_factory=lambda: RoundCounter(0, 1))  # goes on live


def rebuild(
    session: GameSession,
    viewer: int,
    holder: int | None,
    name: Callable[[int | None], str],
    undoable: Callable[[engine.GameState, int | None, list[engine.Event]], bool],
    barrier_kinds: frozenset[str],
) -> Rebuilt:
    """Replay `session.actions` from the deal (a long history from near its end: the
    log keeps its last 300 lines anyway); `undoable(state_after, seat, events)` is
    the controller's own test of whether a move may be taken back."""
    out = Rebuilt()
    first, state, out.rounds = session.replay_start()  # a long history: its last part
    out.log.append(f"— {name(state.active)} —")
    for i, data in enumerate(session.actions[first:], start=first):
        action = action_from_json(data)
        seat = state.to_act
        own = (
            seat is not None
            and seat == holder
            and state.window is None
            and state.phase is not engine.Phase.MULLIGAN
        )
        before = state.clone() if own else None
        n_log = len(out.log)
        why = ""  # the bot's reason, folded into its move's first line as logged live
        if seat is not None and i in session.reasons:
            why = reason_from_json(session.reasons[i])
        events = engine.apply(state, action)
        lines: list[str] = []
        if seat is not None and isinstance(action, (StartAttack, AddAttacker, CancelAttack)):
            lines.append(actor_line(name(seat), action))
        for ev in events:
            if logged(ev):
                lines.append(event_line(ev.for_seat(viewer), name, out.rounds))
        for line in lines:
            if why and not line.startswith("\u2014"):
                line, why = with_why(line, why), ""
            out.log.append(line)
        if why and seat is not None:
            out.log.append(reason_line(name(seat), why))
        if (
            before is not None
            and not any(e.kind in barrier_kinds for e in events)
            and undoable(state, seat, events)
        ):
            out.undo.append((before, i, n_log))
        else:
            out.undo.clear()
    if len(out.log) > 400:
        out.log = out.log[-300:]
        out.undo.clear()  # their log positions are gone with the trimmed lines
    return out
