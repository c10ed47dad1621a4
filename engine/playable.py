"""Why a hand card cannot be used now: the table dims such cards and shows this.

Which use of a card is the natural one to ask about is rules knowledge (Police
aim at a rival's Business or stop an attack, a Drive-by at a rival's Business,
a gangster or Business is opened), so it lives in the engine, not in the app: a
reaction card's family says it (`Reaction.tries`). The answer is the engine's own
refusal of that use, tried on a copy of the state.
"""

from __future__ import annotations

from engine.actions import Action, OpenCard
from engine.cards import KIND
from engine.errors import IllegalAction
from engine.families import REACTION_OF
from engine.flow import apply
from engine.state import GameState


def card_refusal(state: GameState, seat: int, card: int) -> IllegalAction | None:
    """The refusal of `card`'s most natural use by `seat` now (open it, or play the
    reaction on the first fitting target); None if the engine would accept it."""
    others = [s for i, s in enumerate(state.seats) if i != seat and s.alive]
    their_buildings = [b for s in others for b in s.buildings]
    their_gangsters = [g for s in others for gs in s.buildings.values() for g in gs]
    reaction = REACTION_OF.get(KIND[card])
    tries: list[Action] = (
        [OpenCard(card)]
        if reaction is None
        else reaction.tries(card, their_buildings, their_gangsters)
    )
    for action in tries:
        try:
            apply(state.clone(), action)
        except IllegalAction as exc:
            return exc
    return None
