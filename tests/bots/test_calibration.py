"""Expert's calibrated evaluation and the tool that fits it.

`win_share` (Hard's) is a softmax of the seats' values at a fixed temperature of 6,
far too sure of the leader while many rounds remain; `calibrated_share` (Expert's)
widens the temperature with the rounds left, as fitted by `noirburg_sim.calibrate`."""

from __future__ import annotations

import math
import random

import pytest

from engine import GameState
from engine.bots import make_bot
from engine.bots.features import (
    CALIBRATED_TEMPERATURE,
    calibrated_share,
    rounds_left,
    seat_values,
    win_share,
)
from engine.bots.ismcts import HardBot
from noirburg_sim.calibrate import Position, fit, log_loss, self_play
from noirburg_sim.hard_check import play
from tests.bots.helpers import positions


def _mid_game() -> list[GameState]:
    """Full states of a Normal game after its first round, every 25th decision."""
    out: list[GameState] = []
    for k, (state, _legal) in enumerate(positions(("normal",) * 4, 11)):
        if state.turn >= 4 and k % 25 == 0 and state.window is None:
            out.append(state.clone())
    return out


def test_calibrated_shares_are_chances_softer_than_win_share_while_rounds_remain() -> None:
    states = _mid_game()
    assert len(states) >= 5
    for state in states:
        living = [i for i, s in enumerate(state.seats) if s.alive]
        shares = [calibrated_share(state, i) for i in living]
        assert sum(shares) == pytest.approx(1.0)
        values = seat_values(state)
        leader = max(living, key=lambda i: values[i])
        sharp = win_share(state, leader)
        soft = calibrated_share(state, leader)
        # the same order of seats, but nearer an even share: T = 5.6 (1 + r) > 6
        assert 1 / len(living) <= soft <= sharp
        temp = CALIBRATED_TEMPERATURE * (1 + rounds_left(state))
        top = max(values[i] for i in living)
        z = sum(math.exp((values[i] - top) / temp) for i in living)
        assert soft == pytest.approx(math.exp((values[leader] - top) / temp) / z)


def test_a_finished_game_scores_the_result_itself() -> None:
    final, _ = play(("normal",) * 3, 4)
    assert final.game_over
    for i in range(3):
        expected = 1.0 / len(final.winners) if i in final.winners else 0.0
        assert calibrated_share(final, i) == expected == win_share(final, i)


def test_expert_judges_with_the_calibrated_share_and_hard_keeps_win_share() -> None:
    expert = make_bot("expert")
    hard = make_bot("hard")
    assert isinstance(expert, HardBot) and isinstance(hard, HardBot)
    assert expert.evaluate is calibrated_share
    assert hard.evaluate is win_share


def test_the_fit_recovers_a_known_temperature() -> None:
    """Positions whose winner is drawn from softmax(v / (3 (1 + r))): the fit finds 3."""
    rng = random.Random(5)
    data: list[Position] = []
    for _ in range(4000):
        r = rng.uniform(0, 6)
        values = [rng.gauss(40, 12) for _ in range(4)]
        t = 3.0 * (1 + r)
        weights = [math.exp(v / t) for v in values]
        pick = rng.random() * sum(weights)
        winner = 0
        while pick > weights[winner]:
            pick -= weights[winner]
            winner += 1
        data.append((r, values, [1.0 if i == winner else 0.0 for i in range(4)]))
    a = fit(data, lambda a_, r: a_ * (1 + r))
    assert a == pytest.approx(3.0, rel=0.1)
    # and the fitted temperature predicts better than a fixed one far from it
    assert log_loss(data, lambda r: a * (1 + r)) < log_loss(data, lambda _r: 6.0)


def test_self_play_keeps_living_seats_and_the_winners_share() -> None:
    n, kept = self_play(100001)
    assert n in (3, 4, 5) and kept
    for rounds, values, won in kept:
        assert rounds > 0 and 1 <= len(values) <= n and len(won) == len(values)
        assert sum(won) == pytest.approx(1.0)
