"""Turncoat (R-TURNCOAT-1): dropped on the gangster it takes; anywhere else it means
nothing."""

from __future__ import annotations

import math

import pygame

import engine
from engine.actions import PlayTurncoat
from engine.cards import Kind
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
from noirburg_desktop.look import theme
from noirburg_desktop.look.pen import Colour, H, Point, W, fedora
from noirburg_desktop.words.i18n import N_


def _drops(state: engine.GameState, card: int, tgt: Target) -> list[Seq]:
    return []


def _on_gangster(card: int, gangster: int) -> list[Seq]:
    return [(PlayTurncoat(card, gangster),)]


def _gangster(a: PlayTurncoat) -> int:
    return a.gangster


def _face(s: pygame.Surface, c: Point, col: Colour, base: Colour) -> None:
    """A hat that is half ours, half theirs, with swapping arrows."""
    cx, cy = c
    fedora(s, (cx, cy + 4), col, theme.RED)
    clip = s.get_clip()
    s.set_clip(pygame.Rect(cx, 0, W, H))
    fedora(s, (cx, cy + 4), theme.RED_LIGHT, (30, 30, 34))
    s.set_clip(clip)
    rect = pygame.Rect(cx - 122, cy - 122, 244, 244)
    pygame.draw.arc(s, col, rect, math.radians(205), math.radians(325), 7)
    pygame.draw.arc(s, col, rect, math.radians(25), math.radians(145), 7)
    for ang, turn in ((325, 1), (145, 1)):
        a = math.radians(ang)
        tip = (cx + math.cos(a) * 122, cy - math.sin(a) * 122)
        # arrow head pointing along the arc (counter-clockwise on screen)
        tx, ty = -math.sin(a) * turn, -math.cos(a) * turn
        nx, ny = math.cos(a), -math.sin(a)
        pts = [
            (tip[0] + tx * 22, tip[1] + ty * 22),
            (tip[0] + nx * 14 - tx * 6, tip[1] + ny * 14 - ty * 6),
            (tip[0] - nx * 14 - tx * 6, tip[1] - ny * 14 - ty * 6),
        ]
        pygame.draw.polygon(s, col, pts)


GESTURE = Gesture(
    Kind.TURNCOAT,
    _drops,
    said={PlayTurncoat: Saying(N_("takes {card} with a Turncoat"), card=_gangster)},
    do={PlayTurncoat: Saying(N_("Take {card} with a Turncoat"), card=_gangster)},
    on_gangster=_on_gangster,
    emblem=_face,
)
