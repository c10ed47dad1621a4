"""AI seats think on a worker thread so the window never freezes.

`choose_action` is the one adapter to `engine.bots`: it calls the seat's bot
with the seat's view (never the full state) and a seeded `random.Random`, so
games stay reproducible. `AIDriver` runs one decision at a time in the
background and the scene polls it every frame.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass

from engine import GameState
from engine import compiled as engine_compiled
from engine.actions import Action, CancelAttack, EndPhase, Pass
from engine.bots import Bot, hint, make_bot

# How fast AI seats play per speed setting: see table.pacing.


@dataclass(frozen=True)
class Decision:
    seat: int
    action: Action
    reason: str
    token: int  # which request this answers (stale answers are dropped)


_BOTS: dict[str, Bot] = {}


def choose_action(
    level: str, view: GameState, legal: list[Action], rng: random.Random
) -> tuple[Action, str]:
    """One AI decision from the seat's view, and a one-line reason for the log."""
    if not legal:
        raise ValueError("no legal actions")
    bot = _BOTS.get(level)
    if bot is None:
        bot = _BOTS[level] = make_bot(level, clock=time.perf_counter)  # Hard's safety cap
    return bot.decide(view, legal, rng)


def hint_level() -> str:
    """The strongest level whose whole search fits the hint's 150 ms: Hard with the
    compiled engine (its decisions: p95 ~36 ms, max ~55 ms CPU on a loaded 2-core
    machine), Normal in pure Python (Hard's max there is over 150 ms)."""
    return "hard" if engine_compiled() else "normal"


def hint_for(view: GameState, legal: list[Action]) -> tuple[Action, str]:
    """The hint button: what the strongest quick level would do here, and why."""
    return hint(view, legal, hint_level(), clock=time.perf_counter)


def fallback_choice(legal: list[Action], rng: random.Random) -> Action:
    """Uniform over legal actions, but ending the phase/passing a bit less often
    than anything else so a random game actually builds a table."""
    rest = [a for a in legal if not isinstance(a, (EndPhase, Pass, CancelAttack))]
    if rest and rng.random() < 0.7:
        return rng.choice(rest)
    return rng.choice(legal)


class AIDriver:
    """Runs `choose_action` off the UI thread; at most one request in flight."""

    def __init__(self, seed: int, threaded: bool = True) -> None:
        self.rng = random.Random(seed)
        self.threaded = threaded
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Decision] | None = None
        self._token = 0
        self._sync: Decision | None = None
        self.seat: int | None = None  # whose request is in flight (for "thinking…")

    @property
    def busy(self) -> bool:
        return self._future is not None or self._sync is not None

    def request(self, seat: int, level: str, view: GameState, legal: list[Action]) -> None:
        """Start thinking for `seat` (its view and legal actions are snapshots)."""
        self._token += 1
        token = self._token
        self.seat = seat
        seed = self.rng.getrandbits(32)

        def work() -> Decision:
            action, reason = choose_action(level, view, legal, random.Random(seed))
            return Decision(seat, action, reason, token)

        if not self.threaded:
            self._sync = work()
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="noirburg-ai")
        self._future = self._pool.submit(work)

    def poll(self, timeout: float = 0.0) -> Decision | None:
        """The finished decision, once; None while thinking or idle. `timeout`: wait
        that long for a decision in flight (a few ms at Instant speed)."""
        if self._sync is not None:
            d, self._sync = self._sync, None
            return d
        if self._future is None:
            return None
        if timeout > 0 and not self._future.done():
            try:
                self._future.result(timeout)
            except FutureTimeout:
                return None
        if not self._future.done():
            return None
        fut, self._future = self._future, None
        d = fut.result()
        return d if d.token == self._token else None

    def cancel(self) -> None:
        """Forget the request in flight (the state changed under it, e.g. undo)."""
        self._token += 1
        self._future = None
        self._sync = None

    def shutdown(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
