"""What turns the PyInstaller folder into downloads, per OS (build_exe.py calls these).

    python build/installers.py metainfo [--out FILE]   the AppStream metainfo (Linux)
    python build/installers.py desktop [--out FILE]    the .desktop file (Linux)
    python build/installers.py libs APP_FOLDER         the Linux bundle's library check
    python build/installers.py nsis APP_FOLDER [--out FILE]   the Windows installer (makensis)
    python build/installers.py dmg APP [--out FILE]    Noirburg.app, ad-hoc signed, in a .dmg

- Linux: the bundle leaves out the C++ runtime, libgcc_s and the other libraries
  the system's GL driver loads itself (`SYSTEM_LIBS`): Mesa's driver needs the
  system's libstdc++, and an older copy loaded first from the bundle kills it
  ("GLIBCXX_3.4.29 not found", then a GLX BadValue). `check_linux_libs` proves the
  folder holds none of them and reads (objdump) the newest GLIBC_ symbol version
  any bundled library needs: the oldest glibc the download runs on.
  The AppStream metainfo and the .desktop file are installed together by
  install-desktop-entry.sh (`appstreamcli validate` checks the metainfo).
- Windows: build/windows/noirburg.nsi, compiled by makensis (per user, no admin,
  Start-menu entry, uninstaller, icon, version).
- macOS: Noirburg.app signed ad hoc (`codesign -s -`), in a .dmg beside a link
  to /Applications.

The project's home page is pyproject.toml's [project.urls]: written once, there.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
VERSION: str = PROJECT["version"]
URLS: dict[str, str] = PROJECT["urls"]
APP_ID = "io.github.noirburg.Noirburg"
WM_CLASS = "noirburg"  # App.start sets SDL's X11/Wayland window class to this
DESKTOP_FILE = f"{APP_ID}.desktop"
METAINFO_FILE = f"{APP_ID}.metainfo.xml"
NSIS_SCRIPT = HERE / "windows" / "noirburg.nsi"

# --- Linux ---------------------------------------------------------------------------------

# Libraries the bundle must not carry: the system's GL driver (Mesa, NVIDIA) loads its
# own copies of these, and a copy from an older build machine, found first in the
# bundle, breaks it. Every desktop Linux has them. (PyInstaller already leaves out
# glibc, libGL/libEGL/libGLX, libdrm, libxcb and libwayland-*.) A name grafted by
# auditwheel (libstdc++-1a2b3c4d.so.6) counts too.
SYSTEM_LIBS = re.compile(
    r"^(libstdc\+\+|libgcc_s|libz|libexpat|libzstd|libxml2|libLLVM|libelf|libdrm\w*|libgbm|"
    r"libGL\w*|libEGL\w*|libOpenGL|libX11\w*|libxcb\w*|libxshmfence|libwayland-\w+)"
    r"(-[0-9a-f]{8})?\.so(\.|$)"
)
# libz, libexpat, libzstd, libxml2, libelf, libLLVM: Mesa's drivers and shader cache


def is_system_lib(name: str) -> bool:
    return SYSTEM_LIBS.match(name) is not None


def elf_files(folder: Path) -> list[Path]:
    """Every regular ELF file under `folder` (symlinks not followed twice)."""
    out = []
    for f in sorted(folder.rglob("*")):
        if f.is_file() and not f.is_symlink():
            with f.open("rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    out.append(f)
    return out


def version_needs(path: Path) -> dict[str, set[str]]:
    """{library soname: {symbol versions}} that `path` requires (its .gnu.version_r),
    read with objdump -p (binutils), or readelf -V."""
    needs: dict[str, set[str]] = {}
    objdump = shutil.which("objdump")
    if objdump:
        text = subprocess.run(
            [objdump, "-p", str(path)], capture_output=True, text=True, check=True
        ).stdout
        lib = ""
        in_refs = False
        for line in text.splitlines():
            if line.startswith("Version References:"):
                in_refs = True
                continue
            if in_refs:
                m = re.match(r"\s+required from (\S+):", line)
                if m:
                    lib = m.group(1)
                    continue
                m = re.match(r"\s+0x[0-9a-f]+ 0x[0-9a-f]+ \d+ (\S+)", line)
                if m:
                    needs.setdefault(lib, set()).add(m.group(1))
                    continue
                if line.strip():
                    in_refs = False
        return needs
    readelf = shutil.which("readelf")
    if readelf is None:
        raise SystemExit("the library check needs objdump or readelf (binutils)")
    text = subprocess.run(
        [readelf, "-V", "--wide", str(path)], capture_output=True, text=True, check=True
    ).stdout
    lib = ""
    for line in text.split("'.gnu.version_r'", 1)[-1].splitlines():
        m = re.search(r"File: (\S+)", line)
        if m:
            lib = m.group(1)
        m = re.search(r"Name: (\S+)", line)
        if m and lib:
            needs.setdefault(lib, set()).add(m.group(1))
    return needs


def _numbers(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version))


def check_linux_libs(app: Path, max_glibc: str | None = None) -> dict[str, str]:
    """Fail if the bundle holds a `SYSTEM_LIBS` library or (with `max_glibc`) needs a
    newer glibc; returns the newest version needed of each kind (GLIBC, GLIBCXX,
    CXXABI, GCC) and the file that needs it."""
    elves = elf_files(app)
    if not elves:
        raise SystemExit(f"no ELF files under {app}")
    forbidden = sorted(
        str(f.relative_to(app)) for f in app.rglob("*") if f.is_file() and is_system_lib(f.name)
    )
    if forbidden:
        raise SystemExit(f"the bundle must not carry system libraries: {forbidden}")
    newest: dict[str, tuple[tuple[int, ...], str, str]] = {}
    for f in elves:
        for versions in version_needs(f).values():
            for v in versions:
                kind, _, num = v.partition("_")
                if kind not in ("GLIBC", "GLIBCXX", "CXXABI", "GCC") or not num[:1].isdigit():
                    continue
                key = (_numbers(num), v, str(f.relative_to(app)))
                if kind not in newest or key[0] > newest[kind][0]:
                    newest[kind] = key
    report = {kind: f"{v} ({who})" for kind, (_, v, who) in sorted(newest.items())}
    if max_glibc and "GLIBC" in newest and newest["GLIBC"][0] > _numbers(max_glibc):
        raise SystemExit(f"the bundle needs {report['GLIBC']}, newer than glibc {max_glibc}")
    return report


def desktop_entry(exec_line: str = "noirburg") -> str:
    return f"""[Desktop Entry]
