"""Phase C, Attack (R-ATK-1..10, R-ATK-EX, I-DMG, I-PAY)."""

from __future__ import annotations

from engine import Phase, legal_actions
from engine.actions import (
    AddAttacker,
    CancelAttack,
    EndPhase,
    LaunchAttack,
    OpenCard,
    StartAttack,
)
from tests.engine.positions import (
    GANGSTER,
    assert_illegal,
    attack,
    begin_turn,
    business,
    c,
    check,
    gangster,
    give,
    hidden,
    hideout,
    of_kind,
    on_table,
    play,
    position,
    table,
    turn_of,
)


def test_R_ATK_1_only_gangsters_standing_on_a_buildingattack() -> None:
    """R-ATK-1: gangsters on a Business or on the Hideout attack; HIDDEN ones cannot."""
    state = table(players=3)
    bar = business(state, 0, 2)
    on_bar = gangster(state, 0, 1, bar)
    on_h = gangster(state, 0, 2, hideout(state, 0))
    resting = hidden(state, 0, 3)
    target = business(state, 1, 1)
    turn_of(state, 0, Phase.ATTACK)
    play(state, StartAttack(target))
    acts = legal_actions(state)
    assert AddAttacker(on_bar) in acts and AddAttacker(on_h) in acts
    assert AddAttacker(resting) not in acts
    assert_illegal(state, AddAttacker(resting), "R-ATK-1")


def test_R_ATK_1_own_buildings_are_not_targets() -> None:
    """R-ATK-1: an attack goes against another player's building."""
    state = table(players=3)
    gangster(state, 0, 2, hideout(state, 0))
    mine = business(state, 0, 2)
    turn_of(state, 0, Phase.ATTACK)
    targets = {a.target for a in legal_actions(state) if isinstance(a, StartAttack)}
    assert targets == {hideout(state, 1), hideout(state, 2)}
    assert_illegal(state, StartAttack(mine), "R-ATK-1")


def test_R_ATK_1_gangsters_opened_this_turn_cannotattack() -> None:
    """R-ATK-1: phase D comes after phase C, so a gangster just opened cannot attack."""
    state = table(players=3, money=5)
    target = business(state, 1, 1)
    new = give(state, 0, GANGSTER, 3)
    turn_of(state, 0, Phase.OPEN)
    play(state, OpenCard(new, hideout(state, 0)))
    assert new in state.seats[0].buildings[hideout(state, 0)]
    assert not [a for a in legal_actions(state) if isinstance(a, (StartAttack, AddAttacker))]
    assert_illegal(state, StartAttack(target), "R-TURN-1")


def test_R_ATK_1_no_attack_phase_without_attackers() -> None:
    """R-ATK-1: with only HIDDEN gangsters nobody can attack: phase C offers nothing."""
    state = table(players=3)
    business(state, 1, 1)
    hidden(state, 0, 2)
    turn_of(state, 0, Phase.ATTACK)
    assert legal_actions(state) == [EndPhase()]
    assert_illegal(state, StartAttack(hideout(state, 1)), "R-ATK-1")


def test_R_ATK_2_gangsters_from_different_buildings_join_oneattack() -> None:
    """R-ATK-2: several gangsters from different buildings attack one target together."""
    state = table(players=3)
    bar = business(state, 0, 2)
    a = gangster(state, 0, 2, bar)
    b = gangster(state, 0, 3, hideout(state, 0))
    speakeasy = business(state, 1, 3)
    gangster(state, 1, 2, speakeasy)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, speakeasy, a, b)
    declared = of_kind(events, "attack_declared")
    assert [(e.cards, e.amount) for e in declared] == [((speakeasy,), 5)]
    assert not on_table(state, speakeasy)  # 5 >= 2 + 3: destroyed


def test_R_ATK_2_a_gangster_joins_an_attack_once_and_needs_a_target() -> None:
    """R-ATK-2: one target at a time; each gangster counts once; at least one attacker."""
    state = table(players=3)
    g = gangster(state, 0, 2, hideout(state, 0))
    target = business(state, 1, 2)
    turn_of(state, 0, Phase.ATTACK)
    assert_illegal(state, AddAttacker(g), "R-ATK-2")
    play(state, StartAttack(target))
    assert_illegal(state, LaunchAttack(), "R-ATK-2")
    play(state, AddAttacker(g))
    assert_illegal(state, AddAttacker(g), "R-ATK-2")
    assert_illegal(state, StartAttack(hideout(state, 2)), "R-ATK-2")
    play(state, CancelAttack())
    assert state.attack_target is None and state.attacked == frozenset()


def test_R_ATK_3_many_attacks_but_each_target_once() -> None:
    """R-ATK-3: any number of attacks in the phase, but the single-attack rule forbids a
    second attack on the same building."""
    state = table(players=3)
    bar = business(state, 0, 2)
    first = gangster(state, 0, 1, bar)
    second = gangster(state, 0, 1, hideout(state, 0))
    third = gangster(state, 0, 1, hideout(state, 0))
    casino = business(state, 1, 4)
    gangster(state, 1, 3, casino)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, casino, first)  # the Casino holds; the 1 dies
    assert on_table(state, casino)
    assert StartAttack(casino) not in legal_actions(state)
    assert_illegal(state, StartAttack(casino), "R-ATK-3")
    attack(state, hideout(state, 2), second)  # a second attack, another target
    assert state.attacked == frozenset({casino, hideout(state, 2)})
    assert third in state.seats[0].buildings[hideout(state, 0)]


