"""The host's network side: a websockets server around one HostedGame.

One asyncio loop does everything: each connection's reader checks the handshake,
rate-limits and hands intents to the game; each connection's writer drains its own
queue (a stalled client never holds the others up, and one that falls too far
behind is dropped: it resyncs when it comes back); the driver passes away seats'
windows, hands long-away seats to an AI and runs the AIs (off the loop, in a
thread, so pings keep flowing while Hard thinks).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import random
import socket
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import WebSocketException

from engine import legal_actions, view
from engine.bots import make_bot
from noirburg_desktop.net import protocol as p
from noirburg_desktop.net import reasons as r
from noirburg_desktop.net.hosted import HostedGame
from noirburg_desktop.net.ratelimit import TokenBucket
from noirburg_desktop.persist import safefs

KEEPALIVE = 10.0
HELLO_TIMEOUT = 10.0
RATE, BURST = 100.0, 200  # messages a second per connection (a bot plays ~40), and bursts
FLOOD_CLOSE = 2000  # refused messages after which a connection is closed
MAX_BEHIND = 500  # queued messages after which a stalled connection is dropped
PORT_GRACE = 3.0  # seconds a host resuming on its old port waits for the old socket
# "address in use": errno on Linux and macOS, the Winsock code on Windows
_IN_USE = frozenset({errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)})


def log(line: str) -> None:
    """One line on stderr; everything a peer chose (names) already passed `shown`."""
    print(f"noirburg-server: {line}", file=sys.stderr, flush=True)


class _Peer:
    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing = False
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            while True:
                frame = await self.queue.get()
                if frame is None:
                    await self.ws.close()
                    return
                await self.ws.send(frame)

    def send(self, message: p.HostMessage) -> None:
        if self.queue.qsize() > MAX_BEHIND:
            self.writer.cancel()
            if self.ws.transport is not None:
                self.ws.transport.abort()  # it resyncs when it comes back
            return
        self.queue.put_nowait(p.encode(message))

    def close(self) -> None:
        self.closing = True
        self.queue.put_nowait(None)


class Host:
    """Serves `game` until it is over (then `run` returns)."""

    def __init__(
        self,
        game: HostedGame,
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        ai_level: str = "normal",
        linger: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
        on_listening: Callable[[int], None] | None = None,
        port_grace: float = 0.0,
    ) -> None:
        self.game = game
        self.port_grace = port_grace  # resuming on its old port: see `_listen`
        self.bind, self.port = bind, port
        self.bot = make_bot(ai_level, clock=time.perf_counter)
        self.rng = random.Random(game.seed ^ 0x5EED)  # the AIs' chance: one generator, seeded
        self.linger = linger
        self.clock = clock
        self.on_listening = on_listening
        self.peers: dict[int, _Peer] = {}
        self.told_over: set[int] = set()  # seats sent the GameOver
        self.server: Server | None = None
        self._wake = asyncio.Event()

    # --- running ---------------------------------------------------------------

    async def run(self) -> None:
        async with await self._listen() as server:
            self.server = server
            self.port = next(iter(server.sockets)).getsockname()[1]
            if self.on_listening is not None:
                self.on_listening(self.port)
            await self._drive()
            self.flush()
            # let the ending reach everyone, a seat reconnecting just now included
            end = time.monotonic() + self.linger
            while time.monotonic() < end and (self.peers or not self._all_told()):
                await asyncio.sleep(0.05)
            for peer in list(self.peers.values()):
                peer.close()
            await asyncio.sleep(0.1)

    async def _listen(self) -> Server:
        """Listen on the port. A host resuming its game on its old port (`port_grace`,
        e.g. PORT_GRACE) waits that long for the old socket to go: the stopped host's
        thread may still be closing it, or a client's retry may hold it for a moment."""
        deadline = time.monotonic() + (self.port_grace if self.port else 0.0)
        port = self.port
        if port == 0 and not self.bind:
            port = free_port()  # port 0 on every interface gives IPv4 and IPv6 each their own
        while True:
            try:
                return await serve(
                    self._handle,
                    self.bind or None,
                    port,
                    max_size=p.MAX_FRAME,
                    max_queue=16,
                    ping_interval=KEEPALIVE,
                    ping_timeout=2 * KEEPALIVE,
                    compression=None,
                    close_timeout=2,
                )
            except OSError as exc:
                if exc.errno not in _IN_USE or time.monotonic() >= deadline:
                    raise
                await asyncio.sleep(0.2)

    async def _drive(self) -> None:
        game = self.game
        while not game.over:
            moved = game.tick()
            seat = game.ai_turn()
            if seat is not None:
                await self._play_ai(seat)
                moved = True
            self.flush()
            if not moved:
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), 0.1)

    async def _play_ai(self, seat: int) -> None:
        game = self.game
        assert game.session is not None
        state = game.session.state
        sid = game.state_id
        seen, legal = view(state, seat), legal_actions(state)
        rng = random.Random(self.rng.getrandbits(64))
        action, _why = await asyncio.to_thread(self.bot.decide, seen, legal, rng)
        game.apply_ai(seat, sid, action)

    def _all_told(self) -> bool:
        remote = {i for i, s in enumerate(self.game.seats) if s.remote}
        return remote <= self.told_over

    def flush(self) -> None:
        for seat, message in self.game.outbox:
            peer = self.peers.get(seat)
            if peer is not None:
                peer.send(message)
                if isinstance(message, p.GameOver):
                    self.told_over.add(seat)
        self.game.outbox.clear()
        self._wake.set()

    # --- one connection ---------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        peer = _Peer(ws)
        seat = await self._greet(ws, peer)
        if seat is None:
            peer.close()
            with contextlib.suppress(asyncio.TimeoutError, WebSocketException, OSError):
                await asyncio.wait_for(peer.writer, 3)
            return
        clean = False  # the client closed with a close frame (or left, or was replaced)
        try:
            await self._serve_seat(ws, peer, seat)
            clean = True
        except (WebSocketException, OSError):
            pass
        finally:
            if not clean:
                # a connection that broke may have swallowed the ending in flight: the
                # seat is not counted as told, so the host lingers for it to come back
                self.told_over.discard(seat)
            if self.peers.get(seat) is peer:
                del self.peers[seat]
                self.game.disconnect(seat)
                log(f"seat {seat} left ({self.game.seats[seat].name})")
                self.flush()
            if peer.closing:  # its last words (a Goodbye) go out before the close
                with contextlib.suppress(TimeoutError, WebSocketException, OSError):
                    await asyncio.wait_for(asyncio.shield(peer.writer), 2)
            peer.writer.cancel()

    async def _greet(self, ws: ServerConnection, peer: _Peer) -> int | None:
        def bye(code: str, reason: str) -> None:
            peer.send(p.Goodbye(code=code, reason=r.wire(reason)))

        try:
            first = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            hello = p.decode_client(first)
        except (TimeoutError, WebSocketException, OSError):
            return None
        except p.ProtocolError as exc:
            bye("malformed", r.malformed(str(exc)))
            return None
        if not isinstance(hello, p.Hello):
            bye("malformed", r.not_joined())
            return None
        if hello.app != p.APP_NAME:
            bye("app", r.wrong_app())
            return None
        if hello.protocol != p.PROTOCOL_VERSION:
            bye("version", r.version_mismatch(hello.protocol, p.PROTOCOL_VERSION))
            return None
        if hello.app_version != self.game.app_version:  # the rules may differ between them
            theirs = safefs.shown(hello.app_version, 20)
            bye("app_version", r.app_version_mismatch(theirs, self.game.app_version))
            return None
        if hello.token is not None and len(hello.token) > p.MAX_TOKEN:
            bye("bad_token", r.bad_token())
            return None
        joined = self.game.join(hello.name[: 4 * p.MAX_NAME], hello.token)
        if isinstance(joined, p.Goodbye):
            peer.send(joined)
            log(f"refused a player: {joined.code}")
            return None
        seat, token = joined
        old = self.peers.get(seat)
        if old is not None:  # the same player again (a dropped connection not yet noticed)
            old.send(p.Goodbye(code="replaced", reason=r.wire(r.already_seated())))
            old.close()
        self.peers[seat] = peer
        peer.send(
            p.Welcome(
                protocol=p.PROTOCOL_VERSION,
                app_version=self.game.app_version,
                game_id=self.game.game_id,
                seat=seat,
                token=token,
                players=self.game.players,
            )
        )
        log(f"seat {seat} joined ({self.game.seats[seat].name})")
        self.game.connect(seat)
        self.flush()
        return seat

    async def _serve_seat(self, ws: ServerConnection, peer: _Peer, seat: int) -> None:
        bucket = TokenBucket(RATE, BURST, self.clock)
        last_flood_note = -1.0
        async for frame in ws:
            if self.peers.get(seat) is not peer:
                return  # replaced by a newer connection for this seat
            if not bucket.take():
                if bucket.over > FLOOD_CLOSE:
                    peer.send(p.Goodbye(code="flood", reason=r.wire(r.flood())))
                    peer.close()
                    return
                now = self.clock()
                if now - last_flood_note >= 1.0:  # one answer a second, never one per frame
                    last_flood_note = now
                    self._refuse(peer, "flood", r.flood())
                    # an honest intent may be among the dropped: once the flood is
                    # over, the seat is asked its question again
                    asyncio.get_running_loop().call_later(1.0, self._ask_again, seat, peer)
                continue  # dropped unread: a flood costs the host next to nothing
            try:
                message = p.decode_client(frame)
            except p.ProtocolError as exc:
                self._refuse(peer, "malformed", r.malformed(str(exc)))
                continue
            if isinstance(message, p.Act):
                self.game.submit(seat, message)
            elif isinstance(message, p.Leave):
                self.game.seats[seat].took_over = self.game.seats[seat].marked = True
                peer.close()
                return
            else:
                self._refuse(peer, "malformed", r.malformed("hello twice"))
            self.flush()

    def _ask_again(self, seat: int, peer: _Peer) -> None:
        if self.peers.get(seat) is peer and self.game.started and not self.game.over:
            peer.send(self.game.update_for(seat, []))

    def _refuse(self, peer: _Peer, code: str, reason: str) -> None:
        peer.send(p.Refused(code=code, rule="", reason=r.wire(reason), state_id=self.game.state_id))


