"""Two checks for work on Hard's speed, runnable against any copy of the code.

python -m noirburg_sim.hard_check timing --seeds 5 9 [--no-cap] [--expert]
    Hard with three Normals (--expert: Expert with three Hards) in ONE process
    (as the app plays it, safety cap on the wall clock like the app; --no-cap:
    none, the full budget at any load): seat 0's decision time p50/p95/max in
    CPU and wall, with the load average before and after, and which decisions
    make the p95 (kind, rollouts).
    Prints a line of JSON.

python -m noirburg_sim.hard_check record OUT.json --hard 12 --normal 12
python -m noirburg_sim.hard_check compare BEFORE.json AFTER.json
    Plays seeded games with no clock (Hard spends its whole rollout budget, so
    its moves depend on the code only) and writes every action taken; `compare`
    says whether two recordings chose the same actions, winners and turns. A
    speed-up that should not change any decision must compare equal.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from engine import (
    GameOptions,
    GameState,
    apply,
    compiled,
    legal_actions,
    new_game,
    outcome,
    view,
)
from engine.bots import make_bot
from noirburg_sim.stats import percentile

HARD_TABLE = ("hard", "normal", "normal", "normal")
EXPERT_TABLE = ("expert", "hard", "hard", "hard")  # the Expert match


# what a decision with a choice reports: seat, reason, CPU seconds, wall seconds,
# its kind (`decision_kind`) and the rollouts the bot played for it (0: no search)
Decided = Callable[[int, str, float, float, str, int], None]


def decision_kind(state: GameState) -> str:
    """What is being decided, for telling which decisions are slow: the reaction
    window's kind, else the phase (e.g. "window police", "phase ATTACK")."""
    w = state.window
    return f"window {w.kind.value}" if w is not None else f"phase {state.phase.name}"


def play(
    lineup: tuple[str, ...],
    seed: int,
    clock: Callable[[], float] | None = None,
    decided: Decided | None = None,
    before: Callable[[GameState], None] | None = None,
) -> tuple[GameState, list[str]]:
    """One seeded game between bots deciding from their views (Hard's safety cap on
    `clock`, none without one); the final state and every action taken. `before` sees
    the state before every action (e.g. to sample positions)."""
    state = new_game(GameOptions(players=len(lineup), seed=seed))
    bots = [make_bot(level, clock=clock) for level in lineup]
    rngs = [random.Random(seed * 1000 + i) for i in range(len(lineup))]
    actions: list[str] = []
    while not state.game_over:
        if before is not None:
            before(state)
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]  # a forced move is no decision
        else:
            v = view(state, seat)
            played = int(getattr(bots[seat], "rollouts", 0))
            c0, w0 = time.process_time(), time.perf_counter()
            action, why = bots[seat].decide(v, legal, rngs[seat])
            if decided is not None:
                c, w = time.process_time() - c0, time.perf_counter() - w0
                rollouts = int(getattr(bots[seat], "rollouts", 0)) - played
                decided(seat, why, c, w, decision_kind(state), rollouts)
        actions.append(repr(action))
        apply(state, action, check=False)
    return state, actions


def timing(
    first: int, last: int, cap: bool = True, lineup: tuple[str, ...] = HARD_TABLE
) -> dict[str, Any]:
    """Seat 0 (Hard v 3 Normal, or `lineup`) on seeds first..last-1, its clock =
    perf_counter (the app's). Without `cap` it has no clock and spends its whole budget:
    the same decisions and rollouts at any load (on a busy machine the wall-clock cap
    cuts searches short)."""
    load0 = os.getloadavg()
    c_start, w_start = time.process_time(), time.perf_counter()
    cpu: list[float] = []
    wall: list[float] = []
    searched: list[tuple[float, float]] = []  # (cpu, wall) of the decisions Hard simulated
    every: list[tuple[float, str, int]] = []  # (cpu, kind, rollouts) of each Hard decision

    def decided(seat: int, why: str, c: float, w: float, kind: str, rollouts: int) -> None:
        if seat == 0:  # the level timed
            cpu.append(c)
            wall.append(w)
            every.append((c, kind, rollouts))
            if "sampled deals" in why:  # Hard's and Expert's reason when they simulated
                searched.append((c, w))

    for seed in range(first, last):
        play(lineup, seed, time.perf_counter if cap else None, decided)

    def ms(values: list[float]) -> dict[str, float]:
        return {
            "p50": round(1e3 * percentile(values, 0.5), 1),
            "p95": round(1e3 * percentile(values, 0.95), 1),
            "max": round(1e3 * max(values, default=0.0), 1),
        }

    return {
        "level": lineup[0],
        "seeds": [first, last],
        "build": "compiled" if compiled() else "pure",  # a stale build runs pure Python
        "safety_cap": cap,
        "decisions": len(cpu),
        "cpu_ms": ms(cpu),
        "wall_ms": ms(wall),
        "searched": len(searched),
        "searched_cpu_ms": ms([c for c, _w in searched]),
        "searched_wall_ms": ms([w for _c, w in searched]),
        "rollouts": count_percentiles([r for _c, _k, r in every if r]),
        "slowest": slowest(every, percentile(cpu, 0.95) if cpu else 0.0),
        "total_cpu_s": round(time.process_time() - c_start, 2),
        "total_wall_s": round(time.perf_counter() - w_start, 2),
        "load_before": [round(x, 2) for x in load0],
        "load_after": [round(x, 2) for x in os.getloadavg()],
    }


