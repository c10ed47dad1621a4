"""The LAN beacon: a hosted game announces itself by UDP broadcast; a listener
collects the announcements for the Join screen.

Plain UDP, not zeroconf (zeroconf libraries break inside PyInstaller bundles).
Every datagram is hostile input: at most MAX_DATAGRAM bytes, one msgspec struct or
it is dropped, text fields cut and cleaned, at most MAX_GAMES games kept, each
forgotten STALE seconds after its last announcement. The address shown is the
one the datagram came from, never one the datagram claims.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import msgspec

from noirburg_desktop import version
from noirburg_desktop.net import protocol as p
from noirburg_desktop.persist import safefs

BEACON_PORT = 47801
INTERVAL = 1.0  # seconds between announcements
STALE = 5.0  # a game silent this long leaves the list
MAX_DATAGRAM = 1024
MAX_GAMES = 64


class Announcement(msgspec.Struct, forbid_unknown_fields=True):
    app: str
    protocol: int
    app_version: str
    name: str
    port: int
    free: int  # seats still free


_decoder = msgspec.json.Decoder(Announcement)


@dataclass(frozen=True)
class Game:
    """A game found on the LAN (what the Join screen lists)."""

    name: str
    address: str
    port: int
    free: int
    app_version: str
    protocol: int
    seen: float

    @property
    def compatible(self) -> bool:
        return self.protocol == p.PROTOCOL_VERSION


def parse(datagram: bytes, sender: str, now: float) -> Game | None:
    """One announcement, or None for anything else."""
    if len(datagram) > MAX_DATAGRAM:
        return None
    try:
        a = _decoder.decode(datagram)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    if a.app != p.APP_NAME or not 0 < a.port <= 65535 or not 0 <= a.free <= 6:
        return None
    if not 0 <= a.protocol < 2**31:
        return None
    return Game(
        name=safefs.shown(a.name, p.MAX_NAME),
        address=sender,
        port=a.port,
        free=a.free,
        app_version=safefs.shown(a.app_version, 20),
        protocol=a.protocol,
        seen=now,
    )


class Beacon:
    """Announces one hosted game every INTERVAL seconds until `stop()`."""

    def __init__(
        self,
        name: str,
        port: int,
        free: Callable[[], int],
        *,
        target: tuple[str, int] = ("255.255.255.255", BEACON_PORT),
        interval: float = INTERVAL,
    ) -> None:
        self.name, self.port, self.free = name[: p.MAX_NAME], port, free
        self.target, self.interval = target, interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="noirburg-beacon", daemon=True)

    def datagram(self) -> bytes:
        a = Announcement(
            app=p.APP_NAME,
            protocol=p.PROTOCOL_VERSION,
            app_version=version(),
            name=self.name,
            port=self.port,
            free=max(0, min(6, self.free())),
        )
        return msgspec.json.encode(a)

    def start(self) -> Beacon:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(2)

    def _run(self) -> None:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            while not self._stop.is_set():
                with contextlib.suppress(OSError):  # no network right now: try again
                    sock.sendto(self.datagram(), self.target)
                self._stop.wait(self.interval)


class Listener:
    """Collects announcements on `port` (0: one from the OS, see `.port`)."""

    def __init__(
        self, port: int = BEACON_PORT, bind: str = "", clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.clock = clock
        self._games: dict[tuple[str, int], Game] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):  # several Join screens on one machine (POSIX)
            with contextlib.suppress(OSError):
                self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        self.sock.bind((bind, port))
        self.sock.settimeout(0.2)
        self.port: int = self.sock.getsockname()[1]
        self._thread = threading.Thread(target=self._run, name="noirburg-lan", daemon=True)

    def start(self) -> Listener:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(2)
        self.sock.close()

    def feed(self, datagram: bytes, sender: str) -> None:
        """Take one datagram (the thread calls this; tests too)."""
        game = parse(datagram, sender, self.clock())
        if game is None:
            return
        with self._lock:
            key = (game.address, game.port)
            if key not in self._games and len(self._games) >= MAX_GAMES:
                return
            self._games[key] = game

    def games(self) -> list[Game]:
        """The games heard from in the last STALE seconds, by name."""
        now = self.clock()
        with self._lock:
            for key in [k for k, g in self._games.items() if now - g.seen > STALE]:
                del self._games[key]
            return sorted(self._games.values(), key=lambda g: (g.name, g.address, g.port))

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                datagram, (sender, _port) = self.sock.recvfrom(MAX_DATAGRAM + 1)
            except TimeoutError:
                continue
            except OSError:
                if self._stop.is_set():
                    return
                time.sleep(0.2)
                continue
            self.feed(datagram, str(sender))
