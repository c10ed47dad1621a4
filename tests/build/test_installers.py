"""The per-OS download pieces (build/installers.py): the Linux bundle's library check,
the AppStream metainfo with the .desktop file, the NSIS installer script.

Linux-only and tool-dependent tests skip, naming why: objdump/readelf (binutils),
appstreamcli (Debian/Ubuntu package `appstream`), makensis (package `nsis`; on
Windows `choco install nsis`). The CI job on ubuntu installs all three.
"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))

import installers  # noqa: E402

linux_only = pytest.mark.skipif(
    sys.platform != "linux", reason="ELF libraries and glibc: the Linux bundle only"
)


@pytest.mark.parametrize(
    "name",
    [
        "libstdc++.so.6",
        "libstdc++-1a2b3c4d.so.6.0.30",
        "libgcc_s.so.1",
        "libz.so.1",
        "libGLX_mesa.so.0",
        "libEGL.so.1",
        "libdrm.so.2",
        "libxcb.so.1",
        "libX11.so.6",
        "libwayland-client.so.0",
    ],
)
def test_system_libraries_are_recognised(name: str) -> None:
    assert installers.is_system_lib(name)


@pytest.mark.parametrize(
    "name",
    [
        "libSDL2-2-50d19f93.0.so.0.3200.10",
        "libpython3.11.so.1.0",
        "libffi.so.8",
        "libssl.so.3",
        "libzmq.so.5",
        "libglib-2.0.so.0",
        "libgcc.txt",
    ],
)
def test_bundled_libraries_are_not_taken_for_system_ones(name: str) -> None:
    assert not installers.is_system_lib(name)


def _tools() -> None:
    if not (shutil.which("objdump") or shutil.which("readelf")):
        pytest.skip("objdump/readelf not installed (binutils)")


@linux_only
def test_library_check_reads_symbol_versions_and_refuses_a_cxx_runtime(tmp_path: Path) -> None:
    _tools()
    app = tmp_path / "Noirburg"
    (app / "_internal").mkdir(parents=True)
    python = Path(sys.executable).resolve()
    shutil.copy2(python, app / "noirburg")
    newest = installers.check_linux_libs(app)
    assert newest["GLIBC"].startswith("GLIBC_2.") and "(noirburg)" in newest["GLIBC"]
    with pytest.raises(SystemExit, match="newer than glibc 2.0"):
        installers.check_linux_libs(app, max_glibc="2.0")
    (app / "_internal" / "libstdc++.so.6").write_bytes(b"\x7fELF")
    with pytest.raises(SystemExit, match=r"libstdc\+\+"):
        installers.check_linux_libs(app)


@linux_only
def test_version_needs_names_libc(tmp_path: Path) -> None:
    _tools()
    needs = installers.version_needs(Path(sys.executable).resolve())
    assert any(lib.startswith("libc.so") for lib in needs), needs


def test_metainfo_and_desktop_file_agree() -> None:
    root = ET.fromstring(installers.metainfo().encode())
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == installers.APP_ID
    assert root.findtext("launchable") == installers.DESKTOP_FILE
    assert root.findtext("url[@type='homepage']") == installers.URLS["Homepage"]
    rating = root.find("content_rating")
    assert rating is not None and rating.get("type") == "oars-1.1"
    attrs = {a.get("id"): a.text for a in rating.findall("content_attribute")}
    assert attrs["violence-realistic"] in ("mild", "moderate")  # gunshots, drive-bys
    release = root.find("releases/release")
    assert release is not None and release.get("version") == installers.VERSION
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str  # type: ignore[assignment,method-assign]
    desktop.read_string(installers.desktop_entry())
    entry = desktop["Desktop Entry"]
    assert entry["Icon"] == installers.APP_ID == root.findtext("icon")
    assert entry["StartupWMClass"] == installers.WM_CLASS
    assert "Game;" in entry["Categories"]


def test_metainfo_passes_appstreamcli(tmp_path: Path) -> None:
    path = tmp_path / installers.METAINFO_FILE
    path.write_text(installers.metainfo(), "utf-8")
    try:
        passed, report = installers.validate_metainfo(path)
    except FileNotFoundError as missing:
        pytest.skip(f"not installed: {missing}")
    assert passed, report


def test_desktop_file_passes_desktop_file_validate(tmp_path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate not installed (Debian: desktop-file-utils)")
    path = tmp_path / installers.DESKTOP_FILE
    path.write_text(installers.desktop_entry(), "utf-8")
    out = subprocess.run([tool, str(path)], capture_output=True, text=True)
    assert out.returncode == 0 and not out.stdout.strip(), out.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="install-desktop-entry.sh: a POSIX sh script")
def test_menu_installer_puts_desktop_file_metainfo_and_icon_together(tmp_path: Path) -> None:
    app = tmp_path / "Noirburg 0.1"  # a space in the folder name
    app.mkdir()
    installers.add_linux_files(app)
    data = tmp_path / "share"
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    out = subprocess.run(
        ["sh", str(app / "install-desktop-entry.sh")], env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    desktop = (data / "applications" / installers.DESKTOP_FILE).read_text("utf-8")
    assert f'Exec="{app}/noirburg"' in desktop
    assert (data / "metainfo" / installers.METAINFO_FILE).read_text("utf-8") == (
        installers.metainfo()
    )
    assert (data / "icons" / "hicolor" / "256x256" / "apps" / f"{installers.APP_ID}.png").is_file()


def test_nsis_installer_script_compiles(tmp_path: Path) -> None:
    if installers.makensis() is None:
        pytest.skip("makensis not installed (Debian: apt install nsis; Windows: choco install)")
    app = tmp_path / "Noirburg"
    (app / "_internal").mkdir(parents=True)
    (app / "Noirburg.exe").write_bytes(b"MZ" + b"\0" * 4096)  # stands in for the real program
    (app / "_internal" / "data.bin").write_bytes(os.urandom(2048))
    for name in ("LICENSE", "THIRD_PARTY_NOTICES.md"):
        shutil.copy2(ROOT / name, app / name)
    out = installers.nsis(app, tmp_path / "setup.exe")
    data = out.read_bytes()
    assert data[:2] == b"MZ" and len(data) > 40_000
    assert "Noirburg".encode("utf-16-le") in data  # the version resource: ProductName


def test_nsis_script_is_per_user_with_start_menu_and_uninstaller() -> None:
    text = installers.NSIS_SCRIPT.read_text("utf-8")
    for needed in (
        "RequestExecutionLevel user",
        '"$LOCALAPPDATA\\Programs\\${APP}"',
        'CreateShortcut "$SMPROGRAMS\\${APP}.lnk"',
        "WriteUninstaller",
        'HKCU "${UNINST_KEY}" "DisplayVersion"',
        "MUI_ICON",
        "VIProductVersion",
    ):
        assert needed in text, needed
    assert "HKLM" not in text and "$PROGRAMFILES" not in text  # nothing that needs admin
