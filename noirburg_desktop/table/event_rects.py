"""Where an engine event happens on screen, for the animation that tells it.

Looked up from the hit map of the table as drawn before the event's redraw,
so a killed gangster's ghost starts where the gangster stood.
"""

from __future__ import annotations

from pygame import Rect

from engine import Event
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.render import HitMap
from noirburg_desktop.words.event_styles import STYLES, Place


def event_rects(lay: TableLayout, h: HitMap, ev: Event) -> dict[str, Rect]:
    """Where an event happens on screen (looked up before the table redraws); its
    row in event_styles.STYLES says which place that is."""
    place, seat, target, cards = STYLES[ev.kind].place, ev.seat, ev.target, ev.cards
    out: dict[str, Rect] = {}

    def money(s: int | None) -> Rect:
        return h.seat_money.get(s, lay.bank) if s is not None else lay.bank

    if place is Place.DICE:
        out["dice"] = lay.dice[0]
        if seat is not None:
            out["seat"] = lay.seats[seat].header
    elif place is Place.STRUCK and cards:
        r = h.columns.get(cards[0]) or h.buildings.get(cards[0])
        if r is not None:
            out["target"] = r
    elif place is Place.CARD and cards:
        r = h.rect_of(cards[0])
        if r is not None:
            out["card"] = r
    elif place is Place.PAYMENT:
        out["from"], out["to"] = money(seat), money(target)
    elif place is Place.FROM_BANK:
        out["from"], out["to"] = lay.bank, money(seat)
    elif place is Place.TO_BANK:
        out["from"], out["to"] = money(seat), lay.bank
    elif place is Place.ATTACK and seat is not None and cards:
        r = h.columns.get(cards[0])
        if r is not None:
            out["from"], out["to"] = lay.seats[seat].board, r
    elif place is Place.SEAT and seat is not None:
        out["target"] = lay.seats[seat].rect
    elif place is Place.BOARD and seat is not None:
        out["target"] = lay.seats[seat].board  # its stack changes: the board lights up
    return out
