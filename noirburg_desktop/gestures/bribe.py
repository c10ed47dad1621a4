"""Bribe (R-BRIBE-1): it cancels the card just played, so any building or the middle
will do."""

from __future__ import annotations

import engine
from engine.actions import PlayBribe
from engine.cards import Kind
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
from noirburg_desktop.words.i18n import N_


def _drops(state: engine.GameState, card: int, tgt: Target) -> list[Seq]:
    if tgt.kind == "center" or (tgt.kind == "building" and tgt.ref is not None):
        return [(PlayBribe(card),)]
    return []


GESTURE = Gesture(
    Kind.BRIBE,
    _drops,
    said={PlayBribe: Saying(N_("plays a Bribe"))},
    do={PlayBribe: Saying(N_("Play a Bribe"))},
)
