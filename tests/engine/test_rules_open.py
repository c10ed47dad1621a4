"""Phase D, Open cards (R-OPEN-1..6, I-OPEN-FIRST)."""

from __future__ import annotations

from engine import Phase, apply, legal_actions
from engine.actions import AddAttacker, Draw, EndPhase, LaunchAttack, OpenCard, StartAttack
from engine.cards import Kind
from tests.engine.positions import (
    BUSINESS,
    GANGSTER,
    assert_illegal,
    business,
    check,
    end_phase_until,
    gangster,
    give,
    hideout,
    play,
    table,
    turn_of,
)


def test_R_OPEN_1_cost_is_the_number_minus_one_paid_to_the_bank() -> None:
    """R-OPEN-1: a card costs its number minus one; 1s are free; the money goes to the bank."""
    state = table(players=3, money=5)
    h = hideout(state, 0)
    still = give(state, 0, BUSINESS, 1)
    one = give(state, 0, GANGSTER, 1)
    speak = give(state, 0, BUSINESS, 3)
    three = give(state, 0, GANGSTER, 3)
    turn_of(state, 0, Phase.OPEN)
    bank = state.bank
    events = play(state, OpenCard(still, h), OpenCard(one, still))
    assert state.seats[0].money == 5 and state.bank == bank
    assert [e.amount for e in events if e.kind == "open"] == [0, 0]
    play(state, OpenCard(speak, None))
    assert state.seats[0].money == 3 and state.bank == bank + 2
    play(state, OpenCard(three, speak))
    assert state.seats[0].money == 1 and state.bank == bank + 4


def test_R_OPEN_1_cannot_open_what_you_cannot_pay() -> None:
    """R-OPEN-1: a Casino costs 3; with 2 coins it is neither offered nor accepted."""
    state = table(players=3, money=2)
    casino = give(state, 0, BUSINESS, 4)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    assert not [a for a in legal_actions(state) if getattr(a, "card", None) == casino]
    err = assert_illegal(state, OpenCard(casino, hideout(state, 0)), "R-OPEN-1")
    assert "costs 3" in str(err)


def test_R_OPEN_2_open_as_many_as_you_can_pay_for() -> None:
    """R-OPEN-2: there is no limit on the number of cards opened in one phase."""
    state = table(players=3, money=6)
    h = hideout(state, 0)
    bar = give(state, 0, BUSINESS, 2)
    casino = give(state, 0, BUSINESS, 4)
    for _ in range(4):
        give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    play(state, OpenCard(bar, h), OpenCard(casino, None))
    for _ in range(4):  # identical cards are interchangeable: open whichever 1 is in hand
        play(state, OpenCard(state.seats[0].hand[0], casino))
    seat = state.seats[0]
    assert seat.money == 6 - 1 - 3
    assert seat.hand == []
    assert len(seat.buildings[casino]) == 4
    check(state)


def test_R_OPEN_3_one_business_on_the_hideout_none_on_each_other() -> None:
    """R-OPEN-3: only one Business on top of the Hideout; Businesses never stack."""
    state = table(players=3, money=6)
    h = hideout(state, 0)
    top = business(state, 0, 2, on_hideout=True)
    other = give(state, 0, BUSINESS, 1)
    turn_of(state, 0, Phase.OPEN)
    assert OpenCard(other, h) not in legal_actions(state)
    assert OpenCard(other, None) in legal_actions(state)
    assert_illegal(state, OpenCard(other, h), "R-OPEN-3")
    assert_illegal(state, OpenCard(other, top), "R-OPEN-3")


def test_R_OPEN_4_first_business_goes_on_the_hideout() -> None:
    """R-OPEN-4: the first Business a player opens must go on top of their Hideout."""
    state = table(players=3, money=6)
    h = hideout(state, 0)
    bar = give(state, 0, BUSINESS, 2)
    turn_of(state, 0, Phase.OPEN)
    offered = [a for a in legal_actions(state) if isinstance(a, OpenCard)]
    assert offered == [OpenCard(bar, h)]
    assert_illegal(state, OpenCard(bar, None), "R-OPEN-4")
    play(state, OpenCard(bar, h))
    assert state.seats[0].top == bar


