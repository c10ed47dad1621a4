"""Determinization: one full state consistent with what a seat can see.

The seat's view hides other hands and the deck (UNKNOWN, -1) but keeps their
lengths; every card the seat cannot locate (`engine.view.unseen_cards`) is dealt
at random into those slots. Nothing else is touched, so the sample agrees with
all the seat knows; the dice get a fresh seed from the bot's own rng.
"""

from __future__ import annotations

import random

from engine.state import GameState
from engine.view import unseen_cards


def determinize(view: GameState, me: int, rng: random.Random) -> GameState:
    """A copy of `view` with every UNKNOWN card filled in from the unseen ones."""
    world = view.clone()
    pool = unseen_cards(view, me)
    rng.shuffle(pool)
    pos = 0
    for i, seat in enumerate(world.seats):
        if i != me and seat.hand:
            k = len(seat.hand)
            seat.hand = pool[pos : pos + k]
            pos += k
    k = len(world.deck)
    world.deck = pool[pos : pos + k]
    pos += k
    if pos != len(pool):
        raise ValueError(f"view of seat {me} hides {pos} cards but {len(pool)} are unseen")
    world.rng = rng.getrandbits(64)
    return world
