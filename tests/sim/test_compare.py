"""The engine comparison script: its JSON schema and the per-turn ratio."""

from __future__ import annotations

import json

import pytest

from engine import compiled
from noirburg_sim import bench, compare


def test_ratio_is_noirburg_cpu_per_turn_over_the_other_engines() -> None:
    ours = {"engine": "noirburg", "cpu_us_per_turn": 80.0, "turns": 100}
    other = {"engine": "catanatron", "cpu_us_per_turn": 160.0, "turns": 50}
    r = compare.report(ours, other)
    assert r["ratio_cpu_per_turn"] == 0.5
    assert "noirburg 2.00x faster per turn" in compare.table(r)


def test_schema_refuses_a_file_without_the_per_turn_figure() -> None:
    with pytest.raises(SystemExit, match="cpu_us_per_turn"):
        compare.check_schema({"engine": "x", "turns": 3}, "x.json")
    with pytest.raises(SystemExit, match="positive"):
        compare.check_schema({"engine": "x", "turns": 3, "cpu_us_per_turn": 0}, "x.json")


def test_a_bench_report_is_read_as_noirburgs_playout_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench.main(["--playouts-only", "--players", "3,4", "--games", "2", "--repeats", "1", "--json"])
    report = json.loads(capsys.readouterr().out)
    row = compare.check_schema(report, "bench")
    four = report["playouts"]["4"]
    assert row["engine"] == "noirburg"
    # the build that ran is named: a stale compiled build runs pure Python
    assert row["build"] == report["build"] == ("compiled" if compiled() else "pure")
    other = {"engine": "catanatron", "cpu_us_per_turn": 100.0, "turns": 5}
    assert f"noirburg ({row['build']})" in compare.table(compare.report(row, other))
    assert row["cpu_us_per_turn"] == four["cpu_us_per_turn"] > 0
    assert row["turns"] == four["turns"] == sum(r["turns"] for r in four["runs"])
    assert four["decisions_per_turn"] > 1


def test_runs_of_different_builds_are_flagged_not_merged_silently() -> None:
    """A compare run while `tasks.py native` rebuilds measures pure Python in some runs
    (the build removes the compiled modules first): the median must not pass for either."""
    runs = [
        {"engine": "noirburg", "build": b, "cpu_us_per_turn": us, "turns": 10}
        for b, us in (("pure", 78.0), ("compiled", 44.0), ("compiled", 46.0))
    ]
    merged = compare.merge(runs)
    assert merged["build"] == "MIXED pure/compiled/compiled"
    assert merged["per_run_cpu_us_per_turn"] == [78.0, 44.0, 46.0]
    assert compare.merge(runs[1:])["build"] == "compiled"
