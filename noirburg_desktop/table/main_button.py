"""The main button's two guards (newcomer playtest).

- In phase G a repeated click ended the turn: "Next phase" became "Draw 1 free, end
  turn" in the same place, under the cursor. A click within `CHANGE_GUARD_S` of the
  label changing is ignored (it was aimed at the old label).
- A blocked "Next phase" (R-MOVE-2/3: HIDDEN gangsters to place, a building over
  capacity) looks disabled before the click; the advice panel says why, in the
  engine's own words, and nothing repeats it in a box over the panel (pt4 shot-33).
"""

from __future__ import annotations

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
