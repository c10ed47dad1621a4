"""App test fixtures: a real App on the dummy video driver with a throwaway data folder."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from noirburg_desktop.app import App


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


def table_available() -> bool:
    try:
        return importlib.util.find_spec("noirburg_desktop.table.scene") is not None
    except ImportError:
        return False


class Driver:
    """Posts real pygame events and runs frames, the way a player's input arrives."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1) -> None:
        self.app.run_frames(n)

    def click(self, target: pygame.Rect | tuple[int, int]) -> None:
        pos = target.center if isinstance(target, pygame.Rect) else target
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(2)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
        self.frames(1)

    def type(self, text: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.frames(1)

    def widget(self, wid: str) -> pygame.Rect:
        scene = self.app.scene
        return scene.form.get(wid).rect  # type: ignore[union-attr]


@pytest.fixture
def drive(app: App) -> Driver:
    return Driver(app)
