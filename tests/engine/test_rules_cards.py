"""§3 Cards: Gangsters, Businesses, the Hideout (R-GANG-1..4, R-BIZ-1..2, R-HIDE-1..2)."""

from __future__ import annotations

from engine import Phase, legal_actions
from engine.actions import (
    AddAttacker,
    LaunchAttack,
    OpenCard,
    Pass,
    PlayDriveBy,
    PlayPolice,
    PlayTurncoat,
    StartAttack,
    StopAttack,
)
from engine.cards import Kind
from engine.state import WindowKind
from tests.engine.positions import (
    BUSINESS,
    GANGSTER,
    assert_illegal,
    attack,
    begin_turn,
    business,
    finish_turn,
    gangster,
    give,
    hideout,
    of_kind,
    on_table,
    play,
    table,
    turn_of,
)


def test_R_GANG_1_only_gangstersattack() -> None:
    """R-GANG-1: Gangsters are the only cards that attack: a Business is no attacker, and a
    player without gangsters cannot attack at all."""
    state = table(players=3)
    bar = business(state, 0, 2)
    target = business(state, 1, 1)
    turn_of(state, 0, Phase.ATTACK)
    assert not [a for a in legal_actions(state) if isinstance(a, StartAttack)]
    assert_illegal(state, StartAttack(target), "R-ATK-1")
    g = gangster(state, 0, 1, bar)
    turn_of(state, 0, Phase.ATTACK)
    play(state, StartAttack(target))
    assert AddAttacker(g) in legal_actions(state)
    assert_illegal(state, AddAttacker(bar), "R-ATK-1")


def test_R_GANG_1_guards_take_damage_first_and_hit_back() -> None:
    """R-GANG-1: on a Business, gangsters take the damage before the Business and shoot back."""
    state = table(players=3)
    att = gangster(state, 0, 2, hideout(state, 0))
    still = business(state, 1, 1)
    guard = gangster(state, 1, 1, still)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, still, att)  # 2 = guard 1 + income 1: destroyed
    kills = [(e.seat, e.cards[0]) for e in of_kind(events, "kill")]
    assert (1, guard) in kills
    assert not on_table(state, still)
    assert state.seats[0].hidden == [att]  # the guard's 1 does not kill a 2


def test_R_GANG_2_strength_is_both_firepower_and_health() -> None:
    """R-GANG-2: a 3 deals 3 and survives 2 damage; it is not left wounded."""
    state = table(players=3)
    three = gangster(state, 0, 3, hideout(state, 0))
    bar = business(state, 1, 2)
    gangster(state, 1, 2, bar)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, bar, three)  # deals 3: kills the 2, 1 left < income 2
    assert [e.seat for e in of_kind(events, "kill")] == [1]
    assert state.seats[0].hidden == [three]  # took 2, health 3: alive, and whole again


def test_R_GANG_3_casino_holds_two_2s_or_a_3_and_a_1_not_a_third() -> None:
    """R-GANG-3 (the rulebook's example): a Casino (4) holds two 2s, or a 3 and a 1; a third
    gangster is refused with the rule cited."""
    for first, second, extra in ((2, 2, 1), (3, 1, 1)):
        state = table(players=3, money=6)
        casino = business(state, 0, 4)
        give(state, 0, BUSINESS, 1)  # something else to open keeps phase D going
        a = give(state, 0, GANGSTER, first)
        b = give(state, 0, GANGSTER, second)
        c = give(state, 0, GANGSTER, extra)
        turn_of(state, 0, Phase.OPEN)
        play(state, OpenCard(a, casino), OpenCard(b, casino))
        assert state.seats[0].load(casino) == 4
        loose = next(x for x in state.seats[0].hand if x in (b, c))
        assert OpenCard(loose, casino) not in legal_actions(state)
        err = assert_illegal(state, OpenCard(loose, casino), "R-GANG-3")
        assert "4 of 4" in str(err)


def test_R_GANG_3_hidden_gangsters_take_no_room() -> None:
    """R-GANG-3: HIDDEN gangsters take no room: after a Police raid the Casino is free."""
    state = table(players=3, money=6)
    casino = business(state, 0, 4)
    gangster(state, 0, 2, casino)
    gangster(state, 0, 2, casino)
    police = give(state, 1, Kind.POLICE)
    four = give(state, 0, GANGSTER, 4)
    turn_of(state, 1, Phase.OPEN)
    play(state, PlayPolice(police, casino))
    assert len(state.seats[0].hidden) == 2 and state.seats[0].load(casino) == 0
    turn_of(state, 0, Phase.OPEN)
    play(state, OpenCard(four, casino))
    assert state.seats[0].load(casino) == 4


