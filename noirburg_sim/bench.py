"""Engine benchmark: what a game turn, a decision, a clone and a bot's move cost.

Prints a table and the same figures as JSON; asserts nothing. CPU time
(`time.process_time`) stands beside wall time, each figure is the median of
`--repeats` runs (player counts alternated), and the load average is recorded,
because the machine is usually shared.

    python3 tasks.py bench                        (about a minute)
    python3 tasks.py bench --out bench.json       (also write the JSON to a file)
    python3 tasks.py bench --json                 (only the JSON, on stdout)
    python3 tasks.py bench --repeats 9 --games 200 --bot-decisions 1000 --hard-decisions 300
    python3 tasks.py bench --playouts-only --json (the figure noirburg_sim.compare reads)

A *turn* is one player's turn (phases A-G), counted as turns begun; the
opening mulligans are decisions but no turn. The random playout loop is the one
any engine can run: `legal_actions`, `random.Random(seed).choice`, `apply`,
until the game is over (game setup included), the same loop
noirburg_sim/catanatron_playouts.py runs for Catanatron.
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
from collections.abc import Callable
from typing import Any

from engine import GameOptions, GameState, apply, compiled, legal_actions, new_game, view
from engine.bots import make_bot
from noirburg_sim.stats import percentile

LEVELS = ("random", "easy", "normal", "hard")


def loadavg() -> list[float] | None:
    """1, 5 and 15 minute load averages (None where the OS has none, e.g. Windows)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


# --- random playouts -------------------------------------------------------------------


