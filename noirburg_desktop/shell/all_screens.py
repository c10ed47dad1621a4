"""The constructor of every screen (see `screens`): the one module that imports
them all, and only the App imports it. (The crash screen is the App's own: it
takes the report, and must not wait on a lookup when things go wrong.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from noirburg_desktop.scene import Scene
from noirburg_desktop.scenes.host import HostScene
from noirburg_desktop.scenes.join import JoinScene
from noirburg_desktop.scenes.load import LoadScene
from noirburg_desktop.scenes.lobby import LobbyScene
from noirburg_desktop.scenes.newgame import NewGameScene
from noirburg_desktop.scenes.replay import ReplayScene
from noirburg_desktop.scenes.results import ResultsScene
from noirburg_desktop.scenes.rules import RulesScene
from noirburg_desktop.scenes.settings import SettingsScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.shell.screens import Screen
from noirburg_desktop.table.scene import TableScene

SCENES: dict[Screen, Callable[[], Scene[Any]]] = {
    Screen.TITLE: TitleScene,
    Screen.NEW_GAME: NewGameScene,
    Screen.LOAD: LoadScene,
    Screen.RULES: RulesScene,
    Screen.SETTINGS: SettingsScene,
    Screen.TABLE: TableScene,
    Screen.RESULTS: ResultsScene,
    Screen.REPLAY: ReplayScene,
    Screen.NETWORK: JoinScene,
    Screen.HOST: HostScene,
    Screen.LOBBY: LobbyScene,
}
