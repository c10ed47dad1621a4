"""§0 Components and §1 Setup (R-COMP-*, R-SETUP-*, I-HIDEOUTS, I-DICE, I-FIRST)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import (
    SEAT_RANGE,
    GameOptions,
    IllegalAction,
    Phase,
    apply,
    legal_actions,
    new_game,
    to_json,
)
from engine.actions import Discard, Draw, EndPhase, Mulligan, OpenCard
from engine.cards import CARDS, HIDEOUTS, KIND, N_CARDS, PLAYABLE_DECK, VALUE, Kind
from engine.invariants import card_locations, check_invariants
from engine.state import COUNTDOWN_TOKENS, MONEY_IN_PLAY
from tests.engine.positions import assert_illegal, finish_turn, fresh, play


def _counts(kind: Kind) -> dict[int, int]:
    return dict(sorted(Counter(c.value for c in CARDS if c.kind == kind).items()))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_R_COMP_1_three_to_six_players_can_play(players: int) -> None:
    """R-COMP-1: 3 to 6 players (age and play time are not the engine's business)."""
    state = new_game(GameOptions(players=players, seed=3))
    assert state.n == players
    assert len(state.seats) == players
    assert state.to_act is not None and 0 <= state.to_act < players


def test_R_COMP_1_the_seat_range_is_exported_once() -> None:
    """The app and the tools read the player counts from the engine (issue 24)."""
    assert list(SEAT_RANGE) == [3, 4, 5, 6]
    assert set(MONEY_IN_PLAY) == set(SEAT_RANGE)  # R-SETUP-2 has a sum for each


@pytest.mark.parametrize("players", [0, 1, 2, 7, 8])
def test_R_COMP_1_other_player_counts_are_refused(players: int) -> None:
    """R-COMP-1: the game is for 3 to 6 players, no fewer and no more."""
    with pytest.raises(IllegalAction) as info:
        new_game(GameOptions(players=players, seed=3))
    assert info.value.rule == "R-COMP-1"


def test_R_COMP_2_eighty_nine_cards_each_in_exactly_one_place() -> None:
    """R-COMP-2: 89 game cards (no QR card): 36 + 28 + 19 + 6 Hideouts."""
    assert N_CARDS == 89
    by_kind = Counter(c.kind for c in CARDS)
    assert by_kind[Kind.GANGSTER] == 36
    assert by_kind[Kind.BUSINESS] == 28
    assert sum(by_kind[k] for k in Kind if k not in (Kind.GANGSTER, Kind.BUSINESS)) == 19 + 6
    for players in (3, 6):
        state = new_game(GameOptions(players=players, seed=9))
        places = card_locations(state)
        assert sorted(places) == list(range(89))


def test_I_HIDEOUTS_six_hideouts_one_per_seat() -> None:
    """I-HIDEOUTS: 89 - 83 = 6 Hideouts, enough for one per seat at six players."""
    assert len(HIDEOUTS) == 6
    assert N_CARDS - len(HIDEOUTS) == 83
    state = new_game(GameOptions(players=6, seed=1))
    assert sorted(s.hideout for s in state.seats if s.hideout is not None) == sorted(HIDEOUTS)
    assert not [c for c in state.box if KIND[c] == Kind.HIDEOUT]


def test_R_COMP_3_gangster_strengths() -> None:
    """R-COMP-3: Gangsters 1 x14, 2 x10, 3 x8, 4 x4."""
    assert _counts(Kind.GANGSTER) == {1: 14, 2: 10, 3: 8, 4: 4}


def test_R_COMP_4_business_incomes_and_names() -> None:
    """R-COMP-4: Moonshine Still (1) x10, Bootlegger (2) x8, Speakeasy (3) x6, Casino (4) x4."""
    assert _counts(Kind.BUSINESS) == {1: 10, 2: 8, 3: 6, 4: 4}
    names = {c.value: c.name for c in CARDS if c.kind == Kind.BUSINESS}
    assert names == {1: "Moonshine Still", 2: "Bootlegger", 3: "Speakeasy", 4: "Casino"}


def test_R_COMP_5_reaction_cards() -> None:
    """R-COMP-5: Poker Night x3, Police x4, Bribe x4, Drive-by x5, Turncoat x3."""
    counts = Counter(c.kind for c in CARDS)
    assert counts[Kind.POKER_NIGHT] == 3
    assert counts[Kind.POLICE] == 4
    assert counts[Kind.BRIBE] == 4
    assert counts[Kind.DRIVE_BY] == 5
    assert counts[Kind.TURNCOAT] == 3
    assert all(c.is_reaction for c in CARDS if c.kind not in (Kind.GANGSTER, Kind.BUSINESS,
                                                               Kind.HIDEOUT))  # fmt: skip


def test_R_COMP_6_money_is_eighty_at_most() -> None:
    """R-COMP-6: 25 x1 + 11 x5 = 80 coins, all of it in play only with six players."""
    assert 25 * 1 + 11 * 5 == 80
    assert max(MONEY_IN_PLAY.values()) == 80
    state = new_game(GameOptions(players=6, seed=2))
    assert state.money_in_play == 80
    assert state.bank + sum(s.money for s in state.seats) == 80


def test_R_COMP_7_four_countdown_tokens() -> None:
    """R-COMP-7: four countdown tokens, none taken at the start."""
    assert COUNTDOWN_TOKENS == 4
    state = new_game(GameOptions(players=4, seed=2))
    assert state.countdown_tokens == 0


def test_R_COMP_8_I_DICE_rolls_are_six_sided() -> None:
    """R-COMP-8 / I-DICE: the dice are ordinary d6: every face 1..6 comes up, nothing else."""
    state = new_game(GameOptions(players=4, seed=11))
    faces = Counter(state.roll() for _ in range(3000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert min(faces.values()) > 350  # roughly uniform


def test_I_DICE_rolls_come_from_the_seeded_state() -> None:
    """I-DICE: the same seed rolls the same dice (chance is explicit and replayable)."""
    a = new_game(GameOptions(players=4, seed=5))
    b = new_game(GameOptions(players=4, seed=5))
    assert [a.roll() for _ in range(20)] == [b.roll() for _ in range(20)]


def test_R_SETUP_1_hideouts_face_up_rest_shuffled_extra_hideouts_boxed() -> None:
    """R-SETUP-1: each seat has a Hideout on the table; the others are boxed; none in the deck."""
    state = new_game(GameOptions(players=4, seed=4))
    for seat in state.seats:
        assert seat.hideout is not None and KIND[seat.hideout] == Kind.HIDEOUT
        assert seat.hideout in seat.buildings
    assert sorted(state.box) == sorted(set(HIDEOUTS) - {s.hideout for s in state.seats})
    assert not [c for c in state.deck if KIND[c] == Kind.HIDEOUT]
    other = new_game(GameOptions(players=4, seed=5))
    assert state.deck != other.deck  # shuffled by the seed
    assert sorted(state.deck + [c for s in state.seats for c in s.hand]) == sorted(PLAYABLE_DECK)


@pytest.mark.parametrize(("players", "money"), [(3, 50), (4, 60), (5, 70), (6, 80)])
def test_R_SETUP_2_money_in_play_and_three_coins_each(players: int, money: int) -> None:
    """R-SETUP-2: 50/60/70/80 in play; each player takes three 1-coins from the bank."""
    state = new_game(GameOptions(players=players, seed=1))
    assert state.money_in_play == money
    assert [s.money for s in state.seats] == [3] * players
    assert state.bank == money - 3 * players  # 4 players: 48 (RULES.md §5)


def test_R_SETUP_3_countdown_circle_is_whole() -> None:
    """R-SETUP-3: the countdown starts whole: no keeper, no token taken."""
    state = new_game(GameOptions(players=5, seed=8))
    assert state.countdown_keeper is None
    assert state.countdown_tokens == 0
    assert not state.countdown_started


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_R_SETUP_4_deck_face_down_in_the_middle(players: int) -> None:
    """R-SETUP-4: the rest of the deck lies face down: a seat's view hides its order."""
    from engine import view

    state = new_game(GameOptions(players=players, seed=1))
    assert len(state.deck) == 83 - 6 * players
    seen = view(state, 0)
    assert len(seen.deck) == len(state.deck)
    assert set(seen.deck) == {-1}


def test_R_SETUP_5_first_player_by_lot_then_clockwise() -> None:
    """R-SETUP-5 (no drinking in the app): a die-like draw picks the first player, then play
    goes clockwise, i.e. to the next seat number."""
    firsts = {new_game(GameOptions(players=4, seed=s)).first_player for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = fresh(players=4, seed=3, first_player=2)
    assert state.active == 2
    finish_turn(state)
    assert state.active == 3
    finish_turn(state)
    assert state.active == 0


def test_I_FIRST_seeded_random_or_chosen_first_player() -> None:
    """I-FIRST: seeded random first player (reproducible), or the table's choice."""
    for seed in range(10):
        a = new_game(GameOptions(players=5, seed=seed))
        b = new_game(GameOptions(players=5, seed=seed))
        assert a.first_player == b.first_player
    chosen = new_game(GameOptions(players=5, seed=1, first_player=3))
    assert chosen.first_player == 3
    assert chosen.to_act == 3  # the mulligan starts with the first player
    with pytest.raises(IllegalAction) as info:
        new_game(GameOptions(players=3, seed=1, first_player=3))
    assert info.value.rule == "I-FIRST"


def test_R_SETUP_6_six_cards_each() -> None:
    """R-SETUP-6: six cards are dealt to each player."""
    for players in (3, 6):
        state = new_game(GameOptions(players=players, seed=6))
        assert [len(s.hand) for s in state.seats] == [6] * players
        assert state.phase is Phase.MULLIGAN


def test_R_SETUP_7_swap_up_to_two_free_starting_with_the_first_player() -> None:
    """R-SETUP-7: from the first player on, each may discard up to 2 face up and draw as many,
    free of charge."""
    state = new_game(GameOptions(players=3, seed=2, first_player=1))
    assert state.to_act == 1
    hand = list(state.seats[1].hand)
    swap = (hand[0], hand[1])
    top_two = state.deck[-2:]
    play(state, Mulligan(swap))
    s1 = state.seats[1]
    assert len(s1.hand) == 6 and s1.money == 3
    # Face up on the discard pile (identical cards are interchangeable, so compare faces).
    assert sorted((KIND[c], VALUE[c]) for c in swap) == sorted(
        (KIND[c], VALUE[c]) for c in state.discard
    )
    assert set(top_two) <= set(s1.hand)
    assert state.to_act == 2  # clockwise from the first player
    play(state, Mulligan((state.seats[2].hand[0],)))
    assert len(state.seats[2].hand) == 6
    assert state.to_act == 0
    assert not check_invariants(state)


def test_R_SETUP_7_three_cards_or_other_actions_refused_during_the_swap() -> None:
    """R-SETUP-7: at most two cards, and nothing else happens until everyone has swapped."""
    state = new_game(GameOptions(players=4, seed=2, first_player=0))
    hand = state.seats[0].hand
    assert_illegal(state, Mulligan(tuple(hand[:3])), "R-SETUP-7")
    assert_illegal(state, Discard(hand[0]), "R-SETUP-7")
    assert_illegal(state, OpenCard(hand[0], state.seats[0].hideout), "R-SETUP-7")
    assert all(len(a.cards) <= 2 for a in legal_actions(state) if isinstance(a, Mulligan))


def test_R_SETUP_7_later_draws_are_priced() -> None:
    """R-SETUP-7: only the opening swap is free; after it, drawing costs (R-DRAW-1)."""
    state = fresh(players=3, seed=4)
    seat = state.seats[state.active]
    while state.phase is not Phase.DRAW:
        acts = legal_actions(state)
        discards = [a for a in acts if isinstance(a, Discard)]
        if state.phase is Phase.DISCARD and discards and len(seat.hand) > 3:
            apply(state, discards[0])
        else:
            apply(state, EndPhase())
    before = seat.money
    n = min(6 - len(seat.hand), before + 1)
    assert n >= 2
    apply(state, Draw(n))
    assert seat.money == before - (n - 1)


def test_setup_state_round_trips_through_json() -> None:
    """The setup position is a valid save (I-FIRST seed and R-SETUP-2 money included)."""
    from engine import from_json

    state = new_game(GameOptions(players=4, seed=12))
    assert to_json(from_json(to_json(state))) == to_json(state)
