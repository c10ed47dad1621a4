"""Building real sessions for app tests (seeded random legal play)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig

if TYPE_CHECKING:
    from noirburg_desktop.app import App
    from noirburg_desktop.table.scene import TableScene

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
    app.push(TableScene(), {"session": session, "threaded_ai": False})
    scene = app.scene
    assert isinstance(scene, TableScene)
    for _ in range(300):
        app.step(0.05)
        if scene.ctrl.my_turn() and scene.ctrl.state.phase is engine.Phase.MULLIGAN:
            scene._try(A.Mulligan(()))  # keep the opening hand
        elif scene.ctrl.my_turn():
            break
    return scene
