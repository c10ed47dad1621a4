"""Phase B (R-MOVE): rearrange gangsters between Businesses, bring HIDDEN ones back."""

from __future__ import annotations

from typing import Final

from engine import combat
from engine.actions import DiscardGangster, MoveGangster
from engine.cards import VALUE
from engine.events import Event, EventKind, new_event
from engine.families.base import DISCARD_GANGSTER, MOVE, Effect, Events, Family, Out, fail
from engine.messages import CardRef
from engine.state import GameState, Phase, SeatState

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

_K_MOVE: Final = EventKind.MOVE  # enum members as constants: events built in one step
_K_DISCARD: Final = EventKind.DISCARD


def options(state: GameState, me: int, seat: SeatState, out: Out) -> None:
    """Phase B is a free rearrangement between Businesses (I-MOVE-FREE): any gangster
    on a Business or HIDDEN may move any number of times and may always be discarded,
    so every position has a way to end the phase; capacity need only hold when it ends
    (R-MOVE-3). A gangster never goes where it could not fit alone. The Hideout takes
    no part: its gangsters stay, and nobody moves onto it (I-MOVE-HIDEOUT)."""
    hideout = seat.hideout
    buildings = seat.buildings
    for b, gs in buildings.items():
        if b == hideout:
            continue  # I-MOVE-HIDEOUT
        for g in gs:
            v = VALUE[g]
            row = MOVE[g]
            for b2 in buildings:  # a capacity is the Business's VALUE
                if b2 != b and b2 != hideout and VALUE[b2] >= v:
                    out.append(row[b2])
            out.append(DISCARD_GANGSTER[g])
    for g in seat.hidden:  # R-MOVE-2: back onto Businesses only (I-MOVE-HIDEOUT)
        v = VALUE[g]
        row = MOVE[g]
        for b2 in buildings:
            if b2 != hideout and VALUE[b2] >= v:
                out.append(row[b2])
        out.append(DISCARD_GANGSTER[g])


def has_options(state: GameState, me: int, seat: SeatState) -> bool:
    """Any gangster on a Business or HIDDEN (it may always be discarded)."""
    if seat.hidden:
        return True
    hideout = seat.hideout
    for b, gs in seat.buildings.items():  # noqa: SIM110 - a loop, not any(genexpr): hot path
        if gs and b != hideout:
            return True
    return False


def explain(state: GameState, me: int, a: MoveGangster | DiscardGangster) -> None:
    seat = state.seats[me]
    g = a.gangster
    on_hideout = seat.hideout is not None and g in seat.buildings.get(seat.hideout, ())
    mine = g in seat.hidden or any(g in gs for gs in seat.buildings.values())
    if not mine:
        fail("R-MOVE-1", "You can only move your own gangsters")
    if on_hideout:
        fail("I-MOVE-HIDEOUT", "Gangsters on the Hideout move only with the Hideout")
    if isinstance(a, MoveGangster):
        if a.to not in seat.buildings:
            fail("R-MOVE-1", "Gangsters move only to your own Businesses")
        if a.to == seat.hideout:
            fail(
                "I-MOVE-HIDEOUT",
                "Nobody moves onto the Hideout in phase B: it is refilled only by opening "
                "gangsters on it",
            )
        if VALUE[g] > seat.capacity(a.to):
            fail(
                "R-GANG-3",
                "A {card} needs income {need}; {building} earns only {cap}",
                card=CardRef(g),
                need=VALUE[g],
                building=CardRef(a.to),
                cap=seat.capacity(a.to),
            )


def _move(state: GameState, seat: int, a: MoveGangster, ev: Events) -> None:
    s = state.seats[seat]
    combat.remove_gangster(state, seat, a.gangster)
    s.buildings[a.to] = s.buildings[a.to] + (a.gangster,)
    ev.append(_NEW_EVENT(_EVENT, (_K_MOVE, seat, (a.gangster,), 0, a.to, "")))


def _discard(state: GameState, seat: int, a: DiscardGangster, ev: Events) -> None:
    combat.remove_gangster(state, seat, a.gangster)
    state.discard.append(a.gangster)
    ev.append(_NEW_EVENT(_EVENT, (_K_DISCARD, seat, (a.gangster,), 0, None, "")))


FAMILY: Family = Family(
    {MoveGangster: Effect(_move), DiscardGangster: Effect(_discard)},
    explain,
    Phase.MOVE,
    options,
    has_options,
)
