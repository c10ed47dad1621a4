"""Start or resume the guided game from the title screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from noirburg_desktop.shell.screens import Screen
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.tutorial import progress
from noirburg_desktop.tutorial.coach import TutorialCoach
from noirburg_desktop.tutorial.driver import ScriptedDriver
from noirburg_desktop.tutorial.texts import t

if TYPE_CHECKING:
    from noirburg_desktop.scene import Scene, Stage


def has_progress(app: Stage) -> bool:
    return progress.load(app.storage.root, app.storage.unusable) is not None


def start_lesson(app: Stage, *, fresh: bool = False, replace: bool = False) -> Scene[TableEntry]:
    """Push the table with the guided game: the saved one, else a new deal (`fresh`:
    always a new deal; `replace`: instead of the table showing now, "Restart lesson")."""
    root = app.storage.root
    session = None if fresh else progress.load(root, app.storage.unusable)
    if session is None or session.finished:
        session = progress.new_session((t("tut.you"), t("tut.vito"), t("tut.lucia")))
    session.autosave = None  # the lesson is not a game for Continue / Load
    coach = TutorialCoach(
        session,
        # another window holding the data folder: this one keeps nothing (like every save)
        save=lambda: None if app.storage.read_only else progress.save(root, session),
        done=lambda: progress.clear(root),
    )

    def restart() -> None:
        restart_lesson(app)

    coach.restart = restart
    payload = TableEntry(session, ai=ScriptedDriver(), coach=coach)
    if replace:
        return app.replace(app.make(Screen.TABLE), payload)
    return app.push(app.make(Screen.TABLE), payload)


def restart_lesson(app: Stage) -> Scene[TableEntry]:
    """ "Restart lesson": the saved progress is dropped and the lesson starts again
    from the arranged deal, in place of the lesson on screen."""
    if not app.storage.read_only:
        progress.clear(app.storage.root)
    return start_lesson(app, fresh=True, replace=True)
