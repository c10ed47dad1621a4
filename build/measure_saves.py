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
  drawn (it opens from its validated state and its history is replayed in the
  background; the first move made there writes it again, with a snapshot once that
  replay has counted its rounds: the line "after a move" is the next Continue);
  then the same game written by this tree's own Storage (with its snapshot: the
  table opens at once and the history is checked in the background while the game
  goes on). `--big-writer`, `--builds`. Each
  Continue line also says when the first move was accepted (its autosave
  included) and when the background check settled, in s from Continue.

Prints one line per case, the medians of `--repeats` fresh processes: wall s, CPU s
(user+system of that process, all threads, up to the table), peak RSS MB
(ru_maxrss), the engine build that ran, and the load average before each run.
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
    import engine
    ready = "-"
    ctrl = getattr(app.scene, "ctrl", None)
    session = getattr(ctrl, "session", None)
    if what == "continue" and session is not None and not session.finished:
        # the first move the session accepts (autosave included), then the check
        session.apply(engine.legal_actions(session.state)[0])
        ready = f"{{time.perf_counter() - t0:.2f}}"
        check = session.check
        if check is not None:  # opened from the snapshot: the frame loop until it settles
            while not check.settled:
                app.step(1 / 60); time.sleep(1 / 60)
            ready += f":{{time.perf_counter() - t0:.2f}}:{{check.result}}"
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    build = "compiled" if engine.compiled() else "pure"
    print(f"RESULT {{wall:.2f}} {{cpu:.2f}} {{rss:.0f}} {{build}} {{ready}}", flush=True)
    os._exit(0)
    """
)


def measure(
    tree: Path, data: Path, what: str, timeout: float, mem_gb: float, pure: bool = False
) -> dict[str, str] | str:
    """One fresh process: its numbers (wall, cpu, rss, build, moved, checked, verdict,
    load), or a sentence saying why there are none."""
    code = CHILD.format(tree=str(tree), data=str(data), what=what, mem_gb=mem_gb)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    env = dict(os.environ)
    if pure:
        env["NOIRBURG_ENGINE"] = "pure"
    else:
        env.pop("NOIRBURG_ENGINE", None)
    t0 = time.perf_counter()
    try:
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=tempfile.gettempdir(),
            env=env,
        )
    except subprocess.TimeoutExpired:
        return f"> {timeout:.0f} s (killed)  load {load:.1f}"
    for line in out.stdout.splitlines():
        if line.startswith("RESULT "):
            wall, cpu, rss, build, ready = line.split()[1:]
            moved, checked, verdict = (ready.split(":") + ["-", "-", "-"])[:3]
            return {
                "wall": wall,
                "cpu": cpu,
                "rss": rss,
                "build": build,
                "moved": moved,
                "checked": checked,
                "verdict": verdict,
                "load": f"{load:.1f}",
            }
    took = time.perf_counter() - t0
    last = (out.stderr.strip().splitlines() or ["?"])[-1][:90]
    return f"failed after {took:.1f} s ({last})  load {load:.1f}"


def median_line(runs: list[dict[str, str] | str]) -> str:
    """The median of each number over the runs (a failed run is shown instead)."""
    for r in runs:
        if isinstance(r, str):
            return r
    got = [r for r in runs if isinstance(r, dict)]

    def med(key: str) -> str:
        vals = sorted(float(r[key]) for r in got if r[key] != "-")
        return f"{vals[len(vals) // 2]:.2f}" if vals else "-"

    line = f"shown {med('wall'):>5} s wall {med('cpu'):>5} s CPU {med('rss'):>7} MB peak RSS"
    if got[0]["moved"] != "-":
        line += f"; first move {med('moved')} s"
    if got[0]["checked"] != "-":
        verdicts = ",".join(sorted({r["verdict"] for r in got}))
        line += f"; history checked in the background: {verdicts} at {med('checked')} s"
    loads = ",".join(r["load"] for r in got)
    return f"{line}  [{got[0]['build']}, median of {len(got)}, load {loads}]"


def make_saves(tree: Path, data: Path, n: int, autosaves: bool) -> None:
    """N saves in `tree`'s own format: 20 real ones, the rest copies under new names."""
    code = textwrap.dedent(
        f"""
        import sys, random, shutil
        sys.path.insert(0, {str(tree)!r}); sys.path.insert(0, {str(tree / "tests" / "app")!r})
        from app_helpers import make_session
        from noirburg_desktop.persist.storage import Storage
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
    with json.dumps' default spacing by another tool (no snapshot: Continue opens it
    from its validated state and replays its history in the background, as it is
    longer than session.DEFER_FROM) or by the app's own Storage (with its snapshot);
    its size in bytes."""
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
        from noirburg_desktop.persist.storage import Storage

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
    p.add_argument("--repeats", type=int, default=3, help="fresh processes per case (median)")
    p.add_argument(
        "--builds",
        default="pure,compiled",
        help="engine builds for Continue: 'pure' (NOIRBURG_ENGINE=pure), 'compiled' "
        "(the mypyc build if present and current; the line says which ran)",
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
                runs = [
                    measure(tree, data, what, args.timeout, args.mem_gb)
                    for _ in range(args.repeats)
                ]
                print(f"{what:>8} {n:>6} saves: {median_line(runs)}", flush=True)
                shutil.rmtree(data, ignore_errors=True)
        writers = [w for w in args.big_writer.split(",") if w]
        builds = [b for b in args.builds.split(",") if b]
        for writer in writers if args.only in (None, "continue") and args.big_actions else []:
            data = work / f"big-{writer}"
            size = make_big_game(data, args.big_actions, writer)
            label = f"{size / 1e6:.1f} MB, {args.big_actions} moves, by {writer}"
            saves = data / "saves"
            pristine = {p.name: p.read_bytes() for p in saves.glob("*.json")}
            for build in builds:
                firsts, seconds = [], []
                for _ in range(args.repeats):
                    for p in saves.glob("*.json"):  # as written (the first open may seal it)
                        p.unlink()
                    for name, body in pristine.items():
                        (saves / name).write_bytes(body)
                    pure = build == "pure"
                    firsts.append(measure(tree, data, "continue", args.timeout, args.mem_gb, pure))
                    if writer == "tool":  # its first move wrote it again, with a snapshot
                        seconds.append(
                            measure(tree, data, "continue", args.timeout, args.mem_gb, pure)
                        )
                print(f"continue {label}, {build}: {median_line(firsts)}", flush=True)
                if seconds:
                    print(
                        f"continue {label}, {build}, after a move: {median_line(seconds)}",
                        flush=True,
                    )
            shutil.rmtree(data, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
