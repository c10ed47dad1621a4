"""Saves made before the revised rules (RULES.md §6) load through the app and go on.

Their state is migrated (engine/migrate.py); their action history was played
under the old rules and no longer replays, so the session resumes from the
migrated position (`GameSession.origin`) and replays from there on.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import engine
from noirburg_desktop.app import App
from noirburg_desktop.persist.storage import Storage
from noirburg_desktop.scenes.title import TitleScene, open_session
from noirburg_desktop.session import GameSession
from noirburg_desktop.table.scene import TableScene
from tests.app.conftest import Driver

DATA = Path(__file__).resolve().parents[1] / "engine" / "data"
OLD_SAVES = sorted(DATA.glob("v1-*.json"))


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.stem)
def test_a_save_from_before_the_revisions_loads_plays_and_reloads(
    path: Path, tmp_path: Path
) -> None:
    """R-TURN-2, I-TRANSIT, I-MOVE-HIDEOUT: a format-1 save opens in Load (not greyed),
    plays on under the revised rules, autosaves, and the new save replays exactly."""
    storage = Storage(tmp_path)
    saves = storage.saves_dir
    saves.mkdir(parents=True, exist_ok=True)
    copy = saves / path.name
    shutil.copyfile(path, copy)
    before = copy.read_bytes()

    entry = storage.entry(copy)
    assert entry.ok, entry
    session = storage.load(copy)
    assert copy.read_bytes() == before  # loading never rewrites the old file
    assert session.origin is not None and session.actions == []
    assert session.verify_replay()

    for _ in range(40):  # a few moves under the revised rules
        if session.finished or session.state.to_act is None:
            break
        session.apply(engine.legal_actions(session.state)[0])
    assert session.actions

    again = GameSession.from_json(json.loads(json.dumps(session.to_json())))
    assert engine.to_json(again.state) == engine.to_json(session.state)
    assert again.origin == session.origin


def test_a_bogus_origin_is_refused(tmp_path: Path) -> None:
    """A hand-edited starting position gets the same checks as the saved state."""
    session = GameSession.from_json(json.loads(OLD_SAVES[0].read_text("utf-8"))["session"])
    data = session.to_json()
    assert data["origin"] is not None
    data["origin"]["bank"] = -5
    with pytest.raises(ValueError):
        GameSession.from_json(data)


def test_an_old_save_opens_at_the_table(app: App, drive: Driver) -> None:
    """The table rebuilds its log from the migrated position and takes moves."""
    session = GameSession.from_json(json.loads(OLD_SAVES[0].read_text("utf-8"))["session"])
    app.push(TitleScene())
    drive.frames(1)
    open_session(app, session)
    drive.frames(30)
    assert isinstance(app.scene, TableScene)
    assert app.scene.ctrl.log  # the rebuilt log starts at the migrated position
