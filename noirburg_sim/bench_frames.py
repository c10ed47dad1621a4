"""Frame-time benchmark: a 6-player late-game table on the software renderer.

    python -m noirburg_sim.bench_frames [--frames 600] [--size 1280x800]

Prints the time to the first frame (deal + scene + first draw, from a cold
start) and p50/p95/p99 frame times over a run where the mouse sweeps across
the table (hover enlargements) and the state changes now and then (static
layer redraws), which is what a real game costs per frame.
"""

from __future__ import annotations

import argparse
import os
import random
import time


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--size", default="1280x800")
    p.add_argument("--autoplay", type=int, default=200, help="actions before measuring")
    p.add_argument("--change-every", type=int, default=60, help="frames between state changes")
    args = p.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    t0 = time.perf_counter()
    # Imported here, not at the top: "first frame after launch" includes importing
    # pygame and the table, as a real start does.
    import pygame

    import engine
    from noirburg_desktop.table.ai_driver import fallback_choice
    from noirburg_desktop.table.screenshot import make_session, play_through, show_table

    pygame.init()
    screen = pygame.display.set_mode((w, h))
    scene = show_table(make_session(6, seed=7, humans=1))
    scene.update(1 / 60)
    scene.draw(screen)
    pygame.display.flip()
    first = time.perf_counter() - t0

    play_through(scene, args.autoplay, seed=7)
    scene.ctrl.ai_speed = "slow"
    times: list[float] = []
    rng = random.Random(3)
    for i in range(args.frames):
        x = int((i * 7) % w)
        y = int(h * 0.25 + (i * 3) % int(h * 0.6))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(7, 3),
                                             buttons=(0, 0, 0)))  # fmt: skip
        s = time.perf_counter()
        for ev in pygame.event.get():
            scene.handle_event(ev)
        if args.change_every and i % args.change_every == args.change_every - 1:
            legal = engine.legal_actions(scene.ctrl.state)
            if legal and scene.ctrl.state.turn < 60:
                scene.ctrl.apply(fallback_choice(legal, rng))
        scene.update(1 / 60)
        scene.draw(screen)
        pygame.display.flip()
        times.append((time.perf_counter() - s) * 1000)
    times.sort()

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))]

    print(f"table {w}x{h}, 6 players, turn {scene.ctrl.state.turn}, {len(times)} frames")
    print(f"first frame after launch: {first:.3f} s")
    print(f"frame ms: p50 {pct(0.50):.2f}  p95 {pct(0.95):.2f}  p99 {pct(0.99):.2f}  "
          f"max {times[-1]:.2f}")  # fmt: skip
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
