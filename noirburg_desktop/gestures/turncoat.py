"""Turncoat (R-TURNCOAT-1): dropped on the gangster it takes; anywhere else it means
nothing."""

from __future__ import annotations

import engine
from engine.actions import PlayTurncoat
from engine.cards import Kind
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
from noirburg_desktop.words.i18n import N_


def _drops(state: engine.GameState, card: int, tgt: Target) -> list[Seq]:
    return []


def _on_gangster(card: int, gangster: int) -> list[Seq]:
    return [(PlayTurncoat(card, gangster),)]


def _gangster(a: PlayTurncoat) -> int:
    return a.gangster


GESTURE = Gesture(
    Kind.TURNCOAT,
    _drops,
    said={PlayTurncoat: Saying(N_("takes {card} with a Turncoat"), card=_gangster)},
    do={PlayTurncoat: Saying(N_("Take {card} with a Turncoat"), card=_gangster)},
    on_gangster=_on_gangster,
)
