"""The bot ladder and the soak test, with the numbers the AI issue asks for.

    python -m noirburg_sim.tournaments ladder --games 400      # every match below
    python -m noirburg_sim.tournaments ladder --only hard --games 1000 --log hard.jsonl
    python -m noirburg_sim.tournaments ladder --only expert --games 1000 --workers 1 \
        --log expert.jsonl --detach expert.out          # in the background, with a log
    python -m noirburg_sim.tournaments summary hard.jsonl      # a log so far (even unfinished)
    python -m noirburg_sim.tournaments soak --games 2000       # mixed easy/normal/random, 3-6 seats

`ladder` plays each level against three of the level below (Easy v 3 Random,
Normal v 3 Easy, Hard v 3 Normal, Expert v 3 Hard) and mixed tables (Hard, Normal,
Easy, Random; and all five levels, 5 seats). Games are *duplicate deals*: deal d
is played once per rotation of the lineup (the same seed, every level in every
seat), so who got the good cards cancels out. It prints, per match, each level's
win rate with its Wilson 95% CI (fair share 25%) and the decision-time p50/p95/max per level, in CPU
and wall time, then the whole report as one JSON line. `--log` appends every
game as a JSON line, so a long run can be summarised before it ends.
`soak` plays mixed tables and fails (exit 1) on any illegal action or stalled game.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from typing import Any, TextIO

from noirburg_sim.play import GameResult, StalledGame, play_game
from noirburg_sim.stats import percentile, wilson

MATCHES: dict[str, tuple[str, ...]] = {
    "easy": ("easy", "random", "random", "random"),
    "normal": ("normal", "easy", "easy", "easy"),
    "hard": ("hard", "normal", "normal", "normal"),
    "expert": ("expert", "hard", "hard", "hard"),
    "mixed": ("hard", "normal", "easy", "random"),
    "mixed5": ("expert", "hard", "normal", "easy", "random"),
}
BAR = 0.40  # every challenger must win at least this often against three of the level below
BARS = {"hard": 0.55, "expert": 0.35}  # the bars where they differ
SOAK_LEVELS = ("easy", "normal", "random")


# --- duplicate deals -----------------------------------------------------------------------


def duplicate_lineup(game: int, base: tuple[str, ...]) -> tuple[str, ...]:
    """Game g plays deal g // n with the lineup rotated g % n seats."""
    k = game % len(base)
    return base[k:] + base[:k]


def duplicate_seed(game: int, base: tuple[str, ...], seed: int) -> int:
    return seed + game // len(base)


def _play_one(args: tuple[int, tuple[str, ...], int]) -> GameResult:
    game, base, seed = args
    lineup = duplicate_lineup(game, base)
    return play_game(lineup, duplicate_seed(game, base, seed), timed=True)


def play_match(base: tuple[str, ...], games: int, seed: int, workers: int) -> Iterator[GameResult]:
    """Results in game order (whole deals first), `workers` processes at a time."""
    jobs = [(g, base, seed) for g in range(games)]
    if workers <= 1:
        yield from map(_play_one, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_play_one, jobs, chunksize=1)


# --- reports -------------------------------------------------------------------------------


def _times(values: list[float]) -> dict[str, float]:
    return {
        "p50_ms": 1000 * percentile(values, 0.50),
        "p95_ms": 1000 * percentile(values, 0.95),
        "max_ms": 1000 * max(values, default=0.0),
        "mean_ms": 1000 * sum(values) / max(1, len(values)),
    }


