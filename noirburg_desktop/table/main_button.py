"""The main button's two guards (newcomer playtest).

- In phase G a repeated click ended the turn: "Next phase" became "Draw 1 free, end
  turn" in the same place, under the cursor. A click within `CHANGE_GUARD_S` of the
  label changing is ignored (it was aimed at the old label).
- A blocked "Next phase" (R-MOVE-2/3: HIDDEN gangsters to place, a building over
  capacity) looks disabled before the click, and hovering it says why, in the
  engine's own words.
"""

from __future__ import annotations

from pygame import Rect, Surface

from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.overlays import draw_box

CHANGE_GUARD_S = 0.6  # a click this soon after the label changed is ignored


class LabelGuard:
    """Remembers when the main button's words last changed."""

    def __init__(self) -> None:
        self.label = ""
        self.changed_at = -1e9

    def see(self, label: str, now: float, under_cursor: bool) -> None:
        """Only a change under the cursor guards: a click from elsewhere was aimed."""
        if label != self.label:
            self.label = label
            self.changed_at = now if under_cursor else -1e9

    def fresh(self, now: float) -> bool:
        """The label changed too recently for a click to be meant for it."""
        return now - self.changed_at < CHANGE_GUARD_S


def reason_rect(lay: TableLayout, lines: int) -> Rect:
    """Where the blocked reason goes: above every button of the sidebar, over the
    advice panel (playtest shot-32-10: it covered the draw buttons 1-6)."""
    button = lay.buttons["next"]
    width = max(200, lay.sidebar.w - 12)
    controls = [*lay.draw_buttons, *lay.buttons.values()]
    top = min((c.y for c in controls if c.colliderect(lay.sidebar)), default=button.y)
    r = Rect(0, 0, width, 14 + 17 * lines)
    r.bottomright = (button.right, top - 4)
    return r


def draw_blocked_reason(dest: Surface, lay: TableLayout, reason: str) -> Rect:
    """The engine's reason the main button is blocked, above the sidebar's buttons."""
    width = max(200, lay.sidebar.w - 12)
    lines = w.wrap(reason, 13, width - 20)[:4]
    r = reason_rect(lay, len(lines))
    draw_box(dest, r, w.BLOOD)
    for i, line in enumerate(lines):
        dest.blit(w.text(line, 13, w.INK), (r.x + 10, r.y + 7 + i * 17))
    return r
