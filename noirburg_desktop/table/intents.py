"""Gestures to engine actions, decided only by `engine.legal_actions`.

A gesture is (what was dragged, where it was dropped). `candidates` lists the
action sequences that gesture could mean, without judging them; `judge` keeps
the ones the engine accepts now (sequences are tried on clones, so "start an
attack on B, send G" is legal only if both steps are), and `refusal` asks the
engine why a gesture is not allowed, so the player sees the rule ID.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import engine
from engine.actions import (
    Action,
    AddAttacker,
    Discard,
    DiscardGangster,
    JoinDriveBy,
    MoveGangster,
    MoveHideout,
    Mulligan,
    OpenCard,
    PlayBribe,
    PlayDriveBy,
    PlayPokerNight,
    PlayPolice,
    PlayTurncoat,
    StartAttack,
    StopAttack,
)
from engine.cards import KIND, Kind
from engine.predict import declared_attack
from noirburg_desktop.words.wording import refusal_text

Seq = tuple[Action, ...]


@dataclass(frozen=True)
class Source:
    """What is being dragged: a hand card, a gangster on the table, or a building."""

    kind: str  # "hand" | "gangster" | "building"
    card: int


@dataclass(frozen=True)
class Target:
    """Where it was dropped: a card on the table, a pile, a board or the middle."""

    kind: str  # "building" | "gangster" | "discard" | "board" | "center"
    ref: int | None = None  # card id, or seat for "board"


def action_cards(a: Action) -> tuple[int, ...]:
    """The cards an action names, to outline them; never its numbers (`Draw(2)` names
    no card: its 2 is a count, not Hideout #2)."""
    match a:
        case MoveGangster(gangster=g, to=b) | PlayTurncoat(card=g, gangster=b):
            return (g, b)
        case DiscardGangster(gangster=c) | AddAttacker(gangster=c) | StartAttack(target=c):
            return (c,)
        case Discard(card=c) | StopAttack(card=c) | PlayBribe(card=c) | PlayPokerNight(card=c):
            return (c,)
        case OpenCard(card=c, on=on):
            return (c,) if on is None else (c, on)
        case MoveHideout(under=under):
            return () if under is None else (under,)
        case PlayPolice(card=c, business=b):
            return (c, b)
        case PlayDriveBy(cards=cards, target=b):
            return (*cards, b)
        case JoinDriveBy(cards=cards) | Mulligan(cards=cards):
            return cards
    return ()  # EndPhase, LaunchAttack, CancelAttack, Pass and Draw name no card


def hand_cards(a: Action) -> tuple[int, ...]:
    """The hand cards an action plays, opens, swaps or discards."""
    match a:
        case OpenCard(card=c) | Discard(card=c) | PlayPolice(card=c) | StopAttack(card=c):
            return (c,)
        case PlayBribe(card=c) | PlayTurncoat(card=c) | PlayPokerNight(card=c):
            return (c,)
        case PlayDriveBy(cards=cards) | JoinDriveBy(cards=cards) | Mulligan(cards=cards):
            return cards
    return ()


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
        if src.kind == "hand" and KIND[c] == Kind.TURNCOAT:
            return [(PlayTurncoat(c, tgt.ref),)]
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
    """What a hand card `c` dropped on `tgt` could mean."""
    k = KIND[c]
    if tgt.kind == "discard":
        return [(Discard(c),)]
    if tgt.kind == "building" and tgt.ref is not None:
        return _hand_onto_building(state, c, k, tgt.ref)
    if tgt.kind == "board" and tgt.ref == me and k == Kind.BUSINESS:
        return [(OpenCard(c, None),)]
    if tgt.kind == "center":  # a card that needs no target plays from the middle only
        if k == Kind.POKER_NIGHT:
            return [(PlayPokerNight(c),)]
        if k == Kind.BRIBE:
            return [(PlayBribe(c),)]
    if tgt.kind in ("center", "board"):
        if k == Kind.POLICE:
            return [(StopAttack(c),)]
        if k == Kind.DRIVE_BY:
            return [(JoinDriveBy((c,)),)]
    return []


def _hand_onto_building(state: engine.GameState, c: int, k: Kind, b: int) -> list[Seq]:
    """What a hand card `c` of kind `k` dropped on building `b` could mean."""
    out: list[Seq] = []
    if k in (Kind.GANGSTER, Kind.BUSINESS):
        out.append((OpenCard(c, b),))
    elif k == Kind.POLICE:
        if state.attack_target is not None or _pending_attack_on(state, b):
            out.append((StopAttack(c),))
        out.append((PlayPolice(c, b),))
    elif k == Kind.DRIVE_BY:
        out.append((PlayDriveBy((c,), b),))
        out.append((JoinDriveBy((c,)),))
    elif k == Kind.BRIBE:
        out.append((PlayBribe(c),))
    # Not Poker Night: dropped on a building (or a board) it was meant to be another
    # card (playtest shot-63); it plays from the middle of the table.
    return out


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


def _pending_attack_on(state: engine.GameState, building: int) -> bool:
    declared = declared_attack(state)
    return declared is not None and declared[0] == building


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
