"""Build the one-file executable with PyInstaller and smoke-test it.

Usage: python build/build_exe.py [--no-smoke]
Output: build/dist/noirburg(.exe); scratch files go to build/work.
The smoke test runs the executable headless for two seconds with a throwaway
data folder and checks it exits cleanly.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def build() -> Path:
    import PyInstaller.__main__

    PyInstaller.__main__.run(
        [
            str(HERE / "noirburg.spec"),
            "--noconfirm",
            "--clean",
            "--distpath",
            str(HERE / "dist"),
            "--workpath",
            str(HERE / "work"),
        ]
    )
    exe = HERE / "dist" / ("noirburg.exe" if os.name == "nt" else "noirburg")
    if not exe.exists():
        raise SystemExit(f"build failed: {exe} missing")
    return exe


def smoke(exe: Path) -> None:
    """Start the frozen game headless, let it quit itself after 2 s."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as data:
        proc = subprocess.run(
            [str(exe), "--windowed", "--data-dir", data, "--quit-after", "2"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    if proc.returncode != 0:
        print(proc.stdout, proc.stderr, sep="\n")
        raise SystemExit(f"smoke test failed: exit code {proc.returncode}")
    print(f"smoke test passed: {exe} ({exe.stat().st_size // (1024 * 1024)} MB)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--no-smoke", action="store_true", help="skip running the built executable")
    args = p.parse_args()
    sys.path.insert(0, str(ROOT))
    exe = build()
    if not args.no_smoke:
        smoke(exe)


if __name__ == "__main__":
    main()
