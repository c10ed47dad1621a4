"""Phase A, Collect (R-COLLECT-1, R-COLLECT-2, I-BANK)."""

from __future__ import annotations

from engine import Phase
from engine.actions import AddAttacker, Draw, LaunchAttack, OpenCard, PlayPokerNight, StartAttack
from engine.cards import Kind
from tests.engine.positions import (
    GANGSTER,
    begin_turn,
    business,
    end_phase_until,
    force_dice,
    gangster,
    give,
    hideout,
    of_kind,
    play,
    set_bank,
    table,
    turn_of,
)


def test_R_COLLECT_1_hideout_earns_three_businesses_their_income() -> None:
    """R-COLLECT-1: Hideout 3 + each Business's number, paid from the bank."""
    state = table(players=4, money=0)
    business(state, 0, 3, on_hideout=True)
    business(state, 0, 1)
    business(state, 0, 4)
    bank = state.bank
    events = begin_turn(state, 0)
    assert [(e.seat, e.amount) for e in of_kind(events, "collect")] == [(0, 3 + 3 + 1 + 4)]
    assert state.seats[0].money == 11
    assert state.bank == bank - 11
    assert state.countdown_keeper is None


def test_R_COLLECT_1_a_bare_hideout_still_earns_three() -> None:
    """R-COLLECT-1: with no Business at all the Hideout's 3 is collected."""
    state = table(players=3, money=2)
    begin_turn(state, 1)
    assert state.seats[1].money == 5


def test_R_COLLECT_2_short_bank_pays_what_is_left_and_starts_the_countdown() -> None:
    """R-COLLECT-2: the player takes all that is left and the countdown starts
    (R-END-COUNT-1 trigger 2), with that player keeping it."""
    state = table(players=4, money=3)
    business(state, 2, 2)
    set_bank(state, 4)  # owed 5, bank holds 4
    money = state.seats[2].money
    begin_turn(state, 2)
    assert state.bank == 0
    assert state.seats[2].money == money + 4
    assert state.countdown_keeper == 2


def test_R_COLLECT_2_exactly_enough_does_not_start_the_countdown() -> None:
    """R-COLLECT-2: only a bank holding *less* than owed starts the countdown."""
    state = table(players=4, money=3)
    set_bank(state, 3)
    money = state.seats[2].money
    begin_turn(state, 2)
    assert state.bank == 0
    assert state.seats[2].money == money + 3
    assert state.countdown_keeper is None


def test_I_BANK_opening_and_drawing_pay_the_bank() -> None:
    """I-BANK: money paid to open cards and to draw goes to the bank."""
    state = table(players=4, money=6)
    casino = give(state, 0, Kind.BUSINESS, 4)
    turn_of(state, 0, Phase.OPEN)
    bank = state.bank
    play(state, OpenCard(casino, hideout(state, 0)))
    assert state.bank == bank + 3 and state.seats[0].money == 3
    end_phase_until(state, Phase.DRAW)
    bank = state.bank
    events = play(state, Draw(4))  # ends the turn; seat 1 then collects 3 from the bank
    assert [e.amount for e in of_kind(events, "draw")] == [3]
    assert state.seats[0].money == 0
    assert [e.amount for e in of_kind(events, "collect")] == [3]
    assert state.bank == bank + 3 - 3


def test_I_BANK_attack_money_goes_to_the_attacker() -> None:
    """I-BANK: a destroyed Business's income is paid to the attacker, not to the bank."""
    state = table(players=3, money=5)
    g = gangster(state, 0, 3, hideout(state, 0))
    still = business(state, 1, 1)
    turn_of(state, 0, Phase.ATTACK)
    bank = state.bank
    play(state, StartAttack(still), AddAttacker(g), LaunchAttack())
    assert state.seats[0].money == 6 and state.seats[1].money == 4
    assert state.bank == bank


def test_I_BANK_poker_pot_goes_to_its_winner() -> None:
    """I-BANK: a Poker Night pot goes to its winner; the bank is not involved."""
    state = table(players=3, money=4)
    poker = give(state, 0, Kind.POKER_NIGHT)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    bank = state.bank
    force_dice(state, 6, 6, 2, 3)  # host 6/6 keeps 6; seats 1 and 2 roll 2 and 3
    play(state, PlayPokerNight(poker))
    assert state.bank == bank
    assert [s.money for s in state.seats] == [4 + 4, 2, 2]
