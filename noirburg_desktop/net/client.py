"""The client library: one seat's connection in a thread beside the pygame loop.

The socket runs on its own asyncio loop in a daemon thread; the UI (or the bot
seat, `botseat.py`) never waits on the network. Each frame the UI calls `poll()`
and gets what arrived since, as `Delivery` items, already parsed into engine
values; it sends an intent with `act(action)`, which stamps the state id and the
seat token. A lost connection is retried with the token (the host answers with a
full resync, the pending question included) until `reconnect_for` seconds pass.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.exceptions import WebSocketException

from engine import Event, GameState, Msg, SaveFormatError
from engine.actions import Action, action_to_json
from noirburg_desktop import version
from noirburg_desktop.net import protocol as p
from noirburg_desktop.net.seatview import action_from_wire, event_from_json, view_from_json

KEEPALIVE = 10.0  # seconds between pings; a peer silent for 2x this is gone


@dataclass(frozen=True)
class Status:
    """The connection changed: "connecting", "connected", "lost" (retrying),
    "refused" (the host said Goodbye: `reason`), "closed" (gave up or `close()`)."""

    state: str
    reason: p.Reason | None = None


@dataclass(frozen=True)
class Picture:
    """The seat's whole picture after an Update: its view as the engine's GameState,
    the new log events (all of them when `resync`), and what it is asked."""

    state_id: int
    view: GameState
    events: list[Event]
    question: p.Question | None
    legal: list[Action]
    resync: bool
    reasons: dict[int, p.Reason] = field(default_factory=dict)


# What poll() delivers: Status, p.Welcome, p.Lobby, Picture, p.Refused, p.GameOver
Delivery = Status | p.Welcome | p.Lobby | Picture | p.Refused | p.GameOver


def parse_address(text: str, default_port: int = 0) -> tuple[str, int]:
    """ "host:port", "[v6]:port" or "host" -> (host, port); ValueError when it is not one."""
    text = text.strip()
    host, port = text, default_port
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError("an address with '[' but no ']'")
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":") or not rest[1:].isdigit():
                raise ValueError("a port that is not a number")
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, tail = text.partition(":")
        if not tail.isdigit():
            raise ValueError("a port that is not a number")
        port = int(tail)
    if not host or not 0 <= port <= 65535:
        raise ValueError("an address without a host, or a port out of range")
    return host, port


class NetClient:
    """One remote seat. Thread-safe: `poll`, `wait`, `act`, `leave`, `close` may be
    called from the UI thread at any time."""

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        token: str | None = None,
        *,
        reconnect_for: float = 120.0,
        app_version: str | None = None,
        protocol: int = p.PROTOCOL_VERSION,
        tap: Callable[[str | bytes], None] | None = None,
    ) -> None:
        self.host, self.port, self.name = host, port, name
        self.token = token
        self.seat: int | None = None
        self.game_id: str | None = None
        self.state_id = -1
        self.reconnect_for = reconnect_for
        self._app_version = app_version if app_version is not None else version()
        self._protocol = protocol
        self.tap = tap  # sees every frame received, before it is parsed (tests, debugging)
        self._inbox: queue.Queue[Delivery] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[str] | None = None
        self._stop = threading.Event()
        self._done = False  # game over or refused: no reconnecting
        self._thread = threading.Thread(target=self._run, name="noirburg-net", daemon=True)
        self._ready = threading.Event()

    # --- the UI's side ---------------------------------------------------------

    def start(self) -> NetClient:
        self._thread.start()
        self._ready.wait(5)
        return self

    def poll(self) -> list[Delivery]:
        """Everything that arrived since the last call (never blocks)."""
        out: list[Delivery] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float | None = None) -> Delivery | None:
        """The next delivery, waiting up to `timeout` seconds (None: nothing came)."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def act(self, action: Action, state_id: int | None = None) -> None:
        """Send an intent made on the last Update (or on `state_id`)."""
        sid = self.state_id if state_id is None else state_id
        self.send(p.Act(state_id=sid, token=self.token or "", action=action_to_json(action)))

    def leave(self) -> None:
        self.send(p.Leave())

    def send(self, message: p.ClientMessage) -> None:
        """Queue any client message (tests send hand-made ones through this)."""
        self.send_raw(p.encode(message))

    def send_raw(self, frame: str) -> None:
        loop, box = self._loop, self._outbox
        if loop is not None and box is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(box.put_nowait, frame)

    def close(self) -> None:
        self._stop.set()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(lambda: None)
        self._thread.join(5)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # --- the network thread ----------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        finally:
            self._ready.set()
            loop.close()
            self._inbox.put(Status("closed"))

    async def _main(self) -> None:
        self._outbox = asyncio.Queue()
        self._ready.set()
        give_up = time.monotonic() + self.reconnect_for
        delay = 0.1
        while not self._stop.is_set() and not self._done:
            self._inbox.put(Status("connecting"))
            try:
                await self._session()
                give_up = time.monotonic() + self.reconnect_for  # it worked once more
            except (OSError, TimeoutError, p.ProtocolError, WebSocketException):
                pass  # lost: retried below with the token
            if self._done or self._stop.is_set():
                break
            if time.monotonic() > give_up:
                break
            self._inbox.put(Status("lost"))
            await self._sleep(delay)
            delay = min(delay * 2, 2.0)

    async def _sleep(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not self._stop.is_set():
            await asyncio.sleep(0.05)

    async def _session(self) -> None:
        from websockets.asyncio.client import connect

        uri = (
            f"ws://{self.host}:{self.port}/"
            if ":" not in self.host
            else (f"ws://[{self.host}]:{self.port}/")
        )
        async with connect(
            uri,
            max_size=p.MAX_FRAME,
            ping_interval=KEEPALIVE,
            ping_timeout=2 * KEEPALIVE,
            open_timeout=5,
            close_timeout=2,
            compression=None,
        ) as ws:
            outbox = self._outbox
            assert outbox is not None
            while not outbox.empty():  # intents made on a connection that is gone
                outbox.get_nowait()
            hello = p.Hello(
                app=p.APP_NAME,
                protocol=self._protocol,
                app_version=self._app_version,
                name=self.name,
                token=self.token,
            )
            await ws.send(p.encode(hello))

            async def pump_out() -> None:
                while True:
                    frame = await outbox.get()
                    await ws.send(frame)

            async def watch_stop() -> None:
                while not self._stop.is_set():
                    await asyncio.sleep(0.05)

            sender = asyncio.create_task(pump_out())
            stopper = asyncio.create_task(watch_stop())
            try:
                while True:
                    recv = asyncio.create_task(ws.recv())
                    done, _ = await asyncio.wait(
                        {recv, stopper, sender}, return_when=asyncio.FIRST_COMPLETED
                    )
                    if recv not in done:
                        recv.cancel()
                        if sender in done:
                            sender.result()  # raises the connection's error
                        return
                    self._receive(recv.result())
                    if self._done:
                        return
            finally:
                sender.cancel()
                stopper.cancel()

    def _receive(self, frame: str | bytes) -> None:
        if self.tap is not None:
            self.tap(frame)
        message = p.decode_host(frame)
        if isinstance(message, p.Welcome):
            self.seat, self.token, self.game_id = message.seat, message.token, message.game_id
            self._inbox.put(Status("connected"))
            self._inbox.put(message)
        elif isinstance(message, p.Update):
            self._inbox.put(self._picture(message))
        elif isinstance(message, p.Goodbye):
            self._done = True
            self._inbox.put(Status("refused", message.reason))
        elif isinstance(message, p.GameOver):
            self._done = True
            self._inbox.put(message)
        else:
            self._inbox.put(message)

    def _picture(self, u: p.Update) -> Picture:
        if self.seat is None:
            raise p.ProtocolError("an update before the welcome")
        try:
            state = view_from_json(u.view, self.seat)
            events = [event_from_json(e) for e in u.events]
            legal = [action_from_wire(a) for a in u.question.legal] if u.question else []
            reasons = {int(k): r for k, r in u.reasons.items()}
        except (SaveFormatError, ValueError) as exc:
            raise p.ProtocolError(f"an update the engine cannot read: {exc}") from exc
        self.state_id = u.state_id
        return Picture(u.state_id, state, events, u.question, legal, u.resync, reasons)


def reason_text(reason: p.Reason) -> Msg:
    """The reason as the engine's Msg (worded by the app's `i18n` like any other)."""
    from noirburg_desktop.words.reasons import reason_from_json

    return reason_from_json(
        {
            "template": reason.template,
            "plural": reason.plural,
            "number": reason.number,
            "params": reason.params,
        }
    )
