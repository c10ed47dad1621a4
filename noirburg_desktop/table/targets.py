"""Where a drop lands: the table's drop targets and their places on screen.

Read from the layout and the hit map of the table as last drawn, so a drag
highlights and resolves against exactly what the player sees.
"""

from __future__ import annotations

from collections.abc import Iterable

from pygame import Rect

from engine.actions import StartAttack
from noirburg_desktop.table.intents import Seq, Target
from noirburg_desktop.table.layout import HAND_GAP, TableLayout
from noirburg_desktop.table.render import HitMap


def all_targets(lay: TableLayout, hits: HitMap) -> list[Target]:
    out = [Target("gangster", g) for g in hits.gangsters]
    out += [Target("building", b) for b in hits.columns]
    out += [Target("discard"), Target("center")]
    out += [Target("board", s.seat) for s in lay.seats]
    return out


def target_rect(lay: TableLayout, hits: HitMap, tgt: Target) -> Rect | None:
    if tgt.kind == "gangster" and tgt.ref is not None:
        return hits.gangsters.get(tgt.ref)
    if tgt.kind == "building" and tgt.ref is not None:
        return hits.columns.get(tgt.ref)
    if tgt.kind == "discard":
        return lay.discard
    if tgt.kind == "center":
        return lay.center
    if tgt.kind == "board" and tgt.ref is not None:
        return lay.seats[tgt.ref].board
    return None


def target_at(lay: TableLayout, hits: HitMap, pos: tuple[int, int]) -> Target | None:
    """The drop target under `pos`. Every visible bit of empty table is a target
    (playtest: the drop zone ended before the empty table did): the person's whole
    seat outside their held cards is their board, and the table between seats is
    the middle. Only a drop on the held cards themselves means "back into the hand"."""
    for g, r in reversed(list(hits.gangsters.items())):
        if r.collidepoint(pos):
            return Target("gangster", g)
    for b, r in hits.columns.items():
        if r.collidepoint(pos):
            return Target("building", b)
    if held_cards(hits).collidepoint(pos):
        return None  # back into the hand: no meaning (never "open it here")
    if lay.discard.inflate(12, 12).collidepoint(pos):
        return Target("discard")
    for s in lay.seats:
        if s.board.collidepoint(pos):
            return Target("board", s.seat)
    mine = lay.seats[lay.viewing] if lay.viewing < len(lay.seats) else None
    if mine is not None and mine.rect.collidepoint(pos):
        return Target("board", mine.seat)
    if lay.center.collidepoint(pos):
        return Target("center")
    if lay.table.collidepoint(pos) and not any(s.rect.collidepoint(pos) for s in lay.seats):
        return Target("center")  # the empty table between the seats
    return None


def drop_target(
    lay: TableLayout, hits: HitMap, pos: tuple[int, int], lit: Iterable[Target]
) -> Target | None:
    """What a drop at `pos` means when `lit` are the targets outlined in green: the
    target under the point, unless it is not lit and a lit outline holds the point,
    then the smallest such (playtest shot-59: Poker Night let go over the discard pile
    inside the lit middle meant "discard it" and was refused). So green means "a drop
    here is legal" everywhere inside the outline; the held cards stay "back"."""
    under = target_at(lay, hits, pos)
    lit = list(lit)
    if under is None or under in lit:
        return under
    holders = [
        (r.w * r.h, i)
        for i, t in enumerate(lit)
        if (r := target_rect(lay, hits, t)) is not None and r.collidepoint(pos)
    ]
    return lit[min(holders)[1]] if holders else under


def held_cards(hits: HitMap) -> Rect:
    """Where the hand's cards are drawn (with a margin): a drop there goes back."""
    cards = [r for _, r in hits.hand]
    if not cards:
        return Rect(0, 0, 0, 0)
    return cards[0].unionall(cards[1:]).inflate(HAND_GAP, HAND_GAP)


def narrow_to_point(seqs: list[Seq], hits: HitMap, pos: tuple[int, int]) -> list[Seq]:
    """A Hideout with a Business on top may be attacked whole or the top only
    (R-HIDE-ATK-1); the two stand in columns of their own, so a drop that lands in
    just one of them says which (newcomer playtest: a drop on the Still on a Hideout
    asked anyway). Ask only if both are legal and the point lies in both or neither."""
    starts = [s for s in seqs if s and isinstance(s[0], StartAttack)]
    if len(starts) < 2 or len(starts) != len(seqs):
        return seqs
    under = [
        s
        for s in starts
        if isinstance(s[0], StartAttack)
        and (col := hits.columns.get(s[0].target)) is not None
        and col.collidepoint(pos)
    ]
    return under if len(under) == 1 else seqs