def test_R_ATK_4_both_sides_strike_at_once() -> None:
    """R-ATK-4: attackers and defenders deal damage simultaneously: a 3 against a 3 kills
    both."""
    state = table(players=3)
    att = gangster(state, 0, 3, hideout(state, 0))
    bar = business(state, 1, 3)
    dfd = gangster(state, 1, 3, bar)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, bar, att)
    killed = {e.cards[0] for e in of_kind(events, "kill")}
    assert killed == {att, dfd}
    assert on_table(state, bar)  # 3 < 3 + 3


def test_R_ATK_5_weakest_defender_first_then_the_business() -> None:
    """R-ATK-5: damage kills the weakest defender first; what is left after all defenders
    are dead hits the Business."""
    state = position("noir phase=C active=0\n0: Ha:G2a\n1: Hb B4a:G1a,G3a\n2: Hc")
    events = attack(state, c("B4a"), c("G2a"))
    assert [e.cards[0] for e in of_kind(events, "kill") if e.seat == 1] == [c("G1a")]
    assert state.seats[1].buildings[c("B4a")] == (c("G3a"),)
    # leftover damage reaches the Business: 2 + 1 for a Bootlegger (2) guarded by a 1
    state = position("noir phase=C active=0\n0: Ha:G3a\n1: Hb B2a:G1a\n2: Hc")
    events = attack(state, c("B2a"), c("G3a"))
    assert of_kind(events, "destroy") and not on_table(state, c("B2a"))


def test_R_ATK_6_damage_does_not_stay() -> None:
    """R-ATK-6: a defender who survives is back at full strength; a Business that survives
    is whole again. Earlier damage does not add up with the next attack's."""
    state = table(players=3)
    two = gangster(state, 0, 2, hideout(state, 0))
    speakeasy = business(state, 1, 3)
    three = gangster(state, 1, 3, speakeasy)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, speakeasy, two)  # 2 damage on the 3: it lives
    assert state.seats[1].buildings[speakeasy] == (three,)
    one = gangster(state, 2, 1, hideout(state, 2))
    turn_of(state, 2, Phase.ATTACK)
    attack(state, speakeasy, one)  # 2 + 1 would have killed it, but damage does not stay
    assert state.seats[1].buildings[speakeasy] == (three,)
    assert on_table(state, speakeasy)


def test_R_ATK_7_defenders_hit_the_weakest_attacker_first() -> None:
    """R-ATK-7: the defenders' damage goes to the weakest attacker first."""
    state = table(players=3)
    h = hideout(state, 0)
    bar = business(state, 0, 4)
    a1 = gangster(state, 0, 1, h)
    a2 = gangster(state, 0, 2, h)
    a3 = gangster(state, 0, 3, bar)
    speakeasy = business(state, 1, 3)
    gangster(state, 1, 3, speakeasy)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, speakeasy, a3, a2, a1)
    assert sorted(e.cards[0] for e in of_kind(events, "kill") if e.seat == 0) == [a1, a2]
    assert state.seats[0].hidden == [a3]


def test_R_ATK_7_an_unguarded_business_costs_the_attacker_nothing() -> None:
    """R-ATK-7 / R-BIZ-2: the Business deals no damage: attacking it empty costs nothing."""
    state = table(players=3)
    a1 = gangster(state, 0, 1, hideout(state, 0))
    casino = business(state, 1, 4)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, casino, a1)
    assert not of_kind(events, "kill")
    assert state.seats[0].hidden == [a1]
    assert on_table(state, casino)  # 1 < 4


def test_R_ATK_8_destroyed_at_defenders_plus_income_not_before() -> None:
    """R-ATK-8: destroyed when damage >= defenders' strength + income."""
    for power, destroyed in ((2, False), (3, True)):
        state = table(players=3)
        att = gangster(state, 0, power, hideout(state, 0))
        bar = business(state, 1, 2)
        gangster(state, 1, 1, bar)
        turn_of(state, 0, Phase.ATTACK)
        events = attack(state, bar, att)
        assert bool(of_kind(events, "destroy")) is destroyed, power
        assert on_table(state, bar) is not destroyed
        if destroyed:
            assert bar in state.discard


def test_R_ATK_9_owner_pays_the_income_to_the_attacker() -> None:
    """R-ATK-9: the owner of a destroyed Business pays the attacker its income."""
    state = table(players=3, money=5)
    att = gangster(state, 0, 3, hideout(state, 0))
    speakeasy = business(state, 1, 3)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, speakeasy, att)
    assert [(e.seat, e.amount, e.target) for e in of_kind(events, "pay")] == [(1, 3, 0)]
    assert state.seats[0].money == 8 and state.seats[1].money == 2
    assert state.seats[1].alive  # failing to pay would not matter either


