"""Reactions (R-REACT-1..3, I-REACT-WINDOW, I-BRIBE-CHAIN, R-POKER-*, I-POKER-HOST,
R-POLICE-1, I-POLICE-B, R-BRIBE-1, R-DRIVEBY-*, I-DRIVEBY, R-TURNCOAT-1)."""

from __future__ import annotations

import pytest

from engine import Event, Phase, legal_actions
from engine.actions import (
    EndPhase,
    JoinDriveBy,
    Pass,
    PlayBribe,
    PlayDriveBy,
    PlayPokerNight,
    PlayPolice,
    PlayTurncoat,
    StartAttack,
    StopAttack,
)
from engine.cards import Kind
from engine.state import WindowKind
from tests.engine.positions import (
    GANGSTER,
    assert_illegal,
    attack,
    business,
    check,
    force_dice,
    gangster,
    give,
    hidden,
    hideout,
    of_kind,
    on_table,
    pass_windows,
    play,
    set_money,
    table,
    turn_of,
)

POLICE, BRIBE, DRIVE_BY = Kind.POLICE, Kind.BRIBE, Kind.DRIVE_BY
TURNCOAT, POKER = Kind.TURNCOAT, Kind.POKER_NIGHT


# --- R-REACT ------------------------------------------------------------------------------


def test_R_REACT_1_played_in_another_players_turn_then_discarded() -> None:
    """R-REACT-1: reactions may be played in another player's turn; afterwards they go to
    the discard pile."""
    state = table(players=3)
    bar = business(state, 0, 2)
    guard = gangster(state, 0, 2, bar)
    police = give(state, 1, POLICE)
    turn_of(state, 0, Phase.DRAW)
    play(state, EndPhase())  # the end-of-turn window (I-REACT-WINDOW (e))
    assert state.to_act == 1 and state.active == 0
    play(state, PlayPolice(police, bar))
    pass_windows(state)
    assert state.seats[0].hidden == [guard]
    assert police in state.discard and police not in state.seats[1].hand


def test_R_REACT_2_a_reaction_against_an_attack_resolves_first() -> None:
    """R-REACT-2: a Police raid played against an attack resolves before the attack: the
    guards are sent away first, so the attack meets an undefended Business."""
    state = table(players=3, money=5)
    att = gangster(state, 0, 2, hideout(state, 0))
    bar = business(state, 1, 2)
    guard = gangster(state, 1, 2, bar)
    police = give(state, 2, POLICE)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, bar, att)
    assert state.window is not None and state.window.kind is WindowKind.ATTACK
    events = play(state, PlayPolice(police, bar))
    events += pass_windows(state)
    assert state.seats[1].hidden == [guard]
    assert not on_table(state, bar)  # 2 >= 0 + 2: destroyed, not a 2-vs-2 trade
    assert state.seats[0].hidden == [att]  # nobody shot back
    assert kinds_index(events, "hidden") < kinds_index(events, "destroy")


def kinds_index(events: list[Event], kind: str) -> int:
    return next(i for i, e in enumerate(events) if e.kind == kind)


def test_I_REACT_WINDOW_asks_in_turn_order_after_the_opener() -> None:
    """I-REACT-WINDOW: after an attack is declared (a) and after it resolves (d), every other
    player still in the game is asked in turn order, starting after the attacker."""
    state = table(players=4)
    att = gangster(state, 1, 1, hideout(state, 1))
    target = business(state, 2, 4)
    gangster(state, 3, 1, business(state, 3, 1))  # gives the Police a raid target
    for seat in (0, 2, 3):
        give(state, seat, POLICE)
    turn_of(state, 1, Phase.ATTACK)
    attack(state, target, att)
    asked = []
    kinds = []
    while state.window is not None:
        asked.append(state.to_act)
        kinds.append(state.window.kind)
        play(state, Pass())
    assert asked == [2, 3, 0, 2, 3, 0]
    assert kinds == [WindowKind.ATTACK] * 3 + [WindowKind.RESOLVED] * 3
    assert state.to_act == 1


def test_I_REACT_WINDOW_active_player_is_asked_when_someone_else_acted() -> None:
    """I-REACT-WINDOW: a Drive-by declared (c) by another player opens a window in which the
    player whose turn it is is asked too (here: to add a Drive-by of their own)."""
    state = table(players=3)
    att = gangster(state, 0, 1, hideout(state, 0))
    target = business(state, 1, 4)
    victim = business(state, 2, 2)
    my_drive = give(state, 0, DRIVE_BY)
    theirs = give(state, 1, DRIVE_BY)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, target, att)
    assert state.to_act == 1 and state.window is not None
    play(state, PlayDriveBy((theirs,), victim))
    assert state.window is not None and state.window.kind is WindowKind.DRIVE_BY
    assert state.window.opener == 1
    assert state.to_act == 0 and state.active == 0
    assert JoinDriveBy((my_drive,)) in legal_actions(state)


