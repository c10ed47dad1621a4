"""Pacing benchmark: how long a person waits at a table of AIs (`python3 tasks.py pacing`).

    python3 tasks.py pacing [--human idle|reader|instant] [--speeds normal,instant]
        [--seed 3[,16,...]] [--human-turns 6] [--players 4] [--timeout 900] [--json]

Runs the real App headless (dummy video driver, the real 60 fps clock and the
threaded AI, as a player gets them), at default settings (only the AI speed is
set, and first-time tips are off: an open tip holds a prompt's clock until it is
closed), with one scripted person in seat 0 who plays their own turns at once
(the Normal bot's choice; a draw is sometimes skipped) and answers the table's
prompts as `--human` says:

* ``idle``: never answers; every prompt runs out on its clock (a person away
  from the keyboard, or one still reading the screen);
* ``reader``: answers ``--read-s`` after the prompt appears (default 5 s, the
  issue's reader; ``--read-s 15-30`` draws each look's time from that range, seeded:
  a person reading the screen), with the Normal bot's choice;
* ``instant``: answers at once (the old benchmark's person, who does not exist).

A *prompt* is a hold that waited on the person: the engine asked them in a
reaction window and the table stopped for their answer (`my_turn()` with a window
open). Per speed it prints the wall and CPU time of every AI turn (from the
turn's first event to the next seat's turn), every wait of the person (from their
last action of a turn until the table takes their input again in their next turn:
own turn to own turn), the prompts per round (per turn of the person) and the
load average. With `--json` the last line is one JSON object:
``{"human": ..., "players": ..., "runs": [{"seed", "speed", "median_wait_s",
"prompts_per_round", "ai_turn_median_s", "cpu_wait_median_s", "cpu_total_s",
"waits_s", "prompts", "rounds", ...}], "loadavg_start": [...], "loadavg_end": [...]}``.
A script that prints numbers, not a timed test. It only uses what every version of
the table has (so it can measure an old checkout too: copy this file there).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import actions as A
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.ai_driver import hint_for
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene

HUMANS = ("idle", "reader", "instant")
READER_S = 5.0  # the reader answers a prompt this long after it appeared (default)


def reading_range(text: str) -> tuple[float, float]:
    """`--read-s`: one time ("5") or a range of them ("15-30"), in seconds."""
    lo, _, hi = text.partition("-")
    a, b = float(lo), float(hi or lo)
    if not 0 <= a <= b:
        raise argparse.ArgumentTypeError(f"--read-s wants N or LO-HI seconds, got {text!r}")
    return a, b


@dataclass
class Run:
    speed: str
    seed: int
    human: str
    ai_turns: list[tuple[float, float]] = field(default_factory=list)  # (wall, cpu)
    waits: list[tuple[float, float]] = field(default_factory=list)
    prompts: int = 0  # holds that waited on the person
    prompt_s: list[float] = field(default_factory=list)  # how long each stood
    rounds: int = 0  # turns of the person begun after the first wait
    finished: bool = False
    wall: float = 0.0
    cpu: float = 0.0

    def summary(self) -> dict[str, Any]:
        walls = [w for w, _ in self.waits]
        return {
            "seed": self.seed,
            "speed": self.speed,
            "median_wait_s": _median(walls),
            "max_wait_s": round(max(walls), 2) if walls else None,
            "prompts_per_round": round(self.prompts / self.rounds, 2) if self.rounds else None,
            "prompts": self.prompts,
            "prompt_median_s": _median(self.prompt_s),
            "rounds": self.rounds,
            "ai_turn_median_s": _median([w for w, _ in self.ai_turns]),
            "ai_turn_max_s": round(max(w for w, _ in self.ai_turns), 2) if self.ai_turns else None,
            "cpu_wait_median_s": _median([c for _, c in self.waits]),
            "cpu_total_s": round(self.cpu, 2),
            "wall_total_s": round(self.wall, 1),
            "waits_s": [round(w, 2) for w in walls],
            "game_finished": self.finished,
        }


def _median(xs: list[float]) -> float | None:
    return round(statistics.median(xs), 2) if xs else None


def _answer(scene: TableScene, due: float | None, waited: float) -> None:
    """The benchmark's human answers the prompt once `waited` reaches its reading
    time `due` (None: never, the idle human): the Hint's move, or a pass."""
    if due is not None and waited >= due:
        ctrl = scene.ctrl
        action, _why = hint_for(engine.view(ctrl.state, 0), ctrl.legal())
        if not scene._try(action):
            scene._try(A.Pass())


