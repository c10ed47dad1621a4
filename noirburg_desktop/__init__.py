"""Noirburg desktop app: a pygame-ce card table for NOIR.

Nothing here runs at import time; `noirburg_desktop.__main__.main()` starts the app.
`__version__` is pyproject.toml's version, read lazily (see `version()`).
"""

from __future__ import annotations

import functools
from pathlib import Path


@functools.cache
def version() -> str:
    """The installed distribution's version (wheel, pipx, editable, the frozen
    bundle, which carries the metadata); in a bare source checkout, pyproject.toml's.
    Imported here, not at the top: every module of the app imports this package
    first, and only the crash report, the title and --version ask for the version."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("noirburg")
    except PackageNotFoundError:
        import tomllib

        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        try:
            return str(tomllib.loads(pyproject.read_text("utf-8"))["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "0+unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(name)
