"""The table makes its noises: events play the shipped effects (silent at Instant)."""

from __future__ import annotations

import pytest

from noirburg_desktop.app import App
from noirburg_desktop.look import resources
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene


@pytest.mark.parametrize(("speed", "expect_sound"), [("fast", True), ("instant", False)])
def test_events_play_sounds(
    app: App,
    monkeypatch: pytest.MonkeyPatch,
    no_sleep_clock: None,
    speed: str,
    expect_sound: bool,
) -> None:
    played: list[str] = []
    monkeypatch.setattr(resources, "play_sound", played.append)
    configs = [SeatConfig(n, SEAT_COLOURS[i], "easy") for i, n in enumerate("ABC")]
    session = GameSession.new(configs, seed=3)
    app.settings.ai_speed = speed
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    for _ in range(600):
        app.step(1 / 30)
        if {"card", "coin"} <= set(played):
            break
    assert len(session.actions) > 5
    assert ({"card", "coin"} <= set(played)) is expect_sound
    assert set(played) <= {"card", "coin", "dice", "gunshot", "siren"}
