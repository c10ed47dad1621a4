"""Menu screens driven with real posted mouse and keyboard events."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from noirburg_desktop.app import App
from noirburg_desktop.persist.storage import Storage
from noirburg_desktop.scenes.load import LoadScene
from noirburg_desktop.scenes.newgame import NewGameScene
from noirburg_desktop.scenes.results import ResultsScene
from noirburg_desktop.scenes.rules import RulesScene
from noirburg_desktop.scenes.settings import SettingsScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.shell.entries import RulesEntry, SessionEntry
from tests.app.app_helpers import finished_session, make_session
from tests.app.conftest import Driver


def _start(app: App, drive: Driver) -> TitleScene:
    title = TitleScene()
    app.push(title)
    drive.frames(1)
    return title


def test_title_buttons_open_their_screens(app: App, drive: Driver) -> None:
    _start(app, drive)
    assert not drive.element("continue").is_enabled  # no autosave yet
    for wid, cls in (
        ("new", NewGameScene),
        ("load", LoadScene),
        ("rules", RulesScene),
        ("settings", SettingsScene),
    ):
        drive.click(drive.widget(wid))
        assert isinstance(app.scene, cls), wid
        drive.key(pygame.K_ESCAPE)
        assert isinstance(app.scene, TitleScene)
    drive.click(drive.widget("quit"))
    assert not app.running


def test_keyboard_navigation_on_title(app: App, drive: Driver) -> None:
    _start(app, drive)
    drive.key(pygame.K_DOWN)  # focus the first live button (New game: Continue is disabled)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scene, NewGameScene)


def test_new_game_to_table(app: App, drive: Driver, data_dir: Path) -> None:
    _start(app, drive)
    drive.click(drive.widget("new"))
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    drive.choose("players", "5")
    assert scene.count == 5
    drive.click(drive.widget("name0"))
    drive.type("Ayşx")
    drive.key(pygame.K_BACKSPACE)
    drive.type("e")
    drive.choose("kind1", "AI · Hard")
    drive.click(drive.widget("seed"))
    drive.type("12x3")  # digits only
    drive.click(drive.widget("money_victory"))
    drive.frames(1)
    assert scene.names[0] == "Ayşe" and scene.kinds[1] == "hard"
    assert scene.seed_text == "123" and scene.house["money_victory"] is False
    drive.click(drive.widget("start"))
    (autosave,) = (data_dir / "saves").glob("autosave-*.json")  # the game's own autosave
    session = json.loads(autosave.read_text("utf-8"))["session"]
    assert [s["name"] for s in session["seats"]][:2] == ["Ayşe", "Player 2"]
    assert session["seed"] == 123 and session["options"]["money_victory"] is False
    from noirburg_desktop.table.scene import TableScene

    assert isinstance(app.scene, TableScene)
    app.pop()
    assert isinstance(app.scene, TitleScene)  # the table replaced New game


def test_an_all_ai_table_can_be_started_and_watched_to_the_end(app: App, drive: Driver) -> None:
    """No human seat: the New game form deals an all-AI table, which plays itself to
    the results screen (with the real threaded AI driver)."""
    from noirburg_desktop.scenes.results import ResultsScene
    from noirburg_desktop.table.scene import TableScene

    app.settings.ai_speed = "instant"
    app.push(NewGameScene())
    drive.frames(1)
    drive.choose("players", "3")
    for i in range(3):
        drive.choose(f"kind{i}", "AI · Easy")
    drive.click(drive.widget("seed"))
    drive.type("4")
    drive.click(drive.widget("start"))
    assert isinstance(app.scene, TableScene)
    deadline = time.monotonic() + 180  # real frames (60 fps) while the AI thread plays
    table = app.scene
    while not table.end.shown and time.monotonic() < deadline:
        app.step(1 / 60)
    assert table.end.shown and app.scene is table  # the final board waits for the player (#20)
    drive.key(pygame.K_SPACE)
    app.step(1 / 60)
    assert isinstance(app.scene, ResultsScene)


def test_first_player_choice_tracks_names(app: App, drive: Driver) -> None:
    app.push(NewGameScene())
    drive.frames(1)
    drive.click(drive.widget("name2"))
    drive.type("Capone")
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    labels = [label for _, label in scene.pickers["first"].options]
    assert labels[:4] == ["Random", "Player 1", "Player 2", "Capone"]
    drive.choose("first", "Capone")  # the picker on screen shows the typed name
    assert scene.first_player == 2


def test_load_list_with_a_corrupt_file_still_loads_the_others(
    app: App, drive: Driver, data_dir: Path
) -> None:
    st = Storage(data_dir)
    st.save(make_session(4, 1), "good", label="Good game")
    st.save(finished_session(), "done", label="Done game")
    bad = st.saves_dir / "bad.json"
    bad.write_bytes(b"\x00\x01 definitely not json")
    app.push(TitleScene())
    app.push(LoadScene())
    drive.frames(1)
    scene = app.scene
    assert isinstance(scene, LoadScene)
    slots = [e.slot for e in scene.entries]
    assert set(slots) == {"good", "done", "bad"}
    drive.click(scene.row_rect(slots.index("bad")))
    assert not scene.widget("load").is_enabled
    drive.click(drive.widget("load"))
    assert app.scene is scene  # a damaged save cannot be loaded
    drive.click(scene.row_rect(slots.index("done")))
    drive.click(drive.widget("load"))
    assert isinstance(app.scene, ResultsScene)  # a finished game shows its results
    assert bad.exists()


def test_load_a_running_game(app: App, drive: Driver, data_dir: Path) -> None:
    Storage(data_dir).save(make_session(3, 8), "only")
    app.push(TitleScene())
    app.push(LoadScene())
    drive.frames(1)
    drive.key(pygame.K_RETURN)
    from noirburg_desktop.table.scene import TableScene

    assert isinstance(app.scene, TableScene)


def test_delete_asks_first(app: App, drive: Driver, data_dir: Path) -> None:
    p = Storage(data_dir).save(make_session(3, 8, steps=5), "doomed")
    app.push(LoadScene())
    drive.frames(1)
    drive.click(drive.widget("delete"))
    assert p.exists()
    drive.click(drive.widget("delete"))
    load = app.scene
    assert isinstance(load, LoadScene)
    assert not p.exists() and load.entries == []


def test_continue_uses_the_autosave(app: App, drive: Driver, data_dir: Path) -> None:
    """Continue resumes the autosave of a game in progress; a finished game is not
    offered (there is nothing to continue), but Load still opens it at its results."""
    Storage(data_dir).autosave(finished_session())
    _start(app, drive)
    assert not drive.element("continue").is_enabled
    drive.click(drive.widget("load"))
    load = app.scene
    assert isinstance(load, LoadScene) and load.entries[0].finished
    load.select(0)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scene, ResultsScene)
    drive.click(drive.widget("title"))
    assert isinstance(app.scene, TitleScene) and len(app.stack) == 1

    Storage(data_dir).autosave(make_session(3, 4, steps=20))  # a game in progress
    app.reset_to(TitleScene())
    drive.frames(1)
    assert drive.element("continue").is_enabled
    drive.click(drive.widget("continue"))
    assert type(app.scene).__name__ == "TableScene"


def test_settings_persist(app: App, drive: Driver, data_dir: Path) -> None:
    app.push(SettingsScene())
    drive.frames(1)
    drive.choose("ai_speed", "Fast")
    drive.choose("reaction_window_s", "30 s")
    drive.choose("reactions", "Never ask")
    drive.choose("language", "Türkçe")
    assert drive.element("back").text == "Geri"
    drive.choose("language", "English")
    saved = Storage(data_dir).load_settings()
    assert (saved.ai_speed, saved.reaction_window_s, saved.language) == ("fast", 30, "en")
    assert saved.reactions == "never"
    fresh = App(data_dir=data_dir)
    assert fresh.settings.ai_speed == "fast" and fresh.settings.reaction_window_s == 30
    drive.choose("reaction_window_s", "Wait for me")
    assert Storage(data_dir).load_settings().reaction_window_s == 0


def test_rules_browser_scrolls_and_switches(app: App, drive: Driver) -> None:
    app.push(RulesScene(), RulesEntry("R-GANG-3"))
    drive.frames(1)
    scene = app.scene
    assert isinstance(scene, RulesScene) and scene.sections
    assert scene.sections[scene.section] == "Gangsters"
    drive.click(scene.section_rect(5))
    drive.frames(2)  # the list reports the pick through the event queue
    assert scene.section == 5
    page = drive.element("page")
    drive.point(page.rect.center)  # over the page, then the wheel
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    drive.frames(10)
    assert scene.scroll > 0 or page.scroll_bar is None
    drive.key(pygame.K_RIGHT)
    assert scene.section == 6


@pytest.mark.parametrize("size", [(960, 640), (1920, 1080)])
def test_every_menu_draws_at_other_sizes(data_dir: Path, size: tuple[int, int]) -> None:
    a = App(data_dir=data_dir, size=size)
    a.start()
    try:
        Storage(data_dir).save(make_session(3, 1, steps=10), "x")
        for show in (
            lambda: a.reset_to(TitleScene()),
            lambda: a.reset_to(NewGameScene()),
            lambda: a.reset_to(LoadScene()),
            lambda: a.reset_to(SettingsScene()),
            lambda: a.reset_to(RulesScene()),
            lambda: a.reset_to(ResultsScene(), SessionEntry(finished_session())),
        ):
            show()
            assert a.run_frames(2)
    finally:
        a.shutdown()


@pytest.mark.parametrize("language", ["en", "tr"])
def test_house_rule_help_is_never_cut_at_the_smallest_window(data_dir: Path, language: str) -> None:
    """At 960×640 New game has room for one help line per house rule: each help text
    must fit in it whole, in both languages (it used to lose its second half)."""
    from noirburg_desktop.look import theme
    from noirburg_desktop.scenes.newgame import HOUSE_RULE_HELP
    from noirburg_desktop.words import strings

    a = App(data_dir=data_dir, size=(960, 640))
    a.start()
    try:
        strings.set_language(language)
        scene = NewGameScene()
        a.reset_to(scene)
        assert a.run_frames(2)
        for _key, help_key in HOUSE_RULE_HELP:
            lines = theme.wrap(strings.t(help_key), 13, scene.help_width())
            assert len(lines) <= scene.help_lines_shown(), (language, lines)
    finally:
        strings.set_language("en")
        a.shutdown()


@pytest.mark.parametrize("size", [(960, 640), (1280, 800)])
def test_title_buttons_stay_inside_the_frame(data_dir: Path, size: tuple[int, int]) -> None:
    """Playtest: at 960×640 the Quit button ran over the title's bottom frame."""
    a = App(data_dir=data_dir, size=size)
    a.start()
    try:
        scene = TitleScene()
        a.reset_to(scene)
        assert a.run_frames(2)
        frame_bottom = size[1] - 24  # the double frame is drawn 12-20 px from the edge
        assert all(r.bottom <= frame_bottom for r in scene.rects.values()), scene.rects
    finally:
        a.shutdown()


def test_new_game_seats_never_share_a_colour(app: App, drive: Driver) -> None:
    """Issue 14: colour cycling skips worn colours; at a full table it trades."""
    from noirburg_desktop.scenes.newgame import NewGameScene

    scene = NewGameScene()
    app.push(scene)
    drive.frames(2)
    for _ in range(7):
        drive.click(drive.widget("colour0"))
        assert len(set(scene.colours[: scene.count])) == scene.count
    scene.set_count(6)
    drive.frames(2)
    assert len(set(scene.colours[:6])) == 6
    before = list(scene.colours[:6])
    drive.click(drive.widget("colour0"))  # full table: seat 1 trades with the next colour
    assert sorted(scene.colours[:6]) == sorted(before) and scene.colours[0] != before[0]
