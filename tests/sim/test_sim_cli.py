"""noirburg-sim prints win methods, turns, decisions and seat win rates."""

from __future__ import annotations

import json

import pytest

from noirburg_sim.cli import lineup_for, main
from noirburg_sim.play import play_game
from noirburg_sim.stats import wilson


def test_sim_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "4", "--games", "12", "--seed", "1", "--json", "--workers", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 12
    assert sum(report["win_methods"].values()) == 12
    assert abs(sum(report["seat_win_rates"]) - 1.0) < 1e-9
    assert report["avg_decisions"] > report["avg_turns"] > 4
    assert report["illegal_actions"] == 0


def test_sim_text_report_uses_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "3", "--games", "6", "--seed", "5", "--workers", "2"]) == 0
    out = capsys.readouterr().out
    assert "win methods:" in out and "seat win rates:" in out and "P3" in out


def test_seat_rotation_covers_every_seat() -> None:
    base = ("hard", "normal", "normal", "normal")
    seats = {lineup_for(g, base).index("hard") for g in range(4)}
    assert seats == {0, 1, 2, 3}


def test_games_are_reproducible() -> None:
    a = play_game(("random",) * 4, 77)
    b = play_game(("random",) * 4, 77)
    assert (a.winners, a.method, a.decisions) == (b.winners, b.method, b.decisions)


def test_wilson_interval() -> None:
    lo, hi = wilson(40, 100)
    assert 0.30 < lo < 0.40 < hi < 0.50
