"""Every screen by name, so that no scene imports another.

A scene that leads somewhere asks its App for the screen by name
(`self.app.make(Screen.RULES)`); the constructors are listed once, in
`all_screens.SCENES`, which only the App imports. That keeps the scene
modules a tree (menus and the table used to import each other inside
functions to dodge the cycle).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from noirburg_desktop.persist.notices import Prompt
from noirburg_desktop.session import new_game_id
from noirburg_desktop.words.strings import t

if TYPE_CHECKING:
    from noirburg_desktop.persist.saving import Saver
    from noirburg_desktop.session import GameSession


class Screen(Enum):
    TITLE = "title"
    NEW_GAME = "new_game"
    LOAD = "load"
    RULES = "rules"
    SETTINGS = "settings"
    TABLE = "table"
    RESULTS = "results"
    REPLAY = "replay"
    NETWORK = "network"  # join a game on the network (or host one)
    HOST = "host"
    LOBBY = "lobby"


class Shows(Protocol):
    """What showing a session asks of the app: a `scene.Stage`, named here by what it
    does (scene.py names `Screen`, so importing it back would be a cycle)."""

    saver: Saver
    prompt: Prompt | None

    def ask(self, prompt: Prompt) -> None: ...
    def make(self, screen: Screen) -> Any: ...
    def push(self, scene: Any, payload: dict[str, Any] | None = None) -> Any: ...
    def replace(self, scene: Any, payload: dict[str, Any] | None = None) -> Any: ...


def open_session(app: Shows, session: GameSession, *, replace: bool = False) -> None:
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


def _show(app: Shows, session: GameSession, replace: bool) -> None:
    app.saver.open(session)
    session.autosave = app.saver
    scene = app.make(Screen.RESULTS if session.finished else Screen.TABLE)
    if replace:
        app.replace(scene, {"session": session})
    else:
        app.push(scene, {"session": session})
