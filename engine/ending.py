"""How a game moves to its end: every gain is credited here, so the countdown
(R-END-COUNT-1) starts the moment a boss holds a third of the money in play, and
`finish` closes the game, whoever ends it (flow at the end of a turn, combat when
a boss falls).

Its own module, below both flow and combat, so neither imports the other for it.
"""

from __future__ import annotations

from typing import Final

from engine.events import Event
from engine.state import (
    GameState,
    Phase,
    Window,
)

Events = list[Event]
_OVER: Final = Phase.GAME_OVER


def credit(state: GameState, seat: int, amount: int, ev: Events) -> None:
    """Every gain goes through here so R-END-COUNT-1(3) is never missed."""
    s = state.seats[seat]
    s.money += amount
    if state.countdown_keeper is None and s.money * 3 >= state.money_in_play and s.alive:
        start_countdown(state, seat, ev)


def start_countdown(state: GameState, seat: int, ev: Events) -> None:
    """R-END-COUNT-1: the first trigger starts it; I-COUNT-START."""
    if state.countdown_keeper is None:
        state.countdown_keeper = seat
        state.countdown_turn = state.turn
        ev.append(Event("countdown", seat))


def finish(state: GameState, winners: tuple[int, ...], method: str, ev: Events) -> None:
    state.phase = _OVER
    state.winners = winners
    state.win_method = method
    for frame in state.stack:  # cards still in play go to the discard pile (conservation)
        state.discard.extend(frame.held_cards)
    for frame in reversed(state.stack):
        if isinstance(frame, Window):
            ev.append(Event("window_closed", frame.opener, (), 0, None, frame.kind))
    state.stack.clear()
    state.attack_target = None
    state.attack_gangsters = ()
    for w in winners:
        ev.append(Event("win", w, (), 0, None, method))
    ev.append(Event("game_over", None, (), 0, None, method))
