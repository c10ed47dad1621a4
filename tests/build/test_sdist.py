"""The sdist is the whole source: every tracked file but the CI and git plumbing (every
test, conftest and test data, the asset generators, build scripts, docs), and the tests
run from it unpacked: what `pip download --no-binary :all: noirburg` + `pytest` needs.

Built offline with .venv's setuptools (no build isolation), like the pip-install test.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOT_SHIPPED = (".ci/", ".github/", ".gitignore", ".gitattributes")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sdist")
    src = out / "src"  # a clean copy: nothing from an earlier build leaks in
    shutil.copytree(
        ROOT,
        src,
        ignore=shutil.ignore_patterns(
            ".venv", ".git", "dist", "work", "setuptools", "*.egg-info", "__pycache__", ".*_cache"
        ),
    )
    code = "from setuptools import build_meta as b; import sys; print(b.build_sdist(sys.argv[1]))"
    done = subprocess.run(
        [sys.executable, "-c", code, str(out)], cwd=src, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out / done.stdout.strip().splitlines()[-1]


def test_sdist_holds_every_tracked_file(sdist: Path) -> None:
    tracked = _tracked()
    with tarfile.open(sdist) as tar:
        top = tar.getnames()[0].split("/")[0]
        shipped = {n.removeprefix(top + "/") for n in tar.getnames()}
    missing = [f for f in tracked if not f.startswith(NOT_SHIPPED) and f not in shipped]
    assert missing == []
    assert {"tests/conftest.py", "tests/app/conftest.py", "assets/cards/render_cards.py"} <= shipped
    assert {"assets/sounds/make_sounds.py", "assets/icons/make_icon.py", "setup.py"} <= shipped


def test_tests_run_from_the_unpacked_sdist(sdist: Path, tmp_path: Path) -> None:
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    (unpacked,) = tmp_path.iterdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONPATH", None)
    where = subprocess.run(
        [sys.executable, "-c", "import engine, noirburg_desktop as d; print(d.__file__)"],
        cwd=unpacked,
        env=env,
        capture_output=True,
        text=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(unpacked), where.stdout + where.stderr
    tests = [
        "tests/test_engine_boundary.py",
        "tests/build/test_packaging.py",
        "tests/build/test_icons.py",
        "tests/engine/test_rules_setup.py",
        "tests/app/test_resources.py",
    ]
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", *tests],
        cwd=unpacked,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert re.search(r"^\d+ passed", out.stdout, re.M) and " failed" not in out.stdout, out.stdout


def test_pypi_description_links_are_absolute(sdist: Path) -> None:
    """PyPI shows the README from PKG-INFO: every link and picture must be absolute."""
    with tarfile.open(sdist) as tar:
        top = tar.getnames()[0].split("/")[0]
        member = tar.extractfile(f"{top}/PKG-INFO")
        assert member is not None
        info = member.read().decode("utf-8")
    assert "Description-Content-Type: text/markdown" in info
    targets = re.findall(r"\]\(([^)\s]+)\)", info)
    assert len(targets) > 15
    assert [t for t in targets if not t.startswith(("https://", "#"))] == []
    images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", info)
    assert images and all(i.startswith("https://raw.githubusercontent.com/") for i in images)
    assert "Project-URL: Source, https://" in info and "Classifier: " in info


def _tracked() -> list[str]:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (e.g. the unpacked sdist itself)")
    return subprocess.run(
        [git, "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()


def test_every_path_checks_out_on_windows_and_macos() -> None:
    """No two paths differ only in case (macOS and Windows fold case), and no name is
    one Windows refuses (reserved device names, <>:"|?* or a trailing dot/space)."""
    tracked = _tracked()
    folded: dict[str, str] = {}
    for path in tracked:
        other = folded.setdefault(path.casefold(), path)
        assert other == path, f"{other} and {path} are one file on macOS and Windows"
        for part in path.split("/"):
            assert not re.search(r'[<>:"|?*\\\x00-\x1f]', part), path
            assert not part.endswith((".", " ")), path
            stem = part.split(".")[0].upper()
            assert stem not in {"CON", "PRN", "AUX", "NUL"} and not re.fullmatch(
                r"(COM|LPT)\d", stem
            ), path
