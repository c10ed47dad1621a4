"""Pacing benchmark: how long a lone human waits at a table of three AIs.

    python -m noirburg_desktop.table.bench_pacing [--speeds normal,instant]
        [--human-turns 5] [--seed 3] [--timeout 400]

Runs the real App headless (dummy video driver, the real 60 fps clock and the
threaded AI, as a player gets them) with a scripted human who answers at once:
the Normal bot's choice on their own turn, Pass when asked to react. Prints,
per speed, the wall and CPU time of every AI turn (from the turn's first event
to the next seat's turn) and of every human turn-wait (from the human's last
action to the moment the table takes their input again), with medians and the
load average. A script that prints numbers, not a timed test.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field

import engine
from engine import actions as A
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.ai_driver import hint_for
from noirburg_desktop.table.scene import TableScene


@dataclass
class Run:
    speed: str
    ai_turns: list[tuple[float, float]] = field(default_factory=list)  # (wall, cpu)
    waits: list[tuple[float, float]] = field(default_factory=list)
    reaction_prompts: int = 0
    finished: bool = False
    wall: float = 0.0


def play(speed: str, human_turns: int, seed: int, timeout: float) -> Run:
    seats = (("You", "human"), ("Bo", "normal"), ("Cy", "normal"), ("Di", "normal"))
    configs = [SeatConfig(n, SEAT_COLOURS[i], k) for i, (n, k) in enumerate(seats)]
    session = GameSession.new(configs, seed=seed)
    app = App(data_dir=tempfile.mkdtemp(prefix="noirburg-bench-"), size=(1280, 800))
    app.start()
    app.settings.ai_speed = speed
    app.push(TableScene(), {"session": session})
    scene = app.scene
    assert isinstance(scene, TableScene)
    ctrl = scene.ctrl
    run = Run(speed)
    rng = random.Random(seed)
    t_start = time.perf_counter()
    active = ctrl.state.active
    turn_t0 = (time.perf_counter(), time.process_time())
    wait_t0: tuple[float, float] | None = None
    human_turns_seen = 0
    while time.perf_counter() - t_start < timeout:
        app.step()
        st = ctrl.state
        now = (time.perf_counter(), time.process_time())
        if st.phase is engine.Phase.GAME_OVER:
            run.finished = True
            break
        if st.phase is not engine.Phase.MULLIGAN and st.active != active:
            if not ctrl.is_human(active):
                run.ai_turns.append((now[0] - turn_t0[0], now[1] - turn_t0[1]))
            active, turn_t0 = st.active, now
        if not ctrl.my_turn():
            continue
        if wait_t0 is not None and st.window is None and st.active == 0:
            run.waits.append((now[0] - wait_t0[0], now[1] - wait_t0[1]))
            wait_t0 = None
            human_turns_seen += 1
            if human_turns_seen >= human_turns:
                break
        legal = ctrl.legal()
        if st.window is not None:
            run.reaction_prompts += 1
            scene._try(A.Pass())
            continue
        action, _why = hint_for(engine.view(st, 0), legal)
        if isinstance(action, A.Draw) and rng.random() < 0.3:
            action = A.EndPhase()  # a human who sometimes saves money
        ended_turn = st.phase is engine.Phase.DRAW and isinstance(action, (A.Draw, A.EndPhase))
        if not scene._try(action):
            scene._try(legal[-1])
        if ended_turn or st.phase is engine.Phase.MULLIGAN:
            wait_t0 = (time.perf_counter(), time.process_time())
    run.wall = time.perf_counter() - t_start
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
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--speeds", default="normal,instant")
    p.add_argument("--human-turns", type=int, default=5)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--timeout", type=float, default=400.0, help="seconds per speed at most")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for speed in args.speeds.split(","):
        load0 = os.getloadavg()
        r = play(speed, args.human_turns, args.seed, args.timeout)
        load1 = os.getloadavg()
        print(f"== speed {speed}: {r.wall:.1f} s wall, game finished: {r.finished}")
        print(f"   AI turn:          {_stats(r.ai_turns)}")
        print(f"   human turn-wait:  {_stats(r.waits)}")
        print(f"   reaction prompts answered: {r.reaction_prompts}")
        print("   AI turns (wall s): " + " ".join(f"{w:.2f}" for w, _ in r.ai_turns))
        print("   waits (wall s):    " + " ".join(f"{w:.2f}" for w, _ in r.waits))
        print(f"   load average before {load0[0]:.2f}, after {load1[0]:.2f} (1 min)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
