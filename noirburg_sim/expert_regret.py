"""Decision regret against an oracle: screen Expert designs for the cost of a few games.

    python -m noirburg_sim.expert_regret record --games 4 --out pos.pickle
    python -m noirburg_sim.expert_regret oracle --positions pos.pickle --cache oracle.json
    python -m noirburg_sim.expert_regret score --positions pos.pickle --cache oracle.json

A whole-game screen cannot tell +3 points apart on this machine (100 games: +-9
points). Instead: `record` plays Expert v 3 Hard (no clock, so it replays) and keeps
every Expert decision that has more than one candidate; `oracle` values each
candidate once with many worlds (common random numbers, the same rollout Expert
uses), cached by position; `score` asks each design what it would play at every
position (with a fresh rng) and prints its mean regret (the oracle's best value minus
the value of the move chosen, in win share) overall and per kind of decision, beside
the rollouts it spent (their 87th percentile is about the p95 of all of Expert's
decisions: ~39 % of them are searched, ladder log of session 2). The oracle judges
by Expert's own rollout model, so this measures how well a design *spends* its
rollouts, not whether the model is right.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import pickle
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import GameOptions, GameState, Phase, apply, legal_actions, new_game, view
from engine.actions import Action
from engine.bots import make_bot
from engine.bots.expert import SearchExpert
from engine.bots.ismcts import HardBot
from noirburg_sim.stats import percentile
from noirburg_sim.tournaments import duplicate_lineup, duplicate_seed

BASE = ("expert", "hard", "hard", "hard")


def _frozen_by_fields(o: Any) -> tuple[Any, tuple[Any, ...]]:
    return type(o), tuple(getattr(o, f.name) for f in dataclasses.fields(o))


class _Pickler(pickle.Pickler):
    """A frozen dataclass in a state does not unpickle under the compiled engine (its
    state is set by setattr): every dataclass is rebuilt from its fields instead."""

    def reducer_override(self, obj: Any) -> Any:
        engine_owned = type(obj).__module__.startswith("engine.")
        if engine_owned and dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            return _frozen_by_fields(obj)
        return NotImplemented


def _dumps(obj: Any) -> bytes:
    out = io.BytesIO()
    _Pickler(out).dump(obj)
    return out.getvalue()


@dataclass
class Position:
    key: str  # "seed/decision": stable across runs of the same build
    kind: str
    view: GameState
    legal: list[Action]
    cands: list[Action]  # the widest candidate list (Expert's), Normal's choice first


def kind_of(v: GameState, a: Action | None = None) -> str:
    w = v.window
    if w is not None:
        return f"window:{w.kind}"
    if v.phase is Phase.ATTACK and v.attack_target is None:
        return "attack:target"
    return f"phase:{v.phase}"


def record(games: int, seed: int) -> list[Position]:
    """Expert's searched decisions in `games` duplicate games of Expert v 3 Hard."""
    out: list[Position] = []
    probe = SearchExpert()
    for g in range(games):
        lineup = duplicate_lineup(g, BASE)
        s = duplicate_seed(g, BASE, seed)
        state = new_game(GameOptions(players=4, seed=s))
        bots = [make_bot(lv) for lv in lineup]
        rngs = [random.Random(s * 1000 + i) for i in range(4)]
        d = 0
        while not state.game_over:
            seat = state.to_act
            assert seat is not None
            legal = legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                v = view(state, seat)
                if lineup[seat] == "expert":
                    _base, _why, cands = probe._question(v, legal)
                    if len(cands) > 1:
                        out.append(Position(f"{s}/{g}/{d}", kind_of(v), v.clone(), legal, cands))
                action, _ = bots[seat].decide(v, legal, rngs[seat])
            apply(state, action, check=False)
            d += 1
        print(f"game {g}: {len(out)} positions", file=sys.stderr, flush=True)
    return out


def oracle_values(p: Position, worlds: int) -> list[float]:
    """Each candidate's mean rollout value over `worlds` shared worlds."""
    bot = SearchExpert()
    rng = random.Random(p.key)
    scores: list[list[float]] = [[] for _ in p.cands]
    me = p.view.to_act
    assert me is not None
    bot._sample(p.view, me, rng, p.cands, range(len(p.cands)), worlds, scores, lambda: False)
    return [sum(s) / len(s) for s in scores]


DESIGNS: dict[str, Callable[[], Any]] = {
    "normal": lambda: None,
    "hard": lambda: HardBot(),
    "expert": lambda: make_bot("expert"),
}