def playouts(players: int, games: int, seed: int, *, check: bool = False) -> dict[str, Any]:
    """One run of `games` random playouts; CPU and wall time cover setup and play."""
    turns = decisions = 0
    c0, w0 = time.process_time(), time.perf_counter()
    for g in range(games):
        state = new_game(GameOptions(players=players, seed=seed + g))
        choice = random.Random(seed + g).choice
        while not state.game_over:
            apply(state, choice(legal_actions(state)), check=check)
            decisions += 1
        turns += state.turn + 1
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return {"games": games, "turns": turns, "decisions": decisions, "cpu_s": cpu, "wall_s": wall}


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians over runs of the per-turn, per-decision and per-game figures."""

    def med(f: Callable[[dict[str, Any]], float]) -> float:
        return statistics.median(f(r) for r in runs)

    return {
        "cpu_us_per_turn": round(med(lambda r: 1e6 * r["cpu_s"] / r["turns"]), 2),
        "wall_us_per_turn": round(med(lambda r: 1e6 * r["wall_s"] / r["turns"]), 2),
        "cpu_us_per_decision": round(med(lambda r: 1e6 * r["cpu_s"] / r["decisions"]), 2),
        "wall_us_per_decision": round(med(lambda r: 1e6 * r["wall_s"] / r["decisions"]), 2),
        "games_per_cpu_second": round(med(lambda r: r["games"] / r["cpu_s"]), 1),
        "games_per_wall_second": round(med(lambda r: r["games"] / r["wall_s"]), 1),
        "decisions_per_turn": round(med(lambda r: r["decisions"] / r["turns"]), 2),
        "turns": sum(r["turns"] for r in runs),
        "decisions": sum(r["decisions"] for r in runs),
        "runs": [
            {k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()} for r in runs
        ],
    }


def playout_table(
    players: tuple[int, ...], games: int, seed: int, repeats: int
) -> dict[str, dict[str, Any]]:
    """`repeats` rounds, each running every player count once (so load changes hit all)."""
    runs: dict[int, list[dict[str, Any]]] = {n: [] for n in players}
    for _ in range(repeats):
        for n in players:
            runs[n].append(playouts(n, games, seed))
    out = {str(n): summarise(r) for n, r in runs.items()}
    for n in players:  # apply's own legality check, once per player count
        checked = playouts(n, max(1, games // 4), seed, check=True)
        out[str(n)]["cpu_us_per_decision_checked"] = round(
            1e6 * checked["cpu_s"] / checked["decisions"], 2
        )
    return out


# --- clone ------------------------------------------------------------------------------


def mid_game_state(players: int, seed: int) -> GameState:
    """A table deep into a game (the most cards on the table of 20 random games)."""
    best: GameState | None = None
    best_size = -1
    for s in range(seed, seed + 20):
        state = new_game(GameOptions(players=players, seed=s))
        rng = random.Random(s)
        history = []
        while not state.game_over:
            history.append(state.clone())
            apply(state, rng.choice(legal_actions(state)), check=False)
        mid = history[len(history) * 2 // 3]
        size = sum(len(seat.table_cards()) for seat in mid.seats)
        if size > best_size:
            best, best_size = mid, size
    assert best is not None
    return best


def time_clone(state: GameState, reps: int, repeats: int = 7) -> dict[str, Any]:
    cpu, wall = [], []
    for _ in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        for _ in range(reps):
            state.clone()
        cpu.append((time.process_time() - c0) / reps)
        wall.append((time.perf_counter() - w0) / reps)
    return {
        "cpu_us": round(1e6 * statistics.median(cpu), 2),
        "wall_us": round(1e6 * statistics.median(wall), 2),
        "table_cards": sum(len(s.table_cards()) for s in state.seats),
        "players": state.n,
        "reps": f"median of {repeats} x {reps}",
    }


# --- bot decision times -----------------------------------------------------------------


def bot_times(level: str, decisions: int, seed: int, budget_s: float) -> dict[str, Any]:
    """Time `make_bot(level).decide(view, legal, rng)` (the bots' public entry point)
    on 4-player tables: every seat plays `level`, except Hard, which sits with three
    Normals as in the tournament. Forced moves (one legal action) are not timed."""
    lineup = (level,) * 4 if level != "hard" else ("hard", "normal", "normal", "normal")
    bots = [make_bot(lv) for lv in lineup]
    cpu: list[float] = []
    wall: list[float] = []
    start = time.perf_counter()
    game = 0
    while len(wall) < decisions and time.perf_counter() - start < budget_s:
        state = new_game(GameOptions(players=4, seed=seed + game))
        rngs = [random.Random((seed + game) * 1000 + i) for i in range(4)]
        while not state.game_over and len(wall) < decisions:
            seat = state.to_act
            assert seat is not None
            legal = legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                v = view(state, seat)
                c0, w0 = time.process_time(), time.perf_counter()
                action, _ = bots[seat].decide(v, legal, rngs[seat])
                if lineup[seat] == level:
                    cpu.append(time.process_time() - c0)
                    wall.append(time.perf_counter() - w0)
                if time.perf_counter() - start > budget_s:
                    break
            apply(state, action)
        game += 1

    def ms(values: list[float], q: float) -> float:
        return round(1e3 * percentile(values, q), 3)

    return {
        "decisions": len(wall),
        "wall_ms": {"p50": ms(wall, 0.5), "p95": ms(wall, 0.95), "max": ms(wall, 1.0)},
        "cpu_ms": {"p50": ms(cpu, 0.5), "p95": ms(cpu, 0.95), "max": ms(cpu, 1.0)},
        "lineup": list(lineup),
    }


# --- report -----------------------------------------------------------------------------


def run(a: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {
        "engine": "noirburg",
        # which build ran: a compiled build older than its sources falls back to pure
        # Python (engine/__init__.py), ~2x slower, and a figure must say so
        "build": "compiled" if compiled() else "pure",
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "loadavg_start": loadavg(),
        "loop": "legal_actions + random.Random(seed).choice + apply(check=False), until game over",
        "repeats": a.repeats,
        "games_per_run": a.games,
    }
    players = tuple(int(p) for p in a.players.split(","))
    report["playouts"] = playout_table(players, a.games, a.seed, a.repeats)
    if not a.playouts_only:
        report["clone"] = time_clone(mid_game_state(6, a.seed), a.clone_reps)
        report["bots"] = {
            level: bot_times(
                level,
                a.hard_decisions if level == "hard" else a.bot_decisions,
                a.seed,
                a.hard_budget if level == "hard" else a.bot_budget,
            )
            for level in LEVELS
        }
    report["loadavg_end"] = loadavg()
    return report


def table(r: dict[str, Any]) -> str:
    lines = [
        f"Noirburg engine benchmark ({r['build']} engine) - CPython {r['python']} "
        f"({r['machine']}, {r['cpus']} CPUs); "
        f"load average {r['loadavg_start']} -> {r['loadavg_end']}",
        f"Random playouts, median of {r['repeats']} runs x {r['games_per_run']} games "
        "(CPU = process time; wall beside it):",
        f"  {'players':>7} {'CPU us/turn':>11} {'wall':>8} {'CPU us/dec':>10} {'wall':>7} "
        f"{'checked':>8} {'dec/turn':>8} {'games/s CPU':>11} {'wall':>7}",
    ]
    for n, p in r["playouts"].items():
        lines.append(
            f"  {n:>7} {p['cpu_us_per_turn']:>11.1f} {p['wall_us_per_turn']:>8.1f} "
            f"{p['cpu_us_per_decision']:>10.2f} {p['wall_us_per_decision']:>7.2f} "
            f"{p['cpu_us_per_decision_checked']:>8.2f} {p['decisions_per_turn']:>8.2f} "
            f"{p['games_per_cpu_second']:>11.1f} {p['games_per_wall_second']:>7.1f}"
        )
    lines.append("  (checked = CPU us per decision with apply's own legality check)")
    if "clone" in r:
        c = r["clone"]
        lines.append(
            f"clone() of a {c['players']}-player mid-game state ({c['table_cards']} cards on the "
            f"table): {c['cpu_us']:.2f} us CPU, {c['wall_us']:.2f} us wall ({c['reps']})"
        )
    if "bots" in r:
        lines.append("Bot decision times, ms (decide(view, legal, rng); forced moves not timed):")
        lines.append(
            f"  {'level':>7} {'n':>6} {'wall p50':>9} {'p95':>8} {'max':>8} "
            f"{'CPU p50':>9} {'p95':>8} {'max':>8}"
        )
        for level, b in r["bots"].items():
            w, c = b["wall_ms"], b["cpu_ms"]
            lines.append(
                f"  {level:>7} {b['decisions']:>6} {w['p50']:>9.3f} {w['p95']:>8.3f} "
                f"{w['max']:>8.3f} {c['p50']:>9.3f} {c['p95']:>8.3f} {c['max']:>8.3f}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", type=int, default=60, help="random playouts per run")
    p.add_argument("--repeats", type=int, default=5, help="runs per player count (median)")
    p.add_argument("--players", default="3,4,6", help="player counts, comma-separated")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--clone-reps", type=int, default=20000)
    p.add_argument("--bot-decisions", type=int, default=400, help="timed decisions per level")
    p.add_argument("--bot-budget", type=float, default=8.0, help="seconds per level at most")
    p.add_argument("--hard-decisions", type=int, default=60)
    p.add_argument("--hard-budget", type=float, default=30.0)
    p.add_argument("--playouts-only", action="store_true", help="skip clone and bots")
    p.add_argument("--json", action="store_true", help="print only the JSON")
    p.add_argument("--out", help="also write the JSON to this file")
    a = p.parse_args(argv)
    report = run(a)
    text = json.dumps(report, sort_keys=True)
    if a.out:  # written whole, then renamed: never a half-written file
        tmp = a.out + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        os.replace(tmp, a.out)
    if a.json:
        print(text)
    else:
        print(table(report))
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
