"""Gestures to engine actions, decided only by `engine.legal_actions`.

A gesture is (what was dragged, where it was dropped). `candidates` lists the
action sequences that gesture could mean, without judging them; `judge` keeps
the ones the engine accepts now (sequences are tried on clones, so "start an
attack on B, send G" is legal only if both steps are), and `refusal` asks the
engine why a gesture is not allowed, so the player sees the rule ID.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import engine
from engine.actions import (
    Action,
    AddAttacker,
    Discard,
    DiscardGangster,
    MoveGangster,
    MoveHideout,
    OpenCard,
    StartAttack,
)
from engine.cards import KIND, Kind
from noirburg_desktop.gestures import GESTURES, Seq, Source, Target
from noirburg_desktop.words.wording import refusal_text

__all__ = [
    "Seq",
    "Source",
    "Target",
    "action_cards",
    "building_of",
    "candidates",
    "hand_cards",
    "judge",
    "legal_targets",
    "refusal",
]


def action_cards(a: Action) -> tuple[int, ...]:
    """The cards an action names, to outline them: the engine's hand and table cards,
    never its numbers (`Draw(2)` names no card: its 2 is a count, not Hideout #2)."""
    return a.hand_cards + a.table_cards


def hand_cards(a: Action) -> tuple[int, ...]:
    """The hand cards an action plays, opens, swaps or discards."""
    return a.hand_cards


def building_of(state: engine.GameState, gangster: int) -> int | None:
    for s in state.seats:
        for b, gs in s.buildings.items():
            if gangster in gs:
                return b
    return None


def _attack_choices(state: engine.GameState, building: int) -> list[int]:
    """The target ids a drop on `building` may mean: a Hideout with a Business on
    top can be attacked whole or the top only (R-HIDE-ATK-1)."""
    owner = state.owner_of(building)
    if owner is None:
        return [building]
    s = state.seats[owner]
    if s.top is not None and building in (s.hideout, s.top):
        first = building
        other = s.top if building == s.hideout else s.hideout
        return [first, other] if other is not None else [first]
    return [building]


def candidates(state: engine.GameState, src: Source, tgt: Target) -> list[Seq]:
    """Every action sequence this gesture could mean (legal or not)."""
    me = state.to_act
    if me is None:
        return []
    c = src.card
    if tgt.kind == "gangster" and tgt.ref is not None:
        gesture = GESTURES.get(KIND[c]) if src.kind == "hand" else None
        if gesture is not None and gesture.on_gangster is not None:
            return gesture.on_gangster(c, tgt.ref)
        b = building_of(state, tgt.ref)
        if b is None:
            return []
        tgt = Target("building", b)
    if src.kind == "hand":
        return _from_hand(state, me, c, tgt)
    if src.kind == "gangster":
        return _from_gangster(state, me, c, tgt)
    if src.kind == "building":
        if tgt.kind == "building" and tgt.ref is not None:
            return [(MoveHideout(tgt.ref),)]
        if tgt.kind == "board" and tgt.ref == me:
            return [(MoveHideout(None),)]
    return []


def _from_hand(state: engine.GameState, me: int, c: int, tgt: Target) -> list[Seq]:
    """What a hand card `c` dropped on `tgt` could mean: a reaction card's own module
    (noirburg_desktop/gestures/) says where it plays."""
    k = KIND[c]
    if tgt.kind == "discard":
        return [(Discard(c),)]
    gesture = GESTURES.get(k)
    if gesture is not None:
        return gesture.drops(state, c, tgt)
    if tgt.kind == "building" and tgt.ref is not None and k in (Kind.GANGSTER, Kind.BUSINESS):
        return [(OpenCard(c, tgt.ref),)]
    if tgt.kind == "board" and tgt.ref == me and k == Kind.BUSINESS:
        return [(OpenCard(c, None),)]
    return []


def _from_gangster(state: engine.GameState, me: int, c: int, tgt: Target) -> list[Seq]:
    """What gangster `c` on the table dropped on `tgt` could mean."""
    if tgt.kind == "discard":
        return [(DiscardGangster(c),)]
    if tgt.kind != "building" or tgt.ref is None:
        return []
    b = tgt.ref
    if state.owner_of(b) == me:
        return [(MoveGangster(c, b),)]
    current = state.attack_target
    if current is not None and current in _attack_choices(state, b):
        return [(AddAttacker(c),)]
    return [(StartAttack(t), AddAttacker(c)) for t in _attack_choices(state, b)]


def _seq_ok(state: engine.GameState, seq: Sequence[Action]) -> str | None:
    """None when the engine accepts the whole sequence now, else its refusal."""
    s = state
    for i, action in enumerate(seq):
        if i == len(seq) - 1:
            if engine.canonical(s, action) in engine.legal_actions(s):
                return None
            try:
                engine.apply(s.clone(), action)
            except engine.IllegalAction as exc:
                return refusal_text(exc)
            return None
        s = s.clone()
        try:
            engine.apply(s, action)
        except engine.IllegalAction as exc:
            return refusal_text(exc)
    return None


def judge(state: engine.GameState, seqs: Iterable[Seq]) -> list[Seq]:
    """The sequences the engine accepts now, in the order given."""
    return [seq for seq in seqs if _seq_ok(state, seq) is None]


def refusal(state: engine.GameState, seqs: Sequence[Seq]) -> str:
    """The engine's reason the (first) meaning of a gesture is refused."""
    for seq in seqs:
        why = _seq_ok(state, seq)
        if why:
            return why
    return ""


def legal_targets(
    state: engine.GameState, src: Source, targets: Iterable[Target]
) -> dict[Target, list[Seq]]:
    """Which of `targets` would accept `src` now: the highlight while dragging."""
    out: dict[Target, list[Seq]] = {}
    legal = engine.legal_actions(state)
    legal_set = {engine.canonical(state, a) for a in legal}
    for tgt in targets:
        seqs = candidates(state, src, tgt)
        # Fast path: a one-step sequence is legal iff its canonical form is listed.
        ok = [
            s
            for s in seqs
            if (engine.canonical(state, s[0]) in legal_set)
            and (len(s) == 1 or _seq_ok(state, s) is None)
        ]
        if ok:
            out[tgt] = ok
    return out
