"""Phase G (R-DRAW): draw several cards at once, the first free; drawing ends the turn."""

from __future__ import annotations

from typing import Final

from engine.actions import Draw
from engine.events import Event, EventKind, new_event
from engine.families.base import DRAW, Effect, Events, Family, Out, Then, draw_cards, fail
from engine.state import HAND_SIZE, GameState, Phase, SeatState

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

_K_DRAW: Final = EventKind.DRAW


_END_TURN: Final = Then.END_TURN  # enum members as constants: read at every draw


def options(state: GameState, me: int, seat: SeatState, out: Out) -> None:
    """Draw(1) .. Draw(k): k at most the room in hand, the cards left to draw and
    one more than the seat's money (drawing k costs k - 1, R-DRAW-1)."""
    k = HAND_SIZE - len(seat.hand)  # min(room, cards left, money + 1) without min():
    avail = len(state.deck) + len(state.discard)  # a keyword-parsing builtin call
    if avail < k:
        k = avail
    if seat.money < k - 1:
        k = seat.money + 1
    if k > 0:
        out.extend(DRAW[1 : k + 1])  # a slice, not a loop: asked at every phase G


def has_options(state: GameState, me: int, seat: SeatState) -> bool:
    """Room in hand and a card to draw (one card is free, R-DRAW-1)."""
    return len(seat.hand) < HAND_SIZE and bool(state.deck or state.discard)


def explain(state: GameState, me: int, a: Draw) -> None:
    seat = state.seats[me]
    if len(seat.hand) + a.count > HAND_SIZE:
        fail("R-DRAW-3", "A draw may not take your hand above {n} cards", n=HAND_SIZE)
    if a.count < 1:
        fail("R-DRAW-1", "Draw at least one card, or end the turn")
    if a.price > seat.money:
        fail(
            "R-DRAW-1",
            "Drawing {count} costs {price}; you have {money}",
            count=a.count,
            price=a.price,
            money=seat.money,
        )
    if a.count > len(state.deck) + len(state.discard):
        fail("I-DRAW-EMPTY", "There are not that many cards left to draw")


def _run(state: GameState, seat: int, a: Draw, ev: Events) -> Then:
    s = state.seats[seat]
    got = draw_cards(state, a.count, ev)
    price = len(got) - 1 if got else 0  # draw_price(len(got)), inline: R-DRAW-1, I-DRAW-EMPTY
    s.money -= price
    state.bank += price
    s.hand.extend(got)
    ev.append(_NEW_EVENT(_EVENT, (_K_DRAW, seat, tuple(got), price, None, "")))
    return _END_TURN  # R-DRAW-2: drawing is the last thing in a turn


FAMILY: Family = Family({Draw: Effect(_run)}, explain, Phase.DRAW, options, has_options)
