"""Attacking a Hideout (R-HIDE-ATK-1..8, I-SINGLE, I-BREACH, I-RANSOM, I-HIDE-DMG, I-PAID,
I-ELIM)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Event, GameState, Phase, legal_actions
from engine.actions import StartAttack
from engine.cards import VALUE, Kind
from engine.state import PendingAttack
from tests.engine.positions import (
    GANGSTER,
    assert_illegal,
    attack,
    business,
    c,
    check,
    finish_turn,
    force_dice,
    gangster,
    give,
    hideout,
    of_kind,
    on_table,
    position,
    set_money,
    table,
    turn_of,
)


def _worked_example(
    owner_money: int, die: int = 3
) -> tuple[GameState, list[Event], dict[str, Any]]:
    """R-HIDE-ATK-8: Hideout 3 + its gangsters 3 + Speakeasy 3 + the Speakeasy's gangsters 2
    = 11, attacked by 11 (2 + 3 + 3 + 3)."""
    state = position(
        f"""
        noir phase=C active=0 dice={die}
        0: $3 Ha:G3a B3a:G3b B3b:G3c B2a:G2a
        1: ${owner_money} Hb:G3d ^B3c:G2b
        2: $3 Hc
        3: $3 Hd
        """
    )
    events = attack(state, c("Hb"), c("G3a"), c("G3b"), c("G3c"), c("G2a"))
    ids = {
        "h1": c("Hb"),
        "speak": c("B3c"),
        "defenders": [c("G3d"), c("G2b")],
        "attackers": [c("G2a"), c("G3a"), c("G3b"), c("G3c")],
    }
    return state, events, ids


def test_R_HIDE_ATK_8_worked_example_defence_11_attack_11_ransom_6_damage_8() -> None:
    """R-HIDE-ATK-8: defence 11, attack 11 breaks it; die 3 + Speakeasy 3 = ransom 6; the
    attacker takes 3 + 5 = 8 damage (killing the 2, a 3 and a 3, weakest first)."""
    state, events, ids = _worked_example(owner_money=6)
    assert [e.amount for e in of_kind(events, "breach")] == [11]
    assert [e.amount for e in of_kind(events, "die")] == [3]
    assert [e.amount for e in of_kind(events, "ransom")] == [6]
    dead_attackers = [e.cards[0] for e in of_kind(events, "kill") if e.seat == 0]
    assert sorted(VALUE[g] for g in dead_attackers) == [2, 3, 3]  # 2 + 3 + 3 = 8 damage
    assert set(dead_attackers) < set(ids["attackers"])
    assert len(state.seats[0].hidden) == 1  # the last 3 survives, HIDDEN
    assert not on_table(state, ids["speak"]) and ids["speak"] in state.discard
    assert state.seats[1].money == 0 and state.seats[0].money == 3 + 6
    assert state.seats[1].alive  # paid in full
    check(state)


def test_R_HIDE_ATK_8_owner_who_cannot_pay_6_is_out() -> None:
    """R-HIDE-ATK-8: an owner who cannot pay the ransom of 6 is out of the game."""
    state, events, ids = _worked_example(owner_money=5)
    assert not state.seats[1].alive
    assert ids["h1"] in state.seats[0].trophies
    assert state.seats[0].money == 3 + 5


def test_R_HIDE_ATK_1_choose_the_hideout_or_only_the_business_on_top() -> None:
    """R-HIDE-ATK-1: the attacker says whether the target is the Hideout (whole stack) or
    only the Business on top; both are offered and the attack records which."""
    state = table(players=3)
    h1 = hideout(state, 1)
    top = business(state, 1, 2, on_hideout=True)
    g = gangster(state, 0, 3, hideout(state, 0))
    police = give(state, 2, Kind.POLICE)  # keeps the attack waiting in a window
    turn_of(state, 0, Phase.ATTACK)
    acts = legal_actions(state)
    assert StartAttack(h1) in acts and StartAttack(top) in acts
    events = attack(state, h1, g)
    assert [e.tag for e in of_kind(events, "attack_declared")] == ["hideout"]
    pending = state.pending(PendingAttack)
    assert isinstance(pending, PendingAttack) and pending.hideout and pending.target == h1
    assert police in state.seats[2].hand  # not played: the attack just waits for seat 2


def test_R_HIDE_ATK_2_attack_on_the_top_business_only_is_an_ordinaryattack() -> None:
    """R-HIDE-ATK-2: attacking only the Business on top, the Hideout and its gangsters do
    not fight back (a 2 survives next to a manned Hideout) and are not hurt."""
    state = table(players=3, money=5)
    h1 = hideout(state, 1)
    top = business(state, 1, 2, on_hideout=True)
    boss_man = gangster(state, 1, 3, h1)
    g = gangster(state, 0, 2, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, top, g)
    assert not of_kind(events, "kill") and not of_kind(events, "die")
    assert state.seats[0].hidden == [g]
    assert not on_table(state, top) and state.seats[1].top is None  # 2 >= 0 + 2
    assert state.seats[1].buildings[h1] == (boss_man,)
    assert state.seats[0].money == 5 + 2 and state.seats[1].alive


def test_R_HIDE_ATK_3_top_business_then_its_hideout_is_refused() -> None:
    """R-HIDE-ATK-3: who attacked the Business on top of a Hideout cannot attack that
    Hideout in the same turn (refused under the single-attack rule)."""
    state = table(players=3)
    h1 = hideout(state, 1)
    top = business(state, 1, 4, on_hideout=True)
    g = gangster(state, 0, 1, hideout(state, 0))
    gangster(state, 0, 3, business(state, 0, 3))
    turn_of(state, 0, Phase.ATTACK)
    attack(state, top, g)  # 1 vs an empty Casino: it stands
    assert on_table(state, top)
    assert StartAttack(h1) not in legal_actions(state)
    assert_illegal(state, StartAttack(h1), "R-ATK-3")


def test_I_SINGLE_hideout_then_its_top_business_is_refused() -> None:
    """I-SINGLE: an attack on the Hideout is an attack on the Business on top as well."""
    state = table(players=3)
    h1 = hideout(state, 1)
    top = business(state, 1, 4, on_hideout=True)
    g = gangster(state, 0, 1, hideout(state, 0))
    gangster(state, 0, 3, business(state, 0, 3))
    turn_of(state, 0, Phase.ATTACK)
    attack(state, h1, g)  # 1 vs defence 7: holds
    assert on_table(state, top)
    assert {h1, top} <= state.attacked
    assert_illegal(state, StartAttack(top), "R-ATK-3")


@pytest.mark.parametrize(("power", "broken"), [(6, False), (7, True), (8, True)])
def test_I_BREACH_broken_when_attack_at_least_defence(power: int, broken: bool) -> None:
    """I-BREACH: the defence is broken when the attack's strength is at least the defence
    (here 3 + 1 + 2 + 1 = 7); a weaker attack never breaks it."""
    state = table(players=3, money=3)
    h1 = hideout(state, 1)
    top = business(state, 1, 2, on_hideout=True)
    gangster(state, 1, 1, h1)
    gangster(state, 1, 1, top)
    attackers = []
    casino = business(state, 0, 4)
    speak = business(state, 0, 4)
    rest = power
    for building in (casino, speak):
        take = min(4, rest)
        attackers.append(gangster(state, 0, take, building))
        rest -= take
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 1)
    events = attack(state, h1, *attackers)
    assert bool(of_kind(events, "breach")) is broken
    assert bool(of_kind(events, "hold")) is not broken


def test_R_HIDE_ATK_4_defence_is_every_number_in_the_stack() -> None:
    """R-HIDE-ATK-4: Hideout 3 + its gangsters + the Business on top + that Business's
    gangsters."""
    state = table(players=3)
    h1 = hideout(state, 1)
    top = business(state, 1, 4, on_hideout=True)
    gangster(state, 1, 1, h1)
    gangster(state, 1, 2, h1)
    gangster(state, 1, 3, top)
    a = gangster(state, 0, 1, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, h1, a)
    assert [e.amount for e in of_kind(events, "hold")] == [3 + 1 + 2 + 4 + 3]


def test_R_HIDE_ATK_5_die_plus_top_income_and_the_top_business_falls() -> None:
    """R-HIDE-ATK-5: a broken defence costs a ransom of one die, plus the income of the
    Business on top, which is destroyed too."""
    state = table(players=3, money=3)
    h1 = hideout(state, 1)
    casino = business(state, 1, 4, on_hideout=True)
    set_money(state, 1, 20)
    a = gangster(state, 0, 4, business(state, 0, 4))
    b = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 5)
    events = attack(state, h1, a, b)  # 7 >= 3 + 4
    assert [e.amount for e in of_kind(events, "ransom")] == [5 + 4]
    assert casino in state.discard and state.seats[1].top is None
    assert state.seats[1].money == 11 and state.seats[0].money == 12


def test_I_RANSOM_without_a_top_business_the_ransom_is_the_die() -> None:
    """I-RANSOM: ransom = one d6 + the top Business's income, 0 when there is none."""
    state = table(players=3, money=6)
    h1 = hideout(state, 1)
    a = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 4)
    events = attack(state, h1, a)  # 3 >= 3: broken; the Hideout's 3 kills the 3
    assert [e.amount for e in of_kind(events, "ransom")] == [4]
    assert state.seats[1].money == 2 and state.seats[0].money == 10
    assert not state.seats[0].hidden  # the attacker's 3 died to the Hideout's 3


