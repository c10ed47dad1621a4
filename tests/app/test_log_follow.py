"""Issue 20 item 1b (newcomer playtest): scrolled back in the log, a person missed the
newest lines and never knew there were any. New lines now raise "↓ new lines", and the
log returns to the newest line once left alone (or at the start of their turn)."""

from __future__ import annotations

import pygame

import engine
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.log_follow import IDLE_S, LogFollow
from tests.app.app_helpers import hotseat_with_a_long_log
from tests.app.conftest import Driver


def test_left_alone_a_scrolled_back_log_returns_to_new_lines() -> None:
    f = LogFollow()
    log = ["a", "b"]
    assert f.update(0.1, log, 0, my_turn=True) == 0  # their turn began: nothing to do
    f.touched()
    assert f.update(0.1, log, 5, my_turn=True) == 5  # reading back, nothing new
    log.append("c")
    assert f.update(0.1, log, 5, my_turn=True) == 5 and f.new  # still reading: a marker
    assert f.update(IDLE_S, log, 5, my_turn=True) == 0 and not f.new  # left alone: back
    f.touched()
    assert f.update(0.1, log, 3, my_turn=False) == 3  # others play, nothing new
    assert f.update(IDLE_S, log, 3, my_turn=False) == 3  # no new line: stays where read
    assert f.update(0.1, log, 3, my_turn=True) == 0  # their own turn begins: newest


def test_the_marker_shows_even_when_the_log_was_left_alone_long_before() -> None:
    """Issue 20 (EN playtest): scrolled back and left alone, the first new line snapped
    the log back at once and no "new lines" marker ever showed. It now shows for
    IDLE_S before the log returns to the newest line."""
    f = LogFollow()
    log = ["a", "b"]
    f.update(0.1, log, 0, my_turn=False)
    assert f.update(10.0, log, 4, my_turn=False) == 4  # read back, then left alone
    log.append("c")
    assert f.update(0.1, log, 4, my_turn=False) == 4 and f.new  # the marker shows
    assert f.update(IDLE_S / 2, log, 4, my_turn=False) == 4 and f.new
    assert f.update(IDLE_S / 2, log, 4, my_turn=False) == 0 and not f.new


def test_the_marker_shows_and_a_click_on_it_returns(app: App, drive: Driver) -> None:
    scene = hotseat_with_a_long_log(app, drive)
    lay = scene.layout
    assert lay is not None and scene.hits.log_back_max > 0
    drive.point(lay.log.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    drive.frames(1)
    assert scene.log_scroll > 0 and scene.log_marker is None  # nothing new yet
    n_log = len(scene.ctrl.log)
    for _ in range(6):  # moves until one is logged (a phase change alone is not)
        if len(scene.ctrl.log) > n_log:
            break
        scene.ctrl.apply(engine.legal_actions(scene.ctrl.state)[0])
    assert len(scene.ctrl.log) > n_log and scene.ctrl.handoff is None
    drive.frames(2)
    assert scene.log_scroll > 0 and scene.log_marker is not None  # the mouse is on the log
    assert lay.log.contains(scene.log_marker)
    drive.click(scene.log_marker.center)
    assert scene.log_scroll == 0 and scene.log_marker is None


def test_the_marker_covers_no_log_line() -> None:
    """Issue 20 (TR playtest): the "↓ new lines" pill sat on the last log line. While it
    shows, the log keeps the pill's room free at its foot."""
    from noirburg_desktop.look import textprobe
    from noirburg_desktop.table.layout import compute_layout
    from noirburg_desktop.table.log_follow import marker_rect
    from noirburg_desktop.table.render import SeatInfo, TableModel, render_static

    pygame.init()
    st = _session_state()
    seats = [SeatInfo(f"P{i + 1}", (200, 40, 40), i != 0) for i in range(st.n)]
    log = [f"Line {i} of the game" for i in range(80)]
    lay = compute_layout((1280, 800), st.n, 0)
    pill = marker_rect(lay.log)
    lowest: dict[bool, int] = {}
    for marker in (False, True):
        textprobe.start()
        try:
            dest = textprobe.ProbeSurface((1280, 800))
            model = TableModel(st, seats, 0, True, log=log, log_scroll=5, log_marker=marker)
            render_static(dest, lay, model)
            lines = [p.ink for p in dest.records if p.text.startswith("Line ")]
        finally:
            textprobe.stop()
        assert lines
        lowest[marker] = max(r.bottom for r in lines)
        if marker:
            assert not any(r.colliderect(pill) for r in lines)
    assert lowest[True] < lowest[False]  # the room was taken from the log, not the pill


def _session_state() -> engine.GameState:
    configs = [
        SeatConfig(n, SEAT_COLOURS[i], "human" if i == 0 else "normal")
        for i, n in enumerate("ABCD")
    ]
    return GameSession.new(configs, seed=1).state