def design(name: str) -> Any:
    """A design from its name: a key of DESIGNS or `halving:6,8,16:c8:conf0.5:gain0.01`
    (optionally `:nostop` to never stop early, `:attack=12,16,32` for a kind's rounds)."""
    if name in DESIGNS:
        return DESIGNS[name]()
    parts = name.split(":")
    rounds = tuple(int(x) for x in parts[1].split(","))
    opts = {"c": 8.0, "conf": 0.5, "gain": 0.01}
    flags = set()
    for part in parts[2:]:
        for k in ("conf", "gain", "c"):
            if part.startswith(k):
                opts[k] = float(part[len(k) :])
                break
        else:
            flags.add(part)
    bot = SearchExpert(
        rounds=rounds, max_candidates=int(opts["c"]), confidence=opts["conf"], min_gain=opts["gain"]
    )
    if "nostop" in flags:
        bot.stop_early = False
    for flag in flags:  # e.g. attack=12,16,32
        if "=" in flag:
            kind, spec = flag.split("=")
            bot.kind_rounds[kind] = tuple(int(x) for x in spec.split(","))
    return bot


def score(positions: list[Position], cache: dict[str, list[float]], names: list[str]) -> None:
    """Each design's mean regret, and its paired difference from the first design
    (the same positions; designs built alike also share their worlds)."""
    first: list[float] = []
    for name in names:
        by_kind: dict[str, list[float]] = defaultdict(list)
        rollouts = 0
        spent: list[float] = []  # rollouts per position: the decision time's shape
        changed = 0
        c0 = time.process_time()
        for p in positions:
            vals = cache[p.key]
            bot = design(name)
            if bot is None:
                chosen: Action = p.cands[0]
            else:
                chosen, _ = bot.decide(p.view, p.legal, random.Random("d" + p.key))
                rollouts += bot.rollouts
                spent.append(bot.rollouts)
            if chosen != p.cands[0]:
                changed += 1
            if chosen in p.cands:
                r = max(vals) - vals[p.cands.index(chosen)]
            else:
                r = float("nan")
            by_kind[p.kind].append(r)
        cpu = time.process_time() - c0
        every = [r for rs in by_kind.values() for r in rs]
        n = len(every)
        first = first or every
        diff = [1e3 * (a - b) for a, b in zip(every, first, strict=True)]
        m = sum(diff) / n
        se = (sum((d - m) ** 2 for d in diff) / (n - 1) / n) ** 0.5 if n > 1 else 0.0
        print(
            f"{name:40s} regret {1e3 * sum(every) / n:6.2f} mshare (vs first {m:+.2f} "
            f"SE {se:.2f})  deviates {changed / n:5.1%}  rollouts/pos {rollouts / n:5.1f}  "
            f"(p87 {percentile(spent, 0.87):.0f}, max {max(spent, default=0):.0f})  cpu {cpu:.1f} s"
        )
        for k, rs in sorted(by_kind.items()):
            print(f"    {k:28s} n={len(rs):4d} regret {1e3 * sum(rs) / len(rs):6.2f}")
        sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="expert_regret", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("--games", type=int, default=4)
    r.add_argument("--seed", type=int, default=71)
    r.add_argument("--out", required=True)
    o = sub.add_parser("oracle")
    o.add_argument("--positions", required=True)
    o.add_argument("--worlds", type=int, default=96)
    o.add_argument("--cache", required=True)
    s = sub.add_parser("score")
    s.add_argument("--positions", required=True)
    s.add_argument("--cache", required=True)
    s.add_argument("designs", nargs="*", default=["normal", "hard", "expert"])
    a = p.parse_args(argv)
    c0, w0, load0 = time.process_time(), time.perf_counter(), os.getloadavg()
    if a.cmd == "record":
        pos = record(a.games, a.seed)
        Path(a.out).write_bytes(_dumps(pos))
    else:
        pos = pickle.loads(Path(a.positions).read_bytes())
        path = Path(a.cache)
        cache: dict[str, list[float]] = json.loads(path.read_text()) if path.exists() else {}
        if a.cmd == "oracle":
            for i, q in enumerate(pos):
                if q.key not in cache:
                    cache[q.key] = oracle_values(q, a.worlds)
                    if i % 10 == 0:
                        path.write_text(json.dumps(cache))
                        print(f"{i + 1}/{len(pos)}", file=sys.stderr, flush=True)
            path.write_text(json.dumps(cache))
        else:
            pos = [q for q in pos if q.key in cache]
            print(f"{len(pos)} positions with oracle values")
            score(pos, cache, a.designs)
    print(
        f"cpu {time.process_time() - c0:.1f} s, wall {time.perf_counter() - w0:.1f} s, "
        f"load {os.getloadavg()[0]:.2f} (start {load0[0]:.2f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
