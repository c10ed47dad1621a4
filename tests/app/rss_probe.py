"""Memory over many all-AI games in one run of the app (issue 11, item 8).

    python tests/app/rss_probe.py --games 50 --report 10,25,50

Plays all-AI games through the real headless app (title → table → results →
next game), each game at "instant" AI speed, and prints the process's
resident set size (RSS, from /proc) after the games named in --report, plus
CPU and wall time. A benchmark script, not a test: it prints numbers.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

# the repo root on sys.path (run as a script, only tests/app is), then the monkey's
# headless SDL settings, before pygame loads
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.app import monkey  # noqa: E402, F401

# isort: split
import pygame  # noqa: E402

from noirburg_desktop.app import App  # noqa: E402
from noirburg_desktop.persist.storage import Settings, write_json_atomic  # noqa: E402
from noirburg_desktop.scenes.results import ResultsScene  # noqa: E402
from noirburg_desktop.scenes.title import TitleScene, open_session  # noqa: E402
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig  # noqa: E402


def rss_mb() -> float:
    """Resident set size of this process in MB (Linux /proc; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def play_one(app: App, seed: int, kind: str, max_frames: int) -> int:
    configs = [SeatConfig(f"AI {i + 1}", SEAT_COLOURS[i], kind) for i in range(4)]
    session = GameSession.new(configs, seed=seed)
    app.reset_to(TitleScene())
    open_session(app, session)
    frames = 0
    while not isinstance(app.scene, ResultsScene) and frames < max_frames:
        scene = app.scene
        end = getattr(scene, "end", None)
        if scene is not None and end is not None and end.shown:  # "See the results" (#20)
            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        app.step(1 / 60)
        frames += 1
    if app.crashes:
        raise SystemExit("the app crashed; see the log folder")
    return frames


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--report", default="1,10,25,50")
    p.add_argument("--kind", default="easy", choices=("easy", "normal", "hard"))
    p.add_argument("--max-frames", type=int, default=60_000)
    args = p.parse_args()
    marks = {int(x) for x in args.report.split(",")}
    with tempfile.TemporaryDirectory(prefix="noirburg-rss-") as tmp:
        data = Path(tmp) / "data"
        write_json_atomic(data / "settings.json", Settings(ai_speed="instant").to_json())
        app = App(data_dir=data, size=(1280, 800), fullscreen=False)
        app.start()
        print(f"start: RSS {rss_mb():.1f} MB", flush=True)
        wall0, cpu0 = time.perf_counter(), time.process_time()
        try:
            for g in range(1, args.games + 1):
                frames = play_one(app, seed=1000 + g, kind=args.kind, max_frames=args.max_frames)
                if g in marks:
                    gc.collect()
                    print(
                        f"after {g:3d} games: RSS {rss_mb():.1f} MB  (last game {frames} frames; "
                        f"wall {time.perf_counter() - wall0:.0f} s, "
                        f"CPU {time.process_time() - cpu0:.0f} s, "
                        f"load {os.getloadavg()[0]:.1f})",
                        flush=True,
                    )
        finally:
            app.shutdown()


if __name__ == "__main__":
    main()
