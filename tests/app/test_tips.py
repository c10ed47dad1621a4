"""First-time tips in a normal game (issue 14): each shows the first time its moment
comes, is remembered in the settings at once (so it never shows again, also after a
restart), closes with a click or T, and "Don't show tips" turns them all off."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from noirburg_desktop.app import App
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.table.tips import TipWatcher
from noirburg_sim.tutorial_screenshot import play_to
from tests.app.conftest import Driver


@pytest.fixture(autouse=True)
def _fast_frames(no_sleep_clock: None) -> None:
    """Frames are driven with explicit dt; the frame-rate sleep would only cost time."""


def table_before_attack(app: App) -> TableScene:
    """A normal game (easy AIs) where the human has an attack assembled: Space launches it."""
    session = play_to("launch")
    app.settings.ai_speed = "fast"
    scene = app.push(TableScene(), TableEntry(session, threaded_ai=False))
    assert isinstance(scene, TableScene) and scene.tips is not None and scene.coach is None
    return scene


def _tips(scene: TableScene) -> TipWatcher:
    assert scene.tips is not None  # a normal game has tips
    return scene.tips


def run_until(app: App, cond: Callable[[], bool], frames: int = 400) -> None:
    for _ in range(frames):
        if cond():
            return
        app.step(0.05)
    raise AssertionError("the moment never came")


def test_a_tip_shows_once_and_is_remembered(app: App, drive: Driver, data_dir: Path) -> None:
    scene = table_before_attack(app)
    drive.frames(2)
    assert _tips(scene).current is None  # nothing has happened yet
    drive.key(pygame.K_SPACE)  # launch the attack
    run_until(app, lambda: _tips(scene).current == "attack")
    saved = json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))
    assert "attack" in saved["tips_seen"]  # remembered the moment it was shown
    drive.frames(1)
    drive.click(_tips(scene).rect.center)  # a click on the tip closes it
    assert _tips(scene).current != "attack"
    # Play on (Space passes when asked to react) until the attacker goes HIDDEN;
    # every tip on the way is closed, the hidden one with T.
    closed: list[str] = []
    for _ in range(600):
        cur = _tips(scene).current
        if cur is not None:
            if cur == "hidden":
                drive.key(pygame.K_t)
            else:
                drive.click(_tips(scene).rect.center)
            assert _tips(scene).current != cur
            closed.append(cur)
        if "hidden" in closed:
            break
        if scene.ctrl.my_turn():
            drive.key(pygame.K_SPACE)
        app.step(0.05)
    assert "hidden" in closed
    shown: list[str | None] = list(app.settings.tips_seen)
    assert len(shown) == len(set(shown))  # each at most once
    # a new game from the same moment: no tip seen before comes again
    app.pop()
    again = table_before_attack(app)
    drive.frames(2)
    drive.key(pygame.K_SPACE)
    for _ in range(200):
        assert _tips(again).current not in shown
        app.step(0.05)


def test_dont_show_tips_is_honoured(app: App, drive: Driver) -> None:
    app.settings.tips_off = True
    scene = table_before_attack(app)
    drive.frames(2)
    drive.key(pygame.K_SPACE)
    for _ in range(200):
        assert _tips(scene).current is None
        app.step(0.05)
    assert app.settings.tips_seen == []
    assert scene.ctrl.session.actions  # the game went on


def test_the_settings_row_turns_tips_off(app: App, drive: Driver, data_dir: Path) -> None:
    from noirburg_desktop.scenes.settings import SettingsScene
    from noirburg_desktop.scenes.title import TitleScene

    app.push(TitleScene())
    app.push(SettingsScene())
    drive.frames(2)
    drive.click(drive.widget("tips_off"))
    assert app.settings.tips_off
    saved = json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["tips_off"] is True
