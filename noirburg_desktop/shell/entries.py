"""Every screen by name, and what the screens that take something enter with (one
frozen dataclass each; the table's is `table.entry.TableEntry`): `scene.Stage.make`
pairs each name with its payload, so mypy checks every push (issue 24).

A leaf module (`scene.py` names these; `shell.screens` re-exports them beside
`open_session`), so naming a screen imports no scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from noirburg_desktop.netplay.wire import NetSeatLink
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


@dataclass(frozen=True)
class TitleEntry:
    """The title screen, from the table's "New game": open the New game screen."""

    new_game: bool = False


@dataclass(frozen=True)
class RulesEntry:
    """The rules, opened at one rule (e.g. "R-GANG-3", from the table's F1)."""

    rule: str | None = None


@dataclass(frozen=True)
class SessionEntry:
    """Results or Replay: the game they show."""

    session: GameSession


@dataclass(frozen=True)
class LobbyEntry:
    """The lobby of a game on the network: the seat's link to the host, the address
    it was reached at, the port (the host's own lobby), and whether the game moved."""

    link: NetSeatLink
    address: str = ""
    port: int | None = None
    moved: bool = False
