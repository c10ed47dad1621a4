"""Where a drop lands: the table's drop targets and their places on screen.

Read from the layout and the hit map of the table as last drawn, so a drag
highlights and resolves against exactly what the player sees.
"""

from __future__ import annotations

from pygame import Rect

from noirburg_desktop.table.intents import Target
from noirburg_desktop.table.layout import TableLayout
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
    for g, r in reversed(list(hits.gangsters.items())):
        if r.collidepoint(pos):
            return Target("gangster", g)
    for b, r in hits.columns.items():
        if r.collidepoint(pos):
            return Target("building", b)
    ha = hits.hand_area
    if ha is not None and ha.collidepoint(pos):
        return None  # back into the hand: no meaning (never "open it here")
    if lay.discard.inflate(12, 12).collidepoint(pos):
        return Target("discard")
    for s in lay.seats:
        if s.board.collidepoint(pos):
            return Target("board", s.seat)
    if lay.center.collidepoint(pos):
        return Target("center")
    return None
