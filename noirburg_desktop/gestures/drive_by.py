"""Drive-by (R-DRIVEBY-1/2): on a Business it starts one, or joins the one declared;
on a board or the middle it joins. Its wordings count the cards played at once."""

from __future__ import annotations

import engine
from engine.actions import JoinDriveBy, PlayDriveBy
from engine.cards import Kind
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Target
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
)
