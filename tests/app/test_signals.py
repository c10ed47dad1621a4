"""Issue 22: Ctrl+C (SIGINT) and SIGTERM quit the real app cleanly: the autosave
flushed when the disk allows, exit code 130 / 143, one log line, no traceback, and
never a hang, also when the disk refuses every write (SDL used to turn SIGTERM into a
window-close that asked "quit anyway?" and waited forever)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="POSIX signals (Windows: SIGINT/SIGBREAK in a console)"
)


def _run_until_signal(data: Path, logs: Path, sig: int) -> tuple[int, str, str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "NOIRBURG_LOG_DIR": str(logs),
        "PYTHONPATH": str(ROOT),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "noirburg_desktop", "--data-dir", str(data), "--demo", "100000"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # "title shown": the game is running
        assert "title shown" in line, line
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)  # a hang fails here
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, line + out, err


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("disk", ["writable", "refusing"])
def test_a_signal_quits_cleanly(tmp_path: Path, sig: int, disk: str) -> None:
    data, logs = tmp_path / "data", tmp_path / "logs"
    if disk == "refusing":
        data.write_text("a file where the data folder should be: every write fails")
    code, out, err = _run_until_signal(data, logs, sig)
    assert code == 128 + sig, (code, out, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert "Logging error" not in err, err
    log = (logs / "noirburg.log").read_text(encoding="utf-8")
    lines = [ln for ln in log.splitlines() if f"quit on {signal.Signals(sig).name}" in ln]
    assert len(lines) == 1, log
    if disk == "writable":
        assert ": saved" in lines[0]
        saves = list((data / "saves").glob("autosave-*.json"))
        assert saves  # the game played so far is on disk
        from noirburg_desktop.persist.storage import Storage

        assert Storage(data).entry(saves[0]).ok
    else:
        assert "could not be saved" in lines[0]
        assert data.read_text().startswith("a file where")
