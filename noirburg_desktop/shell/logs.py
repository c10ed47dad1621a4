"""Where the app writes what went wrong: its log file and crash reports.

Both live in the platform's user log folder (platformdirs, app "Noirburg"),
so a player can find and send them; $NOIRBURG_LOG_DIR overrides it (tests).
Nothing here may raise: a disk that refuses a log line must not become the
crash it was meant to record. Nor may it be noisy: Python's logging prints a
"--- Logging error ---" traceback on stderr for every line a full disk refuses;
the app's handler counts them instead (`QuietFileHandler.failures`), silently.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import platform
import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

from noirburg_desktop import version
from noirburg_desktop.persist.safefs import shown

LOG_NAME = "noirburg.log"


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """The log file. A line the disk refuses (full, gone, read-only) is counted in
    `failures` and dropped: never a traceback on stderr, never an exception. The
    file is reopened at the next line, so logging resumes when the disk does."""

    failures = 0  # every instance's refused lines (a class-wide count)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        QuietFileHandler.failures += 1
        stream, self.stream = self.stream, None
        if stream is not None:
            with contextlib.suppress(Exception):  # a full disk refuses the flush too
                stream.close()


def log_failures() -> int:
    """How many log lines the disk refused since the app started."""
    return QuietFileHandler.failures


def log_dir() -> Path:
    env = os.environ.get("NOIRBURG_LOG_DIR")
    if env:
        return Path(env)
    from platformdirs import user_log_dir

    return Path(user_log_dir("Noirburg", "Noirburg"))


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Send the app's log to `log_dir()/noirburg.log` (rotated at 1 MB); None if
    the folder cannot be written (the game then logs to stderr only)."""
    root = logging.getLogger()
    root.setLevel(level)
    folder = log_dir()
    path = folder / LOG_NAME
    if any(getattr(h, "baseFilename", None) == str(path) for h in root.handlers):
        return path
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = QuietFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8", errors="backslashreplace"
        )
    except OSError as exc:
        logging.getLogger(__name__).warning("no log file (%s)", shown(exc))
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    return path


def _report_text(exc: BaseException, context: str) -> str:
    lines = [
        f"Noirburg {version()} crash report, {datetime.now().isoformat(timespec='seconds')}",
        f"Python {sys.version.split()[0]} on {platform.platform()}",
        f"While: {context}",
        "",
        *traceback.format_exception(type(exc), exc, exc.__traceback__),
    ]
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def write_crash_report(exc: BaseException, context: str = "") -> tuple[Path | None, str]:
    """Write a report of `exc`; returns (its path, "") or (None, why not).
    Falls back to the temp folder when the log folder refuses."""
    logging.getLogger(__name__).error("unexpected error (%s)", context, exc_info=exc)
    text = _report_text(exc, context)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    why = ""
    for folder in (log_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"noirburg-crash-{stamp}.txt"
            path.write_text(text, encoding="utf-8")
            return path, ""
        except OSError as err:
            why = err.strerror or type(err).__name__
    return None, why
