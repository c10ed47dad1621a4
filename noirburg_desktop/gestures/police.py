"""Police (R-POLICE-1): on a building it hides that Business's gangsters, or stops the
attack declared on it; on a board or the middle it stops the attack."""

from __future__ import annotations

import math

import pygame

import engine
from engine.actions import PlayPolice, StopAttack
from engine.cards import Kind
from engine.predict import declared_attack
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
from noirburg_desktop.look.pen import Colour, Point, spaced
from noirburg_desktop.words.i18n import N_


def _pending_attack_on(state: engine.GameState, building: int) -> bool:
    declared = declared_attack(state)
    return declared is not None and declared[0] == building


def _drops(state: engine.GameState, card: int, tgt: Target) -> list[Seq]:
    if tgt.kind == "building" and tgt.ref is not None:
        out: list[Seq] = []
        if state.attack_target is not None or _pending_attack_on(state, tgt.ref):
            out.append((StopAttack(card),))
        out.append((PlayPolice(card, tgt.ref),))
        return out
    if tgt.kind in ("center", "board"):
        return [(StopAttack(card),)]
    return []


def _business(a: PlayPolice) -> int:
    return a.business


def _face(s: pygame.Surface, c: Point, col: Colour, base: Colour) -> None:
    """A star badge marked PD."""
    cx, cy = c
    pts = []
    for i in range(12):
        r = 115 if i % 2 == 0 else 62
        a = -math.pi / 2 + i * math.pi / 6
        pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    pygame.draw.polygon(s, col, pts)
    for i in range(0, 12, 2):
        pygame.draw.circle(s, col, pts[i], 12)
    pygame.draw.circle(s, base, c, 52)
    pygame.draw.circle(s, col, c, 44, 5)
    spaced(s, "PD", (cx, cy), 36, col)


GESTURE = Gesture(
    Kind.POLICE,
    _drops,
    said={
        PlayPolice: Saying(N_("calls the Police on {card}"), card=_business),
        StopAttack: Saying(N_("calls the Police to stop the attack")),
    },
    do={
        PlayPolice: Saying(N_("Play Police on {card}"), card=_business, own_hideout=True),
        StopAttack: Saying(N_("Play Police to stop the attack")),
    },
    emblem=_face,
)
