"""Continue from a snapshot: the table plays on while the history is checked.

Continue opens the saved position at once and replays the whole history in the
background (`session.ReplayCheck`). `HistoryWait` is the controller's part that waits
for the verdict: it starts the replay once the table is drawn, keeps the game from
moving if the history turns out broken, and when the check settles has the log and
undo steps rebuilt from it (or, if the history gave another position, says so).
"""

from __future__ import annotations

from typing import Protocol

from noirburg_desktop.session import GameSession
from noirburg_desktop.table.ai_pacing import AIPacer
from noirburg_desktop.table.animation import Presenter
from noirburg_desktop.table.texts import t
from noirburg_desktop.words.wording import refusal_text


class CheckedTable(Protocol):
    """What of the table's controller the wait reads and sets."""

    session: GameSession
    presenter: Presenter
    pacer: AIPacer
    log: list[str]
    toast: str
    toast_t: float
    version: int

    def name(self, seat: int | None) -> str: ...

    def set_toast(self, text: str) -> None: ...

    def _log_line(self, line: str) -> None: ...

    def _rebuild_history(self) -> None: ...


class HistoryWait:
    """The check's progress as the table sees it."""

    def __init__(self, checking: bool) -> None:
        self.frames = 0  # frames the table has waited for the history's check
        self.awaiting = checking  # the check's verdict is not taken in yet

    def step(self, table: CheckedTable) -> bool:
        """Continue from a snapshot: the game goes on while the history is replayed in
        the background; True (nothing moves, the note stays up) only once that replay
        found the history broken. When it settles the log and undo steps are rebuilt
        from the replay; if the history gave another position than the snapshot, the
        game goes on from the history's, the moves made meanwhile carried over where
        the engine accepts them, and the player is told (ReplayCheck in session.py)."""
        check = table.session.check
        if check is None or not self.awaiting:
            return False
        self.frames += 1
        if self.frames >= 2:  # the table is up and drawn: replay the history now
            check.start()
        verdict = check.poll()
        if verdict is None:
            return False
        if verdict == "broken":
            if table.toast != t("table.check_broken"):
                table.set_toast(t("table.check_broken"))
            table.toast_t = 0.0  # the note stays while the table waits
            return True
        self.awaiting = False
        if verdict == "differs":  # another position: what was on its way is dropped
            table.presenter.skip_all()
            table.pacer.cancel()
        table.log = []
        table._rebuild_history()
        if table.toast == t("table.checking"):
            table.set_toast("")
        if verdict == "differs":
            table.set_toast(t("table.check_differs"))
            for r in check.refused:
                why = refusal_text(r.why) if r.why is not None else t("table.check_not_theirs")
                table._log_line(t("table.check_refused", name=table.name(r.seat), why=why))
            if check.refused:
                table.set_toast(t("table.check_differs_refused", n=len(check.refused)))
            table.toast_t = -8.0  # said for longer than an ordinary note
            if table.session.autosave is not None:
                table.session.autosave(table.session)  # the history's position, saved
        table.version += 1
        return False