def play(
    speed: str,
    human_turns: int,
    seed: int,
    timeout: float,
    human: str,
    players: int = 4,
    read_s: tuple[float, float] = (READER_S, READER_S),
) -> Run:
    seats = [("You", "human")] + [(n, "normal") for n in ("Bo", "Cy", "Di", "Ed", "Flo")]
    configs = [SeatConfig(n, SEAT_COLOURS[i], k) for i, (n, k) in enumerate(seats[:players])]
    session = GameSession.new(configs, seed=seed)
    app = App(data_dir=tempfile.mkdtemp(prefix="noirburg-bench-"), size=(1280, 800))
    app.start()
    app.settings.ai_speed = speed
    app.settings.tips_off = True  # an open tip holds the prompt's clock until it is closed
    app.push(TableScene(), TableEntry(session))
    scene = app.scene
    assert isinstance(scene, TableScene)
    ctrl = scene.ctrl
    run = Run(speed, seed, human)
    rng = random.Random(seed)
    looks = random.Random(seed * 7919 + 1)  # the reader's reading times, apart from play
    due: float | None = None  # this prompt's reading time
    t_start, cpu_start = time.perf_counter(), time.process_time()
    active = ctrl.state.active
    turn_t0 = (time.perf_counter(), time.process_time())
    wait_t0: tuple[float, float] | None = None
    prompt_t0: float | None = None  # when the prompt now standing appeared
    prompt_n = -1  # the number of actions played when it appeared
    human_turns_seen = 0
    while time.perf_counter() - t_start < timeout:
        app.step()
        st = ctrl.state
        now = (time.perf_counter(), time.process_time())
        if st.phase is engine.Phase.GAME_OVER or not st.seats[0].alive:
            run.finished = True
            break
        if st.phase is not engine.Phase.MULLIGAN and st.active != active:
            if not ctrl.is_human(active):
                run.ai_turns.append((now[0] - turn_t0[0], now[1] - turn_t0[1]))
            active, turn_t0 = st.active, now
        asked = ctrl.my_turn() and st.window is not None
        done = len(ctrl.session.actions)  # a prompt ends with an action (Pass or play)
        if asked and (prompt_t0 is None or done != prompt_n):
            if prompt_t0 is not None:  # the next prompt came in the same frame
                run.prompt_s.append(now[0] - prompt_t0)
            prompt_t0, prompt_n = now[0], done
            run.prompts += 1
            due = {"idle": None, "instant": 0.0}.get(human, looks.uniform(*read_s))
        elif not asked and prompt_t0 is not None:
            run.prompt_s.append(now[0] - prompt_t0)
            prompt_t0 = None
        if not ctrl.my_turn():
            continue
        if asked:
            assert prompt_t0 is not None
            _answer(scene, due, now[0] - prompt_t0)
            continue
        if wait_t0 is not None and st.active == 0:
            run.waits.append((now[0] - wait_t0[0], now[1] - wait_t0[1]))
            wait_t0 = None
            human_turns_seen += 1
            run.rounds += 1
            if human_turns_seen >= human_turns:
                break
        legal = ctrl.legal()
        action, _why = hint_for(engine.view(st, 0), legal)
        if isinstance(action, A.Draw) and rng.random() < 0.3:
            action = A.EndPhase()  # a person who sometimes saves money
        ended_turn = st.phase is engine.Phase.DRAW and isinstance(action, (A.Draw, A.EndPhase))
        if not scene._try(action):
            scene._try(legal[-1])
        if ended_turn or st.phase is engine.Phase.MULLIGAN:
            wait_t0 = (time.perf_counter(), time.process_time())
    run.wall = time.perf_counter() - t_start
    run.cpu = time.process_time() - cpu_start
    app.shutdown()
    return run


def _stats(xs: list[tuple[float, float]]) -> str:
    if not xs:
        return "none"
    walls = [w for w, _ in xs]
    cpus = [c for _, c in xs]
    return (
        f"n={len(xs)}  wall median {statistics.median(walls):.2f} s"
        f" (min {min(walls):.2f}, max {max(walls):.2f})"
        f"  cpu median {statistics.median(cpus):.2f} s"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--human", choices=HUMANS, default="idle")
    p.add_argument("--speeds", default="normal,instant")
    p.add_argument("--seed", default="3", help="one seed, or several: 3,16")
    p.add_argument("--human-turns", type=int, default=6, help="turns of the person per run")
    p.add_argument("--players", type=int, default=4, choices=engine.SEAT_RANGE)
    p.add_argument("--timeout", type=float, default=900.0, help="seconds per run at most")
    p.add_argument("--json", action="store_true", help="end with one JSON line")
    p.add_argument(
        "--read-s",
        type=reading_range,
        default=(READER_S, READER_S),
        help="the reader's time per look at a prompt: N or LO-HI seconds (default 5)",
    )
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    seeds = [int(s) for s in str(args.seed).split(",") if s.strip()]
    load_start = os.getloadavg()
    runs: list[dict[str, Any]] = []
    for seed in seeds:
        for speed in args.speeds.split(","):
            load0 = os.getloadavg()
            r = play(
                speed, args.human_turns, seed, args.timeout, args.human, args.players, args.read_s
            )
            load1 = os.getloadavg()
            s = r.summary()
            s["loadavg_1min"] = [round(load0[0], 2), round(load1[0], 2)]
            runs.append(s)
            print(
                f"== seed {seed}, speed {speed}, human {args.human}: {r.wall:.1f} s wall,"
                f" {r.cpu:.1f} s CPU, game finished: {r.finished}"
            )
            print(f"   AI turn:          {_stats(r.ai_turns)}")
            print(f"   person's wait:    {_stats(r.waits)}")
            print(
                f"   prompts: {r.prompts} in {r.rounds} rounds"
                f" ({s['prompts_per_round']} per round; each stood median {s['prompt_median_s']} s)"
            )
            print("   AI turns (wall s): " + " ".join(f"{w:.2f}" for w, _ in r.ai_turns))
            print("   waits (wall s):    " + " ".join(f"{w:.2f}" for w, _ in r.waits))
            print(
                f"   load average before {load0[0]:.2f}, after {load1[0]:.2f} (1 min)", flush=True
            )
    if args.json:
        out = {
            "human": args.human,
            "read_s": list(args.read_s) if args.human == "reader" else None,
            "players": args.players,
            "human_turns": args.human_turns,
            "runs": runs,
            "loadavg_start": [round(x, 2) for x in load_start],
            "loadavg_end": [round(x, 2) for x in os.getloadavg()],
        }
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
