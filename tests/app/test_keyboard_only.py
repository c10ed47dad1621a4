"""Issue 14 (access): a whole game set up and played with the keyboard alone.

Every input below is a KEYDOWN or TEXTINPUT event posted through the app; the test
only *reads* the scenes (which control has the focus, what the seats say) to know
when to stop pressing Tab, as a player reads the screen."""

from __future__ import annotations

import pygame
import pytest

from noirburg_desktop.app import App
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.scenes.newgame import NewGameScene
from noirburg_desktop.scenes.results import ResultsScene
from noirburg_desktop.scenes.settings import SettingsScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.session import SEAT_COLOURS
from noirburg_desktop.table.scene import TableScene
from tests.app.conftest import Driver


def tab_to(app: App, drive: Driver, wid: str, back: bool = False) -> None:
    """Press Tab (or Shift+Tab) until `wid` has the keyboard focus."""
    for _ in range(60):
        assert isinstance(app.scene, MenuScene)
        if app.scene.focused() == wid:
            return
        drive.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT if back else 0)
    raise AssertionError(f"Tab never reached {wid!r}")


def press(drive: Driver, key: int, times: int = 1) -> None:
    for _ in range(times):
        drive.key(key)
    drive.frames(2)  # what a control reports comes back through the event queue


def test_focus_ring_walks_every_new_game_control(app: App, drive: Driver) -> None:
    """Tab visits every control of New game once, in reading order, Shift+Tab goes back."""
    app.push(NewGameScene())
    drive.frames(2)
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    seen = []
    for _ in range(len(scene.nav)):
        drive.key(pygame.K_TAB)
        seen.append(scene.focused())
    expected = ["players"]
    for i in range(scene.count):
        expected += [f"colour{i}", f"name{i}", f"kind{i}"]
    expected += ["money_victory", "poker_always_to_box", "ransom_excess", "first", "seed", "back"]
    expected += ["start"]
    assert seen == expected
    drive.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.focused() == "back"


def test_settings_rows_all_work_from_the_keyboard(app: App, drive: Driver) -> None:
    app.push(SettingsScene())
    drive.frames(2)
    s = app.settings
    tab_to(app, drive, "reduced_motion")
    press(drive, pygame.K_SPACE)
    assert s.reduced_motion is True
    tab_to(app, drive, "volume")
    press(drive, pygame.K_LEFT, 3)
    assert s.volume == 50
    tab_to(app, drive, "ai_speed")
    press(drive, pygame.K_RIGHT)
    assert s.ai_speed == "fast"
    tab_to(app, drive, "ui_scale")
    press(drive, pygame.K_RIGHT)
    assert s.ui_scale == 110
    # every choice persists
    saved = app.storage.load_settings()
    assert (saved.reduced_motion, saved.volume, saved.ai_speed, saved.ui_scale) == (
        True,
        50,
        "fast",
        110,
    )


@pytest.mark.usefixtures("no_sleep_clock")
def test_custom_new_game_from_title_to_results_by_keyboard_only(app: App, drive: Driver) -> None:
    """5 players, two humans with typed names, a house rule on, Instant pace: then the
    game is played to its end, the humans passing with Space."""
    app.push(TitleScene())
    drive.frames(2)
    # Settings: Instant AI pace and the shortest reaction window, by keyboard
    tab_to(app, drive, "settings")
    press(drive, pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)
    tab_to(app, drive, "ai_speed")
    press(drive, pygame.K_RIGHT, 3)
    tab_to(app, drive, "reaction_window_s")
    press(drive, pygame.K_LEFT, 2)
    assert (app.settings.ai_speed, app.settings.reaction_window_s) == ("instant", 5)
    tab_to(app, drive, "reactions")
    press(drive, pygame.K_RIGHT, 1)
    assert app.settings.reactions == "always"  # the humans are asked at every chance
    press(drive, pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)

    tab_to(app, drive, "new")
    press(drive, pygame.K_SPACE)
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    tab_to(app, drive, "players")
    press(drive, pygame.K_RIGHT)  # 4 -> 5 players; the rows are rebuilt, focus stays
    assert scene.count == 5 and scene.focused() == "players"
    tab_to(app, drive, "name0")
    drive.type("Ayşe")
    tab_to(app, drive, "name1")
    drive.type("Bora")
    tab_to(app, drive, "kind1")
    # a first game seats Easy AIs (issue 20): AI · Easy -> Human, and no further
    press(drive, pygame.K_LEFT, 2)
    shown = drive.element("kind1").current_state.selected_option_button
    assert shown.text == "Human"  # the picker shows what the keyboard chose
    tab_to(app, drive, "kind2")  # Easy -> Normal -> Easy: the picker steps both ways
    press(drive, pygame.K_RIGHT)
    assert scene.kinds[2] == "normal"
    press(drive, pygame.K_LEFT)
    tab_to(app, drive, "colour2")
    press(drive, pygame.K_RETURN)  # a colour swatch cycles with Enter (and ←/→)
    press(drive, pygame.K_RIGHT)
    press(drive, pygame.K_LEFT)
    tab_to(app, drive, "ransom_excess")
    press(drive, pygame.K_SPACE)
    tab_to(app, drive, "seed")
    drive.type("2024")
    assert scene.names[:2] == ["Ayşe", "Bora"]
    assert scene.kinds[:5] == ["human", "human", "easy", "easy", "easy"]
    assert scene.house["ransom_excess"] and scene.seed_text == "2024"
    tab_to(app, drive, "start")
    press(drive, pygame.K_RETURN)

    table = app.scene
    assert isinstance(table, TableScene)
    session = table.ctrl.session
    assert [c.name for c in session.configs[:2]] == ["Ayşe", "Bora"]
    assert [c.kind for c in session.configs] == ["human", "human", "easy", "easy", "easy"]
    # Enter skipped the colours seats 4 and 5 wear (to the free 6th), → wrapped round
    # past seats 1 and 2 to its own again, ← went back to the free 6th
    assert session.configs[2].colour == SEAT_COLOURS[5]
    assert len({c.colour for c in session.configs}) == 5  # no two seats alike
    assert session.options.ransom_excess is True
    ctrl = table.ctrl
    for _ in range(20000):
        if isinstance(app.scene, ResultsScene):
            break
        if table.end.shown:
            drive.key(pygame.K_SPACE)  # the final board: "See the results" (#20)
        elif table.out.shown(ctrl):
            drive.key(pygame.K_w)  # both humans are out: watch the AIs finish
        elif ctrl.handoff is not None or ctrl.note or ctrl.my_turn():
            drive.key(pygame.K_SPACE)  # hand-over, a note, or "pass / end the phase"
        else:
            app.step(0.1)
    assert isinstance(app.scene, ResultsScene), "the game never ended"
    assert session.finished and session.verify_replay()
