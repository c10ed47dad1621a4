"""The two commands as the issue writes them, as separate processes over loopback:
`noirburg-server` and four `noirburg-cli --join … --bot` seats; one seat is killed
(SIGKILL; TerminateProcess on Windows) mid-game and started again with the same
token file; every process exits 0 and the JSON lines agree."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def spawn(args: list[str], out: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    with open(out, "wb") as fh, open(out.with_suffix(".err"), "wb") as err:
        return subprocess.Popen([sys.executable, *args], stdout=fh, stderr=err, cwd=ROOT, env=env)


def wait_for(path: Path, pattern: str, timeout: float = 30) -> re.Match[str]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = re.search(pattern, path.read_text("utf-8", "replace")) if path.exists() else None
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{pattern!r} never appeared in {path}")


@pytest.mark.slow  # ~9 s of CPU: six processes
def test_server_and_four_bot_seats_one_killed_and_restarted(tmp_path: Path) -> None:
    server = spawn(
        [
            "-m", "noirburg_desktop.net.server",
            "--port", "0", "--players", "4", "--seed", "7",
            "--data-dir", str(tmp_path / "host"), "--host", "127.0.0.1",
        ],
        tmp_path / "server.out",
    )  # fmt: skip
    procs: list[subprocess.Popen[bytes]] = [server]
    try:
        port = wait_for(tmp_path / "server.err", r"listening on port (\d+)").group(1)

        def seat(i: int, run: int) -> subprocess.Popen[bytes]:
            args = [
                "-m", "noirburg_desktop", "--join", f"127.0.0.1:{port}",
                "--bot", "random", "--name", f"Bot {i}",
                "--token-file", str(tmp_path / f"seat{i}.token"),
                "--data-dir", str(tmp_path / f"seat{i}"),
            ]  # fmt: skip
            proc = spawn(args, tmp_path / f"seat{i}-{run}.out")
            procs.append(proc)
            return proc

        seats = [seat(i, 0) for i in range(4)]
        host_save = tmp_path / "host" / "hosted.json"
        end = time.monotonic() + 30  # mid-game: some actions played
        while time.monotonic() < end:
            if host_save.exists() and host_save.read_text("utf-8", "replace").count('{"type"') > 40:
                break
            time.sleep(0.02)
        seats[2].kill()  # SIGKILL (TerminateProcess on Windows): no goodbye at all
        seats[2].wait(10)
        token_before = (tmp_path / "seat2.token").read_text("utf-8")
        seats[2] = seat(2, 1)  # the same token file: the same seat
        codes = [p.wait(90) for p in [*seats, server]]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    assert codes == [0, 0, 0, 0, 0], [p.read_text() for p in tmp_path.glob("*.err")]
    result = json.loads((tmp_path / "server.out").read_text("utf-8").strip())
    assert set(result) >= {"winners", "method"} and result["winners"]
    lines = [json.loads((tmp_path / f"seat{i}-0.out").read_text("utf-8")) for i in (0, 1, 3)]
    lines.append(json.loads((tmp_path / "seat2-1.out").read_text("utf-8")))
    for line in lines:
        assert line["winners"] == result["winners"] and line["method"] == result["method"]
        assert line["refused"] == 0
    assert (tmp_path / "seat2.token").read_text("utf-8") == token_before
    assert len({line["seat"] for line in lines}) == 4  # the restarted seat is its old one
