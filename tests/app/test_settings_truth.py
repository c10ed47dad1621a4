"""Settings always show the true state: F11 pressed while the screen is open, and the
auto-pass row (issue 9), through posted events."""

from __future__ import annotations

from pathlib import Path

import pygame

from noirburg_desktop.app import App
from noirburg_desktop.scenes.settings import SettingsScene
from noirburg_desktop.storage import Storage
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


def test_auto_pass_row_is_saved(app: App, drive: Driver, data_dir: Path) -> None:
    app.push(SettingsScene())
    drive.frames(1)
    assert drive.element("auto_pass_reactions").get_state() is False
    drive.click(drive.widget("auto_pass_reactions"))
    drive.frames(2)
    assert app.settings.auto_pass_reactions is True
    assert Storage(data_dir).load_settings().auto_pass_reactions is True
