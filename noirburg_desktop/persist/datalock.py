"""One Noirburg per data folder: a lock file held while the app runs.

Two windows on one folder would overwrite each other's autosaves and
settings. The first takes an OS lock on `<data>/.lock` (released by the OS
even if the process is killed); a second is told and does not write, and
takes the lock over as soon as the first exits. (Which games it may then
write is `saving.Saver`'s business: never one the other window played on.)

The lock file is hostile input like every file of the data folder, though
nothing in it is ever read: it is opened without following a link, and a
link, a folder or a FIFO standing in its place is set aside (renamed, never
deleted) with a note for the player, and a fresh lock file made.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from noirburg_desktop.persist import safefs


class DataLock:
    def __init__(self, root: Path, note: Callable[[Path, str], None] | None = None) -> None:
        self.path = Path(root) / ".lock"
        self._fd: int | None = None
        self.busy = False  # another process holds it (the last try said so)
        self.note = note  # told about a lock file that had to be set aside

    @property
    def held(self) -> bool:
        return self._fd is not None

    def _open(self) -> int:
        """The lock file, opened for writing without following a link; whatever
        else stands there (a link, a folder, a FIFO) is set aside first."""
        for _ in range(2):
            if safefs.is_link(self.path) or (
                os.path.lexists(self.path) and not os.path.isfile(self.path)
            ):
                self._set_aside("a link" if safefs.is_link(self.path) else "not a file")
            fd = safefs.open_nofollow(
                self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644
            )
            if stat.S_ISREG(os.fstat(fd).st_mode):
                return fd
            os.close(fd)  # swapped for something else meanwhile: once more
        raise OSError(0, "the lock file cannot be made")

    def _set_aside(self, why: str) -> None:
        moved = safefs.set_aside(self.path)
        if moved is None:
            raise safefs.LinkRefused(self.path)
        if self.note is not None:
            self.note(moved, why)

    def acquire(self) -> bool:
        """Take the lock if free. False when another instance holds it (`busy`)
        or the folder cannot hold a lock file (OSError passes through then)."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = self._open()
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            self.busy = True
            return False
        self.busy = False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                _unlock(self._fd)
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
