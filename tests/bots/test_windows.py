"""Reaction windows in built positions: Police stops a Hideout breach, a Bribe
answers Police, Drive-bys stack (I-REACT-WINDOW, R-POLICE-1, I-BRIBE-CHAIN,
R-DRIVEBY-2), the wider windows answered (a Police before a Drive-by's roll, an own
Turncoat before a rival's), and HIDDEN gangsters come back in phase B (R-MOVE-2)."""

from __future__ import annotations

import random

import pytest

from engine import GameOptions, GameState, Phase, apply, legal_actions, new_game, view
from engine.actions import (
    AddAttacker,
    EndPhase,
    JoinDriveBy,
    LaunchAttack,
    MoveGangster,
    Mulligan,
    PlayBribe,
    PlayDriveBy,
    PlayPolice,
    PlayTurncoat,
    StartAttack,
    StopAttack,
)
from engine.bots import hint, make_bot
from engine.cards import KIND, VALUE, Kind
from engine.invariants import check_invariants

LEVELS = ["easy", "normal", "hard"]


def _take(state: GameState, kind: Kind, value: int = 0) -> int:
    """Move one matching card out of the deck (cards are moved, never invented)."""
    c = next(c for c in state.deck if KIND[c] == kind and VALUE[c] == value)
    state.deck.remove(c)
    return c


def _table() -> GameState:
    """Four bosses, empty hands, seat 0 to play phase C of turn 5."""
    state = new_game(GameOptions(players=4, seed=5, first_player=0))
    while state.phase is Phase.MULLIGAN:
        apply(state, Mulligan())
    for s in state.seats:
        state.deck.extend(s.hand)
        s.hand.clear()
    state.turn = 5
    state.phase = Phase.ATTACK
    state.active = 0
    return state


def _decide(level: str, state: GameState) -> object:
    me = state.to_act
    assert me is not None
    legal = legal_actions(state)
    bot = make_bot(level)
    action, why = bot.decide(view(state, me), legal, random.Random(1))
    assert action in legal and why
    return action


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_police_stops_a_hideout_breach(level: str) -> None:
    state = _table()
    attackers = [_take(state, Kind.GANGSTER, 3), _take(state, Kind.GANGSTER, 1)]
    biz = _take(state, Kind.BUSINESS, 4)
    state.seats[0].buildings[biz] = tuple(attackers)
    victim = state.seats[1]
    victim.hand.append(_take(state, Kind.POLICE))
    victim.money = 1
    state.bank += 2
    assert not check_invariants(state)
    assert victim.hideout is not None
    apply(state, StartAttack(victim.hideout))
    for g in attackers:
        apply(state, AddAttacker(g))
    apply(state, LaunchAttack())
    assert state.to_act == 1
    assert isinstance(_decide(level, state), StopAttack)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bribe_answers_police_on_own_attack(level: str) -> None:
    state = _table()
    attackers = [_take(state, Kind.GANGSTER, 3), _take(state, Kind.GANGSTER, 1)]
    state.seats[0].buildings[_take(state, Kind.BUSINESS, 4)] = tuple(attackers)
    state.seats[0].hand.append(_take(state, Kind.BRIBE))
    victim = state.seats[1]
    victim.hand.append(_take(state, Kind.POLICE))
    assert victim.hideout is not None
    apply(state, StartAttack(victim.hideout))
    for g in attackers:
        apply(state, AddAttacker(g))
    apply(state, LaunchAttack())
    police = next(a for a in legal_actions(state) if isinstance(a, StopAttack))
    apply(state, police)
    assert state.to_act == 0
    assert isinstance(_decide(level, state), PlayBribe)


def test_a_counter_bribe_is_worded_as_answering_the_bribe() -> None:
    """I-BRIBE-CHAIN (playtest 3): the Police's player bribing back a Bribe that cancelled
    it restores their Police; the log must not call that 'bribing the Police'."""
    state = _table()
    attackers = [_take(state, Kind.GANGSTER, 3), _take(state, Kind.GANGSTER, 1)]
    state.seats[0].buildings[_take(state, Kind.BUSINESS, 4)] = tuple(attackers)
    state.seats[0].hand.append(_take(state, Kind.BRIBE))
    victim = state.seats[1]
    victim.hand += [_take(state, Kind.POLICE), _take(state, Kind.BRIBE)]
    assert victim.hideout is not None
    apply(state, StartAttack(victim.hideout))
    for g in attackers:
        apply(state, AddAttacker(g))
    apply(state, LaunchAttack())
    apply(state, next(a for a in legal_actions(state) if isinstance(a, StopAttack)))
    apply(state, next(a for a in legal_actions(state) if isinstance(a, PlayBribe)))  # seat 0
    assert state.to_act == 1
    action, why = make_bot("normal").decide(view(state, 1), legal_actions(state), random.Random(1))
    assert isinstance(action, PlayBribe)
    assert "goes ahead" in why and "bribes the Police" not in why


