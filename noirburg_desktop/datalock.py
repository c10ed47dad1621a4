"""One Noirburg per data folder: a lock file held while the app runs.

Two windows on one folder would overwrite each other's autosaves and
settings. The first takes an OS lock on `<data>/.lock` (released by the OS
even if the process is killed); a second is told and does not write, and
takes the lock over as soon as the first exits.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import IO


class DataLock:
    def __init__(self, root: Path) -> None:
        self.path = Path(root) / ".lock"
        self._fh: IO[bytes] | None = None
        self.busy = False  # another process holds it (the last try said so)

    @property
    def held(self) -> bool:
        return self._fh is not None

    def acquire(self) -> bool:
        """Take the lock if free. False when another instance holds it (`busy`)
        or the folder cannot hold a lock file (OSError passes through then)."""
        if self._fh is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fh = open(self.path, "a+b")  # noqa: SIM115 - kept open while the lock is held
        try:
            _lock(fh)
        except OSError:
            fh.close()
            self.busy = True
            return False
        self.busy = False
        self._fh = fh
        return True

    def release(self) -> None:
        if self._fh is not None:
            with contextlib.suppress(OSError):
                _unlock(self._fh)
            self._fh.close()
            self._fh = None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(fh: IO[bytes]) -> None:
        fh.seek(0)
        msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)

    def _unlock(fh: IO[bytes]) -> None:
        fh.seek(0)
        msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fh: IO[bytes]) -> None:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fh: IO[bytes]) -> None:
        fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
