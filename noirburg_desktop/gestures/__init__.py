"""One module per reaction card kind: how it is dragged, how its actions are said and
the emblem on its face.

Each module is named after its `Kind` (`Kind.POKER_NIGHT` → `poker_night.py`) and
holds a `GESTURE`; this registry finds them by that name, so a new card kind adds its
module and names it nowhere else. table/intents.py, words/wording.py and
look/cardart.py read them."""

from __future__ import annotations

import importlib
from typing import Any, Final

from engine.cards import REACTION_KINDS, Kind
from noirburg_desktop.gestures.base import Gesture, Saying, Seq, Source, Target


def _load(kind: Kind) -> Gesture:
    module = importlib.import_module(f"{__name__}.{kind.name.lower()}")
    gesture = getattr(module, "GESTURE", None)
    if not isinstance(gesture, Gesture) or gesture.kind is not kind:
        raise ImportError(f"{module.__name__} has no GESTURE for {kind.name}")
    return gesture


GESTURES: Final[dict[Kind, Gesture]] = {k: _load(k) for k in sorted(REACTION_KINDS)}
SAID: Final[dict[type[Any], Saying]] = {
    cls: s for g in GESTURES.values() for cls, s in g.said.items()
}
DO: Final[dict[type[Any], Saying]] = {cls: s for g in GESTURES.values() for cls, s in g.do.items()}

__all__ = ["DO", "GESTURES", "SAID", "Gesture", "Saying", "Seq", "Source", "Target"]