def summarise_match(name: str, base: tuple[str, ...], results: list[GameResult]) -> dict[str, Any]:
    """Each level's win rate (a shared win counts as a share) with its Wilson CI,
    and its decision times; `deals` counts the deals played in every rotation."""
    n = len(base)
    wins: dict[str, float] = dict.fromkeys(base, 0.0)
    seats: dict[str, int] = dict.fromkeys(base, 0)
    wall: dict[str, list[float]] = {lv: [] for lv in base}
    cpu: dict[str, list[float]] = {lv: [] for lv in base}
    illegal = 0
    for r in results:
        for w in r.winners:
            wins[r.lineup[w]] += 1.0 / len(r.winners)
        for lv in r.lineup:
            seats[lv] += 1
        for lv, ts in r.decision_times.items():
            wall[lv].extend(ts)
        for lv, ts in r.decision_cpu.items():
            cpu[lv].extend(ts)
        illegal += r.illegal
    levels: dict[str, Any] = {}
    for lv in wins:
        entries = base.count(lv)
        played = len(results)  # games this level sat in (as one or more seats)
        rate = wins[lv] / played if played else 0.0
        lo, hi = wilson(wins[lv], played)
        levels[lv] = {
            "entries": entries,
            "win_rate": rate,
            "ci95": [lo, hi],
            "fair_share": entries / n,
            "decisions": len(wall[lv]),
            "cpu": _times(cpu[lv]),
            "wall": _times(wall[lv]),
        }
    return {
        "match": name,
        "lineup": list(base),
        "games": len(results),
        "deals": len(results) // n,
        "avg_turns": sum(r.turns for r in results) / max(1, len(results)),
        "illegal_actions": illegal,
        "levels": levels,
    }


def print_match(s: dict[str, Any]) -> None:
    print(
        f"{s['match']}: {','.join(s['lineup'])} - {s['games']} games "
        f"({s['deals']} duplicate deals), {s['avg_turns']:.1f} turns, "
        f"illegal {s['illegal_actions']}"
    )
    print(
        f"  {'level':>7} {'win':>6} {'95% CI':>13} {'fair':>5}  "
        f"{'CPU p50/p95/max ms':>22}  {'wall p50/p95/max ms':>22}"
    )
    for lv, r in s["levels"].items():
        lo, hi = r["ci95"]
        c, w = r["cpu"], r["wall"]
        print(
            f"  {lv:>7} {r['win_rate']:6.1%} {lo:6.1%}-{hi:6.1%} {r['fair_share']:5.0%}  "
            f"{c['p50_ms']:6.1f} {c['p95_ms']:7.1f} {c['max_ms']:7.1f}  "
            f"{w['p50_ms']:6.1f} {w['p95_ms']:7.1f} {w['max_ms']:7.1f}"
        )


def _challenger_ok(name: str, s: dict[str, Any]) -> bool:
    if s["illegal_actions"]:
        return False
    if name.startswith("mixed"):
        return True
    return bool(s["levels"][name]["win_rate"] >= BARS.get(name, BAR))


def _progress(
    name: str, base: tuple[str, ...], results: list[GameResult], total: int, started: float
) -> None:
    """One line on stderr after every deal: games so far, the challenger's rate, ETA."""
    done = len(results)
    if done % len(base) and done != total:
        return
    lead = base[0]
    wins = sum(1.0 / len(r.winners) for r in results for w in r.winners if r.lineup[w] == lead)
    spent = time.perf_counter() - started
    eta = spent / done * (total - done)
    print(
        f"  [{name}] {done}/{total} games, {lead} {wins / done:.1%} so far, "
        f"{spent / done:.1f} s/game, about {eta / 60:.0f} min to go",
        file=sys.stderr,
        flush=True,
    )