def count_percentiles(counts: list[int]) -> dict[str, float]:
    """p50/p95/max of plain counts (the rollouts of the searched decisions)."""
    values = [float(n) for n in counts]
    return {
        "p50": percentile(values, 0.5),
        "p95": percentile(values, 0.95),
        "max": max(values, default=0.0),
    }


def slowest(every: list[tuple[float, str, int]], p95: float) -> dict[str, Any]:
    """The decisions that make the CPU p95 (those at or above it), by kind: how many,
    their rollouts and CPU, so a speed-up can aim at what sets the p95."""
    out: dict[str, list[tuple[float, int]]] = {}
    for c, kind, rollouts in sorted(every, reverse=True):
        if c >= p95:
            out.setdefault(kind, []).append((round(1e3 * c, 1), rollouts))
    return {
        kind: {"n": len(rows), "cpu_ms_and_rollouts": rows}
        for kind, rows in sorted(out.items(), key=lambda kv: -len(kv[1]))
    }


def play_recorded(lineup: tuple[str, ...], seed: int) -> dict[str, Any]:
    """One game with no clock; every action taken, the winners and the turn count."""
    state, actions = play(lineup, seed)
    out = outcome(state)
    assert out is not None
    return {
        "lineup": list(lineup),
        "seed": seed,
        "winners": list(out.winners),
        "method": out.method,
        "turns": state.turn + 1,
        "actions": actions,
    }


def record(path: str, hard_games: int, normal_games: int, seed: int) -> None:
    games = []
    c0 = time.process_time()
    for g in range(hard_games):
        lineup = tuple(HARD_TABLE[(i - g) % 4] for i in range(4))  # Hard in every seat
        games.append(play_recorded(lineup, seed + g))
    for g in range(normal_games):
        lineup = ("normal", "easy", "normal", "easy") if g % 2 else ("normal",) * 4
        games.append(play_recorded(lineup, seed + 100 + g))
    with open(path, "w") as f:
        json.dump(games, f)
    print(
        f"{len(games)} games, {sum(len(g['actions']) for g in games)} actions, "
        f"{time.process_time() - c0:.1f} s CPU -> {path}"
    )


def compare(a_path: str, b_path: str) -> bool:
    with open(a_path) as f:
        a = json.load(f)
    with open(b_path) as f:
        b = json.load(f)
    same = len(a) == len(b)
    for ga, gb in zip(a, b, strict=False):
        for key in ("lineup", "seed", "winners", "method", "turns", "actions"):
            if ga[key] != gb[key]:
                same = False
                where = ""
                if key == "actions":
                    i = next(
                        (
                            i
                            for i, (x, y) in enumerate(zip(ga[key], gb[key], strict=False))
                            if x != y
                        ),
                        min(len(ga[key]), len(gb[key])),
                    )
                    where = f" (first difference at action {i})"
                print(f"seed {ga['seed']} {ga['lineup']}: {key} differs{where}")
    n = sum(len(g["actions"]) for g in a)
    print(("IDENTICAL" if same else "DIFFERENT") + f": {len(a)} games, {n} actions")
    return same


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="hard_check", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("timing")
    t.add_argument("--seeds", type=int, nargs=2, default=(5, 9), metavar=("FIRST", "END"))
    t.add_argument(
        "--no-cap", action="store_true", help="no clock: Hard's full budget whatever the load"
    )
    t.add_argument("--expert", action="store_true", help="time Expert against three Hards")
    r = sub.add_parser("record")
    r.add_argument("out")
    r.add_argument("--hard", type=int, default=12)
    r.add_argument("--normal", type=int, default=12)
    r.add_argument("--seed", type=int, default=500)
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    a = p.parse_args(argv)
    if a.cmd == "timing":
        first, end = a.seeds
        lineup = EXPERT_TABLE if a.expert else HARD_TABLE
        print(json.dumps(timing(first, end, cap=not a.no_cap, lineup=lineup)))
        return 0
    if a.cmd == "record":
        record(a.out, a.hard, a.normal, a.seed)
        return 0
    return 0 if compare(a.a, a.b) else 1


if __name__ == "__main__":
    sys.exit(main())
