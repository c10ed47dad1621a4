"""The main button's press guard: a press that came too soon after the button changed
under the player's hand does nothing (it only says which phase was skipped).

Armed when the player's own turn comes back to them after someone else moved (a late
Pass must not end a phase), when their own "Next phase" lands in phase G (a double
press must not end the turn), and when the engine skipped a phase for them
(`skip_notes`); any move of their own clears it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Phase
from noirburg_desktop.table import pacing


@dataclass
class PressGuard:
    """The guard's clock: seconds since it was armed (negative: not armed)."""

    t: float = -1.0
    seconds: float = pacing.SKIP_GUARD_S  # how long it lasts once armed

    @property
    def active(self) -> bool:
        return 0.0 <= self.t < self.seconds

    def arm(self, seconds: float) -> None:
        self.t, self.seconds = 0.0, seconds

    def clear(self) -> None:
        self.t = -1.0

    def tick(self, dt: float) -> None:
        if self.t >= 0.0:
            self.t += dt

    def after_move(self, *, others_moved: bool, ended_phase: bool, phase: Phase) -> None:
        """The holder may act again in their own turn, out of a window and past the
        opening swap (the caller checks): arm the guard when someone else's move gave
        the turn back, or when the holder's own "Next phase" landed in phase G."""
        if others_moved:
            self.arm(pacing.SKIP_GUARD_S)
        elif ended_phase and phase is Phase.DRAW:
            self.arm(pacing.DOUBLE_PRESS_S)
