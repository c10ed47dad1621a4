"""Poker Night (R-POKER-1): it needs no target, so it plays from the middle only; on a
building or a board it was meant to be another card (playtest shot-63)."""

from __future__ import annotations

import engine
from engine.actions import PlayPokerNight
from engine.cards import Kind
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
from noirburg_desktop.words.i18n import N_


def _drops(state: engine.GameState, card: int, tgt: Target) -> list[Seq]:
    return [(PlayPokerNight(card),)] if tgt.kind == "center" else []


GESTURE = Gesture(
    Kind.POKER_NIGHT,
    _drops,
    said={PlayPokerNight: Saying(N_("hosts a Poker Night"))},
    do={PlayPokerNight: Saying(N_("Host a Poker Night"))},
)