def test_I_REACT_WINDOW_skips_seats_that_can_only_pass() -> None:
    """I-REACT-WINDOW: a seat without any playable reaction is not asked (it could only
    pass); with nobody to ask the attack resolves at once."""
    state = table(players=4)
    att = gangster(state, 0, 3, hideout(state, 0))
    target = business(state, 1, 2)
    give(state, 2, BRIBE)  # a Bribe answers only a Police: nothing to do here
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, target, att)
    assert state.window is None
    assert of_kind(events, "destroy")


def test_I_REACT_WINDOW_end_of_turn_window_before_the_next_collect() -> None:
    """I-REACT-WINDOW (e): at the end of every turn, before the next player's Collect."""
    state = table(players=3)
    bar = business(state, 0, 2)
    gangster(state, 0, 1, bar)
    give(state, 2, POLICE)
    turn_of(state, 0, Phase.DRAW)
    events = play(state, EndPhase())
    assert state.window is not None and state.window.kind is WindowKind.END_TURN
    assert state.to_act == 2 and not of_kind(events, "collect")
    events = play(state, Pass())
    assert state.active == 1 and of_kind(events, "collect")


def test_I_REACT_WINDOW_outside_a_window_only_the_active_player_acts() -> None:
    """I-REACT-WINDOW: with no window open a Pass is meaningless and refused."""
    state = table(players=3)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    assert_illegal(state, Pass(), "I-REACT-WINDOW")


def test_I_REACT_WINDOW_only_reactions_or_pass_inside_a_window() -> None:
    """I-REACT-WINDOW: in a window the asked seat plays a reaction or passes, nothing else."""
    state = table(players=3)
    give(state, 1, POLICE)
    gangster(state, 1, 1, business(state, 1, 1))
    turn_of(state, 0, Phase.DRAW)
    play(state, EndPhase())
    assert state.to_act == 1
    assert_illegal(state, EndPhase(), "I-REACT-WINDOW")


# --- Police and Bribe ---------------------------------------------------------------------


def test_R_POLICE_1_a_raid_sends_every_guard_into_hiding() -> None:
    """R-POLICE-1 (a): all the gangsters on one Business become HIDDEN."""
    state = table(players=3)
    casino = business(state, 1, 4)
    guards = {gangster(state, 1, 2, casino), gangster(state, 1, 2, casino)}
    empty = business(state, 2, 3)
    police = give(state, 0, POLICE)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    assert_illegal(state, PlayPolice(police, empty), "R-POLICE-1")
    play(state, PlayPolice(police, casino))
    assert set(state.seats[1].hidden) == guards and state.seats[1].buildings[casino] == ()
    assert on_table(state, casino) and police in state.discard


def test_R_POLICE_1_stop_an_attack_attackers_hide_and_deal_nothing() -> None:
    """R-POLICE-1 (b): a stopped attack deals no damage and the attackers become HIDDEN."""
    state = table(players=3)
    att = gangster(state, 0, 3, hideout(state, 0))
    bar = business(state, 1, 2)
    guard = gangster(state, 1, 1, bar)
    police = give(state, 1, POLICE)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, bar, att)
    events = play(state, StopAttack(police))
    events += pass_windows(state)
    assert of_kind(events, "attack_stopped") and not of_kind(events, "kill")
    assert state.seats[1].buildings[bar] == (guard,)
    assert state.seats[0].hidden == [att]


def test_R_POLICE_1_stopping_needs_an_attack_being_declared() -> None:
    """R-POLICE-1: Police stop an attack only while one is declared."""
    state = table(players=3)
    police = give(state, 0, POLICE)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    assert_illegal(state, StopAttack(police), "R-POLICE-1")


