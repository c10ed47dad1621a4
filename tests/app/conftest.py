"""App test fixtures: a real App on the dummy video driver with a throwaway data folder."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from noirburg_desktop.app import App
from noirburg_desktop.scenes.base import MenuScene

# crash reports and the log of app tests go to a throwaway folder, not the user's
os.environ.setdefault("NOIRBURG_LOG_DIR", tempfile.mkdtemp(prefix="noirburg-test-logs-"))


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    d = tmp_path / "data"
    monkeypatch.setenv("NOIRBURG_DATA_DIR", str(d))
    return d


@pytest.fixture
def app(data_dir: Path) -> Iterator[App]:
    """A started App (1280×800 window, empty scene stack)."""
    a = App(data_dir=data_dir, size=(1280, 800), fullscreen=False)
    a.start()
    yield a
    a.shutdown()


class Driver:
    """Posts real pygame events and runs frames, the way a player's input arrives."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1) -> None:
        self.app.run_frames(n)

    def click(self, target: pygame.Rect | tuple[int, int]) -> None:
        pos = target.center if isinstance(target, pygame.Rect) else target
        self.point(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(2)

    def point(self, pos: tuple[int, int]) -> None:
        """Move the real pointer: pygame_gui reads hover from the mouse state, not events."""
        pygame.mouse.set_pos(pos)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        self.frames(1)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """Press, move in a few steps, release: the way a hand drags a card."""
        post = pygame.event.post
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frames(1)
        for k in (1, 2, 3):
            x = start[0] + (end[0] - start[0]) * k // 3
            y = start[1] + (end[1] - start[1]) * k // 3
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0)))
            self.frames(1)
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames(2)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
        self.frames(1)

    def type(self, text: str) -> None:
        """Typing as SDL delivers it: one TEXTINPUT per character (Turkish letters too)."""
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        self.frames(2)  # pygame_gui reports the edit through the queue, one frame later

    def element(self, wid: str) -> Any:
        """The scene's pygame_gui element with this id."""
        scene = self.app.scene
        assert isinstance(scene, MenuScene)  # the screens built of pygame_gui widgets
        return scene.widget(wid)

    def widget(self, wid: str) -> pygame.Rect:
        return pygame.Rect(self.element(wid).rect)

    def visible_button(self, text: str) -> pygame.Rect:
        """The on-screen rect of the visible pygame_gui button reading `text`, as a player
        would find it (e.g. an option in an opened drop-down)."""
        from pygame_gui.elements import UIButton

        scene = self.app.scene
        assert isinstance(scene, MenuScene)
        manager = scene.manager
        assert manager is not None  # a menu on screen has its manager
        group = manager.get_sprite_group()
        found = [
            sprite
            for sprite in group.sprites()
            if isinstance(sprite, UIButton) and sprite.visible and sprite.text == text
        ]
        if not found:
            raise LookupError(f"no visible button reads {text!r}")
        # The top-most one: an opened drop-down's option lies above another picker that
        # happens to show the same label.
        top = max(found, key=lambda sprite: sprite.get_top_layer())
        return pygame.Rect(top.rect)

    def choose(self, wid: str, label: str) -> None:
        """Open drop-down `wid` with a click, then click its option `label`."""
        self.click(self.widget(wid))
        self.click(self.visible_button(label))
        self.frames(3)  # option list -> drop-down -> scene: each hop is one queued event


@pytest.fixture
def drive(app: App) -> Driver:
    return Driver(app)


class NoSleepClock:
    """`App.step` ticks the real clock (sleeping to 60 fps); tests that pass dt
    themselves only lose wall time to that sleep."""

    def tick(self, fps: int = 0) -> int:
        return 16

    def get_fps(self) -> float:
        return 60.0


@pytest.fixture
def no_sleep_clock(app: App) -> None:
    app.clock = NoSleepClock()  # type: ignore[assignment]