def test_drive_bys_stack_on_a_casino() -> None:
    state = _table()
    casino = _take(state, Kind.BUSINESS, 4)
    state.seats[1].buildings[casino] = (_take(state, Kind.GANGSTER, 1),)
    state.seats[0].hand.append(_take(state, Kind.DRIVE_BY))
    state.seats[2].hand.append(_take(state, Kind.DRIVE_BY))
    apply(state, next(a for a in legal_actions(state) if isinstance(a, PlayDriveBy)))
    assert state.to_act == 2
    assert isinstance(_decide("normal", state), JoinDriveBy)


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_gangsters_are_placed_or_discarded(level: str) -> None:
    state = _table()
    me = state.seats[0]
    g = _take(state, Kind.GANGSTER, 2)
    me.hidden.append(g)
    bar = _take(state, Kind.BUSINESS, 2)
    me.buildings[bar] = ()  # I-MOVE-HIDEOUT: they come back onto Businesses only
    state.phase = Phase.MOVE
    action = _decide(level, state)
    assert not isinstance(action, EndPhase)
    if level == "normal":
        assert action == MoveGangster(g, bar)
    assert hint(view(state, 0), legal_actions(state))[0] == MoveGangster(g, bar)


def test_normal_hides_its_guards_from_a_drive_by() -> None:
    """I-REACT-WINDOW: a Drive-by on Normal's manned Speakeasy is answered, before the
    roll, by Police (a) on that Business."""
    state = _table()
    state.phase = Phase.OPEN
    speak = _take(state, Kind.BUSINESS, 3)
    state.seats[1].buildings[speak] = (
        _take(state, Kind.GANGSTER, 1),
        _take(state, Kind.GANGSTER, 2),
    )
    state.seats[0].hand.append(_take(state, Kind.DRIVE_BY))
    police = _take(state, Kind.POLICE)
    state.seats[1].hand.append(police)
    apply(state, next(a for a in legal_actions(state) if isinstance(a, PlayDriveBy)))
    assert state.to_act == 1
    assert _decide("normal", state) == PlayPolice(police, speak)


def test_normal_takes_its_own_gangster_back_from_a_turncoat() -> None:
    """R-TURNCOAT-1 (own gangsters allowed): Normal answers a rival's Turncoat on its 3
    with its own Turncoat on the same gangster."""
    state = _table()
    state.phase = Phase.OPEN
    speak = _take(state, Kind.BUSINESS, 3)
    three = _take(state, Kind.GANGSTER, 3)
    state.seats[1].buildings[speak] = (three,)
    state.seats[0].hand.append(_take(state, Kind.TURNCOAT))
    mine = _take(state, Kind.TURNCOAT)
    state.seats[1].hand.append(mine)
    apply(state, next(a for a in legal_actions(state) if isinstance(a, PlayTurncoat)))
    assert state.to_act == 1
    assert _decide("normal", state) == PlayTurncoat(mine, three)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_no_trick_against_its_own_cards(level: str) -> None:
    """R-DRIVEBY-1 / R-TURNCOAT-1 allow own targets; as tricks they only hurt the player,
    so the heuristic levels never aim them at themselves."""
    state = _table()
    state.phase = Phase.OPEN
    casino = _take(state, Kind.BUSINESS, 4)
    state.seats[0].buildings[casino] = (_take(state, Kind.GANGSTER, 3),)
    state.seats[0].hand += [_take(state, Kind.DRIVE_BY), _take(state, Kind.TURNCOAT)]
    for _ in range(5):
        action = _decide(level, state)
        assert not (isinstance(action, PlayDriveBy) and action.target == casino)
        assert not isinstance(action, PlayTurncoat)
