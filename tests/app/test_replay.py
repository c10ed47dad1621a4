"""Replaying a finished game (issue 14): from Results and from Load, stepped with
the keys and the buttons; every position is the engine's replay of the recorded
actions up to it, and the log beside it grows and shrinks with it."""

from __future__ import annotations

import pygame
import pytest

import engine
from engine.actions import action_from_json
from noirburg_desktop.app import App
from noirburg_desktop.scenes.load import LoadScene
from noirburg_desktop.scenes.replay import ReplayScene
from noirburg_desktop.scenes.results import ResultsScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.session import GameSession
from noirburg_desktop.shell.entries import SessionEntry
from tests.app.app_helpers import finished_session
from tests.app.conftest import Driver


@pytest.fixture(autouse=True)
def _fast_frames(no_sleep_clock: None) -> None:
    """Frames are driven with explicit dt; the frame-rate sleep would only cost time."""


def position_after(session: GameSession, n: int) -> dict[str, object]:
    """The engine's state after the first `n` recorded actions, as JSON."""
    state = session.start_state()
    for data in session.actions[:n]:
        engine.apply(state, action_from_json(data))
    return engine.to_json(state)


def test_replay_from_results_steps_through_the_positions(app: App, drive: Driver) -> None:
    session = finished_session()
    assert session.finished
    app.push(TitleScene())
    app.push(ResultsScene(), SessionEntry(session))
    drive.frames(2)
    drive.click(drive.widget("replay"))
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    assert engine.to_json(scene.state) == position_after(session, 0)  # the deal
    seen = [scene.frames[0].actions]
    for _ in range(12):
        drive.key(pygame.K_RIGHT)
        n = scene.frames[scene.index].actions
        assert n > seen[-1]
        assert engine.to_json(scene.state) == position_after(session, n)
        seen.append(n)
    log_at_12 = scene.frames[scene.index].log
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_LEFT)
    assert scene.frames[scene.index].actions == seen[-3]
    assert engine.to_json(scene.state) == position_after(session, seen[-3])
    assert scene.frames[scene.index].log < log_at_12  # the log shrank with it
    drive.key(pygame.K_END)
    assert scene.index == scene.total
    assert engine.to_json(scene.state) == engine.to_json(session.state)  # the final position
    drive.key(pygame.K_HOME)
    assert scene.index == 0
    # the buttons do the same as the keys
    drive.frames(1)
    drive.click(scene.rects["next"])
    assert scene.index == 1
    drive.click(scene.rects["last"])
    assert scene.index == scene.total
    drive.click(scene.rects["prev"])
    assert scene.index == scene.total - 1
    drive.click(scene.rects["first"])
    assert scene.index == 0
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, ResultsScene)  # Esc goes back


def test_replay_from_load(app: App, drive: Driver) -> None:
    session = finished_session(players=4, seed=3)
    app.storage.save(session)
    app.push(TitleScene())
    app.push(LoadScene())
    drive.frames(2)
    drive.click(drive.widget("replay"))
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    drive.key(pygame.K_END)
    assert engine.to_json(scene.state) == engine.to_json(session.state)
    drive.click(scene.rects["back"])
    assert isinstance(app.scene, LoadScene)


def test_the_replay_log_has_no_reaction_window_lines() -> None:
    """The replay's log words the same events the live log does: the engine's
    window_opened / window_closed only drive the reaction bar (they used to show up as
    "Reaction cards can be played" / "Reaction round closed" lines in Replay)."""
    from noirburg_desktop.scenes.replay import replay_frames
    from noirburg_desktop.table.history import rebuild

    session = finished_session()
    _frames, log = replay_frames(session)
    names = [c.name for c in session.configs]
    live = rebuild(session, 0, None, lambda s: names[s] if s is not None else "").log
    windows = {
        engine.Event("window_opened", 0, tag="end_turn"),
        engine.Event("window_closed", 0, tag="end_turn"),
    }
    from noirburg_desktop.words.wording import event_line

    for ev in windows:
        assert event_line(ev, lambda s: names[s] if s is not None else "") not in log
    assert len(log) == len(live)
