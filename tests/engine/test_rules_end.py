"""§4 Winning and the end of the game (R-END-*, I-LAST, I-COUNT-START, I-SCORE-HIDEOUT,
I-TIE)."""

from __future__ import annotations

import pytest

from engine import Event, GameState, Phase, legal_actions, outcome
from engine.actions import EndPhase, PlayPokerNight
from engine.cards import Kind
from tests.engine.positions import (
    GANGSTER,
    assert_illegal,
    attack,
    begin_turn,
    business,
    check,
    finish_turn,
    force_dice,
    gangster,
    give,
    hidden,
    hideout,
    of_kind,
    play,
    set_bank,
    set_money,
    table,
    turn_of,
)


def _end_by_countdown(state: GameState, keeper: int = 0) -> list[Event]:
    """The keeper's turn that takes the 4th token ends now."""
    state.countdown_keeper = keeper
    state.countdown_tokens = 3
    turn_of(state, keeper, Phase.DRAW)
    state.countdown_turn = state.turn - 1
    return finish_turn(state)


# --- immediate wins -----------------------------------------------------------------------


def test_R_END_WAR_1_second_hideout_destroyed_wins_at_once() -> None:
    """R-END-WAR-1: a player who knocks out two opponents by destroying their Hideouts wins
    at once, even with others still in the game."""
    state = table(players=5, money=0)
    set_money(state, 0, 3)
    h0 = hideout(state, 0)
    first = gangster(state, 0, 3, h0)
    second = gangster(state, 0, 4, business(state, 0, 4))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 1, 1)
    attack(state, hideout(state, 4), first)
    assert not state.seats[4].alive and not state.game_over
    events = attack(state, hideout(state, 1), second)
    assert state.game_over and state.to_act is None
    result = outcome(state)
    assert result is not None and result.method == "war" and result.winners == (0,)
    assert [e.seat for e in of_kind(events, "win")] == [0]
    assert len(state.alive_seats()) == 3
    assert legal_actions(state) == []
    assert_illegal(state, EndPhase(), "R-END-SCORE-4")


def test_I_LAST_the_only_one_left_wins() -> None:
    """I-LAST: a player who is the only one left in the game wins at once (one trophy only,
    so this is not R-END-WAR-1)."""
    state = table(players=3, money=0)
    a1 = gangster(state, 1, 3, hideout(state, 1))
    turn_of(state, 1, Phase.ATTACK)
    force_dice(state, 1)
    attack(state, hideout(state, 2), a1)
    assert not state.seats[2].alive and not state.game_over
    a0 = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 1)
    attack(state, hideout(state, 1), a0)
    result = outcome(state)
    assert result is not None and result.method == "last_standing"
    assert result.winners == (0,) and len(state.seats[0].trophies) == 1


@pytest.mark.parametrize(("players", "wins_at"), [(3, 26), (4, 31), (5, 36), (6, 41)])
def test_R_END_MONEY_1_more_than_half_at_the_end_of_ones_own_turn(
    players: int, wins_at: int
) -> None:
    """R-END-MONEY-1: holding more than half of the money in play at the end of one's own
    turn wins (3p 26, 4p 31, 5p 36, 6p 41); one coin less does not."""
    for money, wins in ((wins_at - 1, False), (wins_at, True)):
        state = table(players=players, money=0)
        set_money(state, 1, money)
        turn_of(state, 1, Phase.DRAW)
        play(state, EndPhase())
        result = outcome(state)
        assert (result is not None and result.method == "money" and result.winners == (1,)) \
            is wins, money  # fmt: skip


def test_R_END_MONEY_1_only_at_the_end_of_the_holders_turn_and_optional() -> None:
    """R-END-MONEY-1: checked at the end of the holder's own turn, and switched off by the
    option."""
    state = table(players=4, money=0)
    set_money(state, 2, 40)
    turn_of(state, 1, Phase.DRAW)
    play(state, EndPhase())
    assert outcome(state) is None
    off = table(players=4, money=0, money_victory=False)
    set_money(off, 2, 40)
    turn_of(off, 2, Phase.DRAW)
    play(off, EndPhase())
    assert outcome(off) is None and off.active == 3


