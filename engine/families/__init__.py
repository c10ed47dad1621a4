"""The action families: each rule's enumeration, refusal and effect side by side.

`legality`, `explain` and `flow` only dispatch to these tables; the order of
FAMILIES is the order of nothing observable (legal_actions fixes its own).
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.cards import ANSWER_ORDER, FAMILY_MODULE, FREE_ORDER, KIND, REACTION_KINDS, Kind
from engine.families import (
    attack,
    discard,
    draw,
    hideout,
    move,
    mulligan,
    opening,
    phases,
    window,
)
from engine.families.base import Effect, Family, HasOptions, Reaction, Resolve, Then
from engine.state import Phase


def _card_rules(name: str) -> tuple[Family, tuple[Reaction, ...]]:
    """The FAMILY and REACTIONS of the reaction cards' module `name` (cards.FAMILY_MODULE)."""
    module = importlib.import_module(f"engine.families.{name}")
    family, reactions = module.FAMILY, module.REACTIONS
    if not isinstance(family, Family) or not all(isinstance(r, Reaction) for r in reactions):
        raise ImportError(f"engine.families.{name} lacks its FAMILY or REACTIONS")
    return family, tuple(reactions)


_CARD_RULES = [
    _card_rules(name) for name in dict.fromkeys(FAMILY_MODULE[k] for k in sorted(REACTION_KINDS))
]
FAMILIES: tuple[Family, ...] = (
    mulligan.FAMILY,
    phases.FAMILY,
    move.FAMILY,
    attack.FAMILY,
    opening.FAMILY,
    hideout.FAMILY,
    discard.FAMILY,
    draw.FAMILY,
    *(family for family, _ in _CARD_RULES),
    window.FAMILY,
)
_OF_KIND: dict[Kind, Reaction] = {r.kind: r for _, rs in _CARD_RULES for r in rs}
# The reaction cards' options, in the order `legal_actions` lists them (cards.ANSWER_ORDER
# and FREE_ORDER say it and why).
ANSWERS: tuple[Reaction, ...] = tuple(_OF_KIND[k] for k in ANSWER_ORDER)
FREE: tuple[Reaction, ...] = tuple(_OF_KIND[k] for k in FREE_ORDER)
REACTIONS: tuple[Reaction, ...] = tuple(dict.fromkeys(ANSWERS + FREE))
assert {r.kind for r in REACTIONS} == REACTION_KINDS  # every reaction kind has its options
assert all(r in ANSWERS for r in REACTIONS if r.answer) and all(
    r in FREE for r in REACTIONS if r.free
)
REACTION_OF: dict[Kind, Reaction] = {r.kind: r for r in REACTIONS}
# The cards with a free use (a Bribe has none: it only answers a Police).
FREE_CARDS = frozenset(c for c, k in enumerate(KIND) if any(r.kind == k for r in FREE))
FAMILY_OF: dict[type[Any], Family] = {cls: f for f in FAMILIES for cls in f.effects}
EFFECTS: dict[type[Any], Effect] = {cls: e for f in FAMILIES for cls, e in f.effects.items()}
# pending frame type (a PendingCard: its card's Kind) -> what happens once nobody answers it
RESOLVERS: dict[type[Any] | Kind, Resolve] = {cls: r for f in FAMILIES for cls, r in f.resolves}
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
