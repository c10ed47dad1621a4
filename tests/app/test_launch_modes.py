"""Starting the real program: no display fails visibly, the self-test modes work.

Each test runs `python -m noirburg_desktop` in a fresh process, as a player or
the build's smoke test would, with throwaway data and log folders.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from noirburg_desktop import app as app_mod

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp: Path, **extra: str) -> dict[str, str]:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        NOIRBURG_LOG_DIR=str(tmp / "log"),
        XDG_DATA_HOME=str(tmp / "xdg"),
    )
    env.pop("NOIRBURG_DATA_DIR", None)
    env.update(extra)
    return env


def _game(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "noirburg_desktop", *args],
        env=env,
        cwd=str(ROOT),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_an_invisible_window_is_refused_unless_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    with pytest.raises(app_mod.NoDisplay, match="needs a screen"):
        app_mod.require_display()
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")  # tests and --screenshot ask for it
    app_mod.require_display()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.delenv("SDL_VIDEODRIVER")
    app_mod.require_display()


@pytest.mark.skipif(sys.platform != "linux", reason="X11/Wayland displays are a Linux matter")
def test_no_display_gives_a_message_a_log_line_and_exit_code_3(tmp_path: Path) -> None:
    env = _env(tmp_path)
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    out = _game(["--windowed", "--data-dir", str(tmp_path / "data")], env)
    assert out.returncode == 3, out.stderr
    assert "needs a screen" in out.stderr
    assert "needs a screen" in (tmp_path / "log" / "noirburg.log").read_text("utf-8")


def test_demo_shows_the_title_plays_and_autosaves_to_the_user_data_folder(tmp_path: Path) -> None:
    out = _game(["--windowed", "--demo", "25", "--seed", "4"], _env(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "title shown: TitleScene" in out.stdout
    played = re.search(r"demo: (\d+) actions", out.stdout)
    # at Instant speed several AI moves may land in one frame: at least the 25 asked for
    assert played is not None and int(played.group(1)) >= 25, out.stdout
    if sys.platform == "linux":  # platformdirs honours XDG_DATA_HOME there
        saves = list((tmp_path / "xdg" / "Noirburg" / "saves").glob("autosave-*.json"))
        assert len(saves) == 1, out.stdout
        save = saves[0]
        actions = json.loads(save.read_text("utf-8"))["session"]["actions"]
        assert len(actions) == int(played.group(1))
        settings = json.loads((save.parent.parent / "settings.json").read_text("utf-8"))
        assert settings["ai_speed"] == "normal"  # the demo's Instant speed was not kept


def test_exit_on_title_and_check_assets(tmp_path: Path) -> None:
    env = _env(tmp_path)
    out = _game(["--windowed", "--data-dir", str(tmp_path / "d"), "--exit-on-title"], env)
    assert out.returncode == 0 and "title shown: TitleScene" in out.stdout, out.stderr
    out = _game(["--check-assets"], env)
    assert out.returncode == 0, out.stdout
    assert "4 fonts, 15 cards, 6 sounds, 1 icons, 2 catalogues (sound on)" in out.stdout
