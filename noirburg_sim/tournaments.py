"""The bot ladder and the soak test, with the numbers the AI issue asks for.

    python -m noirburg_sim.tournaments ladder --games 400   # each level vs 3 of the one below
    python -m noirburg_sim.tournaments soak --games 2000    # mixed easy/normal/random, 3-6 seats

`ladder` prints, per match, the challenger's seat-rotated win rate with its
Wilson 95% CI (fair share 25%) and every level's decision-time mean/p95.
`soak` plays mixed tables and fails (exit 1) on any illegal action or stalled game.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from noirburg_sim.cli import print_report, run_games, summarise
from noirburg_sim.play import GameResult, StalledGame, play_game

LADDER = (
    ("easy", "random"),
    ("normal", "easy"),
    ("hard", "normal"),
)
SOAK_LEVELS = ("easy", "normal", "random")


def ladder(games: int, seed: int, workers: int, only: str | None) -> int:
    ok = True
    for challenger, below in LADDER:
        if only and challenger != only:
            continue
        base = (challenger, below, below, below)
        started = time.perf_counter()
        results = list(run_games(base, games, seed, workers, True, True))
        s = summarise(results, base)
        print_report(s)
        rate = s["levels"][challenger]["win_rate"]
        p95 = s["levels"][challenger]["decision_ms_p95"]
        print(f"({time.perf_counter() - started:.0f} s) {challenger} win rate {rate:.1%}\n")
        ok = ok and rate >= 0.40 and s["illegal_actions"] == 0
        ok = ok and p95 <= {"easy": 10.0, "normal": 100.0, "hard": 1000.0}[challenger]
    return 0 if ok else 1


def _soak_one(game: int) -> GameResult | str:
    n = 3 + game % 4
    lineup = tuple(SOAK_LEVELS[(game + i * (1 + game % 2)) % 3] for i in range(n))
    try:
        return play_game(lineup, 50_000 + game)
    except StalledGame as exc:
        return str(exc)


def soak(games: int, workers: int) -> int:
    illegal = stalled = decisions = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for r in pool.map(_soak_one, range(games), chunksize=50):
            if isinstance(r, str):
                stalled += 1
                print(r, file=sys.stderr)
            else:
                illegal += r.illegal
                decisions += r.decisions
    print(
        f"{games} games (3-6 seats, easy/normal/random): {decisions} decisions, "
        f"illegal {illegal}, stalled {stalled}"
    )
    return 0 if illegal == 0 and stalled == 0 else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="noirburg_sim.tournaments", description=__doc__.splitlines()[0]
    )
    p.add_argument("what", choices=["ladder", "soak"])
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--only", choices=[c for c, _ in LADDER], default=None)
    a = p.parse_args(argv)
    if a.what == "ladder":
        return ladder(a.games, a.seed, a.workers, a.only)
    return soak(a.games, a.workers)


if __name__ == "__main__":
    raise SystemExit(main())
