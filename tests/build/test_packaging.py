"""pyproject.toml ships what the app needs: every code package, every asset.

The package list is explicit (assets/ is mapped to `noirburg_assets`, which
setuptools' finder cannot discover), so these tests catch a new sub-package
or a new asset kind that a wheel would silently leave out.
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]


def test_every_code_package_is_listed() -> None:
    on_disk = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for top in ("engine", "noirburg_desktop", "noirburg_sim")
        for p in (ROOT / top).rglob("__init__.py")
    }
    assert set(SETUPTOOLS["packages"]) == on_disk | {"noirburg_assets"}
    assert SETUPTOOLS["package-dir"] == {"noirburg_assets": "assets"}


def test_every_shipped_asset_is_package_data() -> None:
    """Every file under assets/ except the generator scripts matches a package-data glob."""
    globs = SETUPTOOLS["package-data"]["noirburg_assets"]
    files = [
        p.relative_to(ROOT / "assets").as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc")
    ]
    assert len(files) > 25
    unshipped = [f for f in files if not any(fnmatch.fnmatch(f, g) for g in globs)]
    assert unshipped == []


def test_entry_points_and_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["gui-scripts"]["noirburg"] == "noirburg_desktop.__main__:main"
    assert project["scripts"]["noirburg-cli"] == "noirburg_desktop.__main__:main"
    from noirburg_desktop import __version__

    assert __version__ == project["version"]


def test_release_builds_pin_every_runtime_dependency() -> None:
    pins = {
        line.split("==")[0].lower().replace("_", "-")
        for line in (ROOT / "build" / "constraints.txt").read_text("utf-8").splitlines()
        if "==" in line and not line.startswith("#")
    }
    runtime = {"pygame-ce", "pygame-gui", "platformdirs", "websockets", "msgspec"}
    assert runtime | {"pyinstaller", "setuptools"} <= pins


def test_data_files_inside_code_packages_are_package_data() -> None:
    """A data file added next to the code (e.g. translation catalogues) must be in
    package-data too, or wheels and bundles ship without it."""
    data = SETUPTOOLS.get("package-data", {})
    missing = []
    for top in ("engine", "noirburg_desktop", "noirburg_sim"):
        for p in (ROOT / top).rglob("*"):
            if not p.is_file() or p.suffix in (".py", ".pyc") or "__pycache__" in p.parts:
                continue
            if p.suffix in (".so", ".pyd") or p.name == "_native_stamp.txt":
                continue  # the native engine's build products (tasks.py native), gitignored
            package = ".".join(p.parent.relative_to(ROOT).parts)
            rel = p.name
            while package not in SETUPTOOLS["packages"]:  # a data folder below a package
                package, _, sub = package.rpartition(".")
                rel = f"{sub}/{rel}"
            if not any(fnmatch.fnmatch(rel, g) for g in data.get(package, [])):
                missing.append(str(p.relative_to(ROOT)))
    assert missing == []


def test_the_tools_are_not_in_the_product() -> None:
    """Benchmarks and screenshot tools live in noirburg_sim, which the bundle excludes
    (issue 24): none of them sits in noirburg_desktop, whose every module ships."""
    spec = (ROOT / "build" / "noirburg.spec").read_text(encoding="utf-8")
    assert '"noirburg_sim",  #' in spec.split("excludes=[", 1)[1].split("]", 1)[0]
    tools = ("bench_pacing.py", "bench_frames.py", "tutorial_screenshot.py")
    assert all((ROOT / "noirburg_sim" / name).is_file() for name in tools)
    app = [p.name for p in (ROOT / "noirburg_desktop").rglob("*.py")]
    assert [n for n in app if n.startswith("bench")] == []