def test_R_GANG_4_hidden_until_the_owners_next_phase_b() -> None:
    """R-GANG-4: HIDDEN gangsters stay HIDDEN through other players' turns and return in
    their owner's next phase B."""
    state = table(players=3)
    g = gangster(state, 0, 2, hideout(state, 0))
    target = business(state, 1, 4)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, target, g)
    assert state.seats[0].hidden == [g]
    finish_turn(state)
    assert state.active == 1 and state.seats[0].hidden == [g]
    finish_turn(state)
    assert state.active == 2 and state.seats[0].hidden == [g]
    finish_turn(state)
    assert state.active == 0 and state.phase is Phase.MOVE
    assert state.seats[0].hidden == [g]  # still sideways until placed in this phase B


def test_R_BIZ_1_income_health_and_capacity_are_its_number() -> None:
    """R-BIZ-1: a Speakeasy earns 3, falls to 3 damage (not 2), and holds strength 3."""
    state = table(players=3, money=3)
    speak = business(state, 1, 3)
    events = begin_turn(state, 1)
    assert [e.amount for e in of_kind(events, "collect")] == [3 + 3]
    for power, falls in ((2, False), (3, True)):
        s = table(players=3)
        sp = business(s, 1, 3)
        att = gangster(s, 0, power, hideout(s, 0))
        turn_of(s, 0, Phase.ATTACK)
        attack(s, sp, att)
        assert on_table(s, sp) is not falls
    g2 = give(state, 1, GANGSTER, 2)
    g2b = give(state, 1, GANGSTER, 2)
    give(state, 1, BUSINESS, 1)  # keeps phase D open
    turn_of(state, 1, Phase.OPEN)
    play(state, OpenCard(g2, speak))
    assert_illegal(state, OpenCard(g2b, speak), "R-GANG-3")


def test_R_BIZ_2_businesses_have_no_firepower() -> None:
    """R-BIZ-2: an unguarded Business deals no damage: even a lone 1 survives attacking a
    Casino."""
    state = table(players=3)
    one = gangster(state, 0, 1, hideout(state, 0))
    casino = business(state, 1, 4)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, casino, one)
    assert not of_kind(events, "kill")
    assert state.seats[0].hidden == [one]


def test_R_HIDE_1_hideout_earns_three_holds_three_and_shoots() -> None:
    """R-HIDE-1: the Hideout earns 3, holds gangsters up to 3, and deals damage (3)."""
    state = table(players=3, money=3)
    events = begin_turn(state, 2)
    assert [e.amount for e in of_kind(events, "collect")] == [3]
    h = hideout(state, 1)
    g3 = give(state, 1, GANGSTER, 3)
    g1 = give(state, 1, GANGSTER, 1)
    give(state, 1, BUSINESS, 1)  # keeps phase D open after the 3
    turn_of(state, 1, Phase.OPEN)
    play(state, OpenCard(g3, h))
    assert_illegal(state, OpenCard(g1, h), "R-GANG-3")
    # An empty Hideout still shoots 3: attackers 1 + 2 both die.
    s = table(players=3, money=10)
    bar = business(s, 0, 4)
    a1 = gangster(s, 0, 1, bar)
    a2 = gangster(s, 0, 2, bar)
    turn_of(s, 0, Phase.ATTACK)
    events = attack(s, hideout(s, 1), a1, a2)
    assert sorted(e.cards[0] for e in of_kind(events, "kill") if e.seat == 0) == [a1, a2]


def test_R_HIDE_2_no_turncoat_no_drive_by_no_raid_on_a_hideout() -> None:
    """R-HIDE-2: Hideout gangsters never turn; a Hideout is no Drive-by target; Police (a)
    cannot raid a Hideout."""
    state = table(players=3)
    h1 = hideout(state, 1)
    boss_man = gangster(state, 1, 2, h1)
    turncoat = give(state, 0, Kind.TURNCOAT)
    drive = give(state, 0, Kind.DRIVE_BY)
    police = give(state, 0, Kind.POLICE)
    turn_of(state, 0, Phase.OPEN)
    acts = legal_actions(state)
    assert PlayTurncoat(turncoat, boss_man) not in acts
    assert not [a for a in acts if isinstance(a, (PlayDriveBy, PlayPolice))]
    assert_illegal(state, PlayTurncoat(turncoat, boss_man), "R-HIDE-2")
    assert_illegal(state, PlayDriveBy((drive,), h1), "R-HIDE-2")
    assert_illegal(state, PlayPolice(police, h1), "R-HIDE-2")


def test_R_HIDE_2_police_may_stop_an_attack_on_a_hideout() -> None:
    """R-HIDE-2: the one Police use on a Hideout is stopping an attack on it."""
    state = table(players=3)
    att = gangster(state, 0, 3, hideout(state, 0))
    h1 = hideout(state, 1)
    police = give(state, 1, Kind.POLICE)
    turn_of(state, 0, Phase.ATTACK)
    play(state, StartAttack(h1), AddAttacker(att), LaunchAttack())
    assert state.window is not None and state.window.kind is WindowKind.ATTACK
    assert state.to_act == 1
    assert StopAttack(police) in legal_actions(state)
    events = play(state, StopAttack(police))
    while state.window is not None and state.to_act != 0:
        events += play(state, Pass())
    assert of_kind(events, "attack_stopped")
    assert state.seats[1].alive and state.seats[0].hidden == [att]
