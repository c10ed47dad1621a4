"""Poker Night (R-POKER-1/2, I-POKER-HOST): host a game for everyone with 2 coins."""

from __future__ import annotations

from engine.actions import PlayPokerNight
from engine.cards import Kind
from engine.families.base import (
    POKER,
    Effect,
    Events,
    Family,
    Out,
    Reaction,
    fail,
    take_from_hand,
)
from engine.state import GameState, PendingPoker, WindowKind


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


REACTION = Reaction(Kind.POKER_NIGHT, _useful, free=_free)


def explain(state: GameState, me: int, a: PlayPokerNight) -> None:
    if state.first_round:
        fail("R-POKER-2", "Poker Night cannot be played in the first round")
    if state.seats[me].money < 2:
        fail("I-POKER-HOST", "The host must be able to put 2 coins on the table")
    fail("I-POKER-HOST", "At least one other player needs 2 coins to join")


def _play(state: GameState, seat: int, a: PlayPokerNight, ev: Events) -> None:
    take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingPoker(seat, a.card))


FAMILY: Family = Family(
    {PlayPokerNight: Effect(_play, opens=WindowKind.CARD, card=Kind.POKER_NIGHT)},
    explain,
)