Type=Application
Name=Noirburg
GenericName=Card game
Comment=NOIR, the Turkish mafia card game, for 3-6 players
Comment[tr]=NOIR, Türk mafya kart oyunu, 3-6 oyuncu
Exec={exec_line}
Icon={APP_ID}
Terminal=false
Categories=Game;CardGame;
Keywords=noir;mafia;cards;hotseat;
StartupWMClass={WM_CLASS}
X-AppVersion={VERSION}
"""


def release_date() -> str:
    """The release's date for the metainfo: $SOURCE_DATE_EPOCH, else the last commit's
    day (so a rebuild writes the same file), else today."""
    import datetime

    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date().isoformat()
    git = shutil.which("git")
    if git and (ROOT / ".git").exists():
        out = subprocess.run(
            [git, "log", "-1", "--format=%cs"], cwd=ROOT, capture_output=True, text=True
        )
        if out.returncode == 0 and re.fullmatch(r"\d{4}-\d\d-\d\d", out.stdout.strip()):
            return out.stdout.strip()
    return datetime.date.today().isoformat()


def metainfo() -> str:
    """AppStream metainfo: what software centres show (name, summary, description,
    screenshots, age rating). OARS 1.1: gunshots, drive-bys and gangsters killed in
    attacks (no blood, no gore): realistic violence, moderate; the Speakeasy of
    Prohibition days: alcohol, mild."""
    home = escape(URLS["Homepage"])
    raw = URLS["Source"].rstrip("/").replace("https://github.com/", "")
    shots = "".join(
        f"""
    <screenshot{' type="default"' if i == 0 else ""}>
      <caption>{escape(caption)}</caption>
      <image>https://raw.githubusercontent.com/{raw}/v{VERSION}/docs/screenshots/{name}</image>
    </screenshot>"""
        for i, (name, caption) in enumerate(
            [
                ("table-3p.png", "Three players: an attack on a Speakeasy being assembled"),
                ("table-6p.png", "Six players mid-game"),
                ("tutorial-en.png", "Learn to play: a guided first game"),
            ]
        )
    )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by build/installers.py (python3 build/installers.py metainfo) -->
<component type="desktop-application">
  <id>{APP_ID}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>MIT</project_license>
  <name>Noirburg</name>
  <summary>NOIR, the Turkish mafia card game, for 3 to 6 players</summary>
  <developer_name>The Noirburg developers</developer_name>
  <description>
    <p>
      A desktop card table for NOIR, the Turkish mafia card game by Ismail Yuksel:
      Prohibition-era bosses fight over the city's rackets with gangsters,
      businesses, bribes and drive-bys.
    </p>
    <p>
      Play at one computer, passing the mouse (hotseat), or against computer
      opponents of three strengths, fully offline. A guided first game teaches the
      rules; the game speaks English and Turkish, and is playable by keyboard alone.
    </p>
  </description>
  <launchable type="desktop-id">{DESKTOP_FILE}</launchable>
  <icon type="stock">{APP_ID}</icon>
  <url type="homepage">{home}</url>
  <url type="bugtracker">{escape(URLS["Issues"])}</url>
  <categories>
    <category>Game</category>
    <category>CardGame</category>
  </categories>
  <keywords>
    <keyword>noir</keyword>
    <keyword>mafia</keyword>
    <keyword>hotseat</keyword>
  </keywords>
  <provides>
    <binary>noirburg</binary>
  </provides>
  <supports>
    <control>pointing</control>
    <control>keyboard</control>
  </supports>
  <content_rating type="oars-1.1">
    <content_attribute id="violence-realistic">moderate</content_attribute>
    <content_attribute id="drugs-alcohol">mild</content_attribute>
  </content_rating>
  <screenshots>{shots}
  </screenshots>
  <releases>
    <release version="{VERSION}" date="{release_date()}">
      <description>
        <p>Downloads for Windows (installer), macOS (.dmg) and Linux.</p>
      </description>
    </release>
  </releases>
</component>
"""


