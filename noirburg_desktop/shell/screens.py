"""Every screen by name, so that no scene imports another, and `open_session`.

A scene that leads somewhere asks its App for the screen by name
(`self.app.make(Screen.RULES)`); the constructors are listed once, in
`all_screens.SCENES`, which only the App imports. That keeps the scene
modules a tree (menus and the table used to import each other inside
functions to dodge the cycle). The names and what each screen enters with are in
`shell.entries` (re-exported here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from noirburg_desktop.persist.notices import Prompt
from noirburg_desktop.session import new_game_id
from noirburg_desktop.shell.entries import LobbyEntry, RulesEntry, Screen, SessionEntry, TitleEntry
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.words.strings import t

if TYPE_CHECKING:
    from noirburg_desktop.scene import Stage
    from noirburg_desktop.session import GameSession

__all__ = [
    "LobbyEntry",
    "RulesEntry",
    "Screen",
    "SessionEntry",
    "TableEntry",
    "TitleEntry",
    "open_session",
]


def open_session(app: Stage, session: GameSession, *, replace: bool = False) -> None:
    """Show a session: its table, or its results if it is over. Attaches the
    autosave (the game's own) and makes it the one Continue resumes.

    While another window holds the data folder, a game that has an autosave may be
    in play there: only one window ever writes a game, so this one is told and
    offered a copy (a game of its own, saved once the other window closes)."""
    if app.saver.locked_out and not session.finished and app.saver.has_autosave(session):

        def play_copy() -> None:
            app.prompt = None
            session.game_id = new_game_id()
            _show(app, session, replace)

        def back() -> None:
            app.prompt = None

        app.ask(
            Prompt(t("copy.title"), t("copy.text"), t("copy.play"), t("copy.back"), play_copy, back)
        )
        return
    _show(app, session, replace)


def _show(app: Stage, session: GameSession, replace: bool) -> None:
    app.saver.open(session)
    session.autosave = app.saver
    if session.finished:
        results = app.make(Screen.RESULTS)
        if replace:
            app.replace(results, SessionEntry(session))
        else:
            app.push(results, SessionEntry(session))
        return
    table = app.make(Screen.TABLE)
    if replace:
        app.replace(table, TableEntry(session))
    else:
        app.push(table, TableEntry(session))
