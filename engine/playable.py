"""Why a hand card cannot be used now: the table dims such cards and shows this.

Which use of a card is the natural one to ask about is rules knowledge (Police
aim at a rival's Business or stop an attack, a Drive-by at a rival's Business,
a gangster or Business is opened), so it lives here, not in the app. The answer
is the engine's own refusal of that use, tried on a copy of the state.
"""

from __future__ import annotations

from engine.actions import (
    Action,
    OpenCard,
    PlayBribe,
    PlayDriveBy,
    PlayPokerNight,
    PlayPolice,
    PlayTurncoat,
    StopAttack,
)
from engine.cards import KIND, Kind
from engine.errors import IllegalAction
from engine.flow import apply
from engine.state import GameState


def card_refusal(state: GameState, seat: int, card: int) -> IllegalAction | None:
    """The refusal of `card`'s most natural use by `seat` now (open it, or play the
    reaction on the first fitting target); None if the engine would accept it."""
    others = [s for i, s in enumerate(state.seats) if i != seat and s.alive]
    their_buildings = [b for s in others for b in s.buildings]
    their_gangsters = [g for s in others for gs in s.buildings.values() for g in gs]
    kind = KIND[card]
    tries: list[Action]
    if kind is Kind.POLICE:
        tries = [PlayPolice(card, b) for b in their_buildings[:1]]
        tries.append(StopAttack(card))
    elif kind is Kind.BRIBE:
        tries = [PlayBribe(card)]
    elif kind is Kind.TURNCOAT:
        tries = [PlayTurncoat(card, g) for g in their_gangsters[:1]]
    elif kind is Kind.POKER_NIGHT:
        tries = [PlayPokerNight(card)]
    elif kind is Kind.DRIVE_BY:
        tries = [PlayDriveBy((card,), b) for b in their_buildings[:1]]
    else:
        tries = [OpenCard(card)]
    for action in tries:
        try:
            apply(state.clone(), action)
        except IllegalAction as exc:
            return exc
    return None