def test_I_POLICE_B_no_fight_at_all_and_the_target_counts_as_attacked() -> None:
    """I-POLICE-B: the defenders and the Hideout's 3 deal no damage either, and the target
    still counts as attacked this turn."""
    state = table(players=3)
    h1 = hideout(state, 1)
    gangster(state, 1, 3, h1)
    att = gangster(state, 0, 1, hideout(state, 0))
    spare = gangster(state, 0, 2, business(state, 0, 2))
    police = give(state, 1, POLICE)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, h1, att)
    events = play(state, StopAttack(police))
    events += pass_windows(state)
    assert not of_kind(events, "kill")  # the Hideout's 3 + 3 would have killed the 1
    assert state.seats[0].hidden == [att]
    assert h1 in state.attacked
    assert_illegal(state, StartAttack(h1), "R-ATK-3")
    assert spare in state.seats[0].buildings[state.seats[0].businesses[0]]


def test_R_BRIBE_1_cancels_a_police_and_costs_nothing() -> None:
    """R-BRIBE-1: a Bribe cancels a Police card; playing it is free."""
    state = table(players=3, money=4)
    bar = business(state, 0, 2)
    guard = gangster(state, 0, 2, bar)
    police = give(state, 1, POLICE)
    bribe = give(state, 0, BRIBE)
    turn_of(state, 0, Phase.DRAW)
    play(state, EndPhase())
    play(state, PlayPolice(police, bar))
    assert state.window is not None and state.window.kind is WindowKind.POLICE
    assert state.to_act == 0 and PlayBribe(bribe) in legal_actions(state)
    events = play(state, PlayBribe(bribe))
    events += pass_windows(state)
    assert of_kind(events, "cancelled")
    assert state.seats[0].buildings[bar] == (guard,) and state.seats[0].hidden == []
    assert state.seats[0].money == 4
    assert {police, bribe} <= set(state.discard)


def test_R_BRIBE_1_only_against_a_police_just_played() -> None:
    """R-BRIBE-1: with no Police to cancel a Bribe cannot be played."""
    state = table(players=3)
    bribe = give(state, 0, BRIBE)
    turn_of(state, 0, Phase.DISCARD)
    assert PlayBribe(bribe) not in legal_actions(state)
    assert_illegal(state, PlayBribe(bribe), "R-BRIBE-1")


@pytest.mark.parametrize(("bribes", "stands"), [(1, False), (2, True)])
def test_I_BRIBE_CHAIN_police_stands_after_an_even_number_of_bribes(
    bribes: int, stands: bool
) -> None:
    """I-BRIBE-CHAIN: each Bribe cancels the card before it; Police stands if an even
    number of Bribes follow it."""
    state = table(players=3)
    bar = business(state, 0, 2)
    guard = gangster(state, 0, 2, bar)
    police = give(state, 1, POLICE)
    b0 = give(state, 0, BRIBE)
    b2 = give(state, 2, BRIBE)
    turn_of(state, 0, Phase.DRAW)
    play(state, EndPhase())
    play(state, PlayPolice(police, bar))
    # POLICE window opened by seat 1: seat 2 is asked first, then seat 0.
    assert state.to_act == 2
    play(state, Pass())
    assert state.to_act == 0
    play(state, PlayBribe(b0))
    if bribes == 2:
        assert state.to_act == 2  # the answer window to seat 0's Bribe
        play(state, PlayBribe(b2))
    pass_windows(state)
    assert (state.seats[0].hidden == [guard]) is stands
    assert (state.seats[0].buildings[bar] == ()) is stands


# --- Drive-by -----------------------------------------------------------------------------


def test_R_DRIVEBY_1_one_die_of_damage_weakest_first_then_the_business() -> None:
    """R-DRIVEBY-1: each Drive-by deals one die of damage, weakest gangster first, then the
    Business."""
    state = table(players=3)
    speak = business(state, 1, 3)
    one = gangster(state, 1, 1, speak)
    two = gangster(state, 1, 2, speak)
    drive = give(state, 0, DRIVE_BY)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    force_dice(state, 4)
    events = play(state, PlayDriveBy((drive,), speak))
    events += pass_windows(state)
    assert [e.amount for e in of_kind(events, "die")] == [4]
    assert [e.cards[0] for e in of_kind(events, "kill")] == [one, two]
    assert on_table(state, speak)  # 4 < 3 + 3
    assert drive in state.discard


def test_R_DRIVEBY_2_several_drive_bys_fixed_before_the_roll_dealt_at_once() -> None:
    """R-DRIVEBY-2: a player plays two Drive-bys, another adds one before the roll; three
    dice are rolled and their total is dealt at once."""
    state = table(players=3, money=5)
    casino = business(state, 1, 4)
    gangster(state, 1, 3, casino)
    d0 = (give(state, 0, DRIVE_BY), give(state, 0, DRIVE_BY))
    d2 = give(state, 2, DRIVE_BY)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    force_dice(state, 2, 2, 3)
    events = play(state, PlayDriveBy(tuple(sorted(d0)), casino))
    assert state.window is not None and state.window.kind is WindowKind.DRIVE_BY
    assert state.to_act == 2
    events += play(state, JoinDriveBy((d2,)))
    events += pass_windows(state)
    assert [e.amount for e in of_kind(events, "die")] == [2, 2, 3]
    assert [e.amount for e in of_kind(events, "driveby")] == [7]
    assert not on_table(state, casino)  # 7 >= 3 + 4


