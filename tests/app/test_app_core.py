"""The App shell: scene stack, frame stepping, quitting, import hygiene, silent audio."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from noirburg_desktop import app as app_mod
from noirburg_desktop.app import App
from noirburg_desktop.look import resources
from noirburg_desktop.scene import Scene


class Probe(Scene[dict[str, int] | None]):
    def __init__(self, name: str, log: list[str]) -> None:
        super().__init__()
        self.name, self.log = name, log
        self.updates = 0

    def enter(self, payload: dict[str, int] | None = None) -> None:
        self.log.append(f"enter {self.name} {payload}")

    def resume(self, result: Any = None) -> None:
        self.log.append(f"resume {self.name} {result}")

    def exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def update(self, dt: float) -> None:
        self.updates += 1

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((1, 2, 3))


def test_import_starts_nothing() -> None:
    """Nothing may run at import time: no pygame.init, no window."""
    code = (
        "import pygame, noirburg_desktop.app, noirburg_desktop.__main__, "
        "noirburg_desktop.scenes.title, noirburg_desktop.persist.storage, noirburg_desktop.session;"
        "assert not pygame.get_init(); assert not pygame.display.get_init()"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=str(Path(__file__).parents[2]))


def test_stack_push_pop_replace(app: App) -> None:
    log: list[str] = []
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    app.push(a, {"x": 1})
    app.push(b)
    app.run_frames(3)
    assert b.updates == 3 and a.updates == 0  # only the top scene updates
    app.replace(b_to := c)
    assert app.scene is b_to
    app.pop("done")
    assert app.scene is a
    assert log == [
        "enter a {'x': 1}",
        "enter b None",
        "exit b",
        "enter c None",
        "exit c",
        "resume a done",
    ]
    app.pop()
    assert not app.running  # an empty stack ends the app


def test_quit_event_stops_the_loop(app: App) -> None:
    app.push(Probe("a", []))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step() is False
    assert not app.running


def test_run_frames_draws_into_the_window(app: App) -> None:
    app.push(Probe("a", []))
    assert app.run_frames(2)
    assert app.screen is not None and app.screen.get_at((5, 5))[:3] == (1, 2, 3)
    assert app.frame == 2


def test_no_sound_card_means_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_a: Any, **_k: Any) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", boom)
    assert app_mod.init_audio() is False
    resources.set_sound_enabled(True)
    assert not resources.sound_enabled() or pygame.mixer.get_init() is not None
    resources.play_sound("gunshot")  # must not raise


def test_sound_stub_when_mixer_is_off() -> None:
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    assert isinstance(resources.sound("coin"), resources.SilentSound)


def test_cli_screenshot_without_table_fails_clearly(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from noirburg_desktop import __main__ as main_mod

    monkeypatch.setitem(sys.modules, "noirburg_desktop.table.screenshot", None)
    assert main_mod.main(["--screenshot", str(tmp_path / "nope.png")]) == 2


def test_cli_parses_every_flag() -> None:
    from noirburg_desktop.__main__ import parse_args

    a = parse_args(
        [
            "--screenshot",
            "x.png",
            "--players",
            "5",
            "--seed",
            "9",
            "--autoplay",
            "30",
            "--windowed",
            "--data-dir",
            "saves-here",
        ]
    )
    assert (a.screenshot, a.players, a.seed, a.autoplay, a.fullscreen, a.data_dir) == (
        "x.png",
        5,
        9,
        30,
        False,
        "saves-here",
    )
    assert parse_args(["--fullscreen"]).fullscreen is True
    with pytest.raises(SystemExit):
        parse_args(["--players", "7"])
