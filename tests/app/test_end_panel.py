"""Issue #20 (item 5): the game's final moment. When the game ends the table stays on
the final board with a panel saying who won and how (the engine's outcome), until
"See the results" (Space or the button); only then Results."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import engine
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.end_panel import button_rect, end_lines
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.words import strings
from tests.app.conftest import Driver


def _play_to_the_end(app: App) -> TableScene:
    configs = [SeatConfig(n, SEAT_COLOURS[i], "easy") for i, n in enumerate("ABCD")]
    session = GameSession.new(configs, seed=2)
    app.settings.ai_speed = "instant"
    scene = TableScene()
    app.push(scene, TableEntry(session, threaded_ai=False))
    for _ in range(3000):
        if scene.end.shown:
            break
        app.step(1 / 60)
    assert scene.end.shown and scene.ctrl.game_over
    return scene


def test_the_final_board_stays_until_see_the_results(
    app: App, drive: Driver, tmp_path: Path
) -> None:
    from noirburg_desktop.scenes.results import ResultsScene

    scene = _play_to_the_end(app)
    for _ in range(600):  # ten seconds: the table does not leave by itself
        app.step(1 / 60)
    assert app.scene is scene and scene.end.shown
    drive.key(pygame.K_a)  # other keys do nothing
    assert app.scene is scene
    o = engine.outcome(scene.ctrl.state)
    assert o is not None  # the game is over
    names = [scene.ctrl.name(i) for i in range(scene.ctrl.n)]
    who, how = end_lines(scene.ctrl.state, names)
    assert o.method and how == strings.t("results.method", method=strings.t(f"method.{o.method}"))
    assert any(names[i] in who for i in o.winners) or who == strings.t("results.no_winner")
    assert app.window is not None
    shot = pygame.Surface(app.window.get_size())
    scene.draw(shot)
    pygame.image.save(shot, str(tmp_path / "end_panel_en.png"))
    drive.key(pygame.K_SPACE)
    app.step(1 / 60)
    assert isinstance(app.scene, ResultsScene)
    assert scene.ctrl.session.finished and scene.ctrl.session.verify_replay()


def test_the_button_opens_the_results(app: App, drive: Driver) -> None:
    from noirburg_desktop.scenes.results import ResultsScene

    scene = _play_to_the_end(app)
    lay = scene.layout
    assert lay is not None
    drive.click(button_rect(lay))
    app.step(1 / 60)
    assert isinstance(app.scene, ResultsScene)


@pytest.mark.parametrize("lang", ["tr"])
def test_the_panel_speaks_turkish(app: App, lang: str) -> None:
    strings.set_language(lang)
    try:
        scene = _play_to_the_end(app)
        assert strings.t("table.end_results").startswith("Sonuçları gör")
        who, how = end_lines(scene.ctrl.state, [scene.ctrl.name(i) for i in range(scene.ctrl.n)])
        assert who and how
    finally:
        strings.set_language("en")
