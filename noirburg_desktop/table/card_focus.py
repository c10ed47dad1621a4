"""The keyboard's card cursor on the table: ←/→ walk the cards, Z zooms the one in focus.

A player without a mouse must still read every card: the cursor walks the
viewer's hand, then each seat's buildings and gangsters, outlined in gold; Z
shows it enlarged with its rule text (the same box the mouse's hover shows),
and, for a dimmed hand card, the engine's reason it cannot be used now.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect, Surface

from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.overlays import draw_hover_card
from noirburg_desktop.table.render import HitMap

FOCUS_COLOUR = (255, 226, 120)


def reading_order(hits: HitMap) -> list[int]:
    """The viewer's hand left to right, then the table's cards top-to-bottom, left-to-right."""
    hand = [cid for cid, _ in hits.hand]
    table = {**hits.buildings, **hits.gangsters}
    rest = sorted(table, key=lambda c: (table[c].y // 40, table[c].x))
    return hand + [c for c in rest if c not in hand]


class CardFocus:
    """Which card the keyboard points at, and whether it is zoomed."""

    def __init__(self) -> None:
        self.card: int | None = None
        self.zoom = False

    def handle_key(self, key: int, hits: HitMap) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            cards = reading_order(hits)
            if not cards:
                return True
            step = 1 if key == pygame.K_RIGHT else -1
            i = cards.index(self.card) if self.card in cards else (-1 if step > 0 else 0)
            self.card = cards[(i + step) % len(cards)]
            return True
        if key == pygame.K_z:
            if self.card is None:
                cards = reading_order(hits)
                self.card = cards[0] if cards else None
            self.zoom = self.card is not None and not self.zoom
            return True
        return False

    def clear(self) -> bool:
        """Esc: close the zoom first, then drop the cursor. True if there was something."""
        if self.zoom:
            self.zoom = False
            return True
        if self.card is not None:
            self.card = None
            return True
        return False

    def point_at(self, card: int | None) -> None:
        """Follow another pointer (the action picked with Tab names its card)."""
        if card is not None:
            self.card = card

    def draw(
        self,
        dest: Surface,
        lay: TableLayout,
        hits: HitMap,
        why_not: Callable[[int], str],
    ) -> None:
        if self.card is None:
            return
        r: Rect | None = hits.rect_of(self.card)
        if r is None:
            return
        w.outline(dest, r.inflate(6, 6), FOCUS_COLOUR, 3)
        if self.zoom:
            draw_hover_card(dest, lay, self.card, r.center, why_not(self.card), beside=r)
