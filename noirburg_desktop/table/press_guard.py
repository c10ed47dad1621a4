"""The main button's press guard: a press that came too soon after the button changed
under the player's hand does nothing (it only says which phase was skipped).

Armed when the player's own turn comes back to them after someone else moved (a late
Pass must not end a phase), when their own "Next phase" lands in phase G (a double
press must not end the turn), and when the engine skipped a phase for them
(`skip_notes`); any move of their own clears it.

Apart from that: once the button's meaning comes to end the turn (phase G: the draw
ends it), a press within `pacing.DOUBLE_PRESS_S` of that change, or of a press so held
off, is held off too (pt4 shot-150: three quick presses went D, skipped E and F, and
the third, after the skip guard's one held-off press, ended a hotseat turn).
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
    ends_turn: bool = False  # the main button's meaning now ends the turn
    since_end: float = 1e9  # seconds since it came to, or since a press was held off
    was_other: bool = False  # last frame the holder could press it for something else

    @property
    def active(self) -> bool:
        return 0.0 <= self.t < self.seconds or (
            self.ends_turn and self.since_end < pacing.DOUBLE_PRESS_S
        )

    def see_meaning(self, mine: bool, ends_turn: bool) -> None:
        """Called every frame: whether the holder may press now, and whether the main
        button then ends the turn. Only a change from another meaning they could press
        starts the wait (a turn handed back is the skip guard's, `after_move`)."""
        if ends_turn and self.was_other:
            self.since_end = 0.0
        self.ends_turn = ends_turn
        self.was_other = mine and not ends_turn

    def held_off(self) -> None:
        """A press was held off: the skip guard is spent, but a press that ends the
        turn waits `DOUBLE_PRESS_S` from this one (a burst never ends the turn)."""
        self.t = -1.0
        self.since_end = 0.0

    def arm(self, seconds: float) -> None:
        self.t, self.seconds = 0.0, seconds

    def clear(self) -> None:
        self.t = -1.0

    def tick(self, dt: float) -> None:
        if self.t >= 0.0:
            self.t += dt
        self.since_end += dt

    def after_move(self, *, others_moved: bool, ended_phase: bool, phase: Phase) -> None:
        """The holder may act again in their own turn, out of a window and past the
        opening swap (the caller checks): arm the guard when someone else's move gave
        the turn back, or when the holder's own "Next phase" landed in phase G."""
        if others_moved:
            self.arm(pacing.SKIP_GUARD_S)
        elif ended_phase and phase is Phase.DRAW:
            self.arm(pacing.DOUBLE_PRESS_S)