def test_R_HIDE_ATK_6_the_hideout_and_all_defenders_shoot_back() -> None:
    """R-HIDE-ATK-6: damage to attackers = 3 (Hideout) + every defending gangster, on the
    Hideout and on the Business on top: 3 + 1 + 1 = 5 kills a 2 and a 3."""
    state = position(
        """
        noir phase=C active=0
        0: $5 Ha:G2a B3a:G3a B4a:G4a
        1: $5 Hb:G1a ^B1a:G1b
        2: $5 Hc
        """
    )
    events = attack(state, c("Hb"), c("G2a"), c("G3a"), c("G4a"))
    killed = sorted(e.cards[0] for e in of_kind(events, "kill") if e.seat == 0)
    assert killed == sorted([c("G2a"), c("G3a")])
    assert state.seats[0].hidden == [c("G4a")]


def test_R_HIDE_ATK_7_unpaid_ransom_destroys_the_hideout_and_eliminates() -> None:
    """R-HIDE-ATK-7: an owner who cannot pay the ransom loses the Hideout and the game."""
    state = table(players=4, money=3)
    h1 = hideout(state, 1)
    set_money(state, 1, 2)
    a = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 6)
    events = attack(state, h1, a)
    assert of_kind(events, "eliminate")[0].seat == 1
    assert not state.seats[1].alive and state.seats[1].hideout is None
    assert 1 not in state.alive_seats()


