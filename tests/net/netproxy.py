"""An in-process TCP proxy for bad networks (the kernel's netem is not available):
latency with jitter per chunk, stalls (nothing moves for a while) and resets
(every connection cut at once). Chunks keep their order, as TCP does."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from typing import Any


class Proxy:
    def __init__(self, target_port: int, delay: float = 0.0, jitter: float = 0.0, seed: int = 0):
        self.target_port, self.delay, self.jitter = target_port, delay, jitter
        self.rng = random.Random(seed)
        self.port = 0
        self.stalled_until = 0.0
        self.resets = 0
        self._conns: set[asyncio.StreamWriter] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> Proxy:
        self._thread.start()
        assert self._ready.wait(5)
        return self

    def stall(self, seconds: float) -> None:
        """Nothing gets through for `seconds` (then everything held goes on)."""
        assert self._loop is not None
        self._loop.call_soon_threadsafe(self._stall, seconds)

    def reset(self) -> None:
        """Cut every connection now (an RST, as a router dropping them would)."""
        assert self._loop is not None
        self._loop.call_soon_threadsafe(self._reset)

    def stop(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._shutdown)
        self._thread.join(5)

    def _shutdown(self) -> None:
        self._reset()
        for task in asyncio.all_tasks(self._loop):
            task.cancel()
        assert self._loop is not None
        self._loop.call_soon(self._loop.stop)

    # --- the proxy's loop ---------------------------------------------------------

    def _stall(self, seconds: float) -> None:
        assert self._loop is not None
        self.stalled_until = self._loop.time() + seconds

    def _reset(self) -> None:
        self.resets += 1
        for writer in list(self._conns):
            transport: Any = writer.transport
            transport.abort()
        self._conns.clear()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop

        async def start() -> None:
            server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()

        loop.run_until_complete(start())
        loop.run_forever()
        pending = asyncio.all_tasks(loop)
        if pending:
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        loop.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self._conns.update((writer, up_w))
        await asyncio.gather(self._pipe(reader, up_w), self._pipe(up_r, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        due = 0.0  # chunks keep their order: each leaves no earlier than the one before
        with contextlib.suppress(OSError, asyncio.IncompleteReadError, ConnectionError):
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                due = max(due, loop.time() + self.delay + self.rng.uniform(0, self.jitter))
                while loop.time() < max(due, self.stalled_until):
                    await asyncio.sleep(max(due, self.stalled_until) - loop.time())
                if writer not in self._conns:
                    return
                writer.write(chunk)
                await writer.drain()
        with contextlib.suppress(OSError):
            writer.close()
        self._conns.discard(writer)
