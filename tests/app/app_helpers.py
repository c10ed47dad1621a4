"""Building real sessions for app tests (seeded random legal play)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.entry import TableEntry

if TYPE_CHECKING:
    from pathlib import Path

    import engine
    from noirburg_desktop.app import App
    from noirburg_desktop.table.scene import TableScene
    from tests.app.conftest import Driver

NAMES = ("Vito", "Lucky", "Bugsy", "Meyer", "Ayşe", "İsmail")


def make_session(players: int = 4, seed: int = 1, steps: int = 60) -> GameSession:
    """A session after `steps` random legal actions (fewer if the game ends)."""
    import engine

    kinds = ["human", "easy", "normal", "hard", "human", "easy"]
    configs = [SeatConfig(NAMES[i], SEAT_COLOURS[i], kinds[i]) for i in range(players)]
    session = GameSession.new(configs, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.finished:
            break
        session.apply(rng.choice(engine.legal_actions(session.state)))
    return session


def finished_session(players: int = 3, seed: int = 9) -> GameSession:
    return make_session(players, seed, steps=20000)


def table_at_first_turn(app: App, session: GameSession) -> TableScene:
    """Open `session` at the table (AIs at Instant, in the loop's own thread) and step
    until seat 0's first turn after the mulligan, keeping the opening hand."""
    import engine
    from engine import actions as A
    from noirburg_desktop.table.scene import TableScene

    app.settings.ai_speed = "instant"
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    for _ in range(300):
        app.step(0.05)
        if scene.ctrl.my_turn() and scene.ctrl.state.phase is engine.Phase.MULLIGAN:
            scene._try(A.Mulligan(()))  # keep the opening hand
        elif scene.ctrl.my_turn():
            break
    return scene


def continue_at_table(root: Path) -> tuple[App, Driver, TableScene]:
    """A real App on the data folder `root` (no frame-rate sleep), its title's Continue
    clicked: the app, its driver and the table Continue opened. The caller shuts the
    app down (here only if Continue fails)."""
    from noirburg_desktop.app import App
    from noirburg_desktop.scenes.title import TitleScene
    from noirburg_desktop.table.scene import TableScene
    from tests.app.conftest import Driver, NoSleepClock

    app = App(data_dir=root, size=(1280, 800), fullscreen=False)
    app.start()
    app.clock = NoSleepClock()  # type: ignore[assignment]
    app.push(TitleScene())
    drive = Driver(app)
    try:
        drive.frames(2)
        drive.click(drive.widget("continue"))
        scene = app.scene
        assert isinstance(scene, TableScene)
    except BaseException:
        app.shutdown()
        raise
    return app, drive, scene


def hotseat_with_a_long_log(app: App, drive: Driver) -> TableScene:
    """Three humans (hotseat: nothing moves on its own while the log is read) after 150
    seeded random moves, opened from the title (a long log, rebuilt on open) and past
    the hand-off screen."""
    import engine
    from noirburg_desktop.scenes.title import TitleScene, open_session
    from noirburg_desktop.table.pacing import CURTAIN_CALM_S
    from noirburg_desktop.table.scene import TableScene

    configs = [SeatConfig(n, SEAT_COLOURS[i], "human") for i, n in enumerate("ABC")]
    session = GameSession.new(configs, seed=3)
    rng = random.Random(3)
    for _ in range(150):
        session.apply(rng.choice(engine.legal_actions(session.state)))
    app.push(TitleScene())
    drive.frames(1)
    open_session(app, session)
    drive.frames(2)
    scene = app.scene
    assert isinstance(scene, TableScene)
    for _ in range(5):  # pass the hand-off screen
        if scene.ctrl.handoff is None:
            break
        app.run_frames(int(CURTAIN_CALM_S * 60) + 2)  # read it, then click
        drive.click((12, 12))
    drive.frames(2)
    return scene


def own_turn_at(
    ready: Callable[[engine.GameState], bool], first: int = 0, tries: int = 40
) -> GameSession:
    """Seat 0 (one person against two Normal AIs) to act in its own turn, no window
    open, at a position `ready` accepts: the first of seeded random games (seeds
    `first`.. `first + tries - 1`) that reaches one."""
    import engine

    kinds = ["human", "normal", "normal"]
    configs = [SeatConfig(n, SEAT_COLOURS[i], kinds[i]) for i, n in enumerate("ABC")]
    for seed in range(first, first + tries):
        session = GameSession.new(configs, seed=seed)
        rng = random.Random(seed)
        while not session.finished:
            st = session.state
            if st.active == 0 and st.to_act == 0 and st.window is None and ready(st):
                return session
            session.apply(rng.choice(engine.legal_actions(st)))
    raise AssertionError("no such position")


def settled_table(app: App, drive: Driver, session: GameSession) -> TableScene:
    """`session` at the table, AIs instant and unthreaded, after the main button's
    change guard has passed (the table has settled)."""
    from noirburg_desktop.table.main_button import CHANGE_GUARD_S
    from noirburg_desktop.table.scene import TableScene

    app.settings.ai_speed = "instant"
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    drive.frames(int(CHANGE_GUARD_S * 60) + 5)
    return scene
