"""Phase B, Move gangsters (R-MOVE-1..3, I-MOVE-HIDEOUT)."""

from __future__ import annotations

from engine import Phase, apply, legal_actions
from engine.actions import DiscardGangster, EndPhase, MoveGangster
from tests.engine.positions import (
    assert_illegal,
    begin_turn,
    business,
    check,
    gangster,
    hidden,
    hideout,
    phase_now,
    play,
    table,
)


def test_R_MOVE_1_gangster_moves_to_another_business_or_is_discarded() -> None:
    """R-MOVE-1: gangsters on Businesses may move to the player's other Businesses, or be
    discarded."""
    state = table(players=3)
    bar = business(state, 0, 2)
    casino = business(state, 0, 4)
    g = gangster(state, 0, 2, bar)
    g1 = gangster(state, 0, 1, casino)
    begin_turn(state, 0)
    assert state.phase is Phase.MOVE
    acts = legal_actions(state)
    assert MoveGangster(g, casino) in acts and DiscardGangster(g) in acts
    play(state, MoveGangster(g, casino))
    assert state.seats[0].buildings[casino] == (g1, g)
    assert state.seats[0].buildings[bar] == ()
    play(state, DiscardGangster(g1))
    assert state.discard[-1] == g1
    assert state.seats[0].buildings[casino] == (g,)


def test_R_MOVE_1_no_move_where_a_gangster_can_never_fit() -> None:
    """R-MOVE-1 with R-GANG-3: a 3 never fits on a Bootlegger (income 2)."""
    state = table(players=3)
    bar = business(state, 0, 2)
    casino = business(state, 0, 4)
    g3 = gangster(state, 0, 3, casino)
    begin_turn(state, 0)
    err = assert_illegal(state, MoveGangster(g3, bar), "R-GANG-3")
    assert "earns only 2" in str(err)


def test_R_MOVE_3_a_full_business_must_be_cleared_before_phase_B_ends() -> None:
    """R-MOVE-3: a gangster may pass through a full Casino, but phase B cannot end while
    a building holds more than its income; discarding makes it legal again."""
    state = table(players=3)
    bar = business(state, 0, 2)
    casino = business(state, 0, 4)
    g2 = gangster(state, 0, 2, bar)
    gangster(state, 0, 3, casino)
    g1 = gangster(state, 0, 1, casino)
    begin_turn(state, 0)
    play(state, MoveGangster(g2, casino))
    assert phase_now(state) is Phase.MOVE
    err = assert_illegal(state, EndPhase(), "R-MOVE-3")
    assert "strength 6" in str(err) and "room for 4" in str(err)
    play(state, DiscardGangster(g1))
    play(state, DiscardGangster(g2))
    assert EndPhase() in legal_actions(state)
    play(state, EndPhase())
    check(state)


def test_R_MOVE_1_only_own_gangsters_and_own_businesses() -> None:
    """R-MOVE-1: the player moves their own gangsters, to their own Businesses."""
    state = table(players=3)
    bar = business(state, 0, 2)
    g = gangster(state, 0, 1, bar)
    theirs_bar = business(state, 1, 3)
    theirs = gangster(state, 1, 1, theirs_bar)
    begin_turn(state, 0)
    assert_illegal(state, MoveGangster(g, theirs_bar), "R-MOVE-1")
    assert_illegal(state, DiscardGangster(theirs), "R-MOVE-1")


def test_R_MOVE_2_hidden_gangsters_come_back_before_the_phase_ends() -> None:
    """R-MOVE-2: HIDDEN gangsters are placed on Businesses or discarded; the phase cannot end
    while any is still HIDDEN."""
    state = table(players=3)
    bar = business(state, 0, 2)
    g = hidden(state, 0, 2)
    g1 = hidden(state, 0, 1)
    begin_turn(state, 0)
    assert state.phase is Phase.MOVE
    assert EndPhase() not in legal_actions(state)
    assert_illegal(state, EndPhase(), "R-MOVE-2")
    play(state, MoveGangster(g, bar))
    assert g in state.seats[0].buildings[bar] and g not in state.seats[0].hidden
    assert_illegal(state, EndPhase(), "R-MOVE-2")
    play(state, DiscardGangster(g1))
    assert state.seats[0].hidden == []
    assert g1 in state.discard


