"""Issue 14 (access): the UI scale setting, and a first window that fits the desktop.

At 150 % the smallest window is 1440×960 and its canvas is 960×640, the smallest
size every layout is checked at; these tests measure that nothing falls outside
the canvas there, that clicks land where they are drawn, and that the picture
fills the window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton

from noirburg_desktop.app import App
from noirburg_desktop.persist.storage import Settings
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.scenes.load import LoadScene
from noirburg_desktop.scenes.newgame import NewGameScene
from noirburg_desktop.scenes.rules import RulesScene
from noirburg_desktop.scenes.settings import SettingsScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.shell import uiscale
from noirburg_desktop.shell.entries import SessionEntry
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene

FRAME = 14  # the backdrop's deco frame is drawn this far inside the window


@pytest.mark.parametrize(
    ("desktop", "percent"),
    [((1366, 768), 100), ((1366, 768), 150), ((1280, 720), 100), ((1280, 720), 150)],
)
def test_default_window_fits_small_desktops(desktop: tuple[int, int], percent: int) -> None:
    """A 1366×768 laptop, and 1920×1080 at 150 % system scaling (1280×720 logical)."""
    w, h = uiscale.default_window(percent, [desktop])
    assert (w, h) >= uiscale.MIN_SIZE
    assert w <= desktop[0] and h <= desktop[1] - 60  # room for a taskbar and a title bar


def test_default_window_on_a_big_desktop_grows_with_the_scale() -> None:
    assert uiscale.default_window(100, [(2560, 1440)]) == (1280, 800)
    assert uiscale.default_window(150, [(2560, 1440)]) == (1920, 1200)


def test_scale_gives_way_to_a_small_window() -> None:
    assert uiscale.effective_scale(150, (1440, 960)) == 1.5
    assert uiscale.logical_size((1440, 960), 1.5) == (960, 640)
    assert uiscale.effective_scale(150, (1366, 768)) == pytest.approx(1.2)
    assert uiscale.effective_scale(150, (960, 640)) == 1.0
    assert uiscale.minimum_window(150, None) == (1440, 960)
    # a 1366×768 laptop: the window stays clear of the taskbar, the scale gives way
    low = uiscale.minimum_window(150, (1366, 768))
    assert low == uiscale.default_window(150, [(1366, 768)]) == (1284, 675)
    assert uiscale.effective_scale(150, low) == pytest.approx(675 / 640)


def test_settings_keep_only_sane_scales_and_volumes() -> None:
    s = Settings.from_json({"ui_scale": 400, "volume": -3, "reduced_motion": "yes"})
    assert (s.ui_scale, s.volume, s.reduced_motion) == (100, 80, False)
    s = Settings.from_json({"ui_scale": 150, "volume": 0, "reduced_motion": True})
    assert (s.ui_scale, s.volume, s.reduced_motion) == (150, 0, True)


@pytest.fixture
def big(data_dir: Path) -> Iterator[App]:
    """An App at 150 % in its minimum window."""
    a = App(data_dir=data_dir, size=(960, 640), fullscreen=False)
    a.settings.ui_scale = 150
    a.start()
    yield a
    a.shutdown()


def _inside(rect: pygame.Rect, size: tuple[int, int]) -> bool:
    return pygame.Rect(FRAME, FRAME, size[0] - 2 * FRAME, size[1] - 2 * FRAME).contains(rect)


def test_minimum_window_at_150_has_the_smallest_checked_canvas(big: App) -> None:
    assert big.window is not None and big.screen is not None
    assert big.window.get_size() == (1440, 960)  # the window grew to show 150 %
    assert big.screen.get_size() == (960, 640)
    assert big.scale == 1.5


@pytest.mark.parametrize("scene", [TitleScene, NewGameScene, SettingsScene, LoadScene, RulesScene])
def test_every_menu_control_is_inside_the_canvas_at_150(big: App, scene: type) -> None:
    big.push(scene())
    big.run_frames(3)
    menu = big.scene
    assert isinstance(menu, MenuScene) and big.screen is not None  # every one is a menu
    size = big.screen.get_size()
    for wid, el in menu.ui.items():
        if el.visible and wid in menu.nav:
            assert _inside(pygame.Rect(el.rect), size), (scene.__name__, wid, el.rect)
    # the window shows the whole canvas, stretched: shrunk back, it is the canvas
    window, canvas = big.window, big.screen
    assert window is not None and canvas is not None
    back = pygame.transform.smoothscale(window, canvas.get_size())
    a, b = pygame.image.tobytes(back, "RGB"), pygame.image.tobytes(canvas, "RGB")
    diff = sum(abs(x - y) for x, y in zip(a[::97], b[::97], strict=True)) / len(a[::97])
    assert diff < 12, diff


def test_a_click_lands_where_the_button_is_drawn_at_150(big: App) -> None:
    """The mouse is mapped from the window to the canvas: a click on the drawn Settings
    button (in window pixels) opens Settings."""
    big.push(TitleScene())
    big.run_frames(2)
    assert isinstance(big.scene, TitleScene)
    button = big.scene.widget("settings")
    assert isinstance(button, UIButton)
    cx, cy = button.rect.center
    pos = (round(cx * 1.5), round(cy * 1.5))
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
    big.run_frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    big.run_frames(2)
    assert isinstance(big.scene, SettingsScene)


@pytest.mark.parametrize("players", [3, 6])
def test_table_regions_fit_the_canvas_at_150(big: App, players: int) -> None:
    configs = [SeatConfig(f"P{i + 1}", SEAT_COLOURS[i], "easy") for i in range(players)]
    configs[0] = SeatConfig("Ayşe", SEAT_COLOURS[0], "human")
    big.push(TableScene(), TableEntry(GameSession.new(configs, seed=5), threaded_ai=False))
    big.run_frames(3)
    table = big.scene
    assert isinstance(table, TableScene)
    lay = table.layout
    assert lay is not None and lay.size == (960, 640)
    whole = pygame.Rect(0, 0, 960, 640)
    for r in (lay.table, lay.sidebar, lay.log, lay.bank, lay.deck, *lay.buttons.values()):
        assert whole.contains(r), r
    for area in lay.seats:
        assert whole.contains(area.rect), area.rect


@pytest.mark.parametrize("players", [3, 5, 6])
def test_results_rows_and_buttons_fit_at_150(big: App, players: int) -> None:
    """Six rows of scores and both buttons inside the 960×640 canvas (they fell off it)."""
    import random

    import engine
    from noirburg_desktop.scenes.results import ResultsScene
    from noirburg_desktop.table.ai_driver import choose_action

    configs = [SeatConfig(f"P{i + 1}", SEAT_COLOURS[i], "easy") for i in range(players)]
    session = GameSession.new(configs, seed=9)
    rng = random.Random(9)
    while not session.finished:
        st = session.state
        assert st.to_act is not None  # the game is not over
        legal = engine.legal_actions(st)
        session.apply(choose_action("easy", engine.view(st, st.to_act), legal, rng)[0])
    big.push(ResultsScene(), SessionEntry(session))
    big.run_frames(2)
    scene = big.scene
    assert isinstance(scene, ResultsScene)
    size = (960, 640)
    assert _inside(scene.table_rect, size), scene.table_rect
    for wid in ("title", "rematch"):
        rect = pygame.Rect(scene.widget(wid).rect)
        assert _inside(rect, size), (wid, rect)
        assert not rect.colliderect(scene.table_rect)
