"""Hotseat privacy: only a click that begins on the private note or on the hand-off
curtain closes it. The release of the click that made the move (the draw from the
deck menu, the last action of a turn) must not wave it away (playtest: Ayşe's
"you drew" note vanished with the release of her click on the deck menu)."""

from __future__ import annotations

import pygame

from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.handoff import Handoff
from noirburg_desktop.table.pacing import CURTAIN_CALM_S
from noirburg_desktop.table.scene import TableScene
from tests.app.conftest import Driver
from tests.app.test_table import pass_handoff
from tests.app.test_table_play import walk_to_phase_g


def _hotseat_at_phase_g(app: App, drive: Driver) -> TableScene:
    configs = [
        SeatConfig("A", SEAT_COLOURS[0], "human"),
        SeatConfig("B", SEAT_COLOURS[1], "human"),
        SeatConfig("C", SEAT_COLOURS[2], "easy"),
    ]
    session = GameSession.new(configs, seed=4)
    walk_to_phase_g(session, 1, draws=3)
    app.settings.ai_speed = "instant"
    app.push(TableScene(), {"session": session, "threaded_ai": False})
    assert pass_handoff(app, drive) == 1
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.ctrl.my_turn()
    return scene


def _post(kind: int, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))


def test_the_click_that_draws_does_not_close_the_you_drew_note(app: App, drive: Driver) -> None:
    scene = _hotseat_at_phase_g(app, drive)
    ctrl = scene.ctrl
    lay = scene.layout
    assert lay is not None
    drive.click(lay.deck.center)
    three = dict(scene._draw_menu_rects())[3]
    _post(pygame.MOUSEBUTTONDOWN, three.center)  # the draw happens on the press...
    app.step(0.02)
    assert ctrl.session.actions[-1] == {"type": "Draw", "count": 3}
    assert ctrl.note  # "B, you drew: …"
    _post(pygame.MOUSEBUTTONUP, three.center)  # ...and its release leaves the note up
    app.step(0.02)
    assert ctrl.note
    app.run_frames(int(CURTAIN_CALM_S * 60) + 2)  # read it
    drive.click((20, 20))  # a click of its own closes it
    assert not ctrl.note


def test_a_release_alone_does_not_pass_the_hand_off() -> None:
    h = Handoff(1, "B", (200, 0, 0), "turn")
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(5, 5))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))
    assert not h.handle(up)  # the tail of the click that ended the last move
    assert not h.handle(down)
    assert h.handle(up)


def test_a_click_at_once_does_not_pass_a_hand_off_that_just_appeared(
    app: App, drive: Driver
) -> None:
    """Playtest 3: a burst of clicks closed the "you drew" note and then the hand-off
    behind it, showing the next hand to the player who was clicking. A hand-off (or
    note) takes no click or key until it has stood CURTAIN_CALM_S."""
    configs = [
        SeatConfig("A", SEAT_COLOURS[0], "human"),
        SeatConfig("B", SEAT_COLOURS[1], "human"),
        SeatConfig("C", SEAT_COLOURS[2], "easy"),
    ]
    app.push(TableScene(), {"session": GameSession.new(configs, seed=4), "threaded_ai": False})
    scene = app.scene
    assert isinstance(scene, TableScene)
    for _ in range(100):
        if scene.ctrl.handoff is not None:
            break
        app.step(0.02)
    h = scene.ctrl.handoff
    assert h is not None
    drive.click((20, 20))  # at once: the tail of a burst
    drive.key(pygame.K_SPACE)
    assert scene.ctrl.handoff is h
    app.run_frames(int(CURTAIN_CALM_S * 60) + 2)  # the named player reads the screen
    drive.click((20, 20))
    assert scene.ctrl.handoff is None and scene.ctrl.holder == h.seat
