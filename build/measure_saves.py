"""Load, Title and Continue at scale (issue 22): wall time, CPU time and peak RSS.

Usage: .venv/bin/python build/measure_saves.py [--tree PATH] [--counts 1000,10000]
       [--big-actions 370000] [--timeout 120] [--mem-gb 4]

`--tree` is the source tree measured (default: this one), so the same script
measures an older commit checked out elsewhere (`git worktree add … a34937c`)
beside this one. For each count N a temp data folder gets N saves (the first 20
written by that tree's own `Storage.save`, the rest byte copies under other
names, so the files are in that tree's own format) and N autosaves; then, each in
a fresh process (so its peak RSS is its own, capped at `--mem-gb` and killed
after `--timeout` seconds):

- load N: the Title, then the Load screen pushed and its first frame drawn;
- title N: the Title pushed and drawn with N autosaves and no continue.json;
- continue big: the Title with one autosave of ~19 MB (a valid game whose history
  is a long run of free gangster moves, written by `json.dumps` with its default
  spacing as another tool would: no snapshot), then Continue until the table is
  drawn; then the same game written by this tree's own Storage (with its snapshot:
  the table opens at once and the history is checked in the background; the line
  also says when that check settled and moves were allowed). `--big-writer`.

Prints one line per measurement: wall s, CPU s (user+system of that process),
peak RSS MB (ru_maxrss), and the load average before it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

CHILD = textwrap.dedent(
    """
    import os, resource, sys, time
    sys.path.insert(0, {tree!r})
    os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
    cap = int({mem_gb} * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from noirburg_desktop.app import App
    from noirburg_desktop.scenes.title import TitleScene
    app = App(data_dir={data!r}, size=(1280, 800), fullscreen=False)
    app.start()
    what = {what!r}
    c0 = time.process_time(); t0 = time.perf_counter()
    if what in ("load", "title"):
        app.push(TitleScene()); app.step(1 / 60)
    if what == "load":
        c0 = time.process_time(); t0 = time.perf_counter()
        from noirburg_desktop.scenes.load import LoadScene
        app.push(LoadScene()); app.step(1 / 60)
        assert len(app.scene.entries) >= 1
    if what == "continue":
        app.push(TitleScene()); app.step(1 / 60)
        c0 = time.process_time(); t0 = time.perf_counter()
        app.scene.on_continue(); app.step(1 / 60)
        assert type(app.scene).__name__ in ("TableScene", "ResultsScene"), app.scene
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    ready = ""
    ctrl = getattr(app.scene, "ctrl", None)
    check = getattr(getattr(ctrl, "session", None), "check", None)
    if what == "continue" and check is not None:  # opened from the snapshot
        while not check.settled:  # the frame loop until the background check settles
            app.step(1 / 60); time.sleep(1 / 60)
        ready = f"{{time.perf_counter() - t0:.2f}}:{{check.result}}"
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"RESULT {{wall:.2f}} {{cpu:.2f}} {{rss:.0f}} {{ready}}", flush=True)
    os._exit(0)
    """
)


def measure(tree: Path, data: Path, what: str, timeout: float, mem_gb: float) -> str:
    code = CHILD.format(tree=str(tree), data=str(data), what=what, mem_gb=mem_gb)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    t0 = time.perf_counter()
    try:
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=tempfile.gettempdir(),
        )
    except subprocess.TimeoutExpired:
        return f"> {timeout:.0f} s (killed)  load {load:.1f}"
    for line in out.stdout.splitlines():
        if line.startswith("RESULT "):
            wall, cpu, rss, *ready = line.split()[1:]
            more = ""
            if ready:  # Continue from a snapshot: when moves were allowed, and the verdict
                at, verdict = ready[0].split(":")
                more = f"  (history checked in the background: {verdict} at {at} s)"
            return f"{wall:>7} s wall {cpu:>7} s CPU {rss:>6} MB peak RSS  load {load:.1f}{more}"
    took = time.perf_counter() - t0
    last = (out.stderr.strip().splitlines() or ["?"])[-1][:90]
    return f"failed after {took:.1f} s ({last})  load {load:.1f}"


def make_saves(tree: Path, data: Path, n: int, autosaves: bool) -> None:
    """N saves in `tree`'s own format: 20 real ones, the rest copies under new names."""
    code = textwrap.dedent(
        f"""
        import sys, random, shutil
        sys.path.insert(0, {str(tree)!r}); sys.path.insert(0, {str(tree / "tests" / "app")!r})
        from app_helpers import make_session
        from noirburg_desktop.storage import Storage
        st = Storage({str(data)!r})
        firsts = []
        for i in range(min(20, {n})):
            s = make_session(3 + i % 4, i, steps=40 + 7 * i)
            if {autosaves!r}:
                firsts.append(st.autosave(s))
            else:
                firsts.append(st.save(s, f"save-{{i:05d}}", label=f"Game {{i}}"))
        for i in range(len(firsts), {n}):
            src = firsts[i % len(firsts)]
            name = (f"autosave-{{i:016x}}" if {autosaves!r} else f"save-{{i:05d}}") + ".json"
            shutil.copyfile(src, st.saves_dir / name)
        """
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=tempfile.gettempdir())


