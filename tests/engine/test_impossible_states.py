"""`from_json` and `GameState.from_text` refuse states the engine could never reach
(docs/rules-notes.md "Positions"): every corruption below, applied to a position from
random play, is a SaveFormatError naming the problem, never a crash and never accepted."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine import (
    GameState,
    SaveFormatError,
    SeatState,
    from_json,
    to_json,
)
from engine.cards import KIND, Kind
from engine.state import PendingAttack, Window, WindowKind
from tests.engine.positions import played


def _free_card(s: GameState, kind: Kind | None = None, not_kind: Kind | None = None) -> int:
    """Take a card of `kind` (or not of `not_kind`) from the deck or the discard pile."""
    for pile in (s.deck, s.discard):
        for c in reversed(pile):
            if (kind is None or KIND[c] == kind) and (not_kind is None or KIND[c] != not_kind):
                pile.remove(c)
                return c
    assume(False)  # none left in this position: hypothesis picks another
    raise AssertionError


SEAT = r"seat|does not exist|not a seat|3 to 6"


def too_few_seats(s: GameState) -> str:
    del s.seats[2:]
    s.n = 2
    return SEAT


def too_many_seats(s: GameState) -> str:
    while len(s.seats) < 7:
        s.seats.append(SeatState())
    s.n = 7
    return SEAT


def active_out_of_range(s: GameState) -> str:
    s.active = s.n
    return SEAT


def keeper_out_of_range(s: GameState) -> str:
    s.countdown_keeper = s.n + 2
    return SEAT


def winner_out_of_range(s: GameState) -> str:
    s.winners = (s.n,)
    return SEAT


def business_as_trophy(s: GameState) -> str:
    s.seats[0].trophies.append(_free_card(s, not_kind=Kind.HIDEOUT))
    return "trophy"


def attack_by_a_ghost(s: GameState) -> str:
    g = _free_card(s, Kind.GANGSTER)
    s.stack.append(PendingAttack(s.n + 1, s.seats[1].hideout or 1, True, (g,)))
    return SEAT


def attack_on_a_gangster(s: GameState) -> str:
    g = _free_card(s, Kind.GANGSTER)
    target = next(c for c in range(89) if KIND[c] == Kind.GANGSTER and c != g)
    s.stack.append(PendingAttack(0, target, False, (g,)))
    return "not a building"


def attack_without_gangsters(s: GameState) -> str:
    s.stack.append(PendingAttack(0, s.seats[1].hideout or 1, True, ()))
    return "without real gangsters"


def attack_with_a_business(s: GameState) -> str:
    b = _free_card(s, Kind.BUSINESS)
    s.stack.append(PendingAttack(0, s.seats[1].hideout or 1, True, (b,)))
    return "without real gangsters"


def window_of_a_ghost(s: GameState) -> str:
    s.stack.append(Window(WindowKind.END_TURN, s.n + 3, (0,), 0))
    return SEAT


CORRUPTIONS: list[Callable[[GameState], str]] = [
    too_few_seats,
    too_many_seats,
    active_out_of_range,
    keeper_out_of_range,
    winner_out_of_range,
    business_as_trophy,
    attack_by_a_ghost,
    attack_on_a_gangster,
    attack_without_gangsters,
    attack_with_a_business,
    window_of_a_ghost,
]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 5_000),
    steps=st.integers(0, 150),
    corrupt=st.sampled_from(CORRUPTIONS),
)
def test_impossible_states_are_refused_by_json_and_text(
    seed: int, steps: int, corrupt: Callable[[GameState], str]
) -> None:
    state = played(seed, steps)
    if state.game_over and corrupt is winner_out_of_range:
        return  # a finished game has winners of its own; covered on live games
    bad = state.clone()
    bad.seats = [s.copy() for s in bad.seats]
    word = corrupt(bad)
    data = to_json(bad)
    with pytest.raises(SaveFormatError) as from_data:
        from_json(data)
    text = bad.to_text()  # writing never fails, whatever the state
    with pytest.raises(SaveFormatError) as from_words:
        GameState.from_text(text)
    for err in (from_data.value, from_words.value):
        assert re.search(word, str(err)), str(err)


@pytest.mark.parametrize("seed", range(6))
def test_reachable_states_are_accepted_by_both(seed: int) -> None:
    state = played(seed, 40 + 17 * seed)
    assert to_json(from_json(to_json(state))) == to_json(state)
    assert to_json(GameState.from_text(state.to_text())) == to_json(state)
