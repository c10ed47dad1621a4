"""hard_check: recordings that prove a speed-up kept every move, and Hard's timing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import compiled
from noirburg_sim import hard_check as H


def test_recordings_of_the_same_code_compare_equal_and_a_changed_move_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert H.main(["record", str(a), "--hard", "0", "--normal", "2", "--seed", "3"]) == 0
    assert H.main(["record", str(b), "--hard", "0", "--normal", "2", "--seed", "3"]) == 0
    assert H.main(["compare", str(a), str(b)]) == 0
    assert "IDENTICAL: 2 games" in capsys.readouterr().out
    games = json.loads(b.read_text())
    assert games[1]["lineup"] == ["normal", "easy", "normal", "easy"]
    games[1]["actions"][5] = "Pass()"
    b.write_text(json.dumps(games))
    assert H.main(["compare", str(a), str(b)]) == 1
    out = capsys.readouterr().out
    assert "actions differs (first difference at action 5)" in out and "DIFFERENT" in out


def test_timing_reports_hard_percentiles_in_cpu_and_wall_with_the_load() -> None:
    report = H.timing(5, 6)  # one Hard v 3 Normal game
    assert report["build"] == ("compiled" if compiled() else "pure")
    assert report["decisions"] > report["searched"] > 0
    for key in ("cpu_ms", "wall_ms", "searched_cpu_ms", "searched_wall_ms"):
        assert 0 <= report[key]["p50"] <= report[key]["p95"] <= report[key]["max"]
    assert len(report["load_before"]) == len(report["load_after"]) == 3
    # what makes the p95: the slowest decisions by kind, each with its rollouts
    assert 1 <= report["rollouts"]["p50"] <= report["rollouts"]["max"] <= 24  # HardBot's budget
    slow = report["slowest"]
    assert sum(row["n"] for row in slow.values()) >= report["decisions"] // 20
    assert all(k.startswith(("phase ", "window ")) for k in slow)
    times = [ms for row in slow.values() for ms, _rollouts in row["cpu_ms_and_rollouts"]]
    assert min(times) >= report["cpu_ms"]["p95"] - 0.1  # rounded to 0.1 ms


def test_timing_times_expert_against_three_hards_when_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`timing --expert` times seat 0 of Expert v 3 Hard (the issue's Expert match)."""
    played: list[tuple[str, ...]] = []

    def fake_play(lineup: tuple[str, ...], seed: int, clock: object, decided: H.Decided) -> None:
        played.append(lineup)
        decided(0, "x (checked in 6 sampled deals: 40% to win)", 0.02, 0.03, "phase OPEN", 12)
        decided(1, "a rival's move", 0.5, 0.5, "phase OPEN", 28)  # not seat 0: not timed

    monkeypatch.setattr(H, "play", fake_play)
    assert H.main(["timing", "--seeds", "5", "7", "--no-cap", "--expert"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert played == [H.EXPERT_TABLE, H.EXPERT_TABLE] and H.EXPERT_TABLE[0] == "expert"
    assert report["level"] == "expert" and report["decisions"] == 2 == report["searched"]
    assert report["cpu_ms"]["max"] == 20.0 and report["rollouts"]["max"] == 12