# --- the countdown ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "third"), [(3, 17), (4, 20), (5, 24), (6, 27)])
def test_R_END_COUNT_1_a_third_of_the_money_in_play_starts_it(players: int, third: int) -> None:
    """R-END-COUNT-1 (3): holding a third (rounded up) of the money in play starts the
    countdown (4p: 20 of 60), whatever is left in the bank."""
    for before, starts in ((third - 4, False), (third - 3, True)):
        state = table(players=players, money=0)
        set_money(state, 0, before)
        set_money(state, 1, 3)
        g = gangster(state, 0, 3, hideout(state, 0))
        speak = business(state, 1, 3)
        turn_of(state, 0, Phase.ATTACK)
        attack(state, speak, g)  # R-ATK-9: seat 1 pays 3
        assert state.seats[0].money == before + 3
        assert (state.countdown_keeper == 0) is starts, before


def test_R_END_COUNT_1_destroyed_hideout_starts_it_and_it_never_stops() -> None:
    """R-END-COUNT-1 (1): destroying a Hideout starts the countdown; it never stops, even
    when nothing triggers any more."""
    state = table(players=4, money=0)
    g = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 2)
    attack(state, hideout(state, 1), g)
    assert state.countdown_keeper == 0
    for _ in range(4):
        finish_turn(state)
    assert state.countdown_keeper == 0 and state.countdown_tokens == 1


def test_R_END_COUNT_2_a_token_per_keeper_turn_from_the_next_then_the_end() -> None:
    """R-END-COUNT-2: the keeper takes a token at the end of each of their turns, starting
    with their next turn; the 4th token ends the game and the scores decide."""
    state = table(players=3, money=3)
    state.countdown_keeper = 0
    turn_of(state, 0, Phase.DRAW)
    state.countdown_turn = state.turn  # triggered during this very turn
    tokens_after_keeper_turn = []
    finish_turn(state)
    tokens_after_keeper_turn.append(state.countdown_tokens)
    while not state.game_over:
        for _ in range(3):
            if not state.game_over:
                finish_turn(state)
        tokens_after_keeper_turn.append(state.countdown_tokens)
    assert tokens_after_keeper_turn == [0, 1, 2, 3, 4]
    result = outcome(state)
    assert result is not None and result.method == "countdown"


def test_I_COUNT_START_trigger_in_someone_elses_turn() -> None:
    """I-COUNT-START: the first token is taken at the end of the trigger player's first own
    turn that begins after the trigger, here set off by a Poker Night win in another turn."""
    state = table(players=4, money=0)
    set_money(state, 1, 2)
    set_money(state, 2, 18)
    poker = give(state, 1, Kind.POKER_NIGHT)
    give(state, 1, GANGSTER, 1)
    turn_of(state, 1, Phase.OPEN)
    force_dice(state, 1, 1, 6)
    play(state, PlayPokerNight(poker))
    assert state.seats[2].money == 20 and state.countdown_keeper == 2
    finish_turn(state)  # seat 1's turn ends
    assert state.active == 2 and state.countdown_tokens == 0
    finish_turn(state)  # seat 2's first turn after the trigger
    assert state.countdown_tokens == 1


def test_I_COUNT_START_trigger_in_ones_own_turn_waits_for_the_next() -> None:
    """I-COUNT-START: triggered in the keeper's own turn (a short Collect), no token at the
    end of that turn."""
    state = table(players=3, money=3)
    set_money(state, 1, 3)
    set_bank(state, 1)
    begin_turn(state, 2)
    assert state.countdown_keeper == 2
    finish_turn(state)
    assert state.countdown_tokens == 0


def test_R_END_COUNT_3_keeper_eliminated_previous_player_carries_on() -> None:
    """R-END-COUNT-3: if the countdown keeper leaves the game, the player before them in
    turn order carries on."""
    state = table(players=4, money=0)
    state.countdown_keeper = 2
    g = gangster(state, 3, 3, hideout(state, 3))
    turn_of(state, 3, Phase.ATTACK)
    state.countdown_turn = state.turn - 2
    force_dice(state, 1)
    events = attack(state, hideout(state, 2), g)
    assert not state.seats[2].alive
    assert state.countdown_keeper == 1
    assert [e.seat for e in of_kind(events, "keeper")] == [1]


