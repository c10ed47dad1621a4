"""What one seat may see (boardgame.io's playerView): other hands and the deck
order are hidden, and so is the generator, so a bot can never peek."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from engine.state import GameState

UNKNOWN: Final = -1


def view(state: GameState, seat: int) -> GameState:
    """A copy of `state` as `seat` sees it: other hands and the deck become lists
    of UNKNOWN (lengths kept); the random generator, forced rolls and the seed are zeroed."""
    v = state.clone()
    for i, s in enumerate(v.seats):
        if i != seat:
            s.hand = [UNKNOWN] * len(s.hand)
    v.deck = [UNKNOWN] * len(v.deck)
    v.rng = 0
    v.forced_dice = ()  # a scripted game's future rolls are chance to the players
    v.options = replace(v.options, seed=0)  # the seed would rebuild the whole deal
    return v


def unseen_cards(v: GameState, seat: int) -> list[int]:
    """Card ids `seat` cannot locate: what other hands and the deck hold."""
    from engine.cards import N_CARDS
    from engine.invariants import card_locations

    known = {c for c in card_locations(v) if c != UNKNOWN}
    return [c for c in range(N_CARDS) if c not in known]
