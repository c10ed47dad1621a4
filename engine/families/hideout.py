"""Phase E (R-HIDE-MOVE-1): put the Hideout under a Business, or in the open."""

from __future__ import annotations

from typing import Final

from engine.actions import MoveHideout
from engine.events import Event, EventKind, new_event
from engine.families.base import (
    HIDEOUT_OPEN,
    HIDEOUT_UNDER,
    Effect,
    Events,
    Family,
    Out,
    Then,
    fail,
)
from engine.state import GameState, Phase, SeatState

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

_HIDEOUT_MOVE: Final = EventKind.HIDEOUT_MOVE
_NEXT_PHASE: Final = Then.NEXT_PHASE  # enum members as constants: read at every phase end


def options(state: GameState, me: int, seat: SeatState, out: Out) -> None:
    hideout = seat.hideout
    top = seat.top
    for b in seat.buildings:
        if b != hideout and b != top:
            out.append(HIDEOUT_UNDER[b])
    if top is not None:
        out.append(HIDEOUT_OPEN)


def has_options(state: GameState, me: int, seat: SeatState) -> bool:
    return len(seat.buildings) > 1  # a Business to go under, or the one on top to leave


def explain(state: GameState, me: int, a: MoveHideout) -> None:
    seat = state.seats[me]
    if a.under is not None and a.under not in seat.buildings:
        fail("R-HIDE-MOVE-1", "The Hideout can only go under one of your own Businesses")
    if a.under == seat.top:
        fail("R-HIDE-MOVE-1", "The Hideout is already there")


def _run(state: GameState, seat: int, a: MoveHideout, ev: Events) -> Then:
    s = state.seats[seat]
    s.top = a.under  # R-HIDE-MOVE-1: the gangsters on the Hideout move with it
    under = () if a.under is None else (a.under,)
    ev.append(_NEW_EVENT(_EVENT, (_HIDEOUT_MOVE, seat, under, 0, None, "")))
    return _NEXT_PHASE


FAMILY: Family = Family({MoveHideout: Effect(_run)}, explain, Phase.HIDEOUT, options, has_options)
