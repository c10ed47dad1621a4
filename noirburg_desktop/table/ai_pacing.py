"""When an AI seat's decision is taken and shown: the table's AI clock.

The bot thinks on `AIDriver`'s thread; this decides when its answer is used.
An AI turn's budget runs from its first move, not while the story of the turn
before catches up; a visible move waits the speed setting's delay (ending a
phase or passing shows nothing and waits for nothing); in a reaction window
the bot starts thinking while the bar still runs, so its think time hides
inside the bar. The numbers live in `pacing`.
"""

from __future__ import annotations

import engine
from noirburg_desktop.table import pacing
from noirburg_desktop.table.ai_driver import AIDriver, Decision
from noirburg_desktop.table.animation import Presenter


class AIPacer:
    def __init__(self, driver: AIDriver, presenter: Presenter, speed: str) -> None:
        self.ai = driver
        self.presenter = presenter
        self.speed = speed
        self.wait_t = 0.0  # how long the decision at hand has waited to be shown
        self.held: Decision | None = None  # an answer waiting for its delay
        self.turn_of = -1  # whose turn `turn_t` times (AI pacing has a per-turn budget)
        self.turn_t = 0.0
        self.turn_started = False
        self.think_t = 0.0  # how long the AI in flight has been thinking

    def tick(self, dt: float, active: int, human_was: bool, human_now: bool) -> None:
        """Time the turn of `active`; a human's own story is hurried once their turn
        is over (`human_was`: the seat timed so far was human)."""
        if active != self.turn_of:
            if human_was and not human_now:
                self.presenter.hurry(pacing.AFTER_TURN_SCALE)
            self.turn_of, self.turn_t, self.turn_started = active, 0.0, False
        if self.presenter.idle:
            self.turn_started = True
        if self.turn_started:
            self.turn_t += dt
        self.think_t = self.think_t + dt if self.ai.busy else 0.0

    def cancel(self) -> None:
        """The position changed under the bot (undo): forget what it thought."""
        self.ai.cancel()
        self.held = None

    def decide(
        self,
        seat: int,
        state: engine.GameState,
        level: str,
        dt: float,
        wait: bool,
        pause: bool = True,
        early: bool = False,
    ) -> Decision | None:
        """The decision of `seat` to apply now, or None. `wait`: let the story
        finish first; `pause`: then the speed setting's delay before a visible move;
        `early`: start thinking meanwhile. The bot thinks during the delay."""
        if wait and not self.presenter.idle:
            self.wait_t = 0.0
            if early and not self.ai.busy and self.held is None:
                self._request(seat, state, level)
            return None
        self.wait_t += dt
        d = self.held
        if d is None:
            # At Instant the frame waits a moment for a bot in flight too: a busy main
            # loop (no frame-rate sleep) would otherwise starve the bot's thread.
            d = self.ai.poll(0.01 if self.speed == "instant" else 0.0)
            if d is None and not self.ai.busy:
                self._request(seat, state, level)
                # At Instant a quick bot's answer is taken in this same frame.
                d = self.ai.poll(0.01 if self.speed == "instant" else 0.0)
            if d is None:
                return None
            self.held = d
        if d.seat != state.to_act:
            self.held = None
            return None
        delay = pacing.ai_delay(self.speed, self.turn_t) if wait and pause else 0.0
        if not pacing.is_quiet(d.action) and self.wait_t < delay:
            return None
        self.held = None
        self.wait_t = 0.0
        return d

    def _request(self, seat: int, state: engine.GameState, level: str) -> None:
        """Ask `seat`'s bot to decide from its own view (in the background)."""
        self.ai.request(seat, level, engine.view(state, seat), engine.legal_actions(state))

    def thinking_seat(self, after: float, in_window: bool) -> int | None:
        """The AI seat to tag "thinking…" once it has thought `after` seconds; never in a
        reaction window, where being asked at all shows that the seat holds a reaction."""
        if not self.ai.busy or self.think_t <= after or in_window:
            return None
        return self.ai.seat
