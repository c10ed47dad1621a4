"""Ending a phase (R-TURN-1): allowed once nothing the phase demands is left undone."""

from __future__ import annotations

from typing import Final

from engine.actions import EndPhase
from engine.cards import HIDEOUT_INCOME, VALUE
from engine.families.base import Effect, Events, Family, Then, fail
from engine.messages import CardRef
from engine.state import GameState, Phase, SeatState

_NEXT_PHASE: Final = Then.NEXT_PHASE  # enum members as constants: read at every phase end


def may_end(state: GameState, seat: SeatState) -> bool:
    """Whether EndPhase is offered in phase B or C (`ALWAYS_ENDS` are the phases that
    can always end): B needs HIDDEN gangsters placed and every building within
    capacity (R-MOVE-2/3); C no attack half assembled (R-ATK-2)."""
    phase = state.phase
    if phase is _ATTACK:  # the more often asked: at every step of phase C
        return state.attack_target is None
    return phase is _MOVE and not seat.hidden and not _overfull(seat)


ALWAYS_ENDS = frozenset((Phase.OPEN, Phase.HIDEOUT, Phase.DISCARD, Phase.DRAW))  # nothing owed
_MOVE: Final = Phase.MOVE
_ATTACK: Final = Phase.ATTACK


def _overfull(seat: SeatState) -> bool:
    """bool(over_capacity(seat)), without building the list (asked at every phase B step)."""
    hideout = seat.hideout
    for b, gs in seat.buildings.items():
        if gs:
            room = HIDEOUT_INCOME if b == hideout else VALUE[b]
            for g in gs:
                room -= VALUE[g]
            if room < 0:
                return True
    return False


def explain(state: GameState, me: int, a: EndPhase) -> None:
    seat = state.seats[me]
    if state.phase is Phase.MOVE and seat.hidden:
        for g in seat.hidden:  # one that no Business could hold even alone: name it
            if not any(b != seat.hideout and VALUE[b] >= VALUE[g] for b in seat.buildings):
                fail(
                    "R-MOVE-2",
                    "{card} fits on none of your Businesses: drag it to the discard pile",
                    card=CardRef(g),
                )
        fail("R-MOVE-2", "Place or discard your HIDDEN gangsters first")
    if state.phase is Phase.MOVE:
        for b in seat.buildings:
            if seat.load(b) > seat.capacity(b):
                fail(
                    "R-MOVE-3",
                    "{building} holds gangsters of strength {load} but "
                    "has room for {cap}: move or discard some first",
                    building=CardRef(b),
                    load=seat.load(b),
                    cap=seat.capacity(b),
                )
    if state.attack_target is not None:
        fail("R-ATK-2", "Launch or call off the attack you are assembling first")


def _run(state: GameState, seat: int, a: EndPhase, ev: Events) -> Then:
    return _NEXT_PHASE


FAMILY: Family = Family({EndPhase: Effect(_run)}, explain)