INSTALL_SH = f"""#!/bin/sh
# Add Noirburg to the desktop's application menu and software centre (for this user),
# pointing at this folder: the .desktop file, its AppStream metainfo and the icon.
set -e
here=$(cd "$(dirname "$0")" && pwd)
data="${{XDG_DATA_HOME:-$HOME/.local/share}}"
mkdir -p "$data/applications" "$data/metainfo" "$data/icons/hicolor/256x256/apps"
cp "$here/noirburg.png" "$data/icons/hicolor/256x256/apps/{APP_ID}.png"
cp "$here/{METAINFO_FILE}" "$data/metainfo/{METAINFO_FILE}"
sed "s|^Exec=noirburg|Exec=\\"$here/noirburg\\"|" "$here/{DESKTOP_FILE}" \\
  > "$data/applications/{DESKTOP_FILE}"
command -v update-desktop-database >/dev/null 2>&1 && \\
  update-desktop-database "$data/applications" >/dev/null 2>&1 || true
echo "Noirburg added to the application menu ($data/applications/{DESKTOP_FILE})"
"""


def add_linux_files(app: Path) -> None:
    """The .desktop file, the metainfo, the icon and the menu installer, beside the
    program."""
    shutil.copy2(ROOT / "assets" / "icons" / "noirburg.png", app / "noirburg.png")
    (app / DESKTOP_FILE).write_text(desktop_entry(), "utf-8")
    (app / METAINFO_FILE).write_text(metainfo(), "utf-8")
    script = app / "install-desktop-entry.sh"
    script.write_text(INSTALL_SH, "utf-8")
    script.chmod(0o755)


def validate_metainfo(path: Path) -> tuple[bool, str]:
    """`appstreamcli validate --no-net`: (passed, its report). Passed means exit 0 and
    no warning or error; infos are allowed (appstream 1.0 calls <developer_name>,
    which 0.16 (Debian 12) needs, deprecated). Raises FileNotFoundError when
    appstreamcli is not installed."""
    tool = shutil.which("appstreamcli")
    if tool is None:
        raise FileNotFoundError("appstreamcli (Debian/Ubuntu: apt install appstream)")
    out = subprocess.run([tool, "validate", "--no-net", str(path)], capture_output=True, text=True)
    report = (out.stdout + out.stderr).strip()
    issues = [ln for ln in report.splitlines() if re.match(r"^[WE]: ", ln)]
    return out.returncode == 0 and not issues, report


