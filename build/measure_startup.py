"""Cold start to the title screen: the built bundle beside the source checkout.

Usage: .venv/bin/python build/measure_startup.py [--runs 5] [--bundle PATH]

Each run starts a new process with `--exit-on-title` (open the window, draw
the title once, print "title shown", quit), alternating source and bundle so
both see the same machine load. Wall time: process start until the "title
shown" line arrives. CPU: the child's user+system time for its whole life
(from wait4), which includes the short shutdown after the title. One
unmeasured warm-up run of each first, so both read from a warm file cache.
Runs in a real X window under Xvfb when it is installed, else with SDL's dummy
video driver. Prints medians of `--runs` runs and the load average.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from build_exe import start_xvfb  # this folder is on sys.path when run as a script

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BUNDLE = HERE / "dist" / "Noirburg" / ("Noirburg.exe" if os.name == "nt" else "noirburg")


def one_run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds to the title, CPU seconds of the whole process)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd, env=env, stdout=subprocess.PIPE, text=True, cwd=tempfile.gettempdir()
    )
    assert proc.stdout is not None
    wall = None
    for line in proc.stdout:
        if line.startswith("title shown"):
            wall = time.perf_counter() - t0
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if wall is None or proc.returncode != 0:
        raise SystemExit(f"{cmd[0]} did not reach the title (exit {proc.returncode})")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--bundle", type=Path, default=BUNDLE)
    args = p.parse_args()
    if not args.bundle.exists():
        raise SystemExit(f"no bundle at {args.bundle}: run `python3 tasks.py exe` first")
    xvfb, display = start_xvfb()
    data = tempfile.mkdtemp(prefix="noirburg-startup-")
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["NOIRBURG_LOG_DIR"] = data
    if display:
        env.update(DISPLAY=display, SDL_VIDEODRIVER="x11")
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    flags = ["--windowed", "--data-dir", data, "--exit-on-title"]
    commands = {
        "source": [sys.executable, "-m", "noirburg_desktop", *flags],
        "bundle": [str(args.bundle), *flags],
    }
    env_src = dict(env, PYTHONPATH=str(ROOT))
    results: dict[str, list[tuple[float, float]]] = {k: [] for k in commands}
    load_before = os.getloadavg()
    try:
        for name, cmd in commands.items():  # warm-up, not counted
            one_run(cmd, env_src if name == "source" else env)
        for _ in range(args.runs):
            for name, cmd in commands.items():
                results[name].append(one_run(cmd, env_src if name == "source" else env))
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)
    load_after = os.getloadavg()
    print(
        f"cold start to the title, median of {args.runs} ({'Xvfb' if display else 'dummy video'})"
    )
    med = {}
    for name, rows in results.items():
        wall = statistics.median(r[0] for r in rows)
        cpu = statistics.median(r[1] for r in rows)
        med[name] = wall
        walls = " ".join(f"{r[0]:.2f}" for r in rows)
        print(f"  {name:6}  wall {wall:.3f} s  cpu {cpu:.3f} s   (walls: {walls})")
    diff = med["bundle"] - med["source"]
    print(f"  bundle - source: {diff:+.3f} s wall (goal <= +0.300)")
    print(
        "  load average before "
        + " ".join(f"{x:.2f}" for x in load_before)
        + ", after "
        + " ".join(f"{x:.2f}" for x in load_after)
    )
    print(f"  {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
