"""`noirburg-sim`: seeded headless games and seat-rotated bot tournaments.

noirburg-sim --players 4 --games 1000 --seed 1
noirburg-sim --bots hard,normal,normal,normal --games 400 --json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine import SEAT_RANGE
from engine.bots import level_names
from noirburg_sim.play import GameResult, play_game
from noirburg_sim.stats import percentile, wilson


def lineup_for(game: int, base: tuple[str, ...]) -> tuple[str, ...]:
    """Rotate the lineup one seat per game so no level keeps a seat advantage."""
    k = game % len(base)
    return base[k:] + base[:k]


def _run_one(args: tuple[int, tuple[str, ...], int, bool, bool]) -> GameResult:
    game, base, seed, timed, money_victory = args
    return play_game(lineup_for(game, base), seed + game, timed=timed, money_victory=money_victory)


def run_games(
    base: tuple[str, ...], games: int, seed: int, workers: int, timed: bool, money_victory: bool
) -> Iterator[GameResult]:
    jobs = [(g, base, seed, timed, money_victory) for g in range(games)]
    if workers <= 1:
        yield from map(_run_one, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_run_one, jobs, chunksize=max(1, games // (workers * 20)))


class Progress:
    """A one-line progress bar on stderr (silent when not a terminal or disabled)."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.perf_counter()
        self.last = 0.0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if not self.enabled or (now - self.last < 0.1 and done < self.total):
            return
        self.last = now
        width = 30
        filled = int(width * done / max(1, self.total))
        elapsed = time.perf_counter() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games ({rate:.1f}/s)"
        )
        if done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def summarise(results: list[GameResult], base: tuple[str, ...]) -> dict[str, Any]:
    n = len(base)
    games = len(results)
    methods = Counter(r.method for r in results)
    seat_wins = [0.0] * n
    level_wins: defaultdict[str, float] = defaultdict(float)  # a shared win counts a fraction
    level_games: Counter[str] = Counter()
    times: dict[str, list[float]] = {}
    for r in results:
        share = 1.0 / len(r.winners)
        for w in r.winners:
            seat_wins[w] += share
            level_wins[r.lineup[w]] += share
        for level in r.lineup:
            level_games[level] += 1
        for level, ts in r.decision_times.items():
            times.setdefault(level, []).extend(ts)
    level_report = {}
    for level in dict.fromkeys(base):
        played = level_games[level]
        entries = base.count(level)
        lo, hi = wilson(level_wins[level], played)
        level_report[level] = {
            "entries": entries,
            "win_rate": level_wins[level] / played if played else 0.0,
            "ci95": [lo, hi],
            "fair_share": 1.0 / n,
            "decision_ms_mean": 1000
            * sum(times.get(level, []))
            / max(1, len(times.get(level, []))),
            "decision_ms_p95": 1000 * percentile(times.get(level, []), 0.95),
            "decision_ms_max": 1000 * max(times.get(level) or [0.0]),
            "decisions_timed": len(times.get(level, [])),
        }
    return {
        "players": n,
        "games": games,
        "lineup": list(base),
        "win_methods": dict(methods),
        "avg_turns": sum(r.turns for r in results) / max(1, games),
        "avg_decisions": sum(r.decisions for r in results) / max(1, games),
        "seat_win_rates": [w / max(1, games) for w in seat_wins],
        "levels": level_report,
        "illegal_actions": sum(r.illegal for r in results),
    }


def print_report(s: dict[str, Any]) -> None:
    print(f"{s['games']} games, {s['players']} players, lineup {','.join(s['lineup'])}")
    print(f"average turns {s['avg_turns']:.1f}, decisions per game {s['avg_decisions']:.1f}")
    print("win methods: " + ", ".join(f"{k} {v}" for k, v in sorted(s["win_methods"].items())))
    print(
        "seat win rates: "
        + ", ".join(f"P{i + 1} {r:.1%}" for i, r in enumerate(s["seat_win_rates"]))
    )
    for level, r in s["levels"].items():
        lo, hi = r["ci95"]
        print(
            f"  {level:>7} x{r['entries']}: win rate {r['win_rate']:.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%}, fair share {r['fair_share']:.0%})"
            + (
                f"; decision time mean {r['decision_ms_mean']:.2f} ms, "
                f"p95 {r['decision_ms_p95']:.2f} ms, max {r['decision_ms_max']:.2f} ms"
                if r["decisions_timed"]
                else ""
            )
        )
    print(f"illegal actions submitted by bots: {s['illegal_actions']}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="noirburg-sim", description=__doc__.splitlines()[0])
    seats = f"{SEAT_RANGE[0]}-{SEAT_RANGE[-1]}"
    p.add_argument("--players", type=int, default=4, help=f"{seats} (ignored with --bots)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default=None, help=f"comma list of levels: {', '.join(level_names())}")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-money-victory", action="store_true")
    p.add_argument("--no-progress", action="store_true")
    a = p.parse_args(argv)
    base = tuple(a.bots.split(",")) if a.bots else ("random",) * a.players
    if len(base) not in SEAT_RANGE:
        p.error("NOIR is played by 3 to 6 players (R-COMP-1)")
    unknown = [b for b in base if b not in level_names()]
    if unknown:
        p.error(f"unknown bot level(s) {unknown}; choose from {level_names()}")
    timed = a.bots is not None
    progress = Progress(a.games, enabled=not a.no_progress and not a.json)
    results: list[GameResult] = []
    started = time.perf_counter()
    for r in run_games(base, a.games, a.seed, a.workers, timed, not a.no_money_victory):
        results.append(r)
        progress.update(len(results))
    summary = summarise(results, base)
    summary["seconds"] = round(time.perf_counter() - started, 2)
    if a.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print_report(summary)
        print(f"({summary['seconds']} s with {a.workers} worker(s))")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
