"""The table's memory of a loaded game: its log and its undo steps.

A save is seed + actions, so Continue and Load rebuild what the table showed from
the one replay that checked the game (`session.chronicle()`, see chronicle.py):
the same log lines, in the player's language, that the controller writes live
(events as the viewer may see them, plus the attack drafting lines no event
carries), and the undo snapshots undo's own rules allow, i.e. the human holder's
moves since the last draw, die roll or hand-over in their current turn. Nothing
is replayed here.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

import engine
from noirburg_desktop.chronicle import tell
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.session import GameSession
from noirburg_desktop.words.reasons import reason_from_json


@dataclass
class Rebuilt:
    log: list[str] = field(default_factory=list)
    # (state before the move, number of actions before it, log length before it)
    undo: list[tuple[engine.GameState, int, int]] = field(default_factory=list)
    rounds: RoundCounter = field(default_factory=lambda: RoundCounter(0, 1))  # goes on live


def rebuild(
    session: GameSession, viewer: int, holder: int | None, name: Callable[[int | None], str]
) -> Rebuilt:
    """The log, undo steps and rounds of `session`'s history as its chronicle tells
    it (a long history from near its end: the log keeps its last 300 lines anyway);
    undo steps only for `holder`'s moves (chronicle.keeps_undo, the live rule)."""
    told = session.chronicle()
    out = Rebuilt(rounds=copy.copy(told.start_rounds))
    out.log.append(f"— {name(told.start.active)} —")
    for m in told.moments:
        n_log = len(out.log)
        why = ""  # the bot's reason, folded into its move's first line as logged live
        if m.seat is not None and m.index in session.reasons:
            why = reason_from_json(session.reasons[m.index])
        out.log.extend(tell(m, viewer, name, out.rounds, why))
        if m.before is not None and m.seat == holder and m.undoable:
            out.undo.append((m.before.clone(), m.index, n_log))
        else:
            out.undo.clear()
    if len(out.log) > 400:
        out.log = out.log[-300:]
        out.undo.clear()  # their log positions are gone with the trimmed lines
    return out
