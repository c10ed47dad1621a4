"""Play one seeded game between bots, each deciding from its own seat's view."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from engine import GameOptions, apply, legal_actions, new_game, outcome, view
from engine.bots import make_bot

MAX_DECISIONS = 200_000  # a guard: a game that never ends is a bug, reported as such


@dataclass
class GameResult:
    seed: int
    lineup: tuple[str, ...]  # bot level per seat
    winners: tuple[int, ...]
    method: str
    turns: int
    decisions: int
    decision_times: dict[str, list[float]] = field(default_factory=dict)  # wall seconds
    illegal: int = 0
    decision_cpu: dict[str, list[float]] = field(default_factory=dict)  # CPU seconds


class StalledGame(RuntimeError):
    pass


def play_game(
    lineup: tuple[str, ...], seed: int, *, timed: bool = False, money_victory: bool = True
) -> GameResult:
    """Bots in `lineup` play a game from `seed`. Each seat's bot gets its own rng
    seeded from the game seed, so a result is reproducible in any process."""
    n = len(lineup)
    state = new_game(GameOptions(players=n, seed=seed, money_victory=money_victory))
    # Hard's safety cap counts CPU seconds here, not wall: on a busy machine a wall
    # clock would cut its search short and the tournament would measure the load.
    bots = [make_bot(level, clock=time.process_time) for level in lineup]
    rngs = [random.Random(seed * 1000 + i) for i in range(n)]
    times: dict[str, list[float]] = {level: [] for level in lineup}
    cpu: dict[str, list[float]] = {level: [] for level in lineup}
    decisions = 0
    illegal = 0
    while not state.game_over:
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]  # a forced move is not a decision worth timing
        else:
            v = view(state, seat)
            t0 = time.perf_counter() if timed else 0.0
            c0 = time.process_time() if timed else 0.0
            action, _reason = bots[seat].decide(v, legal, rngs[seat])
            if timed:
                cpu[lineup[seat]].append(time.process_time() - c0)
                times[lineup[seat]].append(time.perf_counter() - t0)
        if action not in legal:
            illegal += 1
            action = legal[0]
        apply(state, action, check=False)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise StalledGame(f"game {seed} with {lineup} did not end")
    out = outcome(state)
    assert out is not None
    return GameResult(
        seed, lineup, out.winners, out.method, state.turn + 1, decisions, times, illegal, cpu
    )
