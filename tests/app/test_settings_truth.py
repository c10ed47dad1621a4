"""Settings always show the true state: F11 pressed while the screen is open, and the
auto-pass row (issue 9), through posted events."""

from __future__ import annotations

import warnings
from pathlib import Path

import pygame

from noirburg_desktop.app import App
from noirburg_desktop.persist.storage import Storage
from noirburg_desktop.scenes.settings import SettingsScene
from tests.app.conftest import Driver


def test_f11_on_the_settings_screen_updates_the_fullscreen_row(app: App, drive: Driver) -> None:
    app.push(SettingsScene())
    drive.frames(1)
    assert drive.element("fullscreen").get_state() is False
    drive.key(pygame.K_F11)
    drive.frames(2)
    assert app.settings.fullscreen is True
    assert drive.element("fullscreen").get_state() is True
    drive.key(pygame.K_F11)
    drive.frames(2)
    assert drive.element("fullscreen").get_state() is False


def test_reactions_row_is_saved(app: App, drive: Driver, data_dir: Path) -> None:
    """Settings → Reactions (issue 20; it replaced the Auto-pass tick box)."""
    app.push(SettingsScene())
    drive.frames(1)
    assert app.settings.reactions == "threats"
    assert drive.element("reactions").selected_option[0] == "Ask when I'm threatened"
    drive.choose("reactions", "Never ask")
    assert app.settings.reactions == "never"
    assert Storage(data_dir).load_settings().reactions == "never"
    drive.choose("reactions", "Ask at every chance")
    assert Storage(data_dir).load_settings().reactions == "always"


def test_window_cannot_shrink_below_the_layout_minimum(app: App, drive: Driver) -> None:
    """Issue 9: the layout is checked down to 960x640; the window enforces it."""
    from noirburg_desktop.app import MIN_SIZE

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert tuple(pygame.Window.from_display_module().minimum_size) == MIN_SIZE
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=500, size=(700, 500)))
    drive.frames(2)
    assert app.screen is not None
    w, h = app.screen.get_size()
    assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1]