def test_R_DRIVEBY_2_no_joining_after_the_roll() -> None:
    """R-DRIVEBY-2: Drive-bys can be added only while one is declared, before the dice."""
    state = table(players=3)
    drive = give(state, 0, DRIVE_BY)
    give(state, 0, GANGSTER, 1)
    business(state, 1, 1)
    turn_of(state, 0, Phase.OPEN)
    refusal = assert_illegal(state, JoinDriveBy((drive,)), "R-DRIVEBY-2")
    # a newcomer dropping it on a board in phase D learns what to do, not about dice
    # that were never rolled (playtest, 27 Nov)
    assert "play this one on a Business" in str(refusal) and "dice" not in str(refusal)


def test_R_DRIVEBY_3_a_destroyed_business_pays_nobody() -> None:
    """R-DRIVEBY-3: even when a Drive-by destroys a Business, no money changes hands."""
    state = table(players=3, money=5)
    bar = business(state, 1, 2)
    drive = give(state, 0, DRIVE_BY)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    force_dice(state, 6)
    events = play(state, PlayDriveBy((drive,), bar))
    events += pass_windows(state)
    assert not on_table(state, bar) and bar in state.discard
    assert not of_kind(events, "pay")
    assert [s.money for s in state.seats] == [5, 5, 5]


@pytest.mark.parametrize(("die", "destroyed"), [(2, False), (3, True)])
def test_I_DRIVEBY_business_on_a_hideout_can_be_hit_the_hideout_cannot(
    die: int, destroyed: bool
) -> None:
    """I-DRIVEBY: a Drive-by may target the Business on top of a Hideout; the Hideout and its
    gangsters take nothing; the Business falls at its gangsters' strength + income."""
    state = table(players=3)
    h1 = hideout(state, 1)
    boss_man = gangster(state, 1, 3, h1)
    top = business(state, 1, 2, on_hideout=True)
    guard = gangster(state, 1, 1, top)
    drive = give(state, 0, DRIVE_BY)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    assert PlayDriveBy((drive,), top) in legal_actions(state)
    force_dice(state, die)
    events = play(state, PlayDriveBy((drive,), top))
    events += pass_windows(state)
    assert [e.cards[0] for e in of_kind(events, "kill")] == [guard]
    assert state.seats[1].buildings[h1] == (boss_man,)
    assert on_table(state, top) is not destroyed
    assert (state.seats[1].top is None) is destroyed


# --- Turncoat -----------------------------------------------------------------------------


def test_R_TURNCOAT_1_takes_a_gangster_from_a_business_or_hiding() -> None:
    """R-TURNCOAT-1: take into your hand a gangster on a Business or HIDDEN; never one on a
    Hideout; a 4 only with a Casino of your own on the table."""
    state = table(players=3)
    h1 = hideout(state, 1)
    bar = business(state, 1, 2)
    on_bar = gangster(state, 1, 2, bar)
    boss_man = gangster(state, 1, 1, h1)
    resting = hidden(state, 1, 3)
    casino1 = business(state, 1, 4)
    four = gangster(state, 1, 4, casino1)
    turncoat = give(state, 0, TURNCOAT)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    offered = {a.gangster for a in legal_actions(state) if isinstance(a, PlayTurncoat)}
    assert offered == {on_bar, resting}
    assert boss_man not in offered
    err = assert_illegal(state, PlayTurncoat(turncoat, four), "R-TURNCOAT-1")
    assert "Casino" in str(err)
    business(state, 0, 4)  # now seat 0 has a Casino: the 4 can be turned
    turn_of(state, 0, Phase.OPEN)
    assert PlayTurncoat(turncoat, four) in legal_actions(state)
    play(state, PlayTurncoat(turncoat, on_bar))
    pass_windows(state)
    assert on_bar in state.seats[0].hand and state.seats[1].buildings[bar] == ()
    assert turncoat in state.discard
    check(state)


