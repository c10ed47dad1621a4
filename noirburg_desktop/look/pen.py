"""The card-face canvas and the drawing helpers its emblems share: the card art
(look/cardart.py) and each reaction kind's own module (gestures/<kind>.py, which
draws that card's emblem) draw with the same sizes, inks and lettering."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from noirburg_desktop.look import resources

CARD_SIZE = (250, 350)
SS = 2  # supersampling factor: shapes are drawn this much larger, then smoothscaled
W, H = CARD_SIZE[0] * SS, CARD_SIZE[1] * SS

Colour = tuple[int, int, int]
Point = tuple[int, int]
# An emblem: drawn on a supersampled face, in a box centred on the point (radius ~140),
# in the card's ink colour over the medallion's base colour.
Emblem = Callable[[pygame.Surface, Point, Colour, Colour], None]


def font(size: int, bold: bool = True, serif: bool = True) -> pygame.font.Font:
    return resources.font(size, bold, serif)


def lighten(c: Colour, k: float) -> Colour:
    return (
        min(255, int(c[0] + (255 - c[0]) * k)),
        min(255, int(c[1] + (255 - c[1]) * k)),
        min(255, int(c[2] + (255 - c[2]) * k)),
    )


def darken(c: Colour, k: float) -> Colour:
    return (int(c[0] * (1 - k)), int(c[1] * (1 - k)), int(c[2] * (1 - k)))


def spaced(surf: pygame.Surface, s: str, center: Point, size: int, col: Colour) -> None:
    """Letter-spaced capitals centred on `center`; long words shrink to fit the card."""
    while True:
        glyphs = [font(size).render(ch, True, col) for ch in s]
        gap = size // 6
        width = sum(g.get_width() for g in glyphs) + gap * (len(glyphs) - 1)
        if width <= W - 120 or size <= 12:
            break
        size -= 2  # long names shrink to fit the banner
    x = center[0] - width // 2
    for g in glyphs:
        surf.blit(g, (x, center[1] - g.get_height() // 2))
        x += g.get_width() + gap


def fedora(s: pygame.Surface, c: Point, col: Colour, band: Colour) -> None:
    """The gangster's hat (the Gangster faces; the Turncoat's emblem halves it)."""
    cx, cy = c
    pygame.draw.ellipse(s, col, pygame.Rect(cx - 130, cy + 10, 260, 56))
    crown = [
        (cx - 80, cy + 32),
        (cx - 70, cy - 60),
        (cx - 30, cy - 84),
        (cx, cy - 66),
        (cx + 30, cy - 84),
        (cx + 70, cy - 60),
        (cx + 80, cy + 32),
    ]
    pygame.draw.polygon(s, col, crown)
    pygame.draw.rect(s, band, pygame.Rect(cx - 79, cy - 6, 158, 26))
    pygame.draw.line(s, darken(col, 0.35), (cx, cy - 62), (cx, cy - 12), 5)
