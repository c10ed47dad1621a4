"""Police (R-POLICE-1): on a building it hides that Business's gangsters, or stops the
attack declared on it; on a board or the middle it stops the attack."""

from __future__ import annotations

import engine
from engine.actions import PlayPolice, StopAttack
from engine.cards import Kind
from engine.predict import declared_attack
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
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
)
