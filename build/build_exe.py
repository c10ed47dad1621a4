"""Build the one-folder Noirburg app with PyInstaller, smoke-test it, archive it.

Usage: python build/build_exe.py [--no-smoke] [--no-archive] [--max-glibc 2.N]
Output: build/dist/Noirburg/ (Noirburg.app on macOS) and the downloads in build/dist/:
  Linux    noirburg-<version>-linux-<arch>.tar.gz (with the .desktop file, AppStream
           metainfo, icon and install-desktop-entry.sh)
  Windows  noirburg-<version>-windows-<arch>-setup.exe (NSIS, per user) and .zip
  macOS    noirburg-<version>-macos-<arch>.dmg (Noirburg.app, signed ad hoc)
and SHA256SUMS of them; scratch in build/work. Per-OS pieces: build/installers.py.

Linux, before the smoke test: the folder holds no libstdc++, libgcc_s or other
library the system's GL driver loads itself, and the newest GLIBC_ symbol version
its libraries need (objdump) is printed and must not pass the build machine's own
glibc (or --max-glibc).

The smoke test runs the built app, never the source:
  1. --check-assets: every font, card, sound (through the mixer) and the icon loads;
  2. --screenshot of a table (headless), compared pixel for pixel with the same
     screenshot rendered from the source checkout;
  3. --demo: the title, then an all-AI game for some moves, in a real X window
     under Xvfb when it is installed (else headless), autosaving into a fresh
     user data folder (XDG_DATA_HOME), exit code 0; on Linux the libraries the
     running game mapped are read from /proc: the system's GL driver and the
     system's libstdc++, never a copy from the bundle;
  4. (Linux) with no display at all: a clear message and exit code 3;
     the AppStream metainfo passes `appstreamcli validate` (when installed).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = HERE / "dist"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
SHOT_ARGS = ["--players", "4", "--seed", "3", "--autoplay", "40"]
sys.path.insert(0, str(HERE))
import installers  # noqa: E402  (this folder)
from installers import WM_CLASS  # noqa: E402


def target() -> tuple[str, str]:
    """(os name, architecture) for the archive's name."""
    osname = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    arch = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return osname, arch


def build() -> Path:
    """Run PyInstaller; returns the app folder (Noirburg/ or Noirburg.app)."""
    import PyInstaller.__main__

    PyInstaller.__main__.run(
        [
            str(HERE / "noirburg.spec"),
            "--noconfirm",
            "--clean",
            "--distpath",
            str(DIST),
            "--workpath",
            str(HERE / "work"),
        ]
    )
    app = DIST / ("Noirburg.app" if sys.platform == "darwin" else "Noirburg")
    if not app.exists():
        raise SystemExit(f"build failed: {app} missing")
    if sys.platform == "darwin":
        shutil.rmtree(DIST / "Noirburg", ignore_errors=True)  # the .app holds it all
        installers.sign_adhoc(app)  # before the smoke test: what is tested is what ships
    add_extras(app)
    return app


def add_extras(app: Path) -> None:
    """Licences beside the program too (the spec already put them inside); on Linux the
    .desktop file, icon and menu installer. Nothing is added to a (signed) macOS .app."""
    if sys.platform == "darwin":
        return
    for name in ("LICENSE", "THIRD_PARTY_NOTICES.md"):
        shutil.copy2(ROOT / name, app / name)
    if sys.platform == "linux":
        installers.add_linux_files(app)


def executable(app: Path) -> Path:
    if sys.platform == "darwin":
        return app / "Contents" / "MacOS" / "Noirburg"
    return app / ("Noirburg.exe" if sys.platform == "win32" else "noirburg")


def _run(cmd: list[str], env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess:  # type: ignore[type-arg]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        print(proc.stdout, proc.stderr, sep="\n")
        raise SystemExit(f"smoke test failed: {cmd[1:]} exited {proc.returncode}")
    return proc


def _headless(tmp: Path) -> dict[str, str]:
    return dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        XDG_DATA_HOME=str(tmp / "data"),
        XDG_STATE_HOME=str(tmp / "state"),
        NOIRBURG_LOG_DIR=str(tmp / "log"),
    )


def _native_built() -> bool:
    """The checkout has the compiled engine (`tasks.py native`): the bundle must load it."""
    engine = Path(__file__).resolve().parent.parent / "engine"
    return any(p.name.startswith("flow.") for p in engine.glob("flow.*") if p.suffix != ".py")


