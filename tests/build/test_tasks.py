"""tasks.py, the two commands a player and a developer type: what `run` installs, where
its noise goes, the log folder it names, and the repair of a half-made .venv."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tasks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("noirburg_tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_run_installs_only_what_playing_needs() -> None:
    tasks = _tasks()
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["dependencies"]
    assert tasks.play_requirements() == deps
    names = sorted(d.split(">")[0].split("<")[0].split("=")[0].lower() for d in deps)
    assert names == ["msgspec", "platformdirs", "pygame-ce", "pygame_gui", "websockets"]


def test_the_test_command_type_checks_every_code_package_and_the_tests() -> None:
    """mypy --strict covers every package of code the project ships and the tests
    themselves (issue 24): a test that calls the app or engine wrongly fails the type
    check before it runs."""
    tasks = _tasks()
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    tops = {p.split(".")[0] for p in setuptools["packages"]}
    data = set(setuptools["package-dir"])  # noirburg_assets: card art, sounds, fonts
    assert tops - data == {"engine", "noirburg_desktop", "noirburg_sim"}
    assert set(tasks.TYPED) == tops - data | {"tests"}


def test_log_folder_is_the_games_own(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """tasks.py (standard library only) names the folder the game logs to (platformdirs)."""
    from platformdirs import user_log_dir

    tasks = _tasks()
    monkeypatch.delenv("NOIRBURG_LOG_DIR", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    ours, theirs = tasks.log_folder(), Path(user_log_dir("Noirburg", "Noirburg"))
    if sys.platform == "win32":  # platformdirs asks the shell for the folder, we the env
        assert ours.parts[-3:] == theirs.parts[-3:] == ("Noirburg", "Noirburg", "Logs")
    else:
        assert ours == theirs
    monkeypatch.setenv("NOIRBURG_LOG_DIR", str(tmp_path / "logs"))
    assert tasks.log_folder() == tmp_path / "logs"


@pytest.mark.parametrize(
    "line",
    [
        "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'",
        "ALSA lib pcm.c:2664:(snd_pcm_open_noupdate) Unknown PCM default",
        "Expression 'alsa_snd_pcm_hw_params_set_period_size_near' failed",
        "pygame-ce 2.5.8 (SDL 2.32.10, Python 3.11.7)",
        "error: XDG_RUNTIME_DIR is invalid or not set in the environment.",
    ],
)
def test_library_chatter_stays_out_of_the_terminal(line: str) -> None:
    assert _tasks().NOISE.match(line)


@pytest.mark.parametrize(
    "line",
    [
        "noirburg: Noirburg needs a screen: no graphical display was found",
        "Traceback (most recent call last):",
        "usage: noirburg [-h] [--screenshot PATH]",
    ],
)
def test_the_games_own_words_reach_the_terminal(line: str) -> None:
    assert not _tasks().NOISE.match(line)


def test_pip_download_lines_become_progress() -> None:
    tasks = _tasks()
    m = tasks.DOWNLOADING.match("  Downloading pygame_gui-0.6.14-py2.py3-none-any.whl (30.9 MB)")
    assert m is not None and m.group(2).startswith("pygame_gui-0.6.14") and m.group(3) == "30.9 MB"
    url = "Downloading https://files.example/p/pygame_ce-2.5.8-cp311-win_amd64.whl (11.2 MB)"
    m = tasks.DOWNLOADING.match(url)
    assert m is not None and m.group(2).startswith("pygame_ce-2.5.8")
    assert tasks.DOWNLOADING.match("Collecting pygame-ce<2.6,>=2.5") is None


def test_a_venv_without_pip_is_rebuilt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """What a missing python3-venv leaves on Debian/Ubuntu: a venv with no pip. It is
    noticed and rebuilt (ensurepip: offline)."""
    tasks = _tasks()
    venv = tmp_path / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    monkeypatch.setattr(tasks, "VENV", venv)
    windows = sys.platform == "win32"
    python = venv / ("Scripts" if windows else "bin") / ("python.exe" if windows else "python")
    monkeypatch.setattr(tasks, "PY", python)
    assert not tasks.venv_is_whole()
    tasks.make_venv()
    assert tasks.venv_is_whole()
    pip = subprocess.run([tasks.PY, "-m", "pip", "--version"], capture_output=True, text=True)
    assert pip.returncode == 0 and pip.stdout.startswith("pip "), pip.stdout + pip.stderr


def test_tasks_py_has_no_shell_isms() -> None:
    """Every command is an argument list (no shell=True, os.system, `rm`, `cp`, `&&`):
    the same on Windows, macOS and Linux."""
    tree = ast.parse((ROOT / "tasks.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword):
            assert node.arg != "shell", f"shell= at line {node.value.lineno}"
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("system", "popen"), f"os.{node.attr} at line {node.lineno}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert node.value not in ("rm", "cp", "mv", "sh", "bash", "&&", "|"), node.value
