"""A format character typed alone into a text field (U+202E, right-to-left override)
made pygame_gui raise "Text has zero width" and crash New game (found by the UI
monkey, seed 11). Menus drop control and format characters before the field sees them."""

from __future__ import annotations

import pygame

from noirburg_desktop.app import App
from noirburg_desktop.scenes.newgame import NewGameScene
from noirburg_desktop.scenes.title import TitleScene
from tests.app.conftest import Driver


def test_a_format_character_alone_in_a_name_field(app: App, drive: Driver) -> None:
    app.push(TitleScene())
    app.push(NewGameScene())
    drive.frames(2)
    drive.click(drive.widget("name0"))
    for _ in range(len(drive.element("name0").get_text()) + 2):
        drive.key(pygame.K_BACKSPACE)
        drive.key(pygame.K_DELETE)
    assert drive.element("name0").get_text() == ""
    drive.type("\u202e")
    assert app.crashes == 0 and isinstance(app.scene, NewGameScene)
    drive.type("Ayşe")
    assert drive.element("name0").get_text() == "Ayşe"  # ordinary typing still arrives
