"""Where an engine event happens on screen, for the animation that tells it.

Looked up from the hit map of the table as drawn before the event's redraw,
so a killed gangster's ghost starts where the gangster stood.
"""

from __future__ import annotations

from pygame import Rect

from engine import Event
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.render import HitMap


def event_rects(lay: TableLayout, h: HitMap, ev: Event) -> dict[str, Rect]:
    """Where an event happens on screen (looked up before the table redraws)."""
    kind, seat, target, cards = ev.kind, ev.seat, ev.target, ev.cards
    out: dict[str, Rect] = {}

    def money(s: int | None) -> Rect:
        return h.seat_money.get(s, lay.bank) if s is not None else lay.bank

    if kind == "die":
        out["dice"] = lay.dice[0]
        if seat is not None:
            out["seat"] = lay.seats[seat].header
    elif kind in ("damage", "driveby", "breach") and cards:
        r = h.columns.get(cards[0]) or h.buildings.get(cards[0])
        if r is not None:
            out["target"] = r
    elif kind in ("kill", "destroy", "turncoat_take") and cards:
        r = h.rect_of(cards[0])
        if r is not None:
            out["card"] = r
    elif kind == "pay":
        out["from"], out["to"] = money(seat), money(target)
    elif kind in ("collect", "poker_win"):
        out["from"], out["to"] = lay.bank, money(seat)
    elif kind in ("open", "poker_ante"):
        out["from"], out["to"] = money(seat), lay.bank
    elif kind == "attack_declared" and seat is not None and cards:
        r = h.columns.get(cards[0])
        if r is not None:
            out["from"], out["to"] = lay.seats[seat].board, r
    elif kind == "eliminate" and seat is not None:
        out["target"] = lay.seats[seat].rect
    elif kind == "hideout_move" and seat is not None:
        out["target"] = lay.seats[seat].board  # its stack changes: the board lights up
    return out
