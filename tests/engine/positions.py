"""Build rulebook positions in a few lines, keeping the 89 cards and the money conserved.

`position(text)` reads a whole position in the text notation (docs/notation.md), the
shortest way to write a table; `c("G3a")` is a card it names. The builders below
start from a real `new_game` (seat 0 first, everyone keeps the
opening hand), then the hands are put back into the deck so a test gives each
seat exactly the cards it needs. Cards are always *moved* (from the deck, the
discard pile or the box), never invented, and money moves between the bank
and the seats, so `check_invariants` holds; `check()` asserts it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import (
    Event,
    GameOptions,
    GameState,
    IllegalAction,
    Phase,
    apply,
    legal_actions,
    new_game,
    to_json,
)
from engine.actions import (
    Action,
    AddAttacker,
    EndPhase,
    LaunchAttack,
    Mulligan,
    Pass,
    StartAttack,
)
from engine.cards import KIND, VALUE, Kind
from engine.invariants import check_invariants
from engine.notation import card_id

GANGSTER = Kind.GANGSTER
BUSINESS = Kind.BUSINESS


def fresh(players: int = 4, seed: int = 1, **options: Any) -> GameState:
    """A new game past the mulligan (everyone keeps): seat 0's first turn, phase D or later."""
    options.setdefault("first_player", 0)
    state = new_game(GameOptions(players=players, seed=seed, **options))
    while state.phase is Phase.MULLIGAN:
        apply(state, Mulligan())
    return state


