"""The replay benchmark runs and reports the replay it made (its numbers are not tested)."""

from __future__ import annotations

import json

import pytest

from noirburg_sim.replay_bench import long_history, main


def test_the_history_ends_in_free_gangster_moves_and_replays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    actions, reached = long_history(300)
    assert [a["type"] for a in actions[-300:]] == ["MoveGangster"] * 300
    assert main(["--moves", "300", "--repeats", "1"]) == 0
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["moves"] == len(actions) and line["cpu_s"] >= 0
