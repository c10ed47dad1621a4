"""Phase G, Draw (R-DRAW-1..4, I-DRAW-EMPTY)."""

from __future__ import annotations

import pytest

from engine import Phase, legal_actions
from engine.actions import Draw, EndPhase
from tests.engine.positions import (
    GANGSTER,
    assert_illegal,
    give,
    of_kind,
    play,
    table,
    turn_of,
)


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 6])
def test_R_DRAW_1_n_cards_cost_n_minus_one_to_the_bank(count: int) -> None:
    """R-DRAW-1: 1 card is free, 2 cost 1, 3 cost 2 ... paid to the bank."""
    state = table(players=3, money=5)
    turn_of(state, 0, Phase.DRAW)
    bank = state.bank
    events = play(state, Draw(count))
    assert state.seats[0].money == 5 - (count - 1)
    draw = of_kind(events, "draw")
    assert [(e.seat, len(e.cards), e.amount) for e in draw] == [(0, count, count - 1)]
    collected = sum(e.amount for e in of_kind(events, "collect"))  # the next seat's Collect
    assert state.bank == bank + count - 1 - collected


def test_R_DRAW_1_cannot_draw_more_than_you_can_pay_for() -> None:
    """R-DRAW-1: three cards cost 2; with 1 coin only 1 or 2 cards may be drawn."""
    state = table(players=3, money=1)
    turn_of(state, 0, Phase.DRAW)
    assert sorted(a.count for a in legal_actions(state) if isinstance(a, Draw)) == [1, 2]
    err = assert_illegal(state, Draw(3), "R-DRAW-1")
    assert "costs 2" in str(err)
    assert_illegal(state, Draw(0), "R-DRAW-1")


def test_R_DRAW_2_all_at_once_then_the_turn_is_over() -> None:
    """R-DRAW-2: the cards are taken at once (the top of the deck); no second draw."""
    state = table(players=3, money=5)
    turn_of(state, 0, Phase.DRAW)
    top3 = state.deck[-3:]
    events = play(state, Draw(3))
    assert sorted(state.seats[0].hand) == sorted(top3)
    assert len(of_kind(events, "draw")) == 1
    assert state.active == 1  # the draw ended seat 0's turn


def test_R_DRAW_3_never_above_six() -> None:
    """R-DRAW-3: a draw may not take the hand above 6; with 6 cards no draw at all."""
    state = table(players=3, money=10)
    for _ in range(4):
        give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.DRAW)
    assert sorted(a.count for a in legal_actions(state) if isinstance(a, Draw)) == [1, 2]
    assert_illegal(state, Draw(3), "R-DRAW-3")
    for _ in range(2):
        give(state, 0, GANGSTER, 2)
    turn_of(state, 0, Phase.DRAW)
    assert legal_actions(state) == [EndPhase()]
    assert_illegal(state, Draw(1), "R-DRAW-3")


def test_R_DRAW_4_empty_deck_reshuffles_the_discard_pile() -> None:
    """R-DRAW-4: when the deck runs out the discard pile becomes a new face-down deck."""
    state = table(players=3, money=5)
    state.discard.extend(state.deck[:10])
    state.box.extend(state.deck[10:-2])  # keep conservation: park the rest in the box
    state.deck[:] = state.deck[-2:]
    turn_of(state, 0, Phase.DRAW)
    pile = set(state.discard)
    events = play(state, Draw(4))
    assert of_kind(events, "reshuffle")
    assert state.discard == [] or set(state.discard).isdisjoint(pile)
    assert len(state.deck) == 10 - 2
    assert len(state.seats[0].hand) == 4
    assert set(state.deck) <= pile


def test_I_DRAW_EMPTY_draw_what_there_is_pay_for_what_you_got() -> None:
    """I-DRAW-EMPTY: with deck and discard pile nearly exhausted only the cards that exist
    can be drawn, priced on the cards actually drawn."""
    state = table(players=3, money=5)
    state.box.extend(state.deck[:-2])
    state.deck[:] = state.deck[-2:]
    turn_of(state, 0, Phase.DRAW)
    assert sorted(a.count for a in legal_actions(state) if isinstance(a, Draw)) == [1, 2]
    assert_illegal(state, Draw(3), "I-DRAW-EMPTY")
    events = play(state, Draw(2))
    assert [e.amount for e in of_kind(events, "draw")] == [1]
    assert len(state.seats[0].hand) == 2
    # Nobody can draw any more, so play runs on; seat 0 paid 1 for its two cards.
    assert [e.amount for e in of_kind(events, "draw")] == [1]


def test_I_DRAW_EMPTY_nothing_left_nothing_to_draw() -> None:
    """I-DRAW-EMPTY: with deck and discard pile both empty the draw phase offers nothing."""
    state = table(players=3, money=5)
    state.box.extend(state.deck)
    state.deck.clear()
    turn_of(state, 0, Phase.DRAW)
    assert legal_actions(state) == [EndPhase()]
    assert_illegal(state, Draw(1), "I-DRAW-EMPTY")