def result_line(game: HostedGame) -> dict[str, Any]:
    """What the server prints at the end (one JSON line)."""
    assert game.session is not None
    state = game.session.state
    return {
        "winners": list(state.winners),
        "method": state.win_method,
        "game_id": game.game_id,
        "actions": len(game.session.actions),
        "ai_took_over": game.took_over,
        "names": [safefs.shown(s.name) for s in game.seats],
    }


def free_port() -> int:
    """A port the OS has free now, for every interface to share (seen under Xvfb with
    47800 taken: the hosting window's own seat dialled 127.0.0.1 at the IPv6 socket's
    port and the lobby never filled)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("", 0))
        return int(probe.getsockname()[1])


class HostThread:
    """A Host on its own loop in a daemon thread, beside the pygame loop: the window
    that hosts a game runs this and joins its own seat as a client over loopback.

        running = HostThread(HostedGame(4, seed, remote=2, data_dir=...), bind="").start()
        running.port         # to show / announce; running.game.lobby() for the list
        running.stop()       # the game stays autosaved: hosting it again resumes it
    """

    def __init__(self, game: HostedGame, *, bind: str = "", port: int = 0, **kw: Any) -> None:
        self.game = game
        self._ready = threading.Event()
        self.host = Host(game, bind=bind, port=port, on_listening=self._listening, **kw)
        self.port = 0
        self.error: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._run, name="noirburg-host", daemon=True)

    def start(self, timeout: float = 10.0) -> HostThread:
        """Start listening; OSError when the port cannot be had (in use, refused)."""
        self._thread.start()
        self._ready.wait(timeout)
        if self.error is not None:
            raise OSError(f"cannot host on port {self.host.port}: {self.error}")
        return self

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def call(self, fn: Callable[[], Any]) -> None:
        """Run `fn` on the host's loop (the game is only ever touched there)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(fn)

    def stop(self) -> None:
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(task.cancel)
        self._thread.join(10)

    def _listening(self, port: int) -> None:
        self.port = port
        self._ready.set()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            self._task = loop.create_task(self.host.run())
            loop.run_until_complete(self._task)
        except asyncio.CancelledError:
            pass
        except OSError as exc:
            self.error = exc
        finally:
            self._ready.set()
            loop.close()
