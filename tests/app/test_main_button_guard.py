"""Issue 20 item 3 (newcomer playtest): in phase G a repeated click ended the turn,
"Next phase" having become "Draw 1 free, end turn" under the cursor; and a blocked
"Next phase" only said so after a red refusal."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

import engine
from engine import Phase
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.main_button import CHANGE_GUARD_S, reason_rect
from noirburg_desktop.table.scene import TableScene
from tests.app.conftest import Driver


def _at(seed: int, ready: Callable[[engine.GameState], bool]) -> GameSession:
    """Seat 0 (the one person, against two AIs) at a position `ready` accepts, in the
    first of a few seeded random games that reaches one."""
    kinds = ["human", "normal", "normal"]
    configs = [SeatConfig(n, SEAT_COLOURS[i], kinds[i]) for i, n in enumerate("ABC")]
    for s in range(seed, seed + 20):
        session = GameSession.new(configs, seed=s)
        rng = random.Random(s)
        while not session.finished:
            st = session.state
            mine = st.active == 0 and st.to_act == 0 and st.window is None
            if mine and ready(st):
                return session
            session.apply(rng.choice(engine.legal_actions(st)))
    raise AssertionError("no such position")


def _table(app: App, drive: Driver, session: GameSession) -> TableScene:
    app.settings.ai_speed = "instant"
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    drive.frames(int(CHANGE_GUARD_S * 60) + 5)  # the table has settled
    return scene


def test_a_quick_second_click_does_not_end_the_turn(app: App, drive: Driver) -> None:
    session = _at(4, lambda st: st.phase is Phase.DISCARD)
    scene = _table(app, drive, session)
    lay = scene.layout
    assert lay is not None
    button = lay.buttons["next"]
    turn = session.state.turn
    drive.click(button)  # phase F ends: the button now draws the free card and ends
    st = session.state
    assert st.phase is Phase.DRAW and st.active == 0
    drive.click(button)  # the double click's second half, 2 frames later
    assert session.state.phase is Phase.DRAW and session.state.turn == turn  # ignored
    drive.frames(int(CHANGE_GUARD_S * 60) + 2)
    drive.click(button)  # a deliberate click on the new words does what they say
    assert session.state.turn != turn or session.state.active != 0


def test_a_blocked_next_phase_looks_blocked_and_says_why_on_hover(app: App, drive: Driver) -> None:
    """R-MOVE-2: HIDDEN gangsters must be placed or discarded before phase B ends."""
    session = _at(2, lambda st: st.phase is Phase.MOVE and bool(st.seats[0].hidden))
    scene = _table(app, drive, session)
    lay = scene.layout
    assert lay is not None
    label, enabled = scene.ctrl.next_label()
    assert not enabled  # drawn in the disabled look before any click
    assert scene.blocked_why and "R-MOVE-2" in scene.blocked_why
    assert scene.ctrl.toast == ""
    assert app.screen is not None
    before = app.screen.copy()
    drive.point(lay.buttons["next"].center)
    drive.frames(1)
    above = reason_rect(lay, 1)  # above the sidebar's buttons (#20: not over 1-6)
    shot = pygame.image.tobytes(app.screen.subsurface(above).copy(), "RGB")
    # the reason is drawn above the buttons while the mouse rests on the main one
    assert pygame.image.tobytes(before.subsurface(above).copy(), "RGB") != shot
    assert label


def test_a_blocked_next_phase_says_why_in_the_sidebar_without_hovering(
    app: App, drive: Driver
) -> None:
    """Playtest (#20): a newcomer could not leave phase B and only the Hint said why;
    the engine's reason (R-MOVE-2) now stands in the sidebar's panel as a warning."""
    from noirburg_desktop.table.advice import advice_lines

    session = _at(2, lambda st: st.phase is Phase.MOVE and bool(st.seats[0].hidden))
    scene = _table(app, drive, session)
    why = scene.ctrl.next_blocked()
    assert why and "R-MOVE-2" in why
    assert (why, "warn") in advice_lines(scene.ctrl)
