"""Drive-by (R-DRIVEBY-1/2): on a Business it starts one, or joins the one declared;
on a board or the middle it joins. Its wordings count the cards played at once."""

from __future__ import annotations

import pygame

import engine
from engine.actions import JoinDriveBy, PlayDriveBy
from engine.cards import Kind
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
from noirburg_desktop.look import theme
from noirburg_desktop.look.pen import Colour, Point
from noirburg_desktop.words.i18n import Np_


def _drops(state: engine.GameState, card: int, tgt: Target) -> list[Seq]:
    if tgt.kind == "building" and tgt.ref is not None:
        return [(PlayDriveBy((card,), tgt.ref),), (JoinDriveBy((card,)),)]
    if tgt.kind in ("center", "board"):
        return [(JoinDriveBy((card,)),)]
    return []


def _target(a: PlayDriveBy) -> int:
    return a.target


def _count(a: PlayDriveBy | JoinDriveBy) -> int:
    return len(a.cards)


def _face(s: pygame.Surface, c: Point, col: Colour, base: Colour) -> None:
    """A gangster's car, bullet holes in its side."""
    cx, cy = c
    body = [
        (cx - 140, cy + 40),
        (cx - 140, cy + 4),
        (cx - 100, cy - 8),
        (cx - 60, cy - 60),
        (cx + 40, cy - 60),
        (cx + 70, cy - 8),
        (cx + 140, cy + 2),
        (cx + 140, cy + 40),
    ]
    pygame.draw.polygon(s, col, body)
    pygame.draw.polygon(
        s, base, [(cx - 50, cy - 48), (cx - 12, cy - 48), (cx - 12, cy - 10), (cx - 80, cy - 10)]
    )
    pygame.draw.polygon(
        s, base, [(cx, cy - 48), (cx + 34, cy - 48), (cx + 56, cy - 10), (cx, cy - 10)]
    )
    for wx in (cx - 82, cx + 82):
        pygame.draw.circle(s, (16, 16, 18), (wx, cy + 44), 32)
        pygame.draw.circle(s, col, (wx, cy + 44), 14)
    for hx, hy in ((cx - 40, cy + 16), (cx + 20, cy + 24), (cx + 96, cy + 14)):
        pygame.draw.circle(s, (16, 16, 18), (hx, hy), 8)
        pygame.draw.circle(s, theme.RED_LIGHT, (hx, hy), 11, 2)
    for i in range(3):
        pygame.draw.line(s, col, (cx - 190, cy - 30 + i * 26), (cx - 155, cy - 30 + i * 26), 4)


GESTURE = Gesture(
    Kind.DRIVE_BY,
    _drops,
    said={
        PlayDriveBy: Saying(
            Np_("plays {n} Drive-by on {card}", "plays {n} Drive-bys on {card}"),
            card=_target,
            count=_count,
        ),
        JoinDriveBy: Saying(Np_("adds {n} Drive-by", "adds {n} Drive-bys"), count=_count),
    },
    do={
        PlayDriveBy: Saying(
            Np_("Play {n} Drive-by on {card}", "Play {n} Drive-bys on {card}"),
            card=_target,
            count=_count,
        ),
        JoinDriveBy: Saying(Np_("Add {n} Drive-by", "Add {n} Drive-bys"), count=_count),
    },
    emblem=_face,
)
