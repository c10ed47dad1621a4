"""pt4 shot-87 vs shot-02: a second New game reset the player count, the AI levels and
the house rules to the defaults. The last game's choices are kept in settings.json and
offered again; a hand-edited file's odd values are left out, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

from noirburg_desktop.app import App
from noirburg_desktop.scenes.newgame import NewGameScene
from noirburg_desktop.words.house_rules import BOXES
from tests.app.conftest import Driver


def test_a_new_game_offers_the_last_games_choices(app: App, drive: Driver) -> None:
    app.settings.ai_speed = "instant"
    ng = NewGameScene()
    app.push(ng)
    drive.frames(1)
    ng.set_count(5)
    ng.kinds[1:5] = ["hard", "easy", "human", "normal"]
    rule = BOXES[0].field
    ng.house[rule] = not BOXES[0].default
    ng.seed_text = "7"
    ng.start_game()
    saved = json.loads(app.storage.settings_path.read_text(encoding="utf-8"))
    assert saved["last_players"] == 5
    again = NewGameScene()
    app.push(again)
    drive.frames(1)
    assert again.count == 5
    assert again.kinds[:5] == ["human", "hard", "easy", "human", "normal"]
    assert again.house[rule] is (not BOXES[0].default)


def test_odd_remembered_choices_are_left_out(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text(
        json.dumps({"last_players": 9, "last_kinds": ["god", 3, "easy"], "last_house": 5}),
        encoding="utf-8",
    )
    app = App(data_dir=data_dir, size=(1280, 800), fullscreen=False)
    app.start()
    try:
        ng = NewGameScene()
        app.push(ng)
        app.run_frames(1)
        assert ng.count == 4  # the default: 9 is no choice
        assert app.settings.last_kinds == []  # a list with a non-text value is dropped
        assert ng.house == {b.field: b.default for b in BOXES}
    finally:
        app.shutdown()