def make_big_game(data: Path, actions: int, writer: str = "tool") -> int:
    """One autosave of a valid game with a long history (free gangster moves), written
    with json.dumps' default spacing by another tool (no snapshot: Continue replays
    it in full) or by the app's own Storage (with its snapshot); its size in bytes."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests" / "app"))
    from app_helpers import make_session

    import engine
    from engine.actions import MoveGangster, action_to_json

    session = make_session(4, 3, steps=0)
    rng = random.Random(1)
    for i in range(20000):
        legal = engine.legal_actions(session.state)
        moves = [a for a in legal if isinstance(a, MoveGangster)]
        if moves and i > 200:
            break
        session.apply(rng.choice(legal))
    for k in range(actions):
        moves = [a for a in engine.legal_actions(session.state) if isinstance(a, MoveGangster)]
        move = moves[k % len(moves)]
        engine.apply(session.state, move, check=False)
        session.actions.append(action_to_json(move))
    doc = {
        "app": "noirburg",
        "save_version": 1,
        "saved_at": "2026-11-01T12:00:00+00:00",
        "label": "long",
        "session": session.to_json(),
    }
    saves = data / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    if writer == "app":
        from noirburg_desktop.storage import Storage

        session._rounds = None  # counted by the replay below (the moves skipped it)
        session.replay()
        path = Storage(data).autosave(session)
        return path.stat().st_size
    doc["session"].pop("snapshot", None)  # another tool writes none
    path = saves / f"autosave-{session.game_id}.json"
    path.write_text(json.dumps(doc))
    return path.stat().st_size


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tree", type=Path, default=ROOT)
    p.add_argument("--counts", default="1000,10000")
    p.add_argument("--big-actions", type=int, default=370_000)
    p.add_argument("--timeout", type=float, default=120.0)
    p.add_argument("--mem-gb", type=float, default=4.0)
    p.add_argument("--only", choices=("load", "title", "continue"), default=None)
    p.add_argument(
        "--big-writer",
        default="tool,app",
        help="who writes the big game: 'tool' (json.dumps, no snapshot), 'app' (this "
        "tree's Storage, with a snapshot), or both (default)",
    )
    args = p.parse_args()
    tree = args.tree.resolve()
    rev = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    print(f"tree {tree} at {rev}; Python {sys.version.split()[0]}; {os.cpu_count()} cores")
    work = Path(tempfile.mkdtemp(prefix="noirburg-scale-"))
    try:
        for n in [int(c) for c in args.counts.split(",") if c]:
            for what, autos in (("load", False), ("title", True)):
                if args.only not in (None, what):
                    continue
                data = work / f"{what}-{n}"
                make_saves(tree, data, n, autos)
                result = measure(tree, data, what, args.timeout, args.mem_gb)
                print(f"{what:>8} {n:>6} saves: {result}", flush=True)
                shutil.rmtree(data, ignore_errors=True)
        writers = [w for w in args.big_writer.split(",") if w]
        for writer in writers if args.only in (None, "continue") and args.big_actions else []:
            data = work / f"big-{writer}"
            size = make_big_game(data, args.big_actions, writer)
            label = f"{size / 1e6:.1f} MB, {args.big_actions} moves, written by {writer}"
            for attempt in ("first", "second"):
                result = measure(tree, data, "continue", args.timeout, args.mem_gb)
                print(f"continue {label} ({attempt}): {result}", flush=True)
            shutil.rmtree(data, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
