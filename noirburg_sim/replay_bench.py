"""Replay benchmark: what `engine.replay` costs a move on a long history.

The history is the one build/measure_saves.py writes for its big Continue case (a
game played to its first free gangster move, then a long run of free moves), made
with the engine only. Prints one JSON line per repeat: moves, CPU and wall seconds,
the engine build and the load average; asserts nothing but that the replay reaches
the same position.

    python -m noirburg_sim.replay_bench --moves 100000 --repeats 3
    python -m noirburg_sim.replay_bench --moves 20000 --repeats 1 --generate-only
        (under callgrind: the run minus a --generate-only run is the replay's count)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

import engine
from engine import Event, GameOptions, GameState, apply, legal_actions, new_game, replay
from engine.actions import Action, MoveGangster, action_to_json


def long_history(moves: int, seed: int = 3) -> tuple[list[dict[str, Any]], GameState]:
    """The JSON actions of a 4-player game ending in `moves` free gangster moves, and
    the position they reach."""
    state = new_game(GameOptions(players=4, seed=seed))
    rng = random.Random(1)
    played: list[Action] = []
    for i in range(20000):
        legal = legal_actions(state)
        if i > 200 and any(isinstance(a, MoveGangster) for a in legal):
            break
        a = rng.choice(legal)
        apply(state, a)
        played.append(a)
    for k in range(moves):
        free = [a for a in legal_actions(state) if isinstance(a, MoveGangster)]
        move = free[k % len(free)]
        apply(state, move, check=False)
        played.append(move)
    # through JSON text, as a save is read
    return json.loads(json.dumps([action_to_json(a) for a in played])), state


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--moves", type=int, default=100_000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--generate-only", action="store_true", help="make the history, no replay")
    a = p.parse_args(argv)
    actions, reached = long_history(a.moves, a.seed)
    if a.generate_only:
        return 0
    seen = [0]

    def each(i: int, now: GameState, events: list[Event]) -> None:
        seen[0] += len(events)  # as the app's Continue reads them (it counts rounds)

    for _ in range(a.repeats):
        start = new_game(GameOptions(players=4, seed=a.seed))
        load = os.getloadavg() if hasattr(os, "getloadavg") else None
        c0, w0 = time.process_time(), time.perf_counter()
        out = replay(start, actions, each)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        if engine.to_json(out) != engine.to_json(reached):
            print("the replay reached another position", file=sys.stderr)
            return 1
        line = {"moves": len(actions), "cpu_s": round(cpu, 3), "wall_s": round(wall, 3)}
        print(json.dumps({**line, "compiled": engine.compiled(), "loadavg": load}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
