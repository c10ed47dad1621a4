"""The action families: each rule's enumeration, refusal and effect side by side.

`legality`, `explain` and `flow` only dispatch to these tables; the order of
FAMILIES is the order of nothing observable (legal_actions fixes its own).
"""

from __future__ import annotations

from typing import Any

from engine.families import (
    attack,
    discard,
    draw,
    driveby,
    hideout,
    move,
    mulligan,
    opening,
    phases,
    poker,
    police,
    turncoat,
    window,
)
from engine.families.base import Effect, Family, HasOptions, Then
from engine.state import Phase

FAMILIES: tuple[Family, ...] = (
    mulligan.FAMILY,
    phases.FAMILY,
    move.FAMILY,
    attack.FAMILY,
    opening.FAMILY,
    hideout.FAMILY,
    discard.FAMILY,
    draw.FAMILY,
    police.FAMILY,
    driveby.FAMILY,
    turncoat.FAMILY,
    poker.FAMILY,
    window.FAMILY,
)
FAMILY_OF: dict[type[Any], Family] = {cls: f for f in FAMILIES for cls in f.effects}
EFFECTS: dict[type[Any], Effect] = {cls: e for f in FAMILIES for cls, e in f.effects.items()}
_HAS_OPTIONS = {f.phase: f.has_options for f in FAMILIES if f.phase is not None}
# Every phase is a key (None: no turn phase, i.e. the mulligan and the game's end), so
# `settle` subscripts instead of calling `.get` at every step.
PHASE_HAS_OPTIONS: dict[Phase, HasOptions | None] = {p: _HAS_OPTIONS.get(p) for p in Phase}

__all__ = [
    "EFFECTS",
    "FAMILIES",
    "FAMILY_OF",
    "PHASE_HAS_OPTIONS",
    "Effect",
    "Family",
    "HasOptions",
    "Then",
]
