"""The doc and build tools in build/ keep working: every script answers --help, and
the screenshot tools really render (into a temporary folder, never docs/)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "build").glob("*.py"))


def _run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        NOIRBURG_DATA_DIR=str(tmp_path / "data"),
        NOIRBURG_LOG_DIR=str(tmp_path / "log"),
        NOIRBURG_LANGUAGE="en",
        PYTHONIOENCODING="utf-8",  # help texts hold dashes and arrows; Windows pipes are cp1252
    )
    return subprocess.run(
        [sys.executable, *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        encoding="utf-8",
        errors="replace",
        timeout=300,
    )


def test_every_build_script_is_covered() -> None:
    names = {p.name for p in SCRIPTS}
    assert {"build_exe.py", "installers.py", "catalogues.py", "screenshots_i18n.py"} <= names


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_help(script: Path, tmp_path: Path) -> None:
    """--help answers (and so the module imports) without building or writing anything."""
    before = {p: p.stat().st_mtime_ns for p in (ROOT / "noirburg_desktop" / "locale").rglob("*")}
    out = _run([str(script), "--help"], tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "usage" in out.stdout.lower() or "noirburg" in out.stdout.lower(), out.stdout
    after = {p: p.stat().st_mtime_ns for p in (ROOT / "noirburg_desktop" / "locale").rglob("*")}
    assert before == after  # catalogues.py --help did not rewrite the catalogues


def test_language_screenshots_render(tmp_path: Path) -> None:
    out = _run(
        [str(ROOT / "build" / "screenshots_i18n.py"), "--lang", "en", "--out", str(tmp_path)],
        tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    screens = ["handoff", "newgame", "results", "rules", "table-4p", "table-question"]
    assert made == [f"en-{name}-960x640.png" for name in [*screens, "table-refusal"]]
    assert all(p.stat().st_size > 10_000 for p in tmp_path.glob("*.png"))


def test_access_screenshots_render(tmp_path: Path) -> None:
    out = _run([str(ROOT / "build" / "screenshots_access.py"), "--out", str(tmp_path)], tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    assert made == ["access-newgame-focus.png", "access-table-150.png"]
