"""Fairness: bots decide from the seat's view, and the search samples hidden cards
only from what that seat cannot see (engine/view.py, STYLE.md "Views for each seat")."""

from __future__ import annotations

import random

import pytest

from engine import GameState, legal_actions, view
from engine.bots import make_bot
from engine.bots.determinize import determinize
from engine.bots.ismcts import HardBot
from engine.cards import N_CARDS
from engine.invariants import check_invariants
from engine.view import UNKNOWN
from tests.bots.helpers import positions


def _reshuffled_secrets(state: GameState, me: int, seed: int) -> GameState:
    """The same table with other hands and the deck dealt differently (lengths kept)."""
    twin = state.clone()
    pool = list(twin.deck)
    for i, s in enumerate(twin.seats):
        if i != me:
            pool.extend(s.hand)
    random.Random(seed).shuffle(pool)
    for i, s in enumerate(twin.seats):
        if i != me:
            k = len(s.hand)
            s.hand, pool = pool[:k], pool[k:]
    twin.deck = pool
    twin.rng = state.rng ^ 0x5DEECE66D
    assert not check_invariants(twin)
    return twin


def _sample_positions(count: int) -> list[GameState]:
    """Decisions from real games: turns, attacks being built, reaction windows."""
    picked: list[GameState] = []
    seen = 0
    for state, legal in positions(("normal", "easy", "normal", "easy"), seed=11):
        if len(legal) > 1:
            seen += 1
            if seen % 7 == 0 or (state.window is not None and seen % 2 == 0):
                picked.append(state.clone())
        if len(picked) >= count:
            break
    return picked


SAMPLES = _sample_positions(24)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard", "expert"])
def test_hidden_cards_do_not_change_the_decision(level: str) -> None:
    bot = HardBot(worlds=2) if level == "hard" else make_bot(level)
    states = SAMPLES if level not in ("hard", "expert") else SAMPLES[:: 3 if level == "hard" else 8]
    assert any(s.window is not None for s in states)
    for k, state in enumerate(states):
        me = state.to_act
        assert me is not None
        twin = _reshuffled_secrets(state, me, seed=k)
        assert twin.deck != state.deck or not state.deck
        legal = legal_actions(state)
        assert legal == legal_actions(twin)
        a = bot.decide(view(state, me), legal, random.Random(k))
        b = bot.decide(view(twin, me), legal, random.Random(k))
        assert a == b, f"{level} peeked at hidden cards in position {k}"


def test_determinize_deals_only_unseen_cards() -> None:
    for k, state in enumerate(SAMPLES):
        me = state.to_act
        assert me is not None
        v = view(state, me)
        world = determinize(v, me, random.Random(k))
        assert not check_invariants(world)
        assert world.seats[me].hand == state.seats[me].hand
        for i, s in enumerate(world.seats):
            assert len(s.hand) == len(state.seats[i].hand)
            assert UNKNOWN not in s.hand
        assert len(world.deck) == len(state.deck)
        assert sorted(world.deck + [c for s in world.seats for c in s.hand]) == sorted(
            state.deck + [c for s in state.seats for c in s.hand]
        )
        assert all(0 <= c < N_CARDS for c in world.deck)
