"""The ladder plays duplicate deals and reports CIs and decision-time percentiles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from noirburg_sim import tournaments as T


def test_duplicate_deals_put_every_level_in_every_seat_of_the_same_deal() -> None:
    base = T.MATCHES["mixed"]
    for deal in range(3):
        games = range(4 * deal, 4 * deal + 4)
        assert {T.duplicate_seed(g, base, 10) for g in games} == {10 + deal}
        for seat in range(4):
            assert {T.duplicate_lineup(g, base)[seat] for g in games} == set(base)


def test_ladder_prints_a_table_and_json_and_logs_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    code = T.main(["ladder", "--only", "easy", "--games", "6", "--workers", "1", "--log", str(log)])
    out = capsys.readouterr().out
    assert "8 games (2 duplicate deals)" in out and "95% CI" in out
    report = json.loads(out.strip().splitlines()[-1])
    easy = report["matches"]["easy"]
    assert easy["games"] == 8 and easy["illegal_actions"] == 0
    lo, hi = easy["levels"]["easy"]["ci95"]
    assert lo <= easy["levels"]["easy"]["win_rate"] <= hi
    assert easy["levels"]["easy"]["decisions"] > 0
    assert 0 <= easy["levels"]["easy"]["cpu"]["p50_ms"] <= easy["levels"]["easy"]["cpu"]["max_ms"]
    assert code == (0 if easy["ok"] else 1)
    assert len(log.read_text().splitlines()) == 8
    T.main(["summary", str(log)])
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (
        again["matches"]["easy"]["levels"]["easy"]["win_rate"]
        == (easy["levels"]["easy"]["win_rate"])
    )