def ladder(
    games: int,
    seed: int,
    workers: int,
    only: list[str],
    log: TextIO | None,
    progress: bool = True,
) -> dict[str, Any]:
    report: dict[str, Any] = {"seed": seed, "workers": workers, "matches": {}}
    for name in only:
        base = MATCHES[name]
        games_here = -(-games // len(base)) * len(base)  # whole deals only
        started = time.perf_counter()
        cpu0 = time.process_time()
        results: list[GameResult] = []
        for r in play_match(base, games_here, seed, workers):
            results.append(r)
            if log is not None:
                log.write(json.dumps({"match": name, "base": list(base), **asdict(r)}) + "\n")
                log.flush()
            if progress:
                _progress(name, base, results, games_here, started)
        s = summarise_match(name, base, results)
        s["seconds_wall"] = round(time.perf_counter() - started, 1)
        s["load_average"] = [round(x, 2) for x in os.getloadavg()]
        s["ok"] = _challenger_ok(name, s)
        if workers <= 1:
            s["seconds_cpu"] = round(time.process_time() - cpu0, 1)
        print_match(s)
        print(f"  ({s['seconds_wall']} s wall, load average {s['load_average']})\n", flush=True)
        report["matches"][name] = s
    return report


def summary_of_log(path: str) -> dict[str, Any]:
    """Summarise a `--log` file, finished or not (only whole deals are counted)."""
    by_match: dict[str, tuple[tuple[str, ...], list[GameResult]]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            d = json.loads(line)
            name, base = d.pop("match"), tuple(d.pop("base"))
            d["lineup"] = tuple(d["lineup"])
            d["winners"] = tuple(d["winners"])
            by_match.setdefault(name, (base, []))[1].append(GameResult(**d))
    report: dict[str, Any] = {"log": path, "matches": {}}
    for name, (base, results) in by_match.items():
        whole = len(results) - len(results) % len(base)
        report["matches"][name] = summarise_match(name, base, results[:whole])
    return report


# --- soak ----------------------------------------------------------------------------------


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


def _detach(out: str, argv: list[str]) -> int:
    """Start this same command in the background, its output to `out`; print its pid."""
    import subprocess

    args: list[str] = []
    skip = False
    for x in argv:  # everything but `--detach OUT` / `--detach=OUT`
        if skip:
            skip = False
        elif x == "--detach":
            skip = True
        elif not x.startswith("--detach="):
            args.append(x)
    with open(out, "a", encoding="utf-8") as f:
        proc = subprocess.Popen(
            [sys.executable, "-m", "noirburg_sim.tournaments", *args],
            stdout=f,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    print(f"ladder running in the background: pid {proc.pid}, output in {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="noirburg_sim.tournaments", description=__doc__.splitlines()[0]
    )
    p.add_argument("what", choices=["ladder", "soak", "summary"])
    p.add_argument("log_file", nargs="?", help="summary: the --log file to read")
    p.add_argument("--games", type=int, default=400, help="per match, rounded up to whole deals")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument(
        "--only", default=",".join(MATCHES), help=f"comma list of matches: {','.join(MATCHES)}"
    )
    p.add_argument("--log", default=None, help="append every game to this JSON-lines file")
    p.add_argument("--no-progress", action="store_true", help="no per-deal line on stderr")
    p.add_argument(
        "--detach",
        metavar="OUT",
        default=None,
        help="run in the background (its own session, survives the shell), printing to OUT",
    )
    a = p.parse_args(argv)
    if a.detach:
        return _detach(a.detach, list(sys.argv[1:] if argv is None else argv))
    if a.what == "soak":
        return soak(a.games, a.workers)
    if a.what == "summary":
        if not a.log_file:
            p.error("summary needs the log file")
        rep = summary_of_log(a.log_file)
        for s in rep["matches"].values():
            print_match(s)
        print(json.dumps(rep, sort_keys=True))
        return 0
    only = [m for m in a.only.split(",") if m]
    unknown = [m for m in only if m not in MATCHES]
    if unknown:
        p.error(f"unknown match(es) {unknown}; choose from {list(MATCHES)}")
    log = open(a.log, "a", encoding="utf-8") if a.log else None  # noqa: SIM115
    try:
        report = ladder(a.games, a.seed, a.workers, only, log, not a.no_progress)
    finally:
        if log is not None:
            log.close()
    print(json.dumps(report, sort_keys=True))
    return 0 if all(s["ok"] for s in report["matches"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
