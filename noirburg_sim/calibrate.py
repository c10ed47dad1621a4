"""Measure how well the evaluation's win chances predict who wins, and fit its temperature.

    python -m noirburg_sim.calibrate --games 10000 --seed 100000 --workers 2

Plays Normal self-play games (3, 4 and 5 seats in turn), and at the start of every
turn keeps each living seat's `features.seat_value`, the rounds left
(`features.rounds_left`) and, when the game ends, who won. A search scores the
positions its rollouts reach with these chances, so they should be calibrated: a
seat given 30 % should win about 30 % of the time.

It prints, on the games whose seed is not a multiple of 5 (the rest are held out),
the log-loss (mean -ln P(the winner), lower is better; a coin among 4 seats is
ln 4 = 1.386) of:
- `win_share` (softmax of the values at temperature 6, what Hard uses),
- the best single temperature,
- a temperature `a * (1 + rounds left)`, fitted (`features.CALIBRATED_TEMPERATURE`),
each on the held-out games, in all and by seat count. Fitting is a one-parameter
maximum likelihood by golden-section search on 1/a, so it needs no library.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from engine import GameState
from engine.bots.features import TEMPERATURE, rounds_left, seat_values
from noirburg_sim.hard_check import play

SEATS = (4, 4, 3, 5)  # game g has SEATS[g % 4] seats

# One position: rounds left, the living seats' values, each one's share of the win.
Position = tuple[float, list[float], list[float]]


def self_play(seed: int) -> tuple[int, list[Position]]:
    """One Normal self-play game: its seat count and a `Position` per turn start."""
    n = SEATS[seed % len(SEATS)]
    kept: list[tuple[float, list[int], list[float]]] = []
    last = [-1]

    def keep(state: GameState) -> None:
        if state.turn != last[0]:
            last[0] = state.turn
            values = seat_values(state)
            alive = [i for i, s in enumerate(state.seats) if s.alive]
            kept.append((rounds_left(state), alive, [values[i] for i in alive]))

    state, _ = play(("normal",) * n, seed, before=keep)
    winners = set(state.winners)
    out: list[Position] = []
    for rounds, alive, values in kept:
        won = [1.0 if i in winners else 0.0 for i in alive]
        if sum(won):  # a winner who was alive then (an eliminated seat never wins)
            out.append((rounds, values, [w / sum(won) for w in won]))
    return n, out


def log_loss(positions: list[Position], temperature: Callable[[float], float]) -> float:
    """Mean -ln P(the winners) when each position is a softmax of its values."""
    total = 0.0
    for rounds, values, won in positions:
        t = temperature(rounds)
        top = max(values)
        z = sum(math.exp((v - top) / t) for v in values)
        for v, w in zip(values, won, strict=True):
            if w:
                total -= w * ((v - top) / t - math.log(z))
    return total / max(1, len(positions))


def fit(positions: list[Position], shape: Callable[[float, float], float]) -> float:
    """The scale `a` minimising the log-loss of `shape(a, rounds)` (golden section on 1/a)."""
    lo, hi = 0.002, 1.0  # 1/a: from a = 500 (a coin) to a = 1
    g = (math.sqrt(5) - 1) / 2

    def loss(x: float) -> float:
        return log_loss(positions, lambda r: shape(1 / x, r))

    c, d = hi - g * (hi - lo), lo + g * (hi - lo)
    fc, fd = loss(c), loss(d)
    for _ in range(40):
        if fc < fd:
            hi, d, fd = d, c, fc
            c = hi - g * (hi - lo)
            fc = loss(c)
        else:
            lo, c, fc = c, d, fd
            d = lo + g * (hi - lo)
            fd = loss(d)
    return 2 / (lo + hi)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="noirburg_sim.calibrate", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=10000)
    p.add_argument("--seed", type=int, default=100000)
    p.add_argument("--workers", type=int, default=1)
    a = p.parse_args(argv)
    cpu, wall = time.process_time(), time.perf_counter()
    seeds = range(a.seed, a.seed + a.games)
    if a.workers > 1:
        with ProcessPoolExecutor(max_workers=a.workers) as pool:
            games = list(pool.map(self_play, seeds, chunksize=50))
    else:
        games = [self_play(s) for s in seeds]
    train = [p for s, (_, ps) in zip(seeds, games, strict=True) if s % 5 for p in ps]
    held = {
        n: [p for s, (m, ps) in zip(seeds, games, strict=True) if s % 5 == 0 and m == n for p in ps]
        for n in sorted(set(SEATS))
    }
    print(
        f"{a.games} games, {len(train)} positions to fit, {sum(map(len, held.values()))} held out"
    )
    constant = fit(train, lambda a_, _r: a_)
    scaled = fit(train, lambda a_, r: a_ * (1 + r))
    rows: list[tuple[str, Callable[[float], float]]] = [
        (f"win_share, temperature {TEMPERATURE:g}", lambda _r: TEMPERATURE),
        (f"one temperature, fitted: {constant:.1f}", lambda _r: constant),
        (f"temperature {scaled:.2f} x (1 + rounds left), fitted", lambda r: scaled * (1 + r)),
    ]
    print(
        "held-out log-loss (lower is better)   " + "  ".join(f"{n} seats" for n in held) + "   all"
    )
    every = [p for ps in held.values() for p in ps]
    for name, temp in rows:
        cells = "  ".join(f"{log_loss(held[n], temp):7.4f}" for n in held)
        print(f"  {name:<46} {cells}  {log_loss(every, temp):.4f}")
    print(f"  (a coin: {'  '.join(f'{math.log(n):7.4f}' for n in held)})")
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"CPU {cpu:.1f} s (this process), wall {wall:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
