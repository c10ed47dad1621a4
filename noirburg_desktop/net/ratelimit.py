"""A token bucket per connection: a burst is fine, a flood is refused, and a
connection that keeps flooding is closed."""

from __future__ import annotations

from collections.abc import Callable


class TokenBucket:
    """`rate` messages a second on average, bursts of up to `burst`."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens = float(burst)
        self._last = clock()
        self.over = 0  # messages refused so far

    def take(self) -> bool:
        """True: this message may go through; False: refuse it (counted in `over`)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        self.over += 1
        return False