def smoke(exe: Path) -> None:
    app = exe.parents[2] if sys.platform == "darwin" else exe.parent
    for name in ("LICENSE", "THIRD_PARTY_NOTICES.md", "LICENSE-DejaVu.txt", "NotoSans-LICENSE.txt"):
        if not any(app.rglob(name)):
            raise SystemExit(f"smoke test failed: {name} is not in the bundle")
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        env = _headless(tmp)
        report = tmp / "check-assets.txt"
        _run([str(exe), "--check-assets"], dict(env, NOIRBURG_SELFTEST_OUT=str(report)))
        out = report.read_text("utf-8")
        if "6 sounds" not in out or "(sound on)" not in out:
            raise SystemExit(f"smoke test failed: assets without sound: {out}")
        print("smoke 1/4:", out.strip())
        if _native_built() and "engine: compiled" not in out:
            raise SystemExit("smoke test failed: the checkout is compiled, the bundle's engine not")

        shot, ref = tmp / "bundle.png", tmp / "source.png"
        _run([str(exe), "--screenshot", str(shot), *SHOT_ARGS], env)
        _run([sys.executable, "-m", "noirburg_desktop", "--screenshot", str(ref), *SHOT_ARGS], env)
        same = same_pixels(shot, ref)
        if not same:
            raise SystemExit("smoke test failed: the bundle's table screenshot differs from source")
        print(f"smoke 2/4: table screenshot identical to the source checkout's ({same} pixels)")

        demo(exe, tmp)
        if sys.platform == "linux":
            bare = {k: v for k, v in env.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
            bare.pop("WAYLAND_DISPLAY", None)
            proc = subprocess.run([str(exe)], env=bare, capture_output=True, text=True, timeout=60)
            if proc.returncode != 3 or "needs a screen" not in proc.stderr:
                raise SystemExit(f"smoke test failed: no display gave {proc.returncode}")
            print("smoke 4/4: no display -> exit 3:", proc.stderr.strip().splitlines()[-1])
            metainfo = app / installers.METAINFO_FILE
            try:
                passed, report = installers.validate_metainfo(metainfo)
            except FileNotFoundError as missing:
                print(f"smoke 4/4: metainfo not validated: no {missing}")
            else:
                if not passed:
                    raise SystemExit(f"smoke test failed: appstreamcli validate:\n{report}")
                print(
                    f"smoke 4/4: {metainfo.name}: appstreamcli validate: {report.splitlines()[-1]}"
                )


def same_pixels(a: Path, b: Path) -> int:
    """Pixel count if the two PNGs are identical, else 0."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    ia, ib = pygame.image.load(str(a)), pygame.image.load(str(b))
    if ia.get_size() != ib.get_size():
        return 0
    if pygame.image.tobytes(ia, "RGB") != pygame.image.tobytes(ib, "RGB"):
        return 0
    return ia.get_width() * ia.get_height()


def start_xvfb() -> tuple[subprocess.Popen[bytes] | None, str | None]:
    """A private 1280x800 X server when Xvfb is installed (Linux): (process, ":N")."""
    if sys.platform != "linux" or not shutil.which("Xvfb"):
        return None, None
    n = next(
        i
        for i in range(90, 250)
        if not Path(f"/tmp/.X11-unix/X{i}").exists() and not Path(f"/tmp/.X{i}-lock").exists()
    )
    proc = subprocess.Popen(
        ["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(50):
        if Path(f"/tmp/.X11-unix/X{n}").exists():
            return proc, f":{n}"
        time.sleep(0.2)
    proc.kill()
    return None, None


def demo(exe: Path, tmp: Path, moves: int = 60) -> None:
    """The title, then an all-AI game; in a real X window when Xvfb is there."""
    report = tmp / "demo.txt"
    env = dict(_headless(tmp), NOIRBURG_SELFTEST_OUT=str(report))
    # Linux: the real user data folder, moved by XDG_DATA_HOME; elsewhere a folder of our
    # own, never the developer's saves
    data_dir = [] if sys.platform == "linux" else ["--data-dir", str(tmp / "data")]
    xvfb, display = start_xvfb()
    if display:
        env.update(DISPLAY=display)
        env.pop("SDL_VIDEODRIVER")
    try:
        game = subprocess.Popen(
            [str(exe), "--windowed", "--demo", str(moves), *data_dir],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        wm_class = ""
        mapped: set[str] = set()
        if xvfb is not None and shutil.which("xdotool"):
            for _ in range(100):
                found = subprocess.run(
                    ["xdotool", "search", "--class", WM_CLASS], env=env, capture_output=True
                )
                if found.stdout.strip():
                    wm_class = WM_CLASS
                    time.sleep(0.5)  # the window is up: its GL driver is loaded
                    mapped = mapped_libraries(game.pid)
                    break
                if game.poll() is not None:
                    break
                time.sleep(0.1)
        output = game.communicate(timeout=600)[0]
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
    output += report.read_text("utf-8") if report.exists() else ""
    saves = tmp / "data" / "Noirburg" / "saves"
    if sys.platform != "linux":
        saves = tmp / "data" / "saves"
    autosave = next(iter(sorted(saves.glob("autosave-*.json"))), saves / "autosave-*.json")
    if game.returncode != 0 or "title shown" not in output or not autosave.exists():
        print(output)
        raise SystemExit(f"smoke test failed: demo exited {game.returncode}, autosave {autosave}")
    where = f"X window (class {wm_class or '?'}) under Xvfb" if xvfb else "headless"
    last = sorted({line for line in output.splitlines() if line.startswith("demo:")})
    print(f"smoke 3/4: {where}: title, {'; '.join(last)}")
    if xvfb is not None and shutil.which("xdotool") and not wm_class:
        raise SystemExit(f"smoke test failed: no window with WM_CLASS {WM_CLASS}")
    if mapped:
        system_gl(mapped, exe.parent)


def mapped_libraries(pid: int) -> set[str]:
    """The files a running process has mapped (Linux: /proc/PID/maps)."""
    try:
        text = Path(f"/proc/{pid}/maps").read_text("utf-8")
    except OSError:
        return set()
    return {line.split(None, 5)[5] for line in text.splitlines() if len(line.split(None, 5)) == 6}


def system_gl(mapped: set[str], app: Path) -> None:
    """The running game's GL driver and C++ runtime come from the system, not the bundle."""
    inside = sorted(
        p for p in mapped if p.startswith(str(app)) and installers.is_system_lib(Path(p).name)
    )
    if inside:
        raise SystemExit(
            f"smoke test failed: the game loaded system libraries from the bundle: {inside}"
        )
    gl = sorted(
        Path(p).name
        for p in mapped
        if "/dri/" in p or Path(p).name.startswith(("libGLX", "libGL.", "libEGL"))
    )
    cxx = sorted(p for p in mapped if Path(p).name.startswith("libstdc++"))
    print(f"smoke 3/4: GL from the system: {', '.join(gl) or 'none loaded'}")
    print(f"smoke 3/4: C++ runtime: {', '.join(cxx) or 'not loaded'}")


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def archive(app: Path) -> list[Path]:
    """The downloads: .tar.gz on Linux; the NSIS installer and a .zip on Windows; a .dmg
    of Noirburg.app (signed ad hoc) on macOS. Then SHA256SUMS beside them."""
    osname, arch = target()
    stem = DIST / f"noirburg-{VERSION}-{osname}-{arch}"
    outs: list[Path] = []
    if sys.platform == "linux":
        out = stem.with_name(stem.name + ".tar.gz")
        with tarfile.open(out, "w:gz", compresslevel=9) as tar:
            tar.add(app, arcname=f"Noirburg-{VERSION}")
        outs.append(out)
    elif sys.platform == "darwin":
        outs.append(installers.dmg(app, stem.with_name(stem.name + ".dmg")))
    else:
        outs.append(installers.nsis(app, stem.with_name(stem.name + "-setup.exe")))
        outs.append(Path(shutil.make_archive(str(stem), "zip", app.parent, app.name)))
    mb = 1024 * 1024
    for out in outs:
        print(
            f"download {out.name}: {out.stat().st_size / mb:.1f} MB "
            f"(unpacked {folder_size(app) / mb:.1f} MB)"
        )
    sums = DIST / "SHA256SUMS"
    sums.write_text(
        "".join(f"{hashlib.sha256(o.read_bytes()).hexdigest()}  {o.name}\n" for o in outs),
        "utf-8",
    )
    print(sums.read_text("utf-8").rstrip())
    return outs


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--no-smoke", action="store_true", help="skip running the built app")
    p.add_argument("--no-archive", action="store_true", help="leave the folder unarchived")
    p.add_argument(
        "--max-glibc",
        metavar="2.N",
        help="(Linux) fail if the bundle needs a newer glibc than this (default: the "
        "build machine's own; CI: 2.31, Debian 11's)",
    )
    args = p.parse_args()
    sys.path.insert(0, str(ROOT))
    app = build()
    if sys.platform == "linux":
        # no libstdc++/libgcc_s/GL-stack library in the folder; the newest symbol versions
        limit = args.max_glibc or platform.libc_ver()[1]  # the build base's glibc
        newest = installers.check_linux_libs(app, limit or None)
        print("the bundle holds no libstdc++, libgcc_s or GL-stack library")
        print(f"its libraries need (at most glibc {limit}, the limit checked):")
        for kind, need in newest.items():
            print(f"  newest {kind}_ symbol version: {need}")
    if not args.no_smoke:
        smoke(executable(app))
    if not args.no_archive:
        archive(app)


if __name__ == "__main__":
    main()