# --- Windows -------------------------------------------------------------------------------


def makensis() -> str | None:
    found = shutil.which("makensis")
    if found:
        return found
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES")):
        if base and (Path(base) / "NSIS" / "makensis.exe").is_file():
            return str(Path(base) / "NSIS" / "makensis.exe")
    return None


def nsis(app: Path, out: Path) -> Path:
    """Compile build/windows/noirburg.nsi around the folder `app` (holding
    Noirburg.exe) into the setup program `out`."""
    tool = makensis()
    if tool is None:
        raise SystemExit(
            "makensis not found (Windows: choco install nsis; Debian: apt install nsis)"
        )
    out.unlink(missing_ok=True)
    defines = {
        "VERSION": VERSION,
        "SRCDIR": str(app.resolve()),
        "OUTFILE": str(out.resolve()),
        "ICON": str(ROOT / "assets" / "icons" / "noirburg.ico"),
        "URL": URLS["Homepage"],
    }
    flag = "/" if sys.platform == "win32" else "-"  # makensis on Linux takes -D too
    cmd = [tool, f"{flag}V2", f"{flag}INPUTCHARSET", "UTF8"]
    cmd += [f"{flag}D{k}={v}" for k, v in defines.items()] + [str(NSIS_SCRIPT)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0 or not out.is_file():
        print(proc.stdout, proc.stderr, sep="\n")
        raise SystemExit(f"makensis failed (exit {proc.returncode})")
    return out


# --- macOS ---------------------------------------------------------------------------------


def sign_adhoc(app: Path) -> None:
    """Sign Noirburg.app ad hoc (no Apple identity: Gatekeeper still asks once,
    but the signature is whole and Apple silicon runs it) and verify it."""
    subprocess.run(["codesign", "--force", "--deep", "--sign", "-", str(app)], check=True)
    subprocess.run(["codesign", "--verify", "--deep", "--strict", str(app)], check=True)


def dmg(app: Path, out: Path) -> Path:
    """A compressed disk image holding `app` and a link to /Applications (drag to install)."""
    out.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory() as t:
        stage = Path(t) / "Noirburg"
        stage.mkdir()
        subprocess.run(["ditto", str(app), str(stage / app.name)], check=True)
        (stage / "Applications").symlink_to("/Applications")
        subprocess.run(
            ["hdiutil", "create", "-volname", "Noirburg", "-srcfolder", str(stage)]
            + ["-ov", "-format", "UDZO", str(out)],
            check=True,
        )
    subprocess.run(["hdiutil", "verify", str(out)], check=True)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    for name in ("metainfo", "desktop"):
        s = sub.add_parser(name)
        s.add_argument("--out", type=Path, help="write here (default: print)")
    s = sub.add_parser("libs", help="check a built Linux folder's libraries")
    s.add_argument("app", type=Path)
    s.add_argument("--max-glibc", metavar="2.N")
    s = sub.add_parser("nsis", help="compile the Windows installer around a built folder")
    s.add_argument("app", type=Path)
    s.add_argument("--out", type=Path, default=Path(f"noirburg-{VERSION}-windows-x86_64-setup.exe"))
    s = sub.add_parser("dmg", help="sign Noirburg.app ad hoc and put it in a .dmg (macOS)")
    s.add_argument("app", type=Path)
    s.add_argument("--out", type=Path, default=Path(f"noirburg-{VERSION}-macos.dmg"))
    args = p.parse_args(argv)
    if args.what in ("metainfo", "desktop"):
        text = metainfo() if args.what == "metainfo" else desktop_entry()
        if args.out:
            args.out.write_text(text, "utf-8")
        else:
            print(text, end="")
    elif args.what == "libs":
        for kind, need in check_linux_libs(args.app, args.max_glibc).items():
            print(f"newest {kind} needed: {need}")
    elif args.what == "nsis":
        print(nsis(args.app, args.out))
    else:
        sign_adhoc(args.app)
        print(dmg(args.app, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
