"""engine.threats: threat / opened_threat / threat_answers: what a reaction window is
about, for the table's prompt policy (issue 20). A threat is read off the pending
action alone (public), names the seat whose own table it hurts, and its answers are
the legal actions of that seat which answer it (R-POLICE-1, R-BRIBE-1, I-BRIBE-CHAIN,
R-DRIVEBY-1/2, R-TURNCOAT-1, R-REACT-2/3, R-HIDE-ATK-5/7, I-REACT-WINDOW)."""

from __future__ import annotations

import random

from engine import GameOptions, GameState, Phase, apply, legal_actions, new_game
from engine.actions import (
    AddAttacker,
    EndPhase,
    JoinDriveBy,
    LaunchAttack,
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
from engine.threats import opened_threat, threat, threat_answers
from tests.engine.positions import (
    attack,
    business,
    gangster,
    give,
    hideout,
    pass_windows,
    play,
    table,
    turn_of,
)

POLICE, BRIBE, DRIVE_BY = Kind.POLICE, Kind.BRIBE, Kind.DRIVE_BY
TURNCOAT, POKER = Kind.TURNCOAT, Kind.POKER_NIGHT


def _until_asked(state: GameState, seat: int) -> None:
    """Everyone asked before `seat` in the open window passes."""
    while state.window is not None and state.to_act != seat:
        apply(state, Pass())


def test_R_POLICE_1_b_an_attack_on_my_business_is_answered_by_police() -> None:
    """R-POLICE-1(b), R-REACT-2: an attack declared on seat 1's Business threatens seat 1;
    its Police stopping the attack answers it. Seat 2's Police does not answer seat 2's
    own threat: there is none (the window is about seat 1's table)."""
    state = table(players=3)
    att = gangster(state, 0, 3, hideout(state, 0))
    bar = business(state, 1, 2)
    guard = gangster(state, 1, 1, bar)
    police1 = give(state, 1, POLICE)
    give(state, 2, POLICE)
    turn_of(state, 0, Phase.ATTACK)
    play(state, StartAttack(bar), AddAttacker(att))
    th = opened_threat(state, LaunchAttack())
    play(state, LaunchAttack())
    assert th == threat(state)
    assert th is not None
    assert (th.kind, th.seat, th.by, th.target, th.answer) == ("attack", 1, 0, bar, POLICE)
    assert not th.hideout and th.forecast is not None and th.forecast.success
    assert th.forecast.defenders_lost == (guard,)
    _until_asked(state, 1)
    assert threat_answers(state) == [StopAttack(police1)]
    apply(state, Pass())
    assert state.to_act == 2 and threat_answers(state) == []  # not seat 2's table


def test_R_HIDE_ATK_7_an_attack_on_my_hideout_forecasts_the_ransom_and_knockout() -> None:
    """R-HIDE-ATK-1/5/7: the whole stack attacked; the threat carries the forecast's
    ransom range and whether a breach puts the owner out."""
    state = table(players=3, money=2)
    h1 = hideout(state, 1)
    a = gangster(state, 0, 3, hideout(state, 0))
    b = gangster(state, 0, 3, business(state, 0, 3))
    give(state, 1, POLICE)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, h1, a, b)
    th = threat(state)
    assert th is not None and th.kind == "attack" and th.seat == 1 and th.hideout
    f = th.forecast
    assert f is not None and f.success and f.ransom == (1, 6) and f.knockout == "maybe"
    _until_asked(state, 1)
    assert [type(x) for x in threat_answers(state)] == [StopAttack]


def test_R_BRIBE_1_a_raid_on_my_gangsters_is_answered_by_a_bribe() -> None:
    """R-POLICE-1(a), R-BRIBE-1: Police on seat 0's guarded Business threaten seat 0; its
    Bribe answers. A raid on one's own Business threatens nobody."""
    state = table(players=3)
    bar = business(state, 0, 2)
    gangster(state, 0, 2, bar)
    police = give(state, 1, POLICE)
    bribe = give(state, 0, BRIBE)
    turn_of(state, 0, Phase.DRAW)
    play(state, EndPhase())  # the end-of-turn window: seat 1 is asked
    assert threat(state) is None  # I-REACT-WINDOW (d): about nobody's table
    assert opened_threat(state, PlayPolice(police, bar)) is not None
    play(state, PlayPolice(police, bar))
    th = threat(state)
    assert th is not None and (th.kind, th.seat, th.by, th.target) == ("raid", 0, 1, bar)
    assert th.answer is BRIBE
    _until_asked(state, 0)
    assert threat_answers(state) == [PlayBribe(bribe)]
    play(state, PlayBribe(bribe))
    assert threat(state) is None  # I-BRIBE-CHAIN: one Bribe, the raid is cancelled

    own = table(players=3)
    mine = business(own, 1, 2)
    gangster(own, 1, 2, mine)
    p1 = give(own, 1, POLICE)
    turn_of(own, 0, Phase.DRAW)
    play(own, EndPhase())
    assert opened_threat(own, PlayPolice(p1, mine)) is None