def played(seed: int, steps: int) -> GameState:
    """The position after `steps` random legal actions of a seeded game (3 to 6 seats by
    seed), or the end of the game if it comes first."""
    state = new_game(GameOptions(players=3 + seed % 4, seed=seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.game_over:
            break
        apply(state, rng.choice(legal_actions(state)))
    return state


def table(players: int = 4, seed: int = 1, money: int = 3, **options: Any) -> GameState:
    """Empty hands, empty tables (Hideouts only), `money` coins each; set the turn with
    `turn_of` before acting."""
    state = fresh(players, seed, **options)
    for s in state.seats:
        state.deck.extend(s.hand)
        s.hand.clear()
        set_money(state, state.seats.index(s), money)
    state.discard.reverse()  # keep every card where it was, only out of the hands
    state.deck.extend(state.discard)
    state.discard.clear()
    return state


def turn_of(state: GameState, seat: int, phase: Phase, *, first_round: bool = False) -> None:
    """Make it `seat`'s turn, in `phase`, with nothing pending and nothing done yet."""
    state.active = seat
    state.phase = phase
    state.turn = seat if first_round else state.n + seat
    state.stack = []
    state.attacked = frozenset()
    state.discarded_this_turn = 0
    state.attack_target = None
    state.attack_gangsters = ()
    check(state)


def check(state: GameState) -> None:
    problems = check_invariants(state)
    assert not problems, problems


# --- cards ---------------------------------------------------------------------------


def take(state: GameState, kind: Kind, value: int = 0) -> int:
    """Pull a card of `kind` (and `value`, for Gangsters and Businesses) out of the deck,
    the discard pile or the box."""
    for pile in (state.deck, state.discard, state.box):
        for c in reversed(pile):
            if KIND[c] == kind and (value == 0 or VALUE[c] == value):
                pile.remove(c)
                return c
    raise LookupError(f"no free {kind.name} {value} left")


def give(state: GameState, seat: int, kind: Kind, value: int = 0) -> int:
    """Put a card of `kind`/`value` into `seat`'s hand; returns its id."""
    c = take(state, kind, value)
    state.seats[seat].hand.append(c)
    return c


def hideout(state: GameState, seat: int) -> int:
    h = state.seats[seat].hideout
    assert h is not None
    return h


def business(state: GameState, seat: int, income: int, *, on_hideout: bool = False) -> int:
    """Open a Business of `income` for `seat` (on top of the Hideout if asked)."""
    s = state.seats[seat]
    b = take(state, BUSINESS, income)
    s.buildings[b] = ()
    s.opened_business = True
    if on_hideout:
        assert s.top is None, "the Hideout already carries a Business"
        s.top = b
    return b


def gangster(state: GameState, seat: int, strength: int, on: int) -> int:
    """Stand a gangster of `strength` on building `on` (capacity is checked by `check`)."""
    s = state.seats[seat]
    g = take(state, GANGSTER, strength)
    s.buildings[on] = s.buildings[on] + (g,)
    return g


def hidden(state: GameState, seat: int, strength: int) -> int:
    g = take(state, GANGSTER, strength)
    state.seats[seat].hidden.append(g)
    return g


def on_table(state: GameState, card: int) -> bool:
    return any(card in s.table_cards() for s in state.seats)


# --- money --------------------------------------------------------------------------


def set_money(state: GameState, seat: int, amount: int) -> None:
    """Give `seat` exactly `amount` coins, taking them from (or returning them to) the bank."""
    s = state.seats[seat]
    state.bank += s.money - amount
    s.money = amount
    assert state.bank >= 0, "not enough money in the bank for this position"


def set_bank(state: GameState, amount: int) -> None:
    """Leave exactly `amount` in the bank, spreading the difference over the seats one coin
    at a time (so nobody gets rich enough to trigger anything by accident)."""
    diff = state.bank - amount
    step = 1 if diff > 0 else -1
    i = 0
    while diff:
        s = state.seats[i % state.n]
        if step > 0 or s.money > 0:
            s.money += step
            diff -= step
        i += 1
    state.bank = amount


# --- chance ------------------------------------------------------------------------


def force_dice(state: GameState, *faces: int) -> None:
    """The next die rolls show `faces`, in order (the engine's own forced dice)."""
    state.force_dice(*faces)


# --- positions in text (docs/notation.md) --------------------------------------------


def position(text: str) -> GameState:
    """A position written in the text notation; `c("G3a")` names its cards."""
    state = GameState.from_text(text)
    check(state)
    return state


c = card_id


# --- acting --------------------------------------------------------------------------


def play(state: GameState, *actions: Action) -> list[Event]:
    """Apply actions in order; returns all the events."""
    events: list[Event] = []
    for a in actions:
        events.extend(apply(state, a))
    return events


def attack(state: GameState, target: int, *gangsters: int) -> list[Event]:
    """Phase C in one call: choose `target`, send `gangsters`, launch."""
    return play(state, StartAttack(target), *(AddAttacker(g) for g in gangsters), LaunchAttack())


def pass_windows(state: GameState) -> list[Event]:
    """Everyone asked passes until no reaction window is open."""
    events: list[Event] = []
    while state.window is not None:
        events.extend(apply(state, Pass()))
    return events


def assert_illegal(state: GameState, action: Action, rule: str) -> IllegalAction:
    """`action` is refused citing `rule`, is not offered, and the state is untouched."""
    before = to_json(state)
    assert action not in legal_actions(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert info.value.rule == rule, f"cited {info.value.rule}: {info.value}"
    assert rule in str(info.value)
    assert to_json(state) == before
    return info.value


def end_phase_until(state: GameState, phase: Phase) -> None:
    """End phases of the active seat until `phase` (for walking through a turn)."""
    while state.phase is not phase:
        apply(state, EndPhase())


def finish_turn(state: GameState) -> list[Event]:
    """End the active seat's turn without doing anything more (everyone passes)."""
    seat = state.active
    events: list[Event] = []
    while state.active == seat and not state.game_over:
        acts = legal_actions(state)
        events.extend(apply(state, Pass() if Pass() in acts else EndPhase()))
    return events


def begin_turn(state: GameState, seat: int) -> list[Event]:
    """Start `seat`'s turn the real way: the seat before it ends its turn (phase G),
    so Collect (A) runs; returns the events from the hand-over on."""
    prev = (seat - 1) % state.n
    while not state.seats[prev].alive:
        prev = (prev - 1) % state.n
    turn_of(state, prev, Phase.DRAW)
    return finish_turn(state)


def phase_now(state: GameState) -> Phase:
    """The current phase, read afresh (type checkers keep an earlier narrowed value)."""
    return state.phase


def phases(events: list[Event]) -> list[str]:
    return [e.tag for e in events if e.kind == "phase"]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
