"""Setting up a new game (R-SETUP)."""

from __future__ import annotations

from engine import rng
from engine.cards import HIDEOUTS, PLAYABLE_DECK
from engine.errors import IllegalAction
from engine.state import (
    HAND_SIZE,
    MONEY_IN_PLAY,
    SEAT_RANGE,
    START_MONEY,
    GameOptions,
    GameState,
    Phase,
    SeatState,
)


def new_game(options: GameOptions) -> GameState:
    n = options.players
    if n not in SEAT_RANGE:
        raise IllegalAction("R-COMP-1", "NOIR is played by 3 to 6 players, not {n}", n=n)
    if options.first_player is not None and not 0 <= options.first_player < n:
        raise IllegalAction("I-FIRST", "There is no seat {seat}", seat=options.first_player + 1)
    g = GameState.__new__(GameState)
    g.options = options
    g.n = n
    g.rng = rng.seed_state(options.seed)
    g.forced_dice = ()
    g.seats = []
    for i in range(n):  # R-SETUP-1
        s = SeatState()
        s.hideout = HIDEOUTS[i]
        s.buildings = {HIDEOUTS[i]: ()}
        s.money = START_MONEY
        g.seats.append(s)
    g.box = list(HIDEOUTS[n:])
    g.money_in_play = MONEY_IN_PLAY[n]  # R-SETUP-2
    g.bank = g.money_in_play - START_MONEY * n
    g.deck = list(PLAYABLE_DECK)
    g.shuffle(g.deck)  # R-SETUP-1
    g.discard = []
    if options.first_player is None:  # I-FIRST
        g.rng, g.first_player = rng.below(g.rng, n)
    else:
        g.first_player = options.first_player
    for _ in range(HAND_SIZE):  # R-SETUP-6: one at a time around the table
        for k in range(n):
            g.seats[(g.first_player + k) % n].hand.append(g.deck.pop())
    g.active = g.first_player
    g.phase = Phase.MULLIGAN  # R-SETUP-7
    g.turn = 0
    g.mulligan_pos = 0
    g.countdown_keeper = None  # R-SETUP-3
    g.countdown_turn = 0
    g.countdown_tokens = 0
    g.attacked = frozenset()
    g.discarded_this_turn = 0
    g.attack_target = None
    g.attack_gangsters = ()
    g.stack = []
    g.winners = ()
    g.win_method = None
    return g
