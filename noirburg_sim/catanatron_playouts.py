"""Catanatron's random playouts, measured with Noirburg's loop, as compare JSON.

Run it with an interpreter that has Catanatron (it imports nothing from
Noirburg), e.g.:

    python3 -m venv /tmp/catan-venv && /tmp/catan-venv/bin/pip install catanatron
    /tmp/catan-venv/bin/python noirburg_sim/catanatron_playouts.py --games 10 > catan.json

The loop is the one noirburg_sim/bench.py runs: the engine's own list of legal
actions (`state.playable_actions`), `random.Random(seed).choice`, apply
(`game.execute(action, validate_action=False)`), until the game is over
(`winning_color()` or Catanatron's own TURNS_LIMIT), game setup included. Four
RandomPlayers; a turn is Catanatron's `state.num_turns`. The JSON follows the
schema in noirburg_sim/compare.py.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from importlib.metadata import version
from typing import Any

from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]
from catanatron.game import TURNS_LIMIT  # type: ignore[import-not-found]

COLORS = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)


def playouts(games: int, seed: int) -> dict[str, Any]:
    turns = decisions = 0
    c0, w0 = time.process_time(), time.perf_counter()
    for g in range(games):
        game = Game([RandomPlayer(c) for c in COLORS], seed=seed + g)
        choice = random.Random(seed + g).choice
        state = game.state
        while game.winning_color() is None and state.num_turns < TURNS_LIMIT:
            game.execute(choice(state.playable_actions), validate_action=False)
            decisions += 1
        turns += state.num_turns
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return {"games": games, "turns": turns, "decisions": decisions, "cpu_s": cpu, "wall_s": wall}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--repeats", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    try:
        load: list[float] | None = [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        load = None
    runs = [playouts(a.games, a.seed) for _ in range(a.repeats)]
    report = {
        "engine": "catanatron",
        "version": version("catanatron"),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "loop": "state.playable_actions + random.Random(seed).choice + "
        "game.execute(validate_action=False), until winning_color() or TURNS_LIMIT",
        "players": 4,
        "turns": sum(r["turns"] for r in runs),
        "decisions": sum(r["decisions"] for r in runs),
        "cpu_us_per_turn": round(statistics.median(1e6 * r["cpu_s"] / r["turns"] for r in runs), 2),
        "wall_us_per_turn": round(
            statistics.median(1e6 * r["wall_s"] / r["turns"] for r in runs), 2
        ),
        "runs": [
            {k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()} for r in runs
        ],
        "loadavg": load,
    }
    print(json.dumps(report, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
