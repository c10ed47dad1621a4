"""Autosaving that never stops the game: the session's autosave callback.

Every accepted action is written at once. When the disk refuses (full,
read-only, a file where the folder should be, no permission, another window
holding the data folder), the game goes on in memory: `failing` says why in
words for the notice the App draws, the unsaved games wait in `pending`, and
`retry()` (called every frame) writes them as soon as the disk allows it.
"""

from __future__ import annotations

import errno
import logging
import time
from collections.abc import Callable
from pathlib import Path

from noirburg_desktop.datalock import DataLock
from noirburg_desktop.session import GameSession, new_game_id
from noirburg_desktop.storage import Storage
from noirburg_desktop.strings import t

log = logging.getLogger(__name__)

RETRY_S = 2.0


def reason_for(exc: OSError, folder: object) -> str:
    """A player's words for why a write failed."""
    code = exc.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return t("save.reason_full")
    if code == errno.EROFS:
        return t("save.reason_readonly")
    if code in (errno.EACCES, errno.EPERM):
        return t("save.reason_denied", folder=folder)
    if code in (errno.ENOTDIR, errno.EEXIST):
        return t("save.reason_not_folder", folder=folder)
    return str(exc.strerror or exc) or type(exc).__name__


def _exists(path: Path) -> bool:
    try:
        path.stat()
    except OSError:
        return False
    return True


class Saver:
    """Attach as `session.autosave`; never raises."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.monotonic) -> None:
        self.storage = storage
        self.lock = DataLock(storage.root)
        self.pending: dict[str, GameSession] = {}
        self.failing: str | None = None
        self.clock = clock
        self._last_try = float("-inf")
        self._started = False

    # --- the data folder -------------------------------------------------------
    def start(self) -> None:
        """Take the folder's lock and sweep temp files of interrupted writes."""
        self._started = True
        self._ensure_lock()

    def _ensure_lock(self) -> bool:
        if self.lock.held:
            return True
        try:
            got = self.lock.acquire()
        except OSError as exc:
            self._fail(exc)
            return False
        self.storage.read_only = not got
        if not got:
            self.failing = t("save.err_locked")
            return False
        self.storage.clean_temp_files()
        return True

    def stop(self) -> None:
        self.lock.release()

    @property
    def locked_out(self) -> bool:
        """Another Noirburg holds the data folder."""
        return self.lock.busy and not self.lock.held

    @property
    def unsaved(self) -> bool:
        return bool(self.pending)

    # --- writing -----------------------------------------------------------------
    def __call__(self, session: GameSession) -> None:
        self._last_try = self._now()
        if not self._ensure_lock():
            self.pending[session.game_id] = session
            return
        try:
            self.storage.autosave(session)
        except OSError as exc:
            self.pending[session.game_id] = session
            self._fail(exc)
            return
        self.pending.pop(session.game_id, None)
        if not self.pending:
            self._recovered()

    def open(self, session: GameSession) -> None:
        """A game is shown: give it its own autosave (a loaded save whose autosave
        went on beyond it, or elsewhere, becomes a game of its own so that the
        other line of play is kept) and make it the one Continue resumes."""
        path = self.storage.autosave_path(session.game_id)
        same = False
        if _exists(path):
            try:
                same = self.storage.load(path).actions == session.actions
            except Exception:  # unreadable: never overwrite what we cannot read
                same = False
            if not same:
                session.game_id = new_game_id()
        if not same:
            self(session)
        if self._ensure_lock():
            try:
                self.storage.remember_last(session.game_id)
            except OSError as exc:
                self._fail(exc)

    def retry(self) -> None:
        """Called every frame: retry the unsaved games every RETRY_S seconds."""
        if not self.pending and not self.lock.busy:
            return
        if self._now() - self._last_try < RETRY_S:
            return
        self._last_try = self._now()
        if not self.pending:
            if self._ensure_lock():
                self._recovered()
            return
        for session in list(self.pending.values()):
            self(session)

    def _fail(self, exc: OSError) -> None:
        reason = reason_for(exc, self.storage.root)
        if reason != self.failing:
            log.warning("saving fails: %s (%s)", reason, exc)
        self.failing = reason

    def _recovered(self) -> None:
        if self.failing is not None:
            log.info("saving works again")
        self.failing = None

    def _now(self) -> float:
        return self.clock()
