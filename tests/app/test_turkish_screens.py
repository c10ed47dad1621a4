"""Issue 21: the Turkish screens at the smallest window (960×640) show whole words.

Button labels fit their buttons ("Gerçekten silinsin mi?" was cut), the Rules
sections fit their list (the last title was cut), the first-time tips fit their
box, and the Turkish seat panels keep the AI tag ("· YZ") that the English ones
show."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton

from noirburg_desktop.app import App
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.scenes.load import LoadScene
from noirburg_desktop.scenes.newgame import NewGameScene
from noirburg_desktop.scenes.results import ResultsScene
from noirburg_desktop.scenes.rules import RulesScene
from noirburg_desktop.scenes.settings import SettingsScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.shell.entries import SessionEntry
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.words import strings
from tests.app.app_helpers import finished_session, make_session

SMALL = (960, 640)
CHEVRONS = 40  # the ‹ › marks drawn inside both ends of a menu button


@pytest.fixture(params=["tr", "en"])
def small(request: pytest.FixtureRequest, data_dir: Path) -> Iterator[App]:
    a = App(data_dir=data_dir, size=SMALL, fullscreen=False)
    a.settings.language = request.param
    a.start()
    yield a
    a.shutdown()
    strings.set_language("en")


def _cut_buttons(app: App) -> list[str]:
    scene = app.scene
    assert isinstance(scene, MenuScene)  # every screen checked here is a menu
    cut = []
    for wid, el in scene.ui.items():
        if isinstance(el, UIButton) and el.text and el.visible:
            assert el.font is not None
            width = el.font.size(el.text)[0]
            if width + CHEVRONS > el.rect.w:
                cut.append(f"{wid}: {el.text!r} needs {width + CHEVRONS} px, has {el.rect.w}")
    return cut


@pytest.mark.parametrize(
    "scene", [TitleScene, NewGameScene, LoadScene, SettingsScene, RulesScene, ResultsScene]
)
def test_button_labels_fit_their_buttons(small: App, scene: type) -> None:
    if scene is LoadScene:
        small.storage.save(make_session(3, 2, steps=30))
    payload = SessionEntry(finished_session(3, 9)) if scene is ResultsScene else None
    small.push(scene(), payload)
    small.run_frames(2)
    assert not _cut_buttons(small)
    if scene is LoadScene:  # Delete asks first: "Really delete?" in the same button
        load = small.scene
        assert isinstance(load, LoadScene)
        load.on_delete()
        small.run_frames(1)
        assert load.confirm_delete
        assert not _cut_buttons(small)


def test_rules_sections_fit_their_list(small: App) -> None:
    rules = small.push(RulesScene())
    small.run_frames(2)
    assert isinstance(rules, RulesScene)
    assert rules.nav_list is not None
    assert rules.nav_list.item_list_container is not None
    items = rules.nav_list.item_list_container.elements
    assert isinstance(items[0], UIButton)  # a selection list's rows are buttons
    font = items[0].font
    assert font is not None
    room = rules.section_rect(0).w - 16
    long = [s for s in rules.labels if font.size(s)[0] > room]
    assert not long, long


def test_tips_fit_their_box(small: App) -> None:
    """The first-time tips at the smallest table: every line inside the box."""
    from noirburg_desktop.table import widgets as w
    from noirburg_desktop.table.layout import compute_layout
    from noirburg_desktop.table.texts import t
    from noirburg_desktop.table.tips import TIP_TEXT

    for players in (3, 6):
        log = compute_layout(SMALL, players, 0).log
        width = log.w + 8
        foot = w.wrap(t("tip.close"), 12, width - 28)
        for key in TIP_TEXT:
            if key in ("tip.title", "tip.close"):
                continue
            lines = w.wrap(t(key), 15, width - 28)
            assert 40 + 20 * len(lines) + 16 * len(foot) + 8 <= log.h, (key, len(lines))


def test_seat_panels_keep_the_ai_tag(small: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI tag after a default name ("Oyuncu 2 · YZ", "Player 2 · AI") at 960×640
    with 3 and 4 players: the tag is drawn where the English one is."""
    from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
    from noirburg_desktop.table import widgets as w
    from noirburg_desktop.table.scene import TableScene

    drawn: list[str] = []
    plain = w.text

    def spy(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(text)
        return plain(text, *args, **kwargs)  # type: ignore[arg-type]

    tag = f"· {strings.t('table.ai')}"
    for players in (3, 4):
        names = [strings.t("new.default_name", n=i + 1) for i in range(players)]
        kinds = ["human"] + ["normal"] * (players - 1)
        configs = [SeatConfig(names[i], SEAT_COLOURS[i], kinds[i]) for i in range(players)]
        small.push(TableScene(), TableEntry(GameSession.new(configs, seed=3)))
        drawn.clear()
        with monkeypatch.context() as m:
            m.setattr(w, "text", spy)  # the widgets module render draws with
            small.run_frames(2)
        assert drawn.count(tag) >= players - 1, (players, [d for d in drawn if "·" in d])
        small.pop()