# --- scores -------------------------------------------------------------------------------


def test_R_END_SCORE_1_each_destroyed_hideout_is_worth_10() -> None:
    """R-END-SCORE-1: 10 points per Hideout destroyed."""
    state = table(players=5, money=0)
    g1 = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 1)
    attack(state, hideout(state, 3), g1)
    _end_by_countdown(state)
    result = outcome(state)
    assert result is not None
    assert result.scores[0].trophies == 10


def test_R_END_SCORE_2_every_opened_card_counts_hidden_included() -> None:
    """R-END-SCORE-2: each card on the table counts its number, HIDDEN gangsters included."""
    state = table(players=3, money=0)
    bar = business(state, 1, 2)
    gangster(state, 1, 2, bar)
    business(state, 1, 4)
    hidden(state, 1, 3)
    give(state, 1, GANGSTER, 4)  # in hand: not opened, no points
    _end_by_countdown(state, keeper=0)
    result = outcome(state)
    assert result is not None
    s1 = result.scores[1]
    assert (s1.businesses, s1.gangsters) == (2 + 4, 2 + 3)


def test_I_SCORE_HIDEOUT_own_hideout_3_trophy_10_not_13() -> None:
    """I-SCORE-HIDEOUT: one's own Hideout scores 3; a trophy Hideout 10, not 13."""
    state = table(players=4, money=0)
    g = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 1)
    attack(state, hideout(state, 2), g)
    _end_by_countdown(state)
    result = outcome(state)
    assert result is not None
    me = result.scores[0]
    assert (me.hideout, me.trophies) == (3, 10)
    assert me.total == 3 + 10 + me.businesses + me.gangsters + me.money
    assert result.scores[2].hideout == 0 and not result.scores[2].alive


def test_R_END_SCORE_3_money_is_added() -> None:
    """R-END-SCORE-3: the player's coins add to the score."""
    state = table(players=3, money=0)
    set_money(state, 2, 9)
    _end_by_countdown(state)
    result = outcome(state)
    assert result is not None
    assert result.scores[2].money == 9 and result.scores[2].total == 3 + 9
    assert result.winners == (2,)


def test_R_END_SCORE_4_highest_wins_ties_by_businesses_then_money() -> None:
    """R-END-SCORE-4: highest score wins; a tie goes to the higher Business total, then to
    more money."""
    # Seat 1: 3 + Casino 4 + 1 coin = 8; seat 2: 3 + 5 coins = 8: the Casino breaks the tie.
    state = table(players=3, money=0)
    business(state, 1, 4)
    set_money(state, 1, 1)
    set_money(state, 2, 5)
    _end_by_countdown(state)
    result = outcome(state)
    assert result is not None
    assert result.scores[1].total == result.scores[2].total == 8
    assert result.winners == (1,)
    # Same Business totals: money decides. Seat 1: 3 + Still 1 + gangster 1 + 3 coins = 8;
    # seat 2: 3 + Still 1 + 4 coins = 8.
    state = table(players=3, money=0)
    still = business(state, 1, 1)
    gangster(state, 1, 1, still)
    business(state, 2, 1)
    set_money(state, 1, 3)
    set_money(state, 2, 4)
    _end_by_countdown(state)
    result = outcome(state)
    assert result is not None
    assert result.scores[1].total == result.scores[2].total == 8
    assert result.winners == (2,)


def test_I_TIE_a_tie_surviving_both_tie_breaks_is_shared() -> None:
    """I-TIE: same score, same Business value, same money: a shared win."""
    state = table(players=3, money=0)
    for seat in (1, 2):
        business(state, seat, 2)
        set_money(state, seat, 4)
    _end_by_countdown(state)
    result = outcome(state)
    assert result is not None
    assert result.winners == (1, 2) and result.shared
    check(state)
