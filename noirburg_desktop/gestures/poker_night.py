"""Poker Night (R-POKER-1): it needs no target, so it plays from the middle only; on a
building or a board it was meant to be another card (playtest shot-63)."""

from __future__ import annotations

import pygame

import engine
from engine.actions import PlayPokerNight
from engine.cards import Kind
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
from noirburg_desktop.look.pen import Colour, Point
from noirburg_desktop.words.i18n import N_


def _drops(state: engine.GameState, card: int, tgt: Target) -> list[Seq]:
    return [(PlayPokerNight(card),)] if tgt.kind == "center" else []


def _face(s: pygame.Surface, c: Point, col: Colour, base: Colour) -> None:
    """A fan of three cards under a spade."""
    cx, cy = c
    for i, ang in enumerate((-18, 0, 18)):
        card = pygame.Surface((110, 160), pygame.SRCALPHA)
        pygame.draw.rect(card, (236, 232, 220), card.get_rect(), border_radius=10)
        pygame.draw.rect(card, col, card.get_rect(), 3, border_radius=10)
        rot = pygame.transform.rotate(card, -ang)
        s.blit(rot, rot.get_rect(center=(cx + (i - 1) * 50, cy - 10 + abs(i - 1) * 10)))
    ink = (24, 24, 28)
    pygame.draw.circle(s, ink, (cx - 24, cy + 4), 28)
    pygame.draw.circle(s, ink, (cx + 24, cy + 4), 28)
    pygame.draw.polygon(s, ink, [(cx - 50, cy + 2), (cx + 50, cy + 2), (cx, cy - 62)])
    pygame.draw.polygon(s, ink, [(cx, cy + 10), (cx - 20, cy + 52), (cx + 20, cy + 52)])


GESTURE = Gesture(
    Kind.POKER_NIGHT,
    _drops,
    said={PlayPokerNight: Saying(N_("hosts a Poker Night"))},
    do={PlayPokerNight: Saying(N_("Host a Poker Night"))},
    emblem=_face,
)
