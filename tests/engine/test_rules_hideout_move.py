"""Phase E, Move the Hideout (R-HIDE-MOVE-1, R-HIDE-MOVE-2)."""

from __future__ import annotations

from engine import Event, Phase, legal_actions
from engine.actions import AddAttacker, EndPhase, LaunchAttack, MoveHideout, StartAttack
from tests.engine.positions import (
    assert_illegal,
    business,
    gangster,
    hideout,
    of_kind,
    play,
    table,
    turn_of,
)


def test_R_HIDE_MOVE_1_under_another_business_gangsters_travel_along() -> None:
    """R-HIDE-MOVE-1: the Hideout may slide under any one of the player's Businesses; the
    gangsters on the Hideout move with it, the old top Business stays where it was."""
    state = table(players=3)
    h = hideout(state, 0)
    bar = business(state, 0, 2, on_hideout=True)
    casino = business(state, 0, 4)
    boss_men = (gangster(state, 0, 2, h),)
    bar_men = (gangster(state, 0, 2, bar),)
    turn_of(state, 0, Phase.HIDEOUT)
    acts = legal_actions(state)
    assert MoveHideout(casino) in acts and MoveHideout(None) in acts
    assert MoveHideout(bar) not in acts
    play(state, MoveHideout(casino))
    seat = state.seats[0]
    assert seat.top == casino
    assert seat.buildings[h] == boss_men
    assert seat.buildings[bar] == bar_men and bar in seat.businesses
    assert state.phase is not Phase.HIDEOUT  # one move, then phase F


def test_R_HIDE_MOVE_1_out_into_the_open() -> None:
    """R-HIDE-MOVE-1: the Hideout may also be moved out with no Business on it."""
    state = table(players=3)
    h = hideout(state, 0)
    bar = business(state, 0, 2, on_hideout=True)
    g = gangster(state, 0, 3, h)
    turn_of(state, 0, Phase.HIDEOUT)
    play(state, MoveHideout(None))
    assert state.seats[0].top is None
    assert state.seats[0].buildings[h] == (g,)
    assert bar in state.seats[0].buildings


def test_R_HIDE_MOVE_1_needs_businesses_of_ones_own() -> None:
    """R-HIDE-MOVE-1: only a player who has Businesses may move the Hideout, and only under
    their own; a bare Hideout has nothing to do in phase E."""
    state = table(players=3)
    theirs = business(state, 1, 3)
    turn_of(state, 0, Phase.HIDEOUT)
    assert legal_actions(state) == [EndPhase()]
    assert_illegal(state, MoveHideout(theirs), "R-HIDE-MOVE-1")
    mine = business(state, 0, 1, on_hideout=True)
    turn_of(state, 0, Phase.HIDEOUT)
    assert_illegal(state, MoveHideout(mine), "R-HIDE-MOVE-1")  # already there


def _hideout_fight(with_top: bool) -> list[Event]:
    state = table(players=3, money=10)
    h1 = hideout(state, 1)
    gangster(state, 1, 2, h1)
    if with_top:
        business(state, 1, 3, on_hideout=True)
    h0 = hideout(state, 0)
    a = gangster(state, 0, 3, h0)
    b = gangster(state, 0, 2, business(state, 0, 2))
    turn_of(state, 0, Phase.ATTACK)
    return play(state, StartAttack(h1), AddAttacker(a), AddAttacker(b), LaunchAttack())


def test_R_HIDE_MOVE_2_a_business_on_top_strengthens_the_hideout() -> None:
    """R-HIDE-MOVE-2: keeping a Business on the Hideout matters for defence: the same attack
    of 5 breaks a bare Hideout (3 + 2) but not one under a Speakeasy (3 + 2 + 3)."""
    bare = _hideout_fight(with_top=False)
    assert [e.amount for e in of_kind(bare, "breach")] == [5]
    covered = _hideout_fight(with_top=True)
    assert not of_kind(covered, "breach")
    assert [e.amount for e in of_kind(covered, "hold")] == [8]
