"""A window that hosts: the host on its own thread, the LAN beacon, and the window's
own seat joined over loopback like any other player.

The hosting window never reads the host's state: it plays seat 0 through a
`NetSeatLink` exactly as a joined window does, so its screen shows only its own
seat's view. Everything started here stops when that link closes (the table or
the lobby is left)."""

from __future__ import annotations

import contextlib
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import SEAT_RANGE
from noirburg_desktop.net.beacon import Beacon
from noirburg_desktop.net.client import NetClient
from noirburg_desktop.net.host import PORT_GRACE, HostThread
from noirburg_desktop.net.hosted import HOSTED_FILE, HostedGame
from noirburg_desktop.netplay.wire import NetSeatLink
from noirburg_desktop.persist import safefs
from noirburg_desktop.persist.storage import MAX_SAVE_BYTES, write_json_atomic
from noirburg_desktop.session import GameSession

DEFAULT_PORT = 47800  # what the host tries first: an address people can remember
SEAT_FILE = "seat.json"  # the hosting window's own seat token, beside hosted.json
MAX_SEAT_BYTES = 4096


@dataclass(frozen=True)
class HostPlan:
    """What the Host a game screen chose."""

    name: str
    players: int
    remote: int  # seats played by people (the host's own first), the rest by AIs
    ai_level: str
    house_rules: dict[str, Any]


def lan_addresses() -> list[str]:
    """This computer's addresses others on the network can reach (best guesses; the
    loopback address when there is no network at all)."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # no packet is sent: it only picks the route
        found.append(str(s.getsockname()[0]))
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if addr not in found and not addr.startswith("127."):
                found.append(addr)
    return [a for a in found if not a.startswith("0.")] or ["127.0.0.1"]


@dataclass(frozen=True)
class Unfinished:
    """A hosted game this window's data folder holds, not over: what Host offers to
    resume. `turn` is 0 before the deal."""

    data: dict[str, Any]
    players: int
    names: tuple[str, ...]
    turn: int
    started: bool
    port: int
    token: str | None  # the hosting window's own seat, when its token was kept


def find_unfinished(data_dir: Path) -> tuple[Unfinished | None, str]:
    """The unfinished hosted game in `data_dir`, and a note ("" when all is well). A
    damaged autosave is set aside (never deleted) and the note says so; a finished
    game is not offered."""
    path = data_dir / HOSTED_FILE
    try:
        data = safefs.read_json(path, MAX_SAVE_BYTES)
        found = _unfinished(data, _seat_file(data_dir))
    except FileNotFoundError:
        return None, ""
    except (OSError, ValueError, TypeError, KeyError) as exc:
        safefs.set_aside(path)
        return None, safefs.shown(exc, 120)
    return found, ""


def _seat_file(data_dir: Path) -> dict[str, Any]:
    try:
        raw = safefs.read_json(data_dir / SEAT_FILE, MAX_SEAT_BYTES)
    except (OSError, ValueError):
        return {}  # no token kept: the host's own seat is reclaimed by name below
    return raw if isinstance(raw, dict) else {}


def _unfinished(data: Any, seat: dict[str, Any]) -> Unfinished | None:
    if not isinstance(data, dict):
        raise ValueError("not a hosted game")
    players, seats = data.get("players"), data.get("seats")
    if type(players) is not int or players not in SEAT_RANGE or not isinstance(seats, list):
        raise ValueError("not a hosted game")
    HostedGame(players, 0).resume(data)  # every check the host makes, before offering it
    turn, started = 0, data.get("session") is not None
    if started:
        session = GameSession.from_json(data["session"])
        if session.finished:
            return None
        turn = session.state.turn
    names = tuple(safefs.shown(s.get("name", ""), 40) if isinstance(s, dict) else "" for s in seats)
    token = seat.get("token")
    own = seat.get("game_id") == data.get("game_id") and isinstance(token, str)
    port = seat.get("port")
    return Unfinished(
        data=data,
        players=players,
        names=names,
        turn=turn,
        started=started,
        port=port if type(port) is int and 0 < port < 65536 else DEFAULT_PORT,
        token=token if own and isinstance(token, str) and token.isalnum() else None,
    )


class HostedTable:
    """The host, its beacon and the window's own seat."""

    def __init__(
        self,
        plan: HostPlan,
        data_dir: Path,
        *,
        seed: int,
        port: int | None = None,
        resume: Unfinished | None = None,
    ):
        game = HostedGame(
            resume.players if resume is not None else plan.players,
            seed,
            remote=plan.remote,
            data_dir=data_dir,
            house_rules=plan.house_rules,
        )
        token = None
        if resume is not None:
            game.resume(resume.data)  # checked when it was offered; ValueError if not
            token = resume.token
            port = resume.port if port is None else port
        game.hold = True  # dealt when the host presses Start (the lobby)
        if port is None:  # read now, not at import: tests point it at the OS's ports
            port = DEFAULT_PORT
        self.data_dir = data_dir
        self.game = game
        grace = PORT_GRACE if resume is not None else 0.0  # its old port, kept for rejoins
        self.thread = self._listen(game, port, plan.ai_level, grace)
        self.port = self.thread.port
        self.moved = resume is not None and self.port != resume.port  # said plainly
        self.beacon = Beacon(plan.name, self.port, lambda: game.lobby().waiting_for).start()
        client = NetClient("127.0.0.1", self.port, plan.name, token).start()
        self.link = NetSeatLink(client, start=self.start_game)
        self.link.on_welcome.append(self.keep_token)
        self.link.on_close.append(self.stop)

    def keep_token(self, game_id: str, token: str) -> None:
        """The window's own seat token, kept with the game (a resume rejoins with it)."""
        data = {"game_id": game_id, "token": token, "port": self.port}
        with contextlib.suppress(OSError):
            write_json_atomic(self.data_dir / SEAT_FILE, data, MAX_SEAT_BYTES)

    @staticmethod
    def _listen(game: HostedGame, port: int, ai_level: str, grace: float) -> HostThread:
        """On `port` if it is free (within `grace` seconds), else on one the OS gives."""
        try:
            return HostThread(game, port=port, ai_level=ai_level, port_grace=grace).start()
        except OSError:
            if port == 0:
                raise
        return HostThread(game, port=0, ai_level=ai_level).start()

    def start_game(self) -> None:
        self.thread.call(self.game.release)

    def stop(self) -> None:
        self.beacon.stop()
        self.thread.stop()
