"""Shared test setup: headless SDL before anything imports pygame, repo root on sys.path."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# A first start picks the system's language; the tests expect English unless they say.
os.environ["NOIRBURG_LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # works without `pip install -e .` too
    sys.path.insert(0, str(ROOT))


def pytest_configure(config: object) -> None:
    """NOIRBURG_ENGINE=compiled (tasks.py test's second run) must really test the
    compiled engine: stop at once if the pure one loaded instead."""
    if os.environ.get("NOIRBURG_ENGINE") == "compiled":
        import engine

        if not engine.compiled():
            import pytest

            raise pytest.UsageError(
                "NOIRBURG_ENGINE=compiled but the pure engine loaded (python3 tasks.py native)"
            )


def pytest_report_header() -> str:
    import engine

    return f"engine: {'compiled (mypyc)' if engine.compiled() else 'pure Python'}"
