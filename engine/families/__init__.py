"""The action families: each rule's enumeration, refusal and effect side by side.

`legality`, `explain` and `flow` only dispatch to these tables; the order of
FAMILIES is the order of nothing observable (legal_actions fixes its own).
"""

from __future__ import annotations

from typing import Any

from engine.cards import KIND, REACTION_KINDS, Kind
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
from engine.families.base import Effect, Family, HasOptions, Reaction, Resolve, Then
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
# The reaction cards' options, in the order `legal_actions` lists them (saved games
# and the pinned digests depend on it). In a window, first the answers to the frame
# under it (a Bribe to a Police, a Drive-by joining one), then Police stopping a
# declared attack; then, there and in the seat's own turn, the free uses.
ANSWERS: tuple[Reaction, ...] = (police.BRIBE_REACTION, driveby.REACTION, police.REACTION)
FREE: tuple[Reaction, ...] = (police.REACTION, driveby.REACTION, turncoat.REACTION, poker.REACTION)
REACTIONS: tuple[Reaction, ...] = tuple(dict.fromkeys(ANSWERS + FREE))
assert {r.kind for r in REACTIONS} == REACTION_KINDS  # every reaction kind has its options
REACTION_OF: dict[Kind, Reaction] = {r.kind: r for r in REACTIONS}
# The cards with a free use (a Bribe has none: it only answers a Police).
FREE_CARDS = frozenset(c for c, k in enumerate(KIND) if any(r.kind == k for r in FREE))
FAMILY_OF: dict[type[Any], Family] = {cls: f for f in FAMILIES for cls in f.effects}
EFFECTS: dict[type[Any], Effect] = {cls: e for f in FAMILIES for cls, e in f.effects.items()}
# pending frame type -> what happens once nobody answers it (Police, Turncoat, Poker Night)
RESOLVERS: dict[type[Any], Resolve] = {cls: r for f in FAMILIES for cls, r in f.resolves}
_HAS_OPTIONS = {f.phase: f.has_options for f in FAMILIES if f.phase is not None}
# Every phase is a key (None: no turn phase, i.e. the mulligan and the game's end), so
# `settle` subscripts instead of calling `.get` at every step.
PHASE_HAS_OPTIONS: dict[Phase, HasOptions | None] = {p: _HAS_OPTIONS.get(p) for p in Phase}

__all__ = [
    "ANSWERS",
    "EFFECTS",
    "FREE",
    "FREE_CARDS",
    "REACTIONS",
    "REACTION_OF",
    "RESOLVERS",
    "FAMILIES",
    "FAMILY_OF",
    "PHASE_HAS_OPTIONS",
    "Effect",
    "Family",
    "HasOptions",
    "Reaction",
    "Then",
]