def test_R_POLICE_1_b_police_stopping_my_attack_is_answered_by_a_bribe() -> None:
    """R-POLICE-1(b), R-BRIBE-1: the defender's Police stopping seat 0's attack threaten
    seat 0 (the attacker); seat 0's Bribe answers. I-BRIBE-CHAIN: once bribed, the attack
    goes ahead, and the threat is to the defender again, answered by a Bribe."""
    state = table(players=3)
    att = gangster(state, 0, 3, hideout(state, 0))
    bar = business(state, 1, 2)
    police = give(state, 1, POLICE)
    b0 = give(state, 0, BRIBE)
    b1 = give(state, 1, BRIBE)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, bar, att)
    _until_asked(state, 1)
    play(state, StopAttack(police))
    th = threat(state)
    assert th is not None and (th.kind, th.seat, th.by, th.target) == ("stop", 0, 1, bar)
    assert th.answer is BRIBE and th.forecast is not None and th.forecast.success
    _until_asked(state, 0)
    assert threat_answers(state) == [PlayBribe(b0)]
    expected = opened_threat(state, PlayBribe(b0))
    play(state, PlayBribe(b0))
    th = threat(state)
    assert th == expected
    assert th is not None and (th.kind, th.seat, th.answer) == ("attack", 1, BRIBE)
    _until_asked(state, 1)
    assert threat_answers(state) == [PlayBribe(b1)]


def test_R_DRIVEBY_1_a_drive_by_on_my_business_is_answered_by_police_there() -> None:
    """R-DRIVEBY-1/2, R-POLICE-1(a): Drive-bys declared on seat 1's guarded Business
    threaten seat 1; Police on that Business (before the roll) answer it, a joining
    Drive-by or Police elsewhere do not."""
    state = table(players=3)
    bar = business(state, 1, 2)
    gangster(state, 1, 1, bar)
    other = business(state, 2, 2)
    gangster(state, 2, 1, other)
    drive = give(state, 0, DRIVE_BY)
    police = give(state, 1, POLICE)
    give(state, 1, DRIVE_BY)
    turn_of(state, 0, Phase.OPEN)
    play(state, PlayDriveBy((drive,), bar))
    th = threat(state)
    assert th is not None and (th.kind, th.seat, th.by, th.target) == ("driveby", 1, 0, bar)
    assert th.dice == 1 and th.answer is POLICE
    _until_asked(state, 1)
    legal = legal_actions(state)
    assert any(isinstance(a, JoinDriveBy) for a in legal)
    assert any(isinstance(a, PlayPolice) and a.business == other for a in legal)
    assert threat_answers(state) == [PlayPolice(police, bar)]


