"""The reaction bar: the same bar, for the same time, after every event a
reaction could answer (I-REACT-WINDOW), whether or not the engine will ask
anyone. Clicking it or pressing R claims it; with several people at the
table the claimant then names their seat.
"""

from __future__ import annotations

import pygame
from pygame import Rect, Surface

from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.texts import t


def draw_bar(dest: Surface, rect: Rect, left: float, total: float, choosing: list[str]) -> None:
    """The bar with its countdown; `choosing` lists seat names when asking who claims."""
    surf = w.cached(("rbar", rect.size), lambda: _bar_bg(rect.size))
    dest.blit(surf, rect)
    k = 0.0 if total <= 0 else max(0.0, min(1.0, left / total))
    fill = Rect(rect.x + 4, rect.bottom - 7, int((rect.w - 8) * k), 4)
    pygame.draw.rect(dest, w.BRASS, fill, border_radius=2)
    if choosing:
        label = (
            t("table.claim_who")
            + "   "
            + "   ".join(f"{i + 1}: {n}" for i, n in enumerate(choosing) if n)
        )
    else:
        label = t("table.reaction_bar")
    s = w.text_fit(label, 17, rect.w - 24, colour=w.INK, bold=True)
    dest.blit(s, (rect.x + 12, rect.y + (rect.h - 8) // 2 - s.get_height() // 2 + 1))


def _bar_bg(size: tuple[int, int]) -> Surface:
    surf = Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (60, 14, 18, 235), (0, 0, *size), border_radius=8)
    pygame.draw.rect(surf, (200, 160, 80, 255), (0, 0, *size), 1, border_radius=8)
    return surf
