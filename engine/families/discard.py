"""Phase F (R-DISCARD-1): discard hand cards, at most 4 a turn."""

from __future__ import annotations

from typing import Final

from engine.actions import Discard
from engine.events import Event, EventKind, new_event
from engine.families.base import DISCARD, SIG, Effect, Events, Family, Out, fail
from engine.state import MAX_DISCARDS, GameState, Phase, SeatState

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

_K_DISCARD: Final = EventKind.DISCARD


def options(state: GameState, me: int, seat: SeatState, out: Out) -> None:
    if state.discarded_this_turn < MAX_DISCARDS:
        last = -1
        hand = seat.hand[:]  # sorted(seat.hand), without sorted()'s keyword handling
        hand.sort()
        for c in hand:  # `distinct(hand)` inline: one card per signature
            s = SIG[c]
            if s != last:
                out.append(DISCARD[c])
                last = s


def has_options(state: GameState, me: int, seat: SeatState) -> bool:
    return len(seat.hand) > 0 and state.discarded_this_turn < MAX_DISCARDS


def explain(state: GameState, me: int, a: Discard) -> None:
    if a.card not in state.seats[me].hand:
        fail("R-DISCARD-1", "You can only discard cards from your hand")
    if state.discarded_this_turn >= MAX_DISCARDS:
        fail("R-DISCARD-1", "You may discard at most 4 cards a turn")


def _run(state: GameState, seat: int, a: Discard, ev: Events) -> None:
    s = state.seats[seat]
    s.hand.remove(a.card)
    state.discard.append(a.card)
    state.discarded_this_turn += 1
    ev.append(_NEW_EVENT(_EVENT, (_K_DISCARD, seat, (a.card,), 0, None, "")))


FAMILY: Family = Family({Discard: Effect(_run)}, explain, Phase.DISCARD, options, has_options)
