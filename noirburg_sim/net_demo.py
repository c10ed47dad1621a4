"""Network play's must-show, rerunnable: the two commands as written, over loopback.

    python -m noirburg_sim.net_demo --out DIR [--engine pure|compiled] [--bot easy]

Runs `noirburg-server --players 4` and four `noirburg-cli --join … --bot` seats
twice: once with one seat SIGKILLed mid-game and started again with the same token
file, once with the server SIGKILLed mid-game and started again with the same data
dir. Prints every process's exit code and JSON line, the wall and CPU time of each
run and the load average, and exits 1 when a must-show does not hold (a process not
exiting 0, a refusal, the seats disagreeing on the ending). Each run's files (token
files, autosaves, stdout/stderr) stay under DIR for a reader to check.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEATS = 4


def command(name: str, module: str) -> list[str]:
    """The console script beside this interpreter (what `pip install` made), else
    the module form of the same command."""
    folder = Path(sys.executable).parent
    for candidate in (folder / name, folder / f"{name}.exe"):
        if candidate.exists():
            return [str(candidate)]
    return [sys.executable, "-m", module]


SERVER = command("noirburg-server", "noirburg_desktop.net.server")
CLI = command("noirburg-cli", "noirburg_desktop")


def cpu_of_children() -> float:
    """User + system CPU seconds of the children waited for so far (0 where the OS
    does not say: Windows)."""
    try:
        import resource
    except ImportError:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "n/a"


@dataclass
class Run:
    """One scenario's processes, each with its own stdout/stderr files in `folder`."""

    folder: Path
    env: dict[str, str]
    procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def spawn(self, label: str, args: list[str]) -> subprocess.Popen[bytes]:
        out = self.folder / f"{label}.out"
        with open(out, "wb") as fh, open(out.with_suffix(".err"), "wb") as err:
            proc = subprocess.Popen(args, stdout=fh, stderr=err, env=self.env)
        self.procs[label] = proc
        return proc

    def wait_for(self, label: str, pattern: str, timeout: float = 60) -> re.Match[str]:
        path = self.folder / f"{label}.err"
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = path.read_text("utf-8", "replace") if path.exists() else ""
            found = re.search(pattern, text)
            if found:
                return found
            time.sleep(0.05)
        raise RuntimeError(f"{pattern!r} never appeared in {path}")

    def server(self, label: str, port: int, seed: int) -> subprocess.Popen[bytes]:
        return self.spawn(
            label,
            [
                *SERVER, "--port", str(port), "--players", str(SEATS), "--seed", str(seed),
                "--data-dir", str(self.folder / "host"), "--host", "127.0.0.1",
            ],
        )  # fmt: skip

    def seat(self, label: str, i: int, port: int, bot: str) -> subprocess.Popen[bytes]:
        return self.spawn(
            label,
            [
                *CLI, "--join", f"127.0.0.1:{port}", "--bot", bot, "--name", f"Bot{i}",
                "--token-file", str(self.folder / f"seat{i}.token"),
                "--data-dir", str(self.folder / f"seat{i}"),
            ],
        )  # fmt: skip

    def host_actions(self) -> int:
        """Actions in the host's autosave so far (-1: none readable yet)."""
        try:
            data = json.loads((self.folder / "host" / "hosted.json").read_text("utf-8"))
            return len(data["session"]["actions"])
        except (OSError, ValueError, KeyError, TypeError):
            return -1

    def wait_actions(self, at_least: int, timeout: float = 120) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            n = self.host_actions()
            if n >= at_least:
                return n
            time.sleep(0.02)
        raise RuntimeError(f"the host never reached {at_least} actions")

    def stop_all(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)

    def line(self, label: str) -> dict[str, Any] | None:
        text = (self.folder / f"{label}.out").read_text("utf-8", "replace").strip()
        try:
            data = json.loads(text.splitlines()[-1]) if text else None
        except ValueError:
            return None
        return data if isinstance(data, dict) else None


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def scenario(kind: str, out: Path, env: dict[str, str], seed: int, bot: str, kill_at: int) -> bool:
    """Run one scenario ("seat" or "host" killed); print its transcript; True when
    every must-show held."""
    folder = out / kind
    folder.mkdir(parents=True, exist_ok=True)
    run = Run(folder, env)
    port = free_port()
    cpu0, wall0 = cpu_of_children(), time.perf_counter()
    print(f"== {kind} killed mid-game: port {port}, seed {seed}, bot {bot}, load {load_average()}")
    finals: list[str] = []
    try:
        run.server("server", port, seed)
        run.wait_for("server", r"listening on port")
        for i in range(1, SEATS + 1):
            run.seat(f"seat{i}", i, port, bot)
        reached = run.wait_actions(kill_at)
        victim = "seat3" if kind == "seat" else "server"
        run.procs[victim].kill()  # SIGKILL (TerminateProcess on Windows): no goodbye
        code = run.procs[victim].wait(10)
        print(f"   autosave held {reached} actions: killed {victim}, exit status {code}")
        if kind == "seat":
            token = (folder / "seat3.token").read_text("utf-8")
            print(f"   seat3's token file: {token.strip()}")
            run.seat("seat3-again", 3, port, bot)
            finals = ["seat1", "seat2", "seat3-again", "seat4", "server"]
        else:
            run.server("server-again", port, seed)
            resumed = run.wait_for("server-again", r"resumed game \S+ at step \d+")
            print(f"   restarted server: {resumed.group(0)}")
            finals = ["seat1", "seat2", "seat3", "seat4", "server-again"]
        codes = {label: run.procs[label].wait(300) for label in finals}
    finally:
        run.stop_all()
    wall, cpu = time.perf_counter() - wall0, cpu_of_children() - cpu0
    ok = all(c == 0 for c in codes.values())
    lines = {label: run.line(label) for label in finals}
    host = lines[finals[-1]] or {}
    seats_seen = set()
    for label in finals:
        line = lines[label]
        print(f"   {label}: exit {codes[label]}  {json.dumps(line)}")
        if line is None or not line.get("winners"):
            ok = False
            continue
        if line.get("winners") != host.get("winners") or line.get("method") != host.get("method"):
            ok = False
        if label != finals[-1]:
            seats_seen.add(line.get("seat"))
            ok = ok and line.get("refused") == 0
    ok = ok and len(seats_seen) == SEATS  # a restarted seat is its old one
    if kind == "seat":
        ok = ok and (folder / "seat3.token").read_text("utf-8") == token
    print(
        f"   {'HOLDS' if ok else 'FAILS'}: {host.get('actions')} actions, wall {wall:.1f} s, "
        f"CPU {cpu:.1f} s (all six processes), load {load_average()}"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="net_demo", description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="where each run's files go")
    ap.add_argument("--engine", choices=("pure", "compiled"), default="pure")
    ap.add_argument("--bot", default="easy", help="the seats' bot level")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--kill-at", type=int, default=100, help="host actions before the kill")
    args = ap.parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)  # a log file follows the run as it goes
    env = dict(os.environ, PYTHONUNBUFFERED="1", NOIRBURG_ENGINE=args.engine)
    probe = subprocess.run(
        [sys.executable, "-c", "import engine; print(engine.compiled())"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    compiled = probe.stdout.strip() == "True"
    print(f"engine: {args.engine} asked, compiled={compiled}; server: {' '.join(SERVER)}")
    if args.engine == "compiled" and not compiled:
        print("the compiled engine is not built here: run `python3 tasks.py native` first")
        return 1
    out = args.out / args.engine
    results = [
        scenario(kind, out, env, args.seed + k, args.bot, args.kill_at)
        for k, kind in enumerate(("seat", "host"))
    ]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
