"""The log follows the game unless the person is reading back (newcomer playtest:
scrolled back, they missed the newest lines and never knew there were any).

While scrolled back, new lines raise a "↓ new lines" marker; the log snaps back to
the newest line once the person has left it alone for `IDLE_S` (no wheel, no keys,
the mouse not over the log), and at the start of their own turn.
"""

from __future__ import annotations

from pygame import Rect, Surface

from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.texts import t

IDLE_S = 4.0  # seconds left alone before a scrolled-back log returns to the newest


class LogFollow:
    def __init__(self) -> None:
        self.new = False  # lines arrived while scrolled back
        self.idle = 0.0  # seconds since the person last touched the log
        self.new_t = 0.0  # seconds since the marker went up: it shows at least IDLE_S
        self.seen: tuple[int, str] = (0, "")
        self.was_turn = False

    def touched(self) -> None:
        self.idle = 0.0

    def update(self, dt: float, log: list[str], scroll: int, my_turn: bool) -> int:
        """The scroll to use now (0: back at the newest line)."""
        self.idle += dt
        self.new_t += dt
        mark = (len(log), log[-1] if log else "")
        if mark != self.seen:
            self.seen = mark
            if scroll > 0 and not self.new:
                # EN playtest: left alone long before, the log snapped back on the first
                # new line and the marker never showed
                self.new_t = 0.0
            self.new = self.new or scroll > 0
        turn_began = my_turn and not self.was_turn
        self.was_turn = my_turn
        shown = self.new and self.idle >= IDLE_S and self.new_t >= IDLE_S
        if scroll and (shown or turn_began):
            scroll = 0
        if scroll == 0:
            self.new = False
        return scroll


def marker_rect(log: Rect) -> Rect:
    r = Rect(0, 0, min(log.w - 16, 150), 22)
    r.midbottom = (log.centerx, log.bottom - 4)
    return r


def draw_marker(dest: Surface, log: Rect) -> Rect:
    """The "↓ new lines" pill at the foot of the log; a click on it returns there."""
    r = marker_rect(log)
    dest.fill((120, 30, 36), r)
    label = w.text_fit(t("table.log_new"), 13, r.w - 8, colour=w.INK, bold=True)
    w.blit_center(dest, label, r.center)
    return r
