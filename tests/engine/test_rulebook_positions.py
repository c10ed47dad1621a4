"""Five positions from the rulebook's worked examples, written in the text notation
(docs/notation.md) and played out with forced dice; each asserts the book's outcome."""

from __future__ import annotations

from engine import Event, EventKind, GameState, Phase, apply, legal_actions
from engine.actions import AddAttacker, LaunchAttack, PlayDriveBy, PlayPokerNight, StartAttack
from engine.notation import card_id as c
from tests.engine.positions import of_kind, pass_windows


def attack_with(state: GameState, target: str, *gangsters: str) -> list[Event]:
    events = apply(state, StartAttack(c(target)))
    for g in gangsters:
        events += apply(state, AddAttacker(c(g)))
    events += apply(state, LaunchAttack())
    return events + pass_windows(state)


HIDEOUT_11 = """
noir phase=C active=0 dice=3
0: $5 Ha B4a:G4a B4b:G4b B3a:G3a
1: ${money} Hb:G1a,G2a ^B3b:G2b
2: Hc
3: Hd
"""


def test_R_HIDE_ATK_8_eleven_against_eleven_breaks_and_an_owner_short_of_6_is_out() -> None:
    """R-HIDE-ATK-8: Hideout 3 + its gangsters 3 + Speakeasy 3 + its gangsters 2 = 11; an
    attack of 11 breaks it; a die of 3 + the Speakeasy's 3 = ransom 6; the owner with 5
    is out; the attackers take 3 + 5 = 8 damage (the 3 and one 4 die, weakest first)."""
    state = GameState.from_text(HIDEOUT_11.format(money=5))
    events = attack_with(state, "Hb", "G4a", "G4b", "G3a")
    assert [e.amount for e in of_kind(events, "breach")] == [11]
    assert [e.amount for e in of_kind(events, "die")] == [3]
    assert [e.amount for e in of_kind(events, "ransom")] == [6]
    killed = {e.cards[0] for e in of_kind(events, "kill") if e.seat == 0}
    assert killed == {c("G3a"), c("G4a")}  # 8 damage: 3, then 4; the second 4 lives
    assert state.seats[0].hidden == [c("G4b")]
    assert not state.seats[1].alive and state.seats[0].trophies == [c("Hb")]
    assert state.seats[0].money == 10 and state.seats[1].money == 0  # I-PAY: all they had
    assert state.countdown_keeper == 0  # R-END-COUNT-1(1)
    assert c("B3b") in state.discard  # R-HIDE-ATK-5: the Business on top is destroyed


def test_I_PAID_the_same_attack_on_an_owner_with_6_costs_the_ransom_only() -> None:
    """I-PAID: an owner who can pay the ransom of 6 stays in the game."""
    state = GameState.from_text(HIDEOUT_11.format(money=6))
    attack_with(state, "Hb", "G4a", "G4b", "G3a")
    assert state.seats[1].alive and state.seats[1].money == 0 and state.seats[0].money == 11
    assert state.seats[1].buildings == {c("Hb"): ()} and state.seats[1].top is None
    assert state.countdown_keeper is None


def test_R_ATK_EX_defenders_die_but_a_business_hit_for_1_stands() -> None:
    """R-ATK-EX (1): the defending gangsters all die, the Speakeasy takes the 1 damage
    left (of its income 3) and is not destroyed; no money moves."""
    state = GameState.from_text(
        """
        noir phase=C active=0
        0: $3 Ha B3a:G3a
        1: $3 Hb B3b:G1a,G1b
        2: Hc
        """
    )
    events = attack_with(state, "B3b", "G3a")
    assert {e.cards[0] for e in of_kind(events, "kill")} == {c("G1a"), c("G1b")}
    assert state.seats[1].buildings[c("B3b")] == ()  # R-ATK-8: 3 < 2 + 3
    assert state.seats[0].hidden == [c("G3a")]  # R-ATK-10: 2 damage back does not kill a 3
    assert [s.money for s in state.seats] == [3, 3, 3]


def test_R_ATK_EX_a_casino_falls_the_weakest_attacker_dies_and_the_owner_pays_4() -> None:
    """R-ATK-EX (2): 7 against a Casino (4) with a Gangster 2: destroyed (7 >= 2 + 4); the
    2 damage back kills only the attackers' Gangster 1 (I-DMG); the owner pays 4 (R-ATK-9)."""
    state = GameState.from_text(
        """
        noir phase=C active=0
        0: $3 Ha B4a:G4a B2a:G2a B1a:G1a
        1: $5 Hb B4b:G2b
        2: Hc
        """
    )
    events = attack_with(state, "B4b", "G4a", "G2a", "G1a")
    assert [e.cards[0] for e in of_kind(events, "destroy")] == [c("B4b")]
    assert {e.cards[0] for e in of_kind(events, "kill") if e.seat == 0} == {c("G1a")}
    assert sorted(state.seats[0].hidden) == sorted([c("G4a"), c("G2a")])
    assert (state.seats[0].money, state.seats[1].money) == (7, 1)


def test_R_DRIVEBY_2_two_drive_bys_roll_together_and_take_the_top_business_only() -> None:
    """R-DRIVEBY-2: two Drive-bys, dice 3 and 5, deal 8 at once; I-DRIVEBY: on the Casino
    on top of a Hideout they kill its Gangster 4 and destroy it (8 >= 4 + 4) while the
    Hideout's own gangster is untouched; R-DRIVEBY-3: no money is taken."""
    state = GameState.from_text(
        """
        noir phase=D active=0 dice=3,5
        0: $3 hand=DBa,DBb Ha
        1: $4 Hb:G2a ^B4a:G4a
        2: Hc
        """
    )
    play = PlayDriveBy((c("DBa"), c("DBb")), c("B4a"))
    assert play in legal_actions(state)
    events = apply(state, play) + pass_windows(state)
    assert [e.amount for e in of_kind(events, "die")] == [3, 5]
    assert [e.amount for e in of_kind(events, "driveby")] == [8]
    assert state.seats[1].buildings == {c("Hb"): (c("G2a"),)} and state.seats[1].top is None
    assert [s.money for s in state.seats] == [3, 4, 3]


def test_R_POKER_1_the_host_keeps_the_higher_die_and_ties_roll_again() -> None:
    """R-POKER-1: everyone with 2 coins antes 2 (seat 3 with 1 cannot join); the host rolls
    2 and 5 and keeps 5, seat 1 rolls 5, seat 2 rolls 3; the tied host and seat 1 roll
    again, 1 against 6: seat 1 takes the pot of 6."""
    state = GameState.from_text(
        """
        noir phase=D active=0 dice=2,5,5,3,1,6
        0: $4 hand=PNa Ha
        1: $4 Hb
        2: $4 Hc
        3: $1 Hd
        """
    )
    events = apply(state, PlayPokerNight(c("PNa"))) + pass_windows(state)
    assert [(e.seat, e.amount) for e in of_kind(events, "die")] == [
        (0, 2),
        (0, 5),
        (1, 5),
        (2, 3),
        (0, 1),
        (1, 6),
    ]
    assert [(e.seat, e.amount) for e in of_kind(events, EventKind.POKER_WIN)] == [(1, 6)]
    assert [s.money for s in state.seats] == [2, 8, 2, 1]
    assert state.forced_dice == ()  # every forced roll used, no more
    assert state.phase is Phase.DRAW  # R-TURN-1: nothing left to do in D, E or F
