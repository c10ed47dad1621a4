"""Phase F, Discard (R-DISCARD-1)."""

from __future__ import annotations

from engine import Phase, legal_actions
from engine.actions import Discard, EndPhase
from engine.cards import Kind
from tests.engine.positions import GANGSTER, assert_illegal, give, play, table, turn_of


def test_R_DISCARD_1_up_to_four_cards_face_up_beside_the_deck() -> None:
    """R-DISCARD-1: up to 4 hand cards go face up onto the discard pile."""
    state = table(players=3)
    cards = [give(state, 0, k) for k in (Kind.POLICE, Kind.BRIBE, Kind.DRIVE_BY,
                                         Kind.TURNCOAT, Kind.POKER_NIGHT)]  # fmt: skip
    turn_of(state, 0, Phase.DISCARD)
    for c in cards[:4]:
        play(state, Discard(c))
        assert state.discard[-1] == c  # face up, on top
    assert state.discarded_this_turn == 4
    assert state.seats[0].hand == [cards[4]]
    assert state.phase is Phase.DRAW  # nothing more to do in F
    assert_illegal(state, Discard(cards[4]), "R-TURN-1")


def test_R_DISCARD_1_a_fifth_discard_is_refused() -> None:
    """R-DISCARD-1: after four discards in the turn the fifth is refused, citing the rule."""
    state = table(players=3)
    card = give(state, 0, GANGSTER, 2)
    turn_of(state, 0, Phase.DISCARD)
    state.discarded_this_turn = 4
    assert legal_actions(state) == [EndPhase()]
    assert_illegal(state, Discard(card), "R-DISCARD-1")


def test_R_DISCARD_1_only_hand_cards_and_it_is_optional() -> None:
    """R-DISCARD-1: a player *may* discard; only cards from their own hand."""
    state = table(players=3)
    mine = give(state, 0, GANGSTER, 2)
    theirs = give(state, 1, GANGSTER, 3)
    turn_of(state, 0, Phase.DISCARD)
    assert_illegal(state, Discard(theirs), "R-DISCARD-1")
    play(state, EndPhase())
    assert state.seats[0].hand == [mine] and state.phase is Phase.DRAW
