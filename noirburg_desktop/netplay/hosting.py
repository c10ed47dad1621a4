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

from noirburg_desktop.net.beacon import Beacon
from noirburg_desktop.net.client import NetClient
from noirburg_desktop.net.host import HostThread
from noirburg_desktop.net.hosted import HostedGame
from noirburg_desktop.netplay.wire import NetSeatLink

DEFAULT_PORT = 47800  # what the host tries first: an address people can remember


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


class HostedTable:
    """The host, its beacon and the window's own seat."""

    def __init__(self, plan: HostPlan, data_dir: Path, *, seed: int, port: int = DEFAULT_PORT):
        game = HostedGame(
            plan.players,
            seed,
            remote=plan.remote,
            data_dir=data_dir,
            house_rules=plan.house_rules,
        )
        game.hold = True  # dealt when the host presses Start (the lobby)
        self.game = game
        self.thread = self._listen(game, port, plan.ai_level)
        self.port = self.thread.port
        self.beacon = Beacon(plan.name, self.port, lambda: game.lobby().waiting_for).start()
        client = NetClient("127.0.0.1", self.port, plan.name).start()
        self.link = NetSeatLink(client, start=self.start_game)
        self.link.on_close.append(self.stop)

    @staticmethod
    def _listen(game: HostedGame, port: int, ai_level: str) -> HostThread:
        """On `port` if it is free, else on one the OS gives (shown to share)."""
        try:
            return HostThread(game, port=port, ai_level=ai_level).start()
        except OSError:
            if port == 0:
                raise
        return HostThread(game, port=0, ai_level=ai_level).start()

    def start_game(self) -> None:
        self.thread.call(self.game.release)

    def stop(self) -> None:
        self.beacon.stop()
        self.thread.stop()
