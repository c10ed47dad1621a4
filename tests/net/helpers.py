"""Running a host and bot clients in one test process (loopback, ports from the OS)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.bots import make_bot
from noirburg_desktop.net import protocol as p
from noirburg_desktop.net.client import NetClient, Picture, Status
from noirburg_desktop.net.host import Host, HostThread
from noirburg_desktop.net.hosted import HostedGame


@contextmanager
def running_host(game: HostedGame, port: int = 0, **kw: Any) -> Iterator[Host]:
    """`Host(game)` on 127.0.0.1 (port from the OS) in its own thread: the HostThread
    the hosting window uses."""
    kw.setdefault("linger", 5.0)  # ends as soon as every seat has the ending
    running = HostThread(game, bind="127.0.0.1", port=port, **kw).start()
    try:
        yield running.host
    finally:
        running.stop()


class BotSeat:
    """A bot playing one remote seat through the client library (as noirburg-cli does)."""

    def __init__(self, port: int, name: str, level: str = "random", seed: int = 0) -> None:
        self.client = NetClient("127.0.0.1", port, name, reconnect_for=10).start()
        self.bot = make_bot(level)
        self.rng = random.Random(seed)
        self.over: p.GameOver | None = None
        self.refused: list[p.Refused] = []
        self.pictures: list[Picture] = []
        self.statuses: list[str] = []
        self.hold = threading.Event()  # set: receive, but decide nothing
        self.seated = threading.Event()  # welcomed to a seat
        self.thread = threading.Thread(target=self.run, daemon=True)

    def start(self) -> BotSeat:
        self.thread.start()
        return self

    def run(self) -> None:
        end = time.monotonic() + 120
        while time.monotonic() < end:
            item = self.client.wait(0.5)
            if isinstance(item, p.Welcome):
                self.seated.set()
            elif isinstance(item, Picture):
                self.pictures.append(item)
                if item.legal and not self.hold.is_set():
                    action, _ = self.bot.decide(item.view, item.legal, self.rng)
                    self.client.act(action, item.state_id)
            elif isinstance(item, p.Refused):
                self.refused.append(item)
            elif isinstance(item, p.GameOver):
                self.over = item
                return
            elif isinstance(item, Status):
                self.statuses.append(item.state)
                if item.state in ("refused", "closed"):
                    return

    def join(self, timeout: float = 120) -> None:
        self.thread.join(timeout)
        self.client.close()


def seat_in_order(port: int, n: int, level: str = "random") -> list[BotSeat]:
    """`n` bot seats joined one after the other: bot i sits at seat i, so a seeded
    game plays the same way every time."""
    bots = []
    for i in range(n):
        bot = BotSeat(port, f"Bot {i}", level, i).start()
        assert bot.seated.wait(10)
        bots.append(bot)
    return bots
