"""Issue 20 item 8 (newcomer playtest): card tooltips stayed up after a drag. No card
is zoomed while one is carried, and after a drop the zoom waits for the mouse to move."""

from __future__ import annotations

from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.scene import HOVER_DELAY
from tests.app.app_helpers import table_at_first_turn
from tests.app.conftest import Driver


def test_no_zoom_after_a_drop_until_the_mouse_moves(app: App, drive: Driver) -> None:
    configs = [SeatConfig("Ada", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate("BC")]
    scene = table_at_first_turn(app, GameSession.new(configs, seed=3))
    drive.frames(2)
    lay = scene.layout
    assert lay is not None
    _card, first = scene.hits.hand[0]
    _other, second = scene.hits.hand[1]
    drive.drag(first.center, second.center)  # let go over another hand card
    drive.frames(int(HOVER_DELAY * 60) + 10)
    assert scene.hover is None  # no zoom pops up under the dropped card
    drive.point((second.centerx + 2, second.centery + 2))
    drive.frames(int(HOVER_DELAY * 60) + 4)
    assert scene.hover is not None and scene.hover_t >= HOVER_DELAY  # moving on: it does
