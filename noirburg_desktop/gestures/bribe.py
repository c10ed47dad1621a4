"""Bribe (R-BRIBE-1): it cancels the card just played, so any building or the middle
will do."""

from __future__ import annotations

import pygame

import engine
from engine.actions import PlayBribe
from engine.cards import Kind
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
from noirburg_desktop.look.pen import Colour, Point, darken, spaced
from noirburg_desktop.words.i18n import N_


def _drops(state: engine.GameState, card: int, tgt: Target) -> list[Seq]:
    if tgt.kind == "center" or (tgt.kind == "building" and tgt.ref is not None):
        return [(PlayBribe(card),)]
    return []


def _face(s: pygame.Surface, c: Point, col: Colour, base: Colour) -> None:
    """Banknotes under a money clip."""
    cx, cy = c
    green = (120, 150, 110)
    for i in range(3):
        r = pygame.Rect(0, 0, 210, 100)
        r.center = (cx - 10 + i * 10, cy - 30 + i * 22)
        pygame.draw.rect(s, green, r, border_radius=6)
        pygame.draw.rect(s, darken(green, 0.45), r, 4, border_radius=6)
        pygame.draw.rect(s, darken(green, 0.45), r.inflate(-24, -24), 2, border_radius=4)
        pygame.draw.circle(s, darken(green, 0.45), r.center, 26, 3)
    spaced(s, "$", (cx + 20, cy + 14), 44, darken(green, 0.6))
    pygame.draw.rect(s, col, pygame.Rect(cx - 44, cy - 86, 28, 160), border_radius=4)


GESTURE = Gesture(
    Kind.BRIBE,
    _drops,
    said={PlayBribe: Saying(N_("plays a Bribe"))},
    do={PlayBribe: Saying(N_("Play a Bribe"))},
    emblem=_face,
)
