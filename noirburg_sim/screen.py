"""Screen a search design against three Hards on duplicate deals, before a ladder.

    python -m noirburg_sim.screen --games 160 --design halving --rounds 6 8 16 --cands 8
    python -m noirburg_sim.screen --games 160 --design hard --worlds 32 --extra 48 --cands 8
    python -m noirburg_sim.screen --games 80 --kind-rounds attack=12,16,32 --paired

`--paired` plays every game twice, the challenger and then today's Expert in the
same seat of the same deal with the same seeds (common random numbers), and reports
the mean paired difference of their win shares with its standard error: the deals
where both play alike cancel, so it tells designs apart with far fewer games.

A design is built from its parameters (not a named level), so ideas are screened
without touching `make_bot`. Games are duplicate deals (`tournaments`): deal d is
played once per rotation, the challenger in every seat. The safety cap counts CPU
seconds (as in the ladder). Prints the challenger's win rate with its Wilson 95 % CI
and its decision CPU p50/p95/max, then one JSON line; `--log` appends every game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

from engine import GameOptions, apply, legal_actions, new_game, outcome, view
from engine.bots import Bot, make_bot
from engine.bots.expert import SearchExpert
from engine.bots.ismcts import HardBot
from noirburg_sim.stats import percentile, wilson
from noirburg_sim.tournaments import duplicate_lineup, duplicate_seed

BASE = ("challenger", "hard", "hard", "hard")


def challenger(a: argparse.Namespace) -> Bot:
    bot: HardBot
    if a.reference:
        bot = make_bot("expert")  # type: ignore[assignment]
    elif a.design == "hard":
        bot = HardBot(worlds=a.worlds, extra_worlds=a.extra, max_candidates=a.cands)
    elif a.design == "expert":
        bot = make_bot("expert")  # type: ignore[assignment]
    else:
        bot = SearchExpert(
            rounds=tuple(a.rounds),
            max_candidates=a.cands,
            confidence=a.confidence,
            min_gain=a.min_gain,
        )
        bot.stop_early = not a.no_stop
        for spec in a.kind_rounds:  # attack=12,16,32
            kind, counts = spec.split("=")
            bot.kind_rounds[kind] = tuple(int(x) for x in counts.split(","))
    bot.max_seconds = a.cap
    bot.horizon_turns = a.horizon
    bot.clock = time.process_time
    return bot


def play(a: argparse.Namespace, game: int) -> dict[str, Any]:
    lineup = duplicate_lineup(game, BASE)
    seed = duplicate_seed(game, BASE, a.seed)
    state = new_game(GameOptions(players=4, seed=seed))
    bots = [
        challenger(a) if lv == "challenger" else make_bot(lv, time.process_time) for lv in lineup
    ]
    rngs = [random.Random(seed * 1000 + i) for i in range(4)]
    cpu: list[float] = []
    wall: list[float] = []
    while not state.game_over:
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            c0, w0 = time.process_time(), time.perf_counter()
            action, _why = bots[seat].decide(view(state, seat), legal, rngs[seat])
            if lineup[seat] == "challenger":
                cpu.append(time.process_time() - c0)
                wall.append(time.perf_counter() - w0)
            assert action in legal
        apply(state, action, check=False)
    out = outcome(state)
    assert out is not None
    me = lineup.index("challenger")
    share = 1.0 / len(out.winners) if me in out.winners else 0.0
    return {"game": game, "seed": seed, "seat": me, "share": share, "cpu": cpu, "wall": wall}


def _paired(diffs: list[float]) -> str:
    """Mean challenger-minus-Expert win share, its standard error, and how many
    games came out differently."""
    n = len(diffs)
    if not n:
        return "no games"
    m = sum(diffs) / n
    se = (sum((d - m) ** 2 for d in diffs) / (n - 1) / n) ** 0.5 if n > 1 else float("inf")
    differ = sum(1 for d in diffs if d)
    return f"{m:+.3f} (SE {se:.3f}; {differ} of {n} games differ)"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="screen", description=__doc__.split("\n")[0])
    p.add_argument("--design", choices=["hard", "halving", "expert"], default="halving")
    p.add_argument("--games", type=int, default=160)
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--worlds", type=int, default=4)
    p.add_argument("--extra", type=int, default=6)
    p.add_argument("--rounds", type=int, nargs="+", default=[6, 8, 16])
    p.add_argument("--cands", type=int, default=8)
    p.add_argument("--cap", type=float, default=0.45)
    p.add_argument("--horizon", type=int, default=None, help="rollout turns (default: a round)")
    p.add_argument("--confidence", type=float, default=0.5)
    p.add_argument("--min-gain", type=float, default=0.01)
    p.add_argument("--no-stop", action="store_true", help="never stop a search early")
    p.add_argument("--kind-rounds", nargs="*", default=[], help="e.g. attack=12,16,32")
    p.add_argument("--paired", action="store_true", help="also play today's Expert on each game")
    p.add_argument("--log", default=None)
    a = p.parse_args(argv)
    a.reference = False
    c0, w0, load0 = time.process_time(), time.perf_counter(), os.getloadavg()
    shares: list[float] = []
    diffs: list[float] = []
    cpu: list[float] = []
    wall: list[float] = []
    for g in range(a.games):
        r = play(a, g)
        shares.append(r["share"])
        cpu.extend(r["cpu"])
        wall.extend(r["wall"])
        if a.paired:
            ref = play(argparse.Namespace(**{**vars(a), "reference": True}), g)
            r["reference_share"] = ref["share"]
            diffs.append(r["share"] - ref["share"])
        if a.log:
            with open(a.log, "a") as f:
                f.write(json.dumps({k: v for k, v in r.items() if k not in ("cpu", "wall")}) + "\n")
        if (g + 1) % 4 == 0 or a.paired:
            lo, hi = wilson(sum(shares), len(shares))
            paired = f", paired {_paired(diffs)}" if a.paired else ""
            print(
                f"{g + 1} games: {sum(shares) / len(shares):.1%} (CI {lo:.1%}-{hi:.1%}), "
                f"p95 {1e3 * percentile(cpu, 0.95):.0f} ms{paired}, "
                f"{time.perf_counter() - w0:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    lo, hi = wilson(sum(shares), len(shares))
    print(
        json.dumps(
            {
                "args": vars(a),
                "games": len(shares),
                "win": round(sum(shares) / len(shares), 4),
                "ci": [round(lo, 4), round(hi, 4)],
                "paired": _paired(diffs) if a.paired else None,
                "cpu_ms": {
                    "p50": round(1e3 * percentile(cpu, 0.5), 2),
                    "p95": round(1e3 * percentile(cpu, 0.95), 1),
                    "max": round(1e3 * max(cpu, default=0.0), 1),
                },
                "wall_ms": {
                    "p50": round(1e3 * percentile(wall, 0.5), 2),
                    "p95": round(1e3 * percentile(wall, 0.95), 1),
                    "max": round(1e3 * max(wall, default=0.0), 1),
                },
                "total_cpu_s": round(time.process_time() - c0, 1),
                "total_wall_s": round(time.perf_counter() - w0, 1),
                "load": [round(x, 2) for x in (*load0, *os.getloadavg())],
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