def test_R_OPEN_5_gangsters_open_within_the_buildings_income() -> None:
    """R-OPEN-5: gangsters open onto a Business or the Hideout while the strength there stays
    at most its income (the Hideout's is 3)."""
    state = table(players=3, money=6)
    h = hideout(state, 0)
    two_a = give(state, 0, GANGSTER, 2)
    two_b = give(state, 0, GANGSTER, 2)
    one = give(state, 0, GANGSTER, 1)
    theirs = business(state, 1, 4)
    turn_of(state, 0, Phase.OPEN)
    play(state, OpenCard(two_a, h))
    assert OpenCard(two_b, h) not in legal_actions(state)
    err = assert_illegal(state, OpenCard(two_b, h), "R-GANG-3")
    assert "2 of 3" in str(err)
    assert_illegal(state, OpenCard(one, None), "R-OPEN-5")
    assert_illegal(state, OpenCard(one, theirs), "R-OPEN-5")
    play(state, OpenCard(one, h))
    assert state.seats[0].load(h) == 3


def test_R_GANG_3_a_gangster_too_strong_for_an_empty_building_is_told_so() -> None:
    """R-GANG-3: a 4 never fits on a Hideout (income 3), empty or not; the refusal says
    the gangster is too strong, not that an empty building is full."""
    state = table(players=3, money=6)
    h = hideout(state, 0)
    four = give(state, 0, GANGSTER, 4)
    turn_of(state, 0, Phase.OPEN)
    err = assert_illegal(state, OpenCard(four, h), "R-GANG-3")
    assert "too strong" in str(err) and "3 at most" in str(err)
    assert "full" not in str(err)


def test_R_OPEN_6_money_spent_opening_is_missing_when_drawing() -> None:
    """R-OPEN-6 (advice): keep money back for drawing; the mechanical fact behind it is that
    whatever is spent in phase D limits how many cards phase G can draw."""
    for spend, draws in ((True, [1]), (False, [1, 2, 3, 4])):
        state = table(players=3, money=3)
        casino = give(state, 0, BUSINESS, 4)
        turn_of(state, 0, Phase.OPEN)
        if spend:
            play(state, OpenCard(casino, hideout(state, 0)))
        end_phase_until(state, Phase.DRAW)
        offered = sorted(a.count for a in legal_actions(state) if isinstance(a, Draw))
        assert offered == draws, spend


def test_I_OPEN_FIRST_only_the_very_first_business_is_bound() -> None:
    """I-OPEN-FIRST: after the first Business, new ones may stand alone and an empty Hideout
    may stay empty, even when the first Business is gone."""
    state = table(players=3, money=6)
    h0 = hideout(state, 0)
    first = business(state, 0, 1, on_hideout=True)
    # The first Business is destroyed by seat 1.
    g = gangster(state, 1, 3, hideout(state, 1))
    turn_of(state, 1, Phase.ATTACK)
    play(state, StartAttack(first), AddAttacker(g), LaunchAttack())
    assert state.seats[0].top is None and first not in state.seats[0].buildings
    bar = give(state, 0, BUSINESS, 2)
    turn_of(state, 0, Phase.OPEN)
    acts = legal_actions(state)
    assert OpenCard(bar, None) in acts and OpenCard(bar, h0) in acts
    play(state, OpenCard(bar, None))
    assert state.seats[0].top is None
    # Phase E: the empty Hideout may stay empty (ending the phase) or move under the bar.
    assert state.phase is Phase.HIDEOUT
    assert EndPhase() in legal_actions(state)
    apply(state, EndPhase())
    assert state.seats[0].top is None


def test_R_OPEN_reactions_are_played_not_opened() -> None:
    """R-OPEN-1 / R-REACT-1: only Gangsters and Businesses are opened; a Police is refused."""
    state = table(players=3, money=3)
    police = give(state, 0, Kind.POLICE)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    assert_illegal(state, OpenCard(police, hideout(state, 0)), "R-REACT-1")