def test_R_MOVE_3_a_gangster_that_fits_nowhere_can_only_be_discarded() -> None:
    """R-MOVE-3: capacity must hold at the end of phase B; a HIDDEN 4 with no building of
    income 4 free has only one option: the discard pile."""
    state = table(players=3)
    still = business(state, 0, 1)
    gangster(state, 0, 3, hideout(state, 0))
    g4 = hidden(state, 0, 4)
    begin_turn(state, 0)
    options_for_g4 = [a for a in legal_actions(state) if getattr(a, "gangster", None) == g4]
    assert options_for_g4 == [DiscardGangster(g4)]
    # ending the phase is refused naming that gangster and the one way out (playtest 3:
    # the rules page says such gangsters "are discarded"; the player discards them)
    err = assert_illegal(state, EndPhase(), "R-MOVE-2")
    assert "fits on none of your Businesses" in str(err) and "discard pile" in str(err)
    assert_illegal(state, MoveGangster(g4, still), "R-GANG-3")
    play(state, DiscardGangster(g4))
    check(state)
    assert state.phase is not Phase.MOVE or EndPhase() in legal_actions(state)


def test_R_MOVE_3_capacity_holds_when_the_phase_ends() -> None:
    """R-MOVE-3: a returning gangster may overfill a Business for a moment, but the phase
    ends only when every building is within its income; nobody comes back onto the
    Hideout (I-MOVE-HIDEOUT)."""
    state = table(players=3)
    bar = business(state, 0, 2)
    h = hideout(state, 0)
    gangster(state, 0, 2, h)
    a = hidden(state, 0, 1)
    b = hidden(state, 0, 1)
    c = hidden(state, 0, 1)
    d = hidden(state, 0, 2)
    begin_turn(state, 0)
    play(state, MoveGangster(a, bar), MoveGangster(b, bar), MoveGangster(c, bar))
    assert state.seats[0].load(bar) == 3
    assert_illegal(state, MoveGangster(d, h), "I-MOVE-HIDEOUT")
    play(state, DiscardGangster(d))
    assert_illegal(state, EndPhase(), "R-MOVE-3")
    play(state, DiscardGangster(c))
    assert state.seats[0].load(bar) == 2
    play(state, EndPhase())
    check(state)


def test_I_MOVE_HIDEOUT_gangsters_on_the_hideout_stay_put() -> None:
    """I-MOVE-HIDEOUT: gangsters standing on the Hideout are not moved (or discarded) in B."""
    state = table(players=3)
    h = hideout(state, 0)
    bar = business(state, 0, 2)
    on_h = gangster(state, 0, 1, h)
    gangster(state, 0, 1, bar)
    begin_turn(state, 0)
    assert state.phase is Phase.MOVE
    assert not [a for a in legal_actions(state) if getattr(a, "gangster", None) == on_h]
    assert_illegal(state, MoveGangster(on_h, bar), "I-MOVE-HIDEOUT")
    assert_illegal(state, DiscardGangster(on_h), "I-MOVE-HIDEOUT")


def test_I_MOVE_HIDEOUT_phase_b_skipped_when_only_the_hideout_is_manned() -> None:
    """I-MOVE-HIDEOUT: with gangsters only on the Hideout there is nothing to do in B, so the
    turn goes straight on (to C, where they may attack)."""
    state = table(players=3)
    g = gangster(state, 0, 2, hideout(state, 0))
    begin_turn(state, 0)
    assert state.phase is Phase.ATTACK
    assert state.seats[0].buildings[hideout(state, 0)] == (g,)
    apply(state, EndPhase())
    assert phase_now(state) is not Phase.MOVE


def test_R_MOVE_3_capacity_is_checked_at_the_end_of_the_phase_so_swaps_work() -> None:
    """R-MOVE-3: capacity must hold *at the end* of phase B: a 2 on one full Bootlegger and
    two 1s on another may trade places."""
    state = table(players=3)
    bar_a = business(state, 0, 2)
    bar_b = business(state, 0, 2)
    two = gangster(state, 0, 2, bar_a)
    one_x = gangster(state, 0, 1, bar_b)
    one_y = gangster(state, 0, 1, bar_b)
    begin_turn(state, 0)
    play(state, MoveGangster(two, bar_b), MoveGangster(one_x, bar_a), MoveGangster(one_y, bar_a))
    seat = state.seats[0]
    assert sorted(seat.buildings[bar_a]) == sorted([one_x, one_y])
    assert seat.buildings[bar_b] == (two,)
    play(state, EndPhase())
    check(state)