def test_R_TURNCOAT_1_a_hidden_gangster_can_be_turned() -> None:
    """R-TURNCOAT-1: HIDDEN gangsters can be taken as well."""
    state = table(players=3)
    resting = hidden(state, 2, 2)
    turncoat = give(state, 0, TURNCOAT)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    play(state, PlayTurncoat(turncoat, resting))
    assert resting in state.seats[0].hand and state.seats[2].hidden == []


# --- Poker Night --------------------------------------------------------------------------


def test_R_POKER_1_ante_two_host_keeps_the_better_of_two_dice_ties_reroll() -> None:
    """R-POKER-1: everyone with 2+ coins antes 2 (poorer players sit out); the host rolls
    two dice and keeps the higher; ties for the highest, host included, re-roll one die."""
    state = table(players=4)
    for seat, money in enumerate((5, 1, 2, 4)):
        set_money(state, seat, money)
    poker = give(state, 0, POKER)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    # host 2 and 5 -> 5; seat 2 rolls 5; seat 3 rolls 3; tie: host 1, seat 2 4.
    force_dice(state, 2, 5, 5, 3, 1, 4)
    events = play(state, PlayPokerNight(poker))
    assert [(e.seat, e.amount) for e in of_kind(events, "poker_ante")] == [(0, 2), (2, 2),
                                                                            (3, 2)]  # fmt: skip
    assert [(e.seat, e.amount) for e in of_kind(events, "die")] == [
        (0, 2), (0, 5), (2, 5), (3, 3), (0, 1), (2, 4)
    ]  # fmt: skip
    assert [(e.seat, e.amount) for e in of_kind(events, "poker_win")] == [(2, 6)]
    assert [s.money for s in state.seats] == [3, 1, 6, 2]
    check(state)


def test_R_POKER_2_not_in_the_first_round() -> None:
    """R-POKER-2: Poker Night cannot be played in the first round."""
    state = table(players=3, money=5)
    poker = give(state, 0, POKER)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN, first_round=True)
    assert PlayPokerNight(poker) not in legal_actions(state)
    assert_illegal(state, PlayPokerNight(poker), "R-POKER-2")
    turn_of(state, 0, Phase.OPEN)
    assert PlayPokerNight(poker) in legal_actions(state)


def test_R_POKER_3_after_the_countdown_it_goes_to_the_box() -> None:
    """R-POKER-3: a Poker Night played after the countdown started goes back to the box;
    before, it goes to the discard pile."""
    for started in (False, True):
        state = table(players=3, money=4)
        poker = give(state, 0, POKER)
        give(state, 0, GANGSTER, 1)
        if started:
            state.countdown_keeper = 2
        turn_of(state, 0, Phase.OPEN)
        force_dice(state, 6, 6, 1, 1)
        play(state, PlayPokerNight(poker))
        assert (poker in state.box) is started
        assert (poker in state.discard) is not started


def test_R_POKER_3_optional_rule_every_poker_night_to_the_box() -> None:
    """R-POKER-3 (optional, `000_…`): every Poker Night goes to the box after play."""
    state = table(players=3, money=4, poker_always_to_box=True)
    poker = give(state, 0, POKER)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    force_dice(state, 6, 6, 1, 1)
    play(state, PlayPokerNight(poker))
    assert poker in state.box and state.countdown_keeper is None


def test_R_POKER_3_the_poker_night_that_starts_the_countdown_is_discarded() -> None:
    """R-POKER-3: only a Poker Night played *after* the countdown started is boxed; one whose
    pot itself triggers the countdown (R-END-COUNT-1 (3)) was played before it."""
    state = table(players=3, money=2)
    set_money(state, 0, 15)  # 15 - 2 + 6 = 19 >= 17 = ceil(50 / 3)
    poker = give(state, 0, POKER)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    force_dice(state, 6, 6, 1, 1)
    play(state, PlayPokerNight(poker))
    assert state.countdown_keeper == 0  # the pot started the countdown ...
    assert poker in state.discard  # ... after the card was played


def test_I_POKER_HOST_host_and_one_other_must_be_able_to_join() -> None:
    """I-POKER-HOST: the host needs 2 coins, and at least one other player must join."""
    state = table(players=3, money=1)
    poker = give(state, 0, POKER)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    err = assert_illegal(state, PlayPokerNight(poker), "I-POKER-HOST")
    assert "host" in str(err).lower()
    set_money(state, 0, 5)
    err = assert_illegal(state, PlayPokerNight(poker), "I-POKER-HOST")
    assert "other" in str(err).lower()
    set_money(state, 2, 2)
    assert PlayPokerNight(poker) in legal_actions(state)
