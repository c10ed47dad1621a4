"""The game log can be read back: wheel over it, PageUp/PageDown, End (playtest finding:
AI turns fly by and the log was the only record, but it could not be scrolled)."""

from __future__ import annotations

import random

import pygame

import engine
from noirburg_desktop.app import App
from noirburg_desktop.scenes.title import TitleScene, open_session
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.scene import TableScene
from tests.app.app_helpers import hotseat_with_a_long_log
from tests.app.conftest import Driver


def _wheel(drive: Driver, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    drive.frames(1)


def _pixels(app: App, rect: pygame.Rect) -> bytes:
    assert app.screen is not None
    return pygame.image.tobytes(app.screen.subsurface(rect).copy(), "RGB")


def test_the_log_scrolls_back_and_returns(app: App, drive: Driver) -> None:
    scene = hotseat_with_a_long_log(app, drive)
    assert isinstance(scene, TableScene) and scene.layout is not None
    assert scene.hits.log_back_max > 0  # more lines than the panel shows
    newest = _pixels(app, scene.layout.log)

    drive.point(scene.layout.log.center)
    _wheel(drive, 2)  # wheel up: back in time
    assert scene.log_scroll == 6
    drive.frames(1)
    assert _pixels(app, scene.layout.log) != newest  # older lines are shown

    drive.point((scene.layout.log.centerx, scene.layout.log.top - 40))
    _wheel(drive, 2)  # the wheel elsewhere does not scroll the log
    assert scene.log_scroll == 6

    drive.key(pygame.K_PAGEUP)
    assert scene.log_scroll == min(16, scene.hits.log_back_max)
    for _ in range(200):
        drive.key(pygame.K_PAGEUP)
    assert scene.log_scroll == scene.hits.log_back_max  # never past the first line
    drive.key(pygame.K_END)
    assert scene.log_scroll == 0
    drive.frames(1)
    assert _pixels(app, scene.layout.log) == newest


def test_a_declared_attack_is_outlined_while_reactions_are_asked(app: App, drive: Driver) -> None:
    """Playtest: "Player 3 attacks Bootlegger (2)" with three Bootleggers on the table; the
    building under attack is outlined while the defender decides how to react."""
    from engine.predict import declared_attack

    configs = [SeatConfig(n, SEAT_COLOURS[i], "human") for i, n in enumerate("ABC")]
    session = GameSession.new(configs, seed=5)
    rng = random.Random(5)
    while declared_attack(session.state) is None:
        session.apply(rng.choice(engine.legal_actions(session.state)))
    declared = declared_attack(session.state)
    assert declared is not None
    target, _ = declared
    app.push(TitleScene())
    drive.frames(1)
    open_session(app, session)  # the table as it opens on the window (no frame yet:
    scene = app.scene  # the hotseat bar would run out and pass for everyone)
    assert isinstance(scene, TableScene)
    assert session.state.attack_target is None  # declared, no longer being assembled
    assert scene.model().attack[0] == target
    # and the player whose turn it is is told why they wait (not "watch: <you> is playing")
    from noirburg_desktop.table.advice import how_to
    from noirburg_desktop.words.strings import t

    st = session.state
    assert st.to_act != st.active
    assert how_to(st, st.active, False, "A") == t("table.how.others_react")
