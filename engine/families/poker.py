"""Poker Night (R-POKER-1/2, I-POKER-HOST): host a game for everyone with 2 coins."""

from __future__ import annotations

from typing import Any, Final

from engine.actions import Action, PlayPokerNight
from engine.cards import KIND, Kind
from engine.ending import credit
from engine.events import Event, EventKind, new_event
from engine.families.base import (
    Effect,
    Events,
    Family,
    Out,
    Reaction,
    fail,
    mk,
    take_from_hand,
)
from engine.state import GameState, PendingCard, WindowKind

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

# the events of a Poker Night, built in one step (events.new_event)
_ANTE: Final = EventKind.POKER_ANTE
_DIE: Final = EventKind.DIE
_POKER_WIN: Final = EventKind.POKER_WIN
_FIZZLE: Final = EventKind.FIZZLE
_BOX: Final = EventKind.BOX
# PlayPokerNight(card) for each Poker Night card id, built once (families/base.py's
# interned actions: enumerating allocates nothing)
POKER: list[Any] = [
    mk(PlayPokerNight, c) if k == Kind.POKER_NIGHT else None for c, k in enumerate(KIND)
]


def possible(state: GameState, me: int) -> bool:
    if state.turn < state.n:  # R-POKER-2: not in the first round (`state.first_round`)
        return False
    host = state.seats[me]
    if host.money < 2:  # I-POKER-HOST
        return False
    for s in state.seats:  # noqa: SIM110 - a loop, not any(genexpr): hot path
        if s.money >= 2 and s.alive and s is not host:
            return True
    return False


def _free(state: GameState, me: int, cards: list[int], below: object, out: Out) -> None:
    if possible(state, me):
        out.append(POKER[min(cards)])


def _useful(state: GameState, me: int, below: object) -> bool:
    return possible(state, me)


def _tries(card: int, buildings: list[int], gangsters: list[int]) -> list[Action]:
    return [PlayPokerNight(card)]


REACTION = Reaction(Kind.POKER_NIGHT, _useful, _tries, free=_free)
REACTIONS = (REACTION,)  # the kinds this module plays (cards.FAMILY_MODULE)


def explain(state: GameState, me: int, a: PlayPokerNight) -> None:
    if state.first_round:
        fail("R-POKER-2", "Poker Night cannot be played in the first round")
    if state.seats[me].money < 2:
        fail("I-POKER-HOST", "The host must be able to put 2 coins on the table")
    fail("I-POKER-HOST", "At least one other player needs 2 coins to join")


def _play(state: GameState, seat: int, a: PlayPokerNight, ev: Events) -> None:
    take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingCard(Kind.POKER_NIGHT, seat, a.card))


def resolve(state: GameState, p: PendingCard, ev: Events) -> None:
    """R-POKER-1, once nobody answers: ante 2 each, the host keeps the higher of
    two dice, ties re-roll."""
    host, card = p.player, p.card
    # R-POKER-3: where the card goes depends on when it was played, not on its own pot.
    boxed = state.countdown_started or state.options.poker_always_to_box
    seats = state.seats
    players = [i for i in state.ring_from(host) if seats[i].money >= 2 and seats[i].alive]
    if host not in players or len(players) < 2:  # I-POKER-HOST, checked again after answers
        ev.append(_NEW_EVENT(_EVENT, (_FIZZLE, host, (card,), 0, None, "")))
        players = []
    if players:
        _poker_pot(state, host, players, ev)
    if boxed:
        state.box.append(card)
        ev.append(_NEW_EVENT(_EVENT, (_BOX, host, (card,), 0, None, "")))
    else:
        state.discard.append(card)


def _poker_pot(state: GameState, host: int, players: list[int], ev: Events) -> None:
    seats = state.seats
    for i in players:
        seats[i].money -= 2
        ev.append(_NEW_EVENT(_EVENT, (_ANTE, i, (), 2, None, "")))
    pot = 2 * len(players)
    rolls: dict[int, int] = {}
    for i in players:
        r = state.roll()
        ev.append(_NEW_EVENT(_EVENT, (_DIE, i, (), r, None, "")))
        if i == host:
            r2 = state.roll()
            ev.append(_NEW_EVENT(_EVENT, (_DIE, i, (), r2, None, "")))
            if r2 > r:  # the higher die, without max()
                r = r2
        rolls[i] = r
    contenders = players
    while True:
        best = max(map(rolls.__getitem__, contenders))
        contenders = [i for i in contenders if rolls[i] == best]
        if len(contenders) == 1:
            break
        for i in contenders:  # ties: one die each, the host too
            rolls[i] = state.roll()
            ev.append(_NEW_EVENT(_EVENT, (_DIE, i, (), rolls[i], None, "")))
    winner = contenders[0]
    credit(state, winner, pot, ev)
    ev.append(_NEW_EVENT(_EVENT, (_POKER_WIN, winner, (), pot, None, "")))


# This family's own rules as the rules catalogue shows them (ID, title, text): the
# catalogue lists them in its Reactions section, in Kind order (engine/rules_catalogue.py).
RULES: Final[tuple[tuple[str, str, str], ...]] = (
    (
        "R-POKER-1",
        "Poker Night",
        "Everyone holding 2 or more coins antes 2 onto the card; poorer players sit out. "
        "The host rolls two dice and keeps the better, everyone else rolls one. The "
        "highest roll wins the pot; tied leaders, host included, roll one die each until "
        "one is ahead.",
    ),
    (
        "R-POKER-2",
        "No poker in the first round",
        "Poker Night cannot be played during the first round.",
    ),
    (
        "R-POKER-3",
        "Poker Night after the countdown",
        "Once the countdown has begun, a played Poker Night is returned to the box rather "
        "than discarded. As an option, every Poker Night can be boxed after use.",
    ),
    (
        "I-POKER-HOST",
        "A game needs players",
        "The host must have 2 coins to join, and at least one other player must be able "
        "to join too.",
    ),
)


FAMILY: Family = Family(
    {PlayPokerNight: Effect(_play, opens=WindowKind.CARD, card=Kind.POKER_NIGHT)},
    explain,
    resolves=((Kind.POKER_NIGHT, resolve),),
)
