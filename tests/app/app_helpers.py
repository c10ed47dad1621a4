"""Building real sessions for app tests (seeded random legal play)."""

from __future__ import annotations

import random

from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig

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
