#!/usr/bin/env python3
"""The project's two commands, with nothing but Python 3.11+ installed:

    python3 tasks.py run     start the game
    python3 tasks.py test    lint, type-check and run every test

Both create `.venv/` on first use and install the project into it (again
whenever pyproject.toml changes). Also: `bench`, `sim`, `exe`, `monkey` (the
UI monkey for five minutes; `monkey --seconds N --seed S`). Works the same
on Windows, macOS and Linux (use `py tasks.py …` on Windows).
"""

from __future__ import annotations

import hashlib
import os
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


def ensure_venv(extras: str = "test,dev") -> None:
    """Create .venv and install the project (editable) with `extras`, once per
    pyproject.toml version."""
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == want and PY.exists():
        return
    if not PY.exists():
        print("Creating .venv …", flush=True)
        sh(sys.executable, "-m", "venv", VENV)
    print("Installing Noirburg and its dependencies into .venv …", flush=True)
    sh(PY, "-m", "pip", "install", "-q", "--upgrade", "pip")
    sh(PY, "-m", "pip", "install", "-q", "-e", f".[{extras}]")
    STAMP.write_text(want)


def run(args: list[str]) -> None:
    ensure_venv()
    sh(PY, "-m", "noirburg_desktop", *args)


def test(args: list[str]) -> None:
    ensure_venv()
    sh(PY, "-m", "ruff", "check", *LINTED)
    sh(PY, "-m", "ruff", "format", "--check", *LINTED)
    sh(PY, "-m", "mypy", "engine")
    sh(PY, "-m", "pytest", *args)


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


def monkey(args: list[str]) -> None:
    ensure_venv()
    sh(PY, ROOT / "tests" / "app" / "monkey.py", *(args or ["--seconds", "300", "--seed", "1"]))


def exe(args: list[str]) -> None:
    ensure_venv("test,dev,build")
    sh(PY, ROOT / "build" / "build_exe.py", *args)


COMMANDS = {"run": run, "test": test, "bench": bench, "sim": sim, "exe": exe, "monkey": monkey}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(__doc__)
        sys.exit(2)
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
