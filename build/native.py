"""Compile the engine with mypyc, in place: `python3 tasks.py native` runs this.

The compiled modules are an accelerator, never a fork: they are built from the
very sources in engine/, engine/families/ and engine/bots/ (engine/__init__.py
stays pure Python: it decides at import which build is used, see
`engine.compiled()`), and the pure-Python sources stay the reference and the
fallback. The extension modules land beside the sources (gitignored); the C
files and objects go to .native-build/ (gitignored too).

    python build/native.py            build in place (needs a C compiler and mypy)
    python build/native.py --clean    remove every compiled module: pure Python again
    python build/native.py --check    exit 0 if a C compiler and mypyc are usable
    python build/native.py --if-stale build only if the compiled modules are not current

The build writes engine/_native_stamp.txt, the SHA-256 of the sources it
compiled: engine/__init__.py compares it with the sources on disk and falls back
to pure Python when they differ (an edit after the build never runs stale code).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMP = ROOT / ".native-build"
PACKAGES = ("engine", "engine/families", "engine/bots")
GROUP = "engine._native"  # the shared library: engine/_native__mypyc.<suffix>
STAMP = ROOT / "engine" / "_native_stamp.txt"
# Left pure in both builds: the packages' __init__.py (engine's picks the build, and
# a compiled package module would hide its submodules from `from pkg import mod`);
# events.py and
# messages.py subclass tuple, int and str, which mypyc compiles only as non-native
# classes (a decorator from mypy_extensions, not in the standard library); the rest
# run only when a save is read, a move refused or the rules shown, so compiling them
# would only lengthen the build.
PURE = (
    "engine/families/__init__.py",
    "engine/bots/__init__.py",
) + tuple(
    f"engine/{m}.py"
    for m in (
        "__init__",
        "events",
        "messages",
        "rules_catalogue",
        "notation",
        "validate",
        "migrate",
        "invariants",
        "explain",
        "predict",
    )
)


def sources() -> list[str]:
    """Every module to compile, relative to the root (those in PURE excluded)."""
    out: list[str] = []
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).glob("*.py")):
            rel = p.relative_to(ROOT).as_posix()
            if rel not in PURE:
                out.append(rel)
    return out


def built_files() -> list[Path]:
    """Every compiled product in place (extension modules and the shared library)."""
    suffixes = (".so", ".pyd")
    found = [p for pkg in PACKAGES for p in (ROOT / pkg).iterdir() if p.name.endswith(suffixes)]
    found += [p for p in ROOT.iterdir() if "__mypyc" in p.name]  # an older build's place
    return sorted(found)


def clean() -> None:
    for p in built_files():
        p.unlink()
    STAMP.unlink(missing_ok=True)
    shutil.rmtree(TEMP, ignore_errors=True)


def current() -> bool:
    """The compiled modules are in place and were built from the sources beside them."""
    if not built_files() or not STAMP.exists():
        return False
    sys.path.insert(0, str(ROOT))
    os.environ["NOIRBURG_ENGINE"] = "pure"  # only the digest is wanted: load no build
    from engine import source_digest

    return STAMP.read_text(encoding="utf-8").strip() == source_digest()


def can_build() -> str | None:
    """None when mypyc and a C compiler are there; else why not."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypy (with mypyc) is not installed"
    if os.name == "nt":
        return None  # MSVC is found by setuptools itself; a failed build says why
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None and shutil.which("cc") is None:
        return f"no C compiler ({cc})"
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        return f"no Python headers ({include}/Python.h)"
    return None


def build() -> None:
    why = can_build()
    if why is not None:
        sys.exit(f"cannot build the native engine: {why}")
    from mypyc.build import mypycify
    from setuptools import setup

    sys.path.insert(0, str(ROOT))
    os.environ["NOIRBURG_ENGINE"] = "pure"  # load no compiled module while replacing them
    from engine import source_digest  # what the stamp records

    os.chdir(ROOT)
    clean()
    TEMP.mkdir()
    every = [p.relative_to(ROOT).as_posix() for pkg in PACKAGES for p in (ROOT / pkg).glob("*.py")]
    modules = mypycify(
        sorted(every),  # type-checked together, as `mypy engine` does
        only_compile_paths=sources(),
        opt_level="3",
        target_dir=str(TEMP / "c"),
        group_name=GROUP,
    )
    setup(
        name="noirburg-native",
        # pyproject.toml's readme is dynamic (setup.py makes it for PyPI): this build
        # reads pyproject.toml too, so it names one of its own
        long_description="The engine compiled with mypyc, in place.",
        ext_modules=modules,
        script_args=[
            "build_ext",
            "--inplace",
            "-q",
            "--build-temp",
            str(TEMP / "temp"),
            "--build-lib",
            str(TEMP / "lib"),
        ],
    )
    STAMP.write_text(source_digest() + "\n", encoding="utf-8")
    print(f"native engine: {len(built_files())} compiled files in place")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clean", action="store_true", help="remove the compiled modules")
    p.add_argument("--check", action="store_true", help="exit 0 if the build can run here")
    p.add_argument("--if-stale", action="store_true", help="build only if not current")
    a = p.parse_args()
    if a.if_stale and current():
        print("native engine: current (built from these sources)")
    elif a.clean:
        clean()
        print("native engine removed: pure Python")
    elif a.check:
        why = can_build()
        if why:
            print(why)
        sys.exit(1 if why else 0)
    else:
        build()


if __name__ == "__main__":
    main()
