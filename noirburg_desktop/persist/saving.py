"""Autosaving that never stops the game: the session's autosave callback.

Every accepted action is written at once. When the disk refuses (full,
read-only, a file where the folder should be, no permission, another window
holding the data folder), the game goes on in memory: `failing` says why in
words for the notice the App draws, the unsaved games wait in `pending`, and
`retry()` (called every frame) writes them as soon as the disk allows it.

One writer per game, ever (issue 22): the Saver remembers which version of
each autosave it last wrote or read. An autosave found in any other version
was written by another window meanwhile, so this window's line of play
becomes a game of its own (a new id) instead of overwriting that one.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import time
from collections.abc import Callable
from pathlib import Path

from noirburg_desktop.persist.datalock import DataLock
from noirburg_desktop.persist.safefs import shown
from noirburg_desktop.persist.storage import MAX_SAVE_BYTES, Fingerprint, Storage, fingerprint
from noirburg_desktop.session import GameSession, new_game_id
from noirburg_desktop.words.strings import t

log = logging.getLogger(__name__)

RETRY_S = 2.0


def reason_for(exc: OSError, folder: object) -> str:
    """A player's words for why a write failed."""
    code = exc.errno
    folder = shown(folder)
    if code == errno.EFBIG:
        return t("save.reason_too_large", mb=MAX_SAVE_BYTES // (1024 * 1024))
    if code == errno.ELOOP:
        return t("save.reason_link", name=shown(exc.filename or "?", 80))
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return t("save.reason_full")
    if code == errno.EROFS:
        return t("save.reason_readonly")
    if code in (errno.EACCES, errno.EPERM):
        return t("save.reason_denied", folder=folder)
    if code in (errno.ENOTDIR, errno.EEXIST):
        return t("save.reason_not_folder", folder=folder)
    return shown(exc.strerror or exc, 120) or type(exc).__name__


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
        self.lock = DataLock(storage.root, self._lock_set_aside)
        self.pending: dict[str, GameSession] = {}
        # the version of each autosave this window last wrote or read (by path)
        self.known: dict[str, Fingerprint] = {}
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

    def has_autosave(self, session: GameSession) -> bool:
        """The game has an autosave on disk (another window may be playing it)."""
        return _exists(self.storage.autosave_path(session.game_id))

    @property
    def unsaved(self) -> bool:
        return bool(self.pending)

    def _lock_set_aside(self, moved: Path, why: str) -> None:
        self.storage.note(t("files.set_aside", name=".lock", why=why, copy=shown(moved.name, 80)))

    # --- writing -----------------------------------------------------------------
    def __call__(self, session: GameSession) -> None:
        self._last_try = self._now()
        was = session.game_id
        if not self._ensure_lock():
            self.pending[session.game_id] = session
            return
        self._claim(session)
        if session.game_id != was:
            self.pending.pop(was, None)
        try:
            path = self.storage.autosave(session)
        except OSError as exc:
            self.pending[session.game_id] = session
            self._fail(exc)
            return
        now = fingerprint(path)
        if now is not None:
            self.known[str(path)] = now
        self.pending.pop(session.game_id, None)
        if not self.pending:
            self._recovered()

    def _claim(self, session: GameSession) -> None:
        """Only one writer per game, ever: an autosave that another window wrote
        since this one last wrote or read it is left alone, and this line of play
        becomes a game of its own (call only while holding the folder's lock)."""
        path = self.storage.autosave_path(session.game_id)
        now = fingerprint(path)
        if now is None or self.known.get(str(path)) == now:
            return
        session.game_id = new_game_id()
        log.warning(
            "autosave %s was written by another window: kept this game as %s",
            shown(path.name),
            session.game_id,
        )
        self.storage.note(t("copy.forked"))
        with contextlib.suppress(OSError):
            self.storage.remember_last(session.game_id)

    def open(self, session: GameSession) -> None:
        """A game is shown: give it its own autosave (a loaded save whose autosave
        went on beyond it, or elsewhere, becomes a game of its own so that the
        other line of play is kept) and make it the one Continue resumes."""
        path = self.storage.autosave_path(session.game_id)
        same = False
        now = fingerprint(path)
        if now is not None or _exists(path):
            src = session.source
            if src is not None and src == (str(path), now, len(session.actions)):
                same = True  # just read from that very file: no second read of it
            else:
                try:  # the same moves (the shown game is checked): no replay of that file
                    same = self.storage.history(path) == session.actions
                except Exception:  # unreadable: never overwrite what we cannot read
                    same = False
            if same and now is not None:
                self.known[str(path)] = now  # this window may go on writing it
            if not same:
                session.game_id = new_game_id()
        if not same:
            self(session)
        if self._ensure_lock():
            try:
                self.storage.remember_last(session.game_id)
            except OSError as exc:
                self._fail(exc)

    def flush(self) -> None:
        """One more try for every game not saved yet (the app is quitting)."""
        for session in list(self.pending.values()):
            self(session)

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
            log.warning("saving fails: %s (%s)", reason, shown(exc))
        self.failing = reason

    def _recovered(self) -> None:
        if self.failing is not None:
            log.info("saving works again")
        self.failing = None

    def _now(self) -> float:
        return self.clock()