def test_I_HIDE_DMG_holding_hideout_keeps_its_top_business() -> None:
    """I-HIDE-DMG: damage goes weakest first over all defenders together; when the defence
    holds, only the gangsters that damage killed die and the top Business survives, even if
    the damage left over would have destroyed it in an ordinary attack."""
    state = table(players=3, money=3)
    h1 = hideout(state, 1)
    top = business(state, 1, 2, on_hideout=True)
    on_top = gangster(state, 1, 1, top)
    boss_man = gangster(state, 1, 3, h1)
    a = gangster(state, 0, 4, business(state, 0, 4))
    b = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, h1, a, b)  # 7 vs 3 + 3 + 2 + 1 = 9: holds
    assert of_kind(events, "hold")
    dead = sorted(e.cards[0] for e in of_kind(events, "kill") if e.seat == 1)
    assert dead == sorted([on_top, boss_man])  # 1 then 3: 4 of the 7 used, 3 left over
    assert on_table(state, top) and state.seats[1].top == top
    assert not of_kind(events, "ransom") and not of_kind(events, "destroy")


def test_I_HIDE_DMG_broken_defence_kills_every_defender() -> None:
    """I-HIDE-DMG: when the defence is broken all defending gangsters die and the top
    Business is discarded."""
    state, events, ids = _worked_example(owner_money=10)
    dead = [e.cards[0] for e in of_kind(events, "kill") if e.seat == 1]
    assert sorted(dead) == sorted(ids["defenders"])
    assert set(dead) | {ids["speak"]} <= set(state.discard)


def test_I_PAID_full_payment_keeps_the_owner_in() -> None:
    """I-PAID: paying the ransom in full: Hideout not destroyed, no trophy (no 10 points),
    and the countdown's first trigger does not fire."""
    state, events, ids = _worked_example(owner_money=7)
    assert state.seats[1].alive and state.seats[1].hideout == ids["h1"]
    assert state.seats[0].trophies == []
    assert state.countdown_keeper is None
    assert state.seats[1].money == 1
    assert not of_kind(events, "eliminate")


def test_I_ELIM_pays_everything_trophy_to_attacker_rest_discarded() -> None:
    """I-ELIM: the owner pays all they have and is eliminated; the attacker keeps the Hideout
    as a trophy (never discarded); every other card of theirs goes to the discard pile."""
    state = table(players=4, money=3)
    h1 = hideout(state, 1)
    bar = business(state, 1, 2)
    guard = gangster(state, 1, 1, bar)
    hand = [give(state, 1, GANGSTER, 4), give(state, 1, Kind.BUSINESS, 3)]
    set_money(state, 1, 4)
    a = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 6)
    events = attack(state, h1, a)
    assert [e.amount for e in of_kind(events, "pay")] == [4]
    assert state.seats[0].money == 3 + 4 and state.seats[1].money == 0
    assert state.seats[0].trophies == [h1] and h1 not in state.discard
    assert {bar, guard, *hand} <= set(state.discard)
    seat1 = state.seats[1]
    assert seat1.hand == [] and seat1.buildings == {} and not seat1.alive
    assert state.countdown_keeper == 0  # R-END-COUNT-1 (1)
    check(state)


def test_I_ELIM_eliminated_player_takes_no_more_turns() -> None:
    """I-ELIM: an eliminated seat is skipped in turn order and cannot be attacked."""
    state = table(players=4, money=3)
    h1 = hideout(state, 1)
    set_money(state, 1, 0)
    a = gangster(state, 0, 3, hideout(state, 0))
    turn_of(state, 0, Phase.ATTACK)
    attack(state, h1, a)
    finish_turn(state)
    assert state.active == 2
    gangster(state, 2, 1, hideout(state, 2))  # an attacker, so phase C has choices
    turn_of(state, 2, Phase.ATTACK)
    targets = {x.target for x in legal_actions(state) if isinstance(x, StartAttack)}
    assert h1 not in targets and targets == {hideout(state, 0), hideout(state, 3)}