def test_I_PAY_owner_pays_what_they_have() -> None:
    """I-PAY: "if they have it" means min(money, owed); a broke owner pays nothing and stays."""
    state = position(
        """
        noir phase=C active=0
        0: $5 Ha:G3a B1a:G1a
        1: $1 Hb B4a
        2: $0 Hc B1b
        """
    )
    attack(state, c("B4a"), c("G3a"), c("G1a"))  # 4 >= 0 + 4
    assert state.seats[1].money == 0 and state.seats[0].money == 6
    turn_of(state, 0, Phase.ATTACK)
    attack(state, c("B1b"), gangster(state, 0, 1, c("Ha")))
    assert state.seats[2].money == 0 and state.seats[2].alive
    assert state.seats[0].money == 6
    check(state)


def test_R_ATK_10_survivors_go_hidden_and_return_in_their_next_phase_b() -> None:
    """R-ATK-10: surviving attackers become HIDDEN and come back in the owner's next B."""
    state = table(players=3)
    h0 = hideout(state, 0)
    a = gangster(state, 0, 2, h0)
    b = gangster(state, 0, 1, h0)
    target = business(state, 1, 4)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, target, a, b)
    assert sorted(state.seats[0].hidden) == sorted([a, b])
    assert of_kind(events, "hidden")
    assert state.seats[0].buildings[h0] == ()
    begin_turn(state, 0)
    assert state.phase is Phase.MOVE
    back = {getattr(x, "gangster", None) for x in legal_actions(state)}
    assert {a, b} <= back


def test_R_ATK_EX_1_all_defenders_die_but_the_business_stands() -> None:
    """R-ATK-EX (1): every defender dies, yet the Business takes only 1 damage of its income
    and is not destroyed."""
    state = table(players=3)
    att = gangster(state, 0, 3, hideout(state, 0))
    speakeasy = business(state, 1, 3)
    dfd = gangster(state, 1, 2, speakeasy)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, speakeasy, att)
    assert [e.cards[0] for e in of_kind(events, "kill")] == [dfd]  # 3 kills the 2, 1 left
    assert not of_kind(events, "destroy")
    assert on_table(state, speakeasy) and state.seats[1].buildings[speakeasy] == ()
    assert state.seats[0].hidden == [att]  # the 2 hit back for 2: not enough for a 3


def test_R_ATK_EX_2_casino_destroyed_only_the_attackers_one_dies() -> None:
    """R-ATK-EX (2): a Casino (4) is destroyed; the defenders' damage back kills only the
    attackers' 1-strength gangster (weakest first); the owner pays the attacker 4."""
    state = table(players=3, money=6)
    h0 = hideout(state, 0)
    bar = business(state, 0, 4)
    a1 = gangster(state, 0, 1, h0)
    a2 = gangster(state, 0, 2, h0)
    a3 = gangster(state, 0, 3, bar)
    casino = business(state, 1, 4)
    d2 = gangster(state, 1, 2, casino)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, casino, a1, a2, a3)  # 6 >= 2 + 4
    kills = [(e.seat, e.cards[0]) for e in of_kind(events, "kill")]
    assert (0, a1) in kills and (0, a2) not in kills and (0, a3) not in kills
    assert (1, d2) in kills
    assert of_kind(events, "destroy")[0].cards == (casino,)
    assert state.seats[1].money == 2 and state.seats[0].money == 10
    assert sorted(state.seats[0].hidden) == sorted([a2, a3])


def test_I_DMG_weakest_first_stops_at_the_first_survivor() -> None:
    """I-DMG: sort ascending, kill while the damage left covers the gangster, stop at the
    first it cannot; the dead go to the discard pile."""
    state = table(players=3)
    h0 = hideout(state, 0)
    a = gangster(state, 0, 3, h0)
    b = gangster(state, 0, 1, business(state, 0, 1))
    casino = business(state, 1, 4)
    ones = gangster(state, 1, 1, casino)
    threes = gangster(state, 1, 3, casino)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, casino, a, b)  # 4 damage: the 1 (3 left) and the 3 (0 left)
    dead = [e.cards[0] for e in of_kind(events, "kill") if e.seat == 1]
    assert dead == [ones, threes]
    assert set(dead) <= set(state.discard)
    assert on_table(state, casino)  # nothing left for the Business
    # the defenders' 4 back: the 1 (3 left), then the 3 (0 left): both attackers die
    assert not state.seats[0].hidden


def test_I_DMG_damage_short_of_the_next_gangster_is_wasted() -> None:
    """I-DMG: 3 damage on defenders 1 and 3 kills the 1; the 2 left cannot kill the 3, so
    the walk stops there and the Business gets nothing."""
    state = table(players=3)
    a = gangster(state, 0, 3, hideout(state, 0))
    casino = business(state, 2, 4)
    d1 = gangster(state, 2, 1, casino)
    d3 = gangster(state, 2, 3, casino)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, casino, a)
    dead = [e.cards[0] for e in of_kind(events, "kill") if e.seat == 2]
    assert dead == [d1]
    assert state.seats[2].buildings[casino] == (d3,)
    assert on_table(state, casino)
