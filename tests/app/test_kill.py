"""Kill test (issue 11): 200+ SIGKILLs at random moments of an autosave loop.

A forked child plays a game as the app does (resume what Continue offers,
apply legal actions, autosave after each, now and then a manual save and the
settings) until it is killed with SIGKILL 0-15 ms after its
first 0-3 autosaves (so a loaded machine still kills mid-game). After every
kill the data folder is "started" as the app starts it (lock + temp sweep):
then no temp file is left and every save file loads. Forking keeps a child's
start at a millisecond, so 200 kills cost seconds, not minutes.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sys
import time
from pathlib import Path

import pytest

import engine
from noirburg_desktop.persist.saving import Saver
from noirburg_desktop.persist.storage import Settings, Storage
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig

KILLS = 200

pytestmark = pytest.mark.skipif(
    not hasattr(os, "fork"), reason="os.fork and SIGKILL: Linux and macOS only, not Windows"
)


def autosave_loop(root: Path, seed: int, progress: int) -> None:
    """The child: play and save forever (never returns); one byte to `progress`
    after each finished autosave."""
    storage = Storage(root)
    entry = storage.latest_autosave()
    rng = random.Random(seed)
    if entry is not None:
        session = storage.load(entry.path)
    else:
        configs = [SeatConfig(f"P{i}", SEAT_COLOURS[i], "normal") for i in range(4)]
        session = GameSession.new(configs, seed=seed)
    storage.remember_last(session.game_id)
    n = 0
    while True:
        if session.finished:
            session = session.rematch(seed=rng.randrange(1 << 30))
            storage.remember_last(session.game_id)
        session.apply(rng.choice(engine.legal_actions(session.state)))
        storage.autosave(session)
        os.write(progress, b".")
        n += 1
        if n % 7 == 0:
            storage.save(session, "manual", label="by hand")
        if n % 11 == 0:
            storage.save_settings(Settings(ai_speed=rng.choice(["fast", "slow"])))


def test_sigkills_in_an_autosave_loop_leave_every_file_loadable(tmp_path: Path) -> None:
    root = tmp_path / "data"
    rng = random.Random(2026)
    checked: dict[Path, float] = {}
    temp_seen = versions = 0
    started = time.perf_counter()
    for kill in range(KILLS):
        reader, writer = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns to pytest
            try:
                os.close(reader)
                autosave_loop(root, seed=kill, progress=writer)
            finally:
                os._exit(1)
        os.close(writer)
        # let it finish 0-3 autosaves (however loaded the machine), then kill it
        # at a random moment of the next 0-15 ms: inside a write, a rename, a start
        for _ in range(rng.randrange(4)):
            ready, _, _ = select.select([reader], [], [], 30.0)
            assert ready and os.read(reader, 1), f"child {kill} stopped saving"
        time.sleep(rng.uniform(0.0, 0.015))
        os.kill(pid, signal.SIGKILL)
        os.close(reader)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
            f"child {kill} ended by itself (status {status}): it failed before the kill"
        )
        saves = root / "saves"
        temp_seen += len(list(saves.glob(".*.tmp"))) if saves.is_dir() else 0
        # the next start: lock the folder and sweep the temp files of the killed write
        saver = Saver(Storage(root))
        saver.start()
        try:
            assert not list(root.glob(".*.tmp")) and not list(saves.glob(".*.tmp"))
            for path in sorted(saves.glob("*.json")) if saves.is_dir() else []:
                mtime = path.stat().st_mtime_ns
                if checked.get(path) == mtime:
                    continue
                versions += 1
                entry = saver.storage.entry(path)
                assert entry.ok, f"after kill {kill}: {path.name}: {entry.error}"
                checked[path] = mtime
            Storage(root).load_settings()  # readable (a damaged one would be copied aside)
            assert not list(root.glob("settings.broken-*"))
        finally:
            saver.stop()
    took = time.perf_counter() - started
    print(
        f"{KILLS} kills, {versions} new file versions checked, {temp_seen} temp files swept, "
        f"{took:.1f} s",
        file=sys.stderr,
    )
    assert versions >= KILLS // 2, "the children hardly got to write a save"
