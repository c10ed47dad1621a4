"""Ctrl+C (SIGINT) and SIGTERM quit the app cleanly (issue 22).

Without this, Ctrl+C in the terminal printed a KeyboardInterrupt traceback, and
SDL turned SIGTERM into a window-close that opened "quit anyway?" when the disk
refused writes, so a `kill` never ended the game. Now the first signal asks the
frame loop to stop at the end of the frame: the pending autosaves are written
once if the disk allows, one line goes to the log, and the process exits with
128 + the signal's number (130 for SIGINT, 143 for SIGTERM) and no traceback.
Never a hang: a second signal, or GRACE_S seconds without the loop ending (a
disk that blocks, a frame that never returns), ends the process at once; every
write is atomic, so nothing is left half-written.

SDL is told not to install handlers of its own (SDL_NO_SIGNAL_HANDLERS). On
Windows there is no SIGTERM delivered to a process the POSIX way (TerminateProcess
cannot be caught); SIGINT and SIGBREAK (Ctrl+C / Ctrl+Break in a console) are.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import threading
from types import FrameType
from typing import Protocol

log = logging.getLogger(__name__)

GRACE_S = 8.0
NAMES = ("SIGINT", "SIGTERM", "SIGBREAK") if sys.platform == "win32" else ("SIGINT", "SIGTERM")


class Stoppable(Protocol):
    running: bool
    signalled: int | None


def exit_code(signum: int) -> int:
    return 128 + signum


def signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


class SignalQuit:
    """The process's handler for the quit signals; `app` is set once the App exists."""

    def __init__(self) -> None:
        self.app: Stoppable | None = None
        self.received: int | None = None
        self.installed: list[int] = []
        self._before: dict[int, object] = {}

    def install(self) -> list[int]:
        """Handle the quit signals this platform delivers (main thread only)."""
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # read by pygame.init()
        if threading.current_thread() is not threading.main_thread():
            return []
        for name in NAMES:
            num = getattr(signal, name, None)
            if num is None:
                continue
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                self._before[int(num)] = signal.signal(num, self.handle)
                self.installed.append(int(num))
        return self.installed

    def uninstall(self) -> None:
        """Put back the handlers found by `install`."""
        for num, before in self._before.items():
            if callable(before) or before in (signal.SIG_DFL, signal.SIG_IGN):
                with contextlib.suppress(OSError, ValueError, RuntimeError, TypeError):
                    signal.signal(num, before)  # type: ignore[arg-type]
        self._before.clear()

    def handle(self, signum: int, frame: FrameType | None) -> None:
        if self.received is not None:
            os._exit(exit_code(self.received))  # asked twice: at once
        self.received = signum
        code = exit_code(signum)
        watchdog = threading.Timer(GRACE_S, os._exit, args=(code,))
        watchdog.daemon = True
        watchdog.start()
        app = self.app
        if app is not None and app.running:
            app.signalled = signum  # the frame loop ends after this frame
            return
        log.info("quit on %s before the game started", signal_name(signum))
        raise SystemExit(code)  # not started yet: nothing to save, no traceback
