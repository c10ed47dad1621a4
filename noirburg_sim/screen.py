"""Screen a search design against three Hards on duplicate deals, before a ladder.

    python -m noirburg_sim.screen --games 160 --design halving --rounds 6 8 16 --cands 8
    python -m noirburg_sim.screen --games 160 --design hard --worlds 32 --extra 48 --cands 8

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
    if a.design == "hard":
        bot = HardBot(worlds=a.worlds, extra_worlds=a.extra, max_candidates=a.cands)
    elif a.design == "expert":
        bot = make_bot("expert")  # type: ignore[assignment]
    else:
        bot = SearchExpert(rounds=tuple(a.rounds), max_candidates=a.cands)
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
    while not state.game_over:
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            c0 = time.process_time()
            action, _why = bots[seat].decide(view(state, seat), legal, rngs[seat])
            if lineup[seat] == "challenger":
                cpu.append(time.process_time() - c0)
            assert action in legal
        apply(state, action, check=False)
    out = outcome(state)
    assert out is not None
    me = lineup.index("challenger")
    share = 1.0 / len(out.winners) if me in out.winners else 0.0
    return {"game": game, "seed": seed, "seat": me, "share": share, "cpu": cpu}


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
    p.add_argument("--log", default=None)
    a = p.parse_args(argv)
    c0, w0, load0 = time.process_time(), time.perf_counter(), os.getloadavg()
    shares: list[float] = []
    cpu: list[float] = []
    for g in range(a.games):
        r = play(a, g)
        shares.append(r["share"])
        cpu.extend(r["cpu"])
        if a.log:
            with open(a.log, "a") as f:
                f.write(json.dumps({k: v for k, v in r.items() if k != "cpu"}) + "\n")
        if (g + 1) % 4 == 0:
            lo, hi = wilson(sum(shares), len(shares))
            print(
                f"{g + 1} games: {sum(shares) / len(shares):.1%} (CI {lo:.1%}-{hi:.1%}), "
                f"p95 {1e3 * percentile(cpu, 0.95):.0f} ms, {time.perf_counter() - w0:.0f} s",
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
                "cpu_ms": {
                    "p50": round(1e3 * percentile(cpu, 0.5), 2),
                    "p95": round(1e3 * percentile(cpu, 0.95), 1),
                    "max": round(1e3 * max(cpu, default=0.0), 1),
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
