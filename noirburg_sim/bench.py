"""Engine speed benchmark: decisions per second in random playouts and the
cost of a mid-game clone. Prints numbers; asserts nothing.

    python -m noirburg_sim.bench        (or: make bench)
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time

from engine import GameOptions, GameState, apply, legal_actions, new_game


def playouts(players: int, games: int, seed: int, *, check: bool) -> tuple[int, float]:
    """Random playouts: each decision = legal_actions + a random pick + apply."""
    decisions = 0
    elapsed = 0.0
    for g in range(games):
        state = new_game(GameOptions(players=players, seed=seed + g))
        rng = random.Random(seed + g)
        choice = rng.choice
        t0 = time.perf_counter()
        while not state.game_over:
            apply(state, choice(legal_actions(state)), check=check)
            decisions += 1
        elapsed += time.perf_counter() - t0
    return decisions, elapsed


def mid_game_state(players: int, seed: int) -> GameState:
    """A 6-player table deep into a game (many cards on the table)."""
    best: GameState | None = None
    for s in range(seed, seed + 50):
        state = new_game(GameOptions(players=players, seed=s))
        rng = random.Random(s)
        history = []
        while not state.game_over:
            history.append(state.clone())
            apply(state, rng.choice(legal_actions(state)), check=False)
        mid = history[len(history) * 2 // 3]
        size = sum(len(seat.table_cards()) for seat in mid.seats)
        if best is None or size > sum(len(seat.table_cards()) for seat in best.seats):
            best = mid
    assert best is not None
    return best


def time_clone(state: GameState, reps: int) -> list[float]:
    samples = []
    for _ in range(7):
        t0 = time.perf_counter()
        for _ in range(reps):
            state.clone()
        samples.append((time.perf_counter() - t0) / reps)
    return samples


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    report: dict[str, object] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "playouts": {},
    }
    rows = report["playouts"]
    assert isinstance(rows, dict)
    for n in (3, 4, 6):
        d, t = playouts(n, a.games, a.seed, check=False)
        dc, tc = playouts(n, max(1, a.games // 4), a.seed, check=True)
        rows[str(n)] = {
            "decisions": d,
            "seconds": round(t, 3),
            "decisions_per_second": round(d / t),
            "us_per_decision": round(1e6 * t / d, 2),
            "us_per_decision_checked": round(1e6 * tc / dc, 2),
        }
    mid = mid_game_state(6, a.seed)
    clone = time_clone(mid, 20000)
    report["clone_us_median"] = round(1e6 * statistics.median(clone), 2)
    report["clone_table_cards"] = sum(len(s.table_cards()) for s in mid.seats)
    if a.json:
        print(json.dumps(report, sort_keys=True))
        return 0
    print(f"Noirburg engine benchmark (CPython {report['python']}, {report['machine']})")
    for n, r in rows.items():
        print(
            f"  {n} players: {r['decisions_per_second']:>7} decisions/s = "
            f"{r['us_per_decision']:6.2f} us/decision (apply unchecked, from legal_actions); "
            f"{r['us_per_decision_checked']:6.2f} us with apply's legality check"
        )
    print(
        f"  clone() of a 6-player mid-game state ({report['clone_table_cards']} cards on the "
        f"table): {report['clone_us_median']:.2f} us (median of 7 x 20,000)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