def test_R_DRIVEBY_1_my_own_drive_by_threatens_nobody() -> None:
    """R-DRIVEBY-1 allows a Drive-by on one's own Business: no threat to anyone."""
    state = table(players=3)
    bar = business(state, 0, 2)
    gangster(state, 0, 1, bar)
    drive = give(state, 0, DRIVE_BY)
    give(state, 0, Kind.GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    assert opened_threat(state, PlayDriveBy((drive,), bar)) is None


def test_R_TURNCOAT_1_a_turncoat_on_my_gangster_is_answered_by_my_turncoat() -> None:
    """R-TURNCOAT-1, R-REACT-3: a Turncoat taking seat 1's gangster threatens seat 1; its
    own Turncoat on that gangster (played in answer, it resolves first) answers it."""
    state = table(players=3)
    bar = business(state, 1, 3)
    g = gangster(state, 1, 2, bar)
    g2 = gangster(state, 1, 1, bar)
    t0 = give(state, 0, TURNCOAT)
    t1 = give(state, 1, TURNCOAT)
    give(state, 0, Kind.GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    play(state, PlayTurncoat(t0, g))
    th = threat(state)
    assert th is not None and (th.kind, th.seat, th.by, th.target) == ("turncoat", 1, 0, g)
    _until_asked(state, 1)
    answers = threat_answers(state)
    assert answers == [PlayTurncoat(t1, g)]
    assert PlayTurncoat(t1, g2) in legal_actions(state)  # legal, but no answer
    play(state, answers[0])
    pass_windows(state)
    assert g in state.seats[1].hand and t1 in state.discard and t0 in state.discard


def test_I_REACT_WINDOW_poker_night_and_resolved_windows_threaten_nobody() -> None:
    """I-REACT-WINDOW (b)-(d): a Poker Night, a resolved fight and a turn's end are
    about nobody's table."""
    state = table(players=3, money=5)
    poker = give(state, 0, POKER)
    give(state, 1, POLICE)
    bar = business(state, 2, 2)
    gangster(state, 2, 1, bar)
    turn_of(state, 0, Phase.OPEN)
    assert opened_threat(state, PlayPokerNight(poker)) is None
    play(state, PlayPokerNight(poker))
    assert state.window is not None and threat(state) is None


def test_threat_answers_are_legal_and_never_name_the_threats_author() -> None:
    """Over random games: whenever a window is open, `threat` names a living seat other
    than its author, `threat_answers` is a subset of `legal_actions` (empty unless the
    threatened seat is asked), and `opened_threat` of each window-opening action equals
    `threat` right after it whenever the window still asks someone."""
    seen = answered = opened = 0
    for seed in range(80):
        state = new_game(GameOptions(players=3 + seed % 4, seed=seed))
        rng = random.Random(seed)
        for _ in range(1500):
            if state.phase is Phase.GAME_OVER:
                break
            legal = legal_actions(state)
            th = threat(state)
            if th is not None:
                seen += 1
                assert th.seat != th.by and state.seats[th.seat].alive
                answers = threat_answers(state)
                assert set(answers) <= set(legal)
                if state.to_act != th.seat:
                    assert answers == []
                answered += bool(answers)
            action = rng.choice(legal)
            before = opened_threat(state, action)
            depth = len(state.stack)
            apply(state, action)
            if state.window is not None and len(state.stack) > depth and before is not None:
                # the window the action opened still asks: the same threat, read afresh
                now = threat(state)
                if now is not None and now.kind == before.kind:
                    assert (now.seat, now.target) == (before.seat, before.target)
                    opened += 1
    assert seen > 50 and answered > 0 and opened > 0, (seen, answered, opened)


def test_R_ATK_4_an_attack_that_falls_short_and_kills_nobody_is_no_threat() -> None:
    """R-ATK-4/8, R-POLICE-1(b): Police on an attack that would fail and kill no
    defender would only spare the attackers, so it is no threat to the defender (nor is
    Police stopping such an attack one to the attacker). One that kills a guard is."""
    state = table(players=3)
    weak = gangster(state, 0, 1, hideout(state, 0))
    strong = gangster(state, 0, 2, business(state, 0, 2))
    bar = business(state, 1, 3)
    gangster(state, 1, 2, bar)
    give(state, 1, POLICE)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, bar, weak)  # 1 against a guard of 2 (defence 5): nothing happens to it
    assert state.to_act == 1 and any(isinstance(a, StopAttack) for a in legal_actions(state))
    assert threat(state) is None and threat_answers(state) == []
    pass_windows(state)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, bar, strong)  # 2 kills the guard of 2 (weakest first, R-ATK-4)
    th = threat(state)
    assert th is not None and (th.kind, th.seat) == ("attack", 1)
    assert th.forecast is not None and not th.forecast.success and th.forecast.defenders_lost


def test_I_BRIBE_CHAIN_a_bribe_answering_my_bribe_is_a_new_stop() -> None:
    """Playtest (#20): after the defender answered the attacker's Bribe with its own, the
    prompt still read the first "plays Police against your attack". The threat now
    counts the Bribes on those Police, so the table can word the new situation."""
    state = table(players=3)
    att = gangster(state, 0, 3, hideout(state, 0))
    bar = business(state, 1, 2)
    police = give(state, 1, POLICE)
    b0 = give(state, 0, BRIBE)
    b1 = give(state, 1, BRIBE)
    give(state, 0, BRIBE)  # seat 0 could answer again: the window stays open
    turn_of(state, 0, Phase.ATTACK)
    attack(state, bar, att)
    _until_asked(state, 1)
    play(state, StopAttack(police))
    first = threat(state)
    assert first is not None and first.kind == "stop" and first.bribes == 0
    _until_asked(state, 0)
    play(state, PlayBribe(b0))
    bribed = threat(state)
    assert bribed is not None and bribed.kind == "attack" and bribed.answer is BRIBE
    _until_asked(state, 1)
    play(state, PlayBribe(b1))
    again = threat(state)
    assert again is not None and (again.kind, again.seat, again.by) == ("stop", 0, 1)
    assert again.bribes == 2
    assert threat_answers(state) and state.to_act == 0
