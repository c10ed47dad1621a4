"""The seeded UI monkey for 60 s of the test command (tests/app/monkey.py; five
minutes with `python3 tasks.py monkey`): random mouse moves, clicks, drags,
keys, typing, window resizes and close requests on the real headless app,
with no exception and the engine's invariants holding after every frame."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.app.monkey import run


def test_ui_monkey_60_seconds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOIRBURG_LOG_DIR", str(tmp_path / "logs"))
    tally = run(60.0, seed=11, data_dir=tmp_path / "data", log=sys.stderr)
    assert tally.events > 500 and tally.frames > 200  # (a loaded CI machine runs fewer)
    assert tally.games_seen >= 1  # the monkey got past the menus into a game
    assert {"click", "drag", "key", "move", "resize"} <= set(tally.kinds)
