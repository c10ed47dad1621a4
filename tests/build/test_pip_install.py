"""A real, non-editable install: build the wheel, install it into a fresh venv,
and check that game finds every asset (with sound) and draws the same table,
pixel for pixel, as the source checkout.

Offline and quick: the wheel is built with .venv's setuptools (no build
isolation), installed with --no-deps --no-index, and the fresh venv borrows
the runtime dependencies (pygame-ce, pygame_gui, platformdirs) from .venv
through a .pth line — never .venv's editable Noirburg (checked). Everything
runs outside the repo, so nothing can come from the checkout by accident.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COPY_IGNORE = (
    ".venv",
    ".git",
    "dist",
    "work",
    "lib",
    "bdist.*",
    "setuptools",  # build/setuptools: setuptools' own scratch folder (setup.py)
    "*.egg-info",
    "__pycache__",
    ".*_cache",
)
SHOT_ARGS = ["--players", "5", "--seed", "7", "--autoplay", "60"]

pytestmark = pytest.mark.slow


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, f"{cmd}\n{out.stdout}\n{out.stderr}"
    return out.stdout


def _fresh_venv(tmp: Path) -> Path:
    """A venv with pip that also sees .venv's packages (for pygame-ce, pygame_gui,
    platformdirs). The .pth line only appends that folder to sys.path: its own .pth
    files, among them the editable Noirburg's finder, are not run."""
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=True, symlinks=os.name != "nt").create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    deps = next(p for p in site.getsitepackages() if p.endswith("site-packages"))
    target_site = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        tmp,
        dict(os.environ),
    ).strip()
    Path(target_site, "_noirburg_test_deps.pth").write_text(deps + "\n")
    return python


def test_pip_install_renders_the_same_table_with_every_asset(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        NOIRBURG_DATA_DIR=str(tmp_path / "data"),
        NOIRBURG_LOG_DIR=str(tmp_path / "log"),
    )
    env.pop("PYTHONPATH", None)
    # a clean copy: setuptools' build/lib keeps stale files that would hide a missing glob
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(*COPY_IGNORE))
    wheels = tmp_path / "wheels"
    _run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
        + ["-w", str(wheels), str(src)],
        tmp_path,
        env,
    )
    (wheel,) = wheels.glob("noirburg-*.whl")
    python = _fresh_venv(tmp_path)
    _run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        tmp_path,
        env,
    )
    scripts = python.parent
    game = scripts / ("noirburg.exe" if os.name == "nt" else "noirburg")  # the gui-script
    assert game.exists()
    if os.name == "nt":  # the same entry point with a console, so its output can be read
        game = scripts / "noirburg-cli.exe"

    where = _run(
        [str(python), "-c", "import noirburg_desktop, engine; print(noirburg_desktop.__file__)"],
        tmp_path,
        env,
    )
    assert Path(where.strip()).is_relative_to(tmp_path / "venv"), where
    report = _run([str(game), "--check-assets"], tmp_path, env)
    installed = Path(report.rsplit(" in ", 1)[1].strip())
    assert installed.is_relative_to(tmp_path / "venv"), report  # not the checkout's assets/
    assert installed.name == "noirburg_assets"
    assert "4 fonts, 15 cards, 6 sounds, 1 icons, 2 catalogues (sound on)" in report

    shot_pip, shot_src = tmp_path / "pip.png", tmp_path / "source.png"
    _run([str(game), "--screenshot", str(shot_pip), *SHOT_ARGS], tmp_path, env)
    _run(
        [sys.executable, "-m", "noirburg_desktop", "--screenshot", str(shot_src), *SHOT_ARGS],
        ROOT,
        env,
    )
    import pygame

    a, b = pygame.image.load(str(shot_pip)), pygame.image.load(str(shot_src))
    assert a.get_size() == b.get_size() == (1280, 800)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    assert len(set(pygame.image.tobytes(a, "RGB")[::997])) > 20  # a real table, not blank
