"""GameSession: history, autosave hook, JSON round trip, replay verification."""

from __future__ import annotations

import json

import pytest

from noirburg_desktop.session import GameSession, SeatConfig
from tests.app.app_helpers import finished_session, make_session


def test_round_trip_and_replay() -> None:
    s = make_session(5, 3, steps=150)
    again = GameSession.from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json()
    assert again.verify_replay()


def test_tampered_history_fails_replay() -> None:
    s = make_session(4, 4, steps=40)
    s.actions.pop()
    assert not s.verify_replay()


def test_apply_records_and_autosaves() -> None:
    import engine

    s = make_session(3, 5, steps=0)
    calls: list[int] = []
    s.autosave = lambda sess: calls.append(len(sess.actions))
    s.apply(engine.legal_actions(s.state)[0])
    assert calls == [1] and len(s.actions) == 1


def test_illegal_action_is_not_recorded() -> None:
    from engine import IllegalAction
    from engine.actions import Draw

    s = make_session(3, 6, steps=0)
    calls: list[int] = []
    s.autosave = lambda sess: calls.append(1)
    with pytest.raises(IllegalAction):
        s.apply(Draw(5))
    assert s.actions == [] and calls == []


def test_finished_game_and_rematch() -> None:
    s = finished_session()
    assert s.finished
    fresh = s.rematch(seed=77)
    assert not fresh.finished and fresh.configs == s.configs and fresh.seed == 77


def test_seat_kind_is_checked() -> None:
    with pytest.raises(ValueError):
        SeatConfig("X", "#ffffff", "god")
