"""Shared helpers for the bot tests: seeded games played by bots from their views."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import GameOptions, GameState, apply, legal_actions, new_game, view
from engine.actions import Action
from engine.bots import Bot, make_bot

MAX_DECISIONS = 20_000


def positions(lineup: tuple[str, ...], seed: int) -> Iterator[tuple[GameState, list[Action]]]:
    """Every decision of one bot game, as (full state, legal actions), before it is made."""
    state = new_game(GameOptions(players=len(lineup), seed=seed))
    bots: list[Bot] = [make_bot(level) for level in lineup]
    rngs = [random.Random(seed * 100 + i) for i in range(len(lineup))]
    steps = 0
    while not state.game_over:
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        yield state, legal
        action, _ = bots[seat].decide(view(state, seat), legal, rngs[seat])
        assert action in legal, f"{lineup[seat]} chose illegal {action!r}"
        apply(state, action, check=False)
        steps += 1
        assert steps < MAX_DECISIONS, f"game {seed} {lineup} did not end"
