"""Compare Noirburg's engine with another engine per game turn, from playout JSON.

Any engine can be compared: run random playouts with the same loop (the
engine's own legal-action list, `random.Random(seed).choice`, apply, until the
game is over, setup included) and write this JSON:

    {
      "engine": "catanatron",        name (required)
      "cpu_us_per_turn": 177.2,      CPU (process time) microseconds per game turn,
                                     median over runs (required)
      "turns": 3945,                 turns measured in all (required)
      "wall_us_per_turn": 180.3,     optional, the same in wall time
      "decisions": 11638,            optional
      "runs": [{"games": 10, "turns": 3945, "decisions": 11638,
                "cpu_s": 0.70, "wall_s": 0.71}],   optional, one object per run
      "loadavg": [1.2, 1.0, 0.9],    optional, when it was measured
      "version": "3.2.1", "python": "3.11.7", "loop": "..."   optional, printed
    }

`python3 tasks.py bench --playouts-only --players 4 --json` writes Noirburg's
figure in a superset of this form. Usage:

    python -m noirburg_sim.compare other.json [noirburg.json]   (Noirburg measured now if omitted)
    python -m noirburg_sim.compare --other-cmd "/tmp/catan-venv/bin/python \
        noirburg_sim/catanatron_playouts.py --games 10" --repeats 5 --games 100

The second form alternates the two engines run by run, each in its own
process, and reports medians, the load average before every run, and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
from typing import Any

REQUIRED = ("engine", "cpu_us_per_turn", "turns")


def check_schema(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise SystemExit(f"{where}: expected a JSON object")
    if "playouts" in data and "cpu_us_per_turn" not in data:
        data = from_bench(data)  # a whole `bench --json` report
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise SystemExit(f"{where}: missing {', '.join(missing)} (see the schema in compare.py)")
    if not isinstance(data["cpu_us_per_turn"], int | float) or data["cpu_us_per_turn"] <= 0:
        raise SystemExit(f"{where}: cpu_us_per_turn must be a positive number")
    checked: dict[str, Any] = data
    return checked


def from_bench(report: dict[str, Any], players: str = "4") -> dict[str, Any]:
    """The compare form of a `noirburg_sim.bench` report (its 4-player playouts)."""
    p = report["playouts"].get(players) or next(iter(report["playouts"].values()))
    return {
        "engine": "noirburg",
        "build": report.get("build"),
        "cpu_us_per_turn": p["cpu_us_per_turn"],
        "wall_us_per_turn": p["wall_us_per_turn"],
        "turns": p["turns"],
        "decisions": p["decisions"],
        "runs": p["runs"],
        "loadavg": report.get("loadavg_start"),
        "python": report.get("python"),
        "loop": report.get("loop"),
    }


def measure_noirburg(games: int, seed: int) -> dict[str, Any]:
    """One 4-player playout run of Noirburg in a fresh process (as the other engine's)."""
    cmd = [sys.executable, "-m", "noirburg_sim.bench", "--playouts-only", "--players", "4"]
    cmd += ["--repeats", "1", "--games", str(games), "--seed", str(seed), "--json"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return from_bench(json.loads(out))


def measure_other(command: str) -> dict[str, Any]:
    out = subprocess.run(shlex.split(command), check=True, capture_output=True, text=True).stdout
    return check_schema(json.loads(out), command)


def loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def alternate(command: str, repeats: int, games: int, seed: int) -> dict[str, Any]:
    """Noirburg, other, Noirburg, other, ...: load changes hit both alike."""
    ours: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    loads: list[list[float] | None] = []
    for _ in range(repeats):
        loads.append(loadavg())
        ours.append(measure_noirburg(games, seed))
        loads.append(loadavg())
        theirs.append(measure_other(command))
    return {"noirburg": merge(ours), "other": merge(theirs), "loadavg_before_runs": loads}


def merge(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Several single measurements of one engine: medians, all runs kept."""
    first = dict(results[0])
    builds = [r["build"] for r in results if r.get("build")]
    if len(set(builds)) > 1:  # e.g. a native build finished between runs: say so
        first["build"] = "MIXED " + "/".join(builds)
    for key in ("cpu_us_per_turn", "wall_us_per_turn"):
        values = [r[key] for r in results if key in r]
        if values:
            first[key] = round(statistics.median(values), 2)
    first["turns"] = sum(r["turns"] for r in results)
    first["runs"] = [run for r in results for run in r.get("runs", [])]
    first["per_run_cpu_us_per_turn"] = [r["cpu_us_per_turn"] for r in results]
    return first


def report(ours: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    ratio = ours["cpu_us_per_turn"] / other["cpu_us_per_turn"]
    return {"noirburg": ours, "other": other, "ratio_cpu_per_turn": round(ratio, 3)}


def table(r: dict[str, Any]) -> str:
    ours, other = r["noirburg"], r["other"]
    lines = [f"{'engine':>20} {'CPU us/turn':>12} {'wall us/turn':>13} {'turns':>8}  load average"]
    for e in (ours, other):
        wall = e.get("wall_us_per_turn")
        name = f"{e['engine']} ({e['build']})" if e.get("build") else e["engine"]
        lines.append(
            f"{name:>20} {e['cpu_us_per_turn']:>12.1f} "
            f"{(f'{wall:.1f}' if wall is not None else '-'):>13} {e['turns']:>8}  "
            f"{e.get('loadavg')}"
        )
        if e.get("per_run_cpu_us_per_turn"):
            runs = ", ".join(f"{x:.1f}" for x in e["per_run_cpu_us_per_turn"])
            lines.append(f"{'':>20} runs: {runs}")
    ratio = r["ratio_cpu_per_turn"]
    lines.append(
        f"CPU per turn, noirburg / {other['engine']}: {ratio:.3f} "
        f"(noirburg {1 / ratio:.2f}x {'faster' if ratio < 1 else 'as fast'} per turn)"
    )
    if "loadavg_before_runs" in r:
        lines.append(f"load average before each run: {r['loadavg_before_runs']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("other", nargs="?", help="the other engine's playout JSON file")
    p.add_argument("ours", nargs="?", help="Noirburg's (bench --json) file; measured if omitted")
    p.add_argument("--other-cmd", help="a command printing the other engine's JSON (alternated)")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--games", type=int, default=100, help="Noirburg playouts per run")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--other-name", help="label the other engine (e.g. an older Noirburg)")
    p.add_argument("--json", action="store_true", help="print only the JSON")
    p.add_argument("--out", help="also write the JSON to this file")
    a = p.parse_args(argv)
    if a.other_cmd:
        alt = alternate(a.other_cmd, a.repeats, a.games, a.seed)
        r = report(alt["noirburg"], alt["other"])
        r["loadavg_before_runs"] = alt["loadavg_before_runs"]
    elif a.other:
        with open(a.other, encoding="utf-8") as f:
            other = check_schema(json.load(f), a.other)
        if a.ours:
            with open(a.ours, encoding="utf-8") as f:
                ours = check_schema(json.load(f), a.ours)
        else:
            ours = merge([measure_noirburg(a.games, a.seed) for _ in range(a.repeats)])
        r = report(ours, other)
    else:
        p.error("give the other engine's JSON file, or --other-cmd")
    if a.other_name:
        r["other"]["engine"] = a.other_name
    text = json.dumps(r, sort_keys=True)
    if a.out:
        tmp = a.out + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        os.replace(tmp, a.out)
    print(text if a.json else table(r))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
