"""Saves and settings on disk: atomic JSON files in the user's data folder.

A crash, a kill or a full disk during a write must never cost the player the
previous save, so every write goes to a temporary file in the same folder,
is flushed and fsynced, and only then renamed over the old file. Reading is
just as defensive: a damaged, foreign or too-new file becomes an entry with a
readable message; it is never raised, deleted or overwritten.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
import stat
import tempfile
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from noirburg_desktop.i18n import detect_language
from noirburg_desktop.session import GameSession, printable
from noirburg_desktop.strings import t

log = logging.getLogger(__name__)

APP_ID = "noirburg"
SAVE_VERSION = 1
AUTOSAVE = "autosave"  # the one autosave of older versions; now "autosave-<game id>"
SAVE_SUFFIX = ".json"
MAX_SAVE_BYTES = 20 * 1024 * 1024  # a save is a few hundred KB at most
MAX_SETTINGS_BYTES = 64 * 1024  # settings are a few hundred bytes
MAX_LABEL_SHOWN = 80  # a label is shown (and kept) to this many characters
CONTINUE_FILE = "continue.json"  # which game Continue resumes
TEMP_RE = re.compile(r"\..+\.[A-Za-z0-9_]{4,}\.tmp")  # write_json_atomic's temp names


def default_data_dir() -> Path:
    """$NOIRBURG_DATA_DIR if set (tests), else the platform's user data folder."""
    env = os.environ.get("NOIRBURG_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("Noirburg", "Noirburg"))


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON so that `path` holds either the old or the new content, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def read_regular_file(path: Path, limit: int) -> bytes:
    """At most `limit` + 1 bytes of `path`, which must be a regular file.

    A FIFO or a device named like a save or settings.json would block or never
    end: the file is opened without blocking and refused unless fstat calls it
    regular; OSError (with an explanation) for anything else."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "not a regular file")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def clean_text(text: str, limit: int = 200) -> str:
    """`text` safe to draw: control characters become "?", at most `limit` chars."""
    out = "".join(ch if printable(ch) else "?" for ch in text[: limit + 1])
    return out if len(out) <= limit else out[: limit - 1] + "…"


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); a no-op where folders can't be opened."""
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


# --- settings ----------------------------------------------------------------

AI_SPEEDS = ("slow", "normal", "fast", "instant")
# How long the table waits for a person it asked to react (and a hotseat claim bar
# runs); 0 = "wait for me": no clock.
REACTION_SECONDS = (5, 10, 20, 30, 60, 0)
WAIT_FOR_ME = 0
# When the table stops to ask (Settings → Reactions, issue 20): only when what you own
# is threatened and you hold an answer; at every chance the engine gives; never.
REACTION_POLICIES = ("threats", "always", "never")
INT_RANGES = {"ui_scale": (100, 150), "volume": (0, 100), "reaction_window_s": (0, 60)}
OLD_REACTION_DEFAULT_S = 5  # before issue 20 (prompts at every chance ran 5 s)


@dataclass
class Settings:
    """What the player chose in the Settings screen; unknown or bad values fall
    back to defaults so an old or hand-edited file never stops the game."""

    fullscreen: bool = False
    # empty until the window is first closed: the first window is sized to the desktop
    window_size: list[int] = field(default_factory=list)
    ai_speed: str = "normal"
    reaction_window_s: int = 20  # 0: wait for me (REACTION_SECONDS)
    language: str = "en"
    sound: bool = True
    # Settings → Reactions (REACTION_POLICIES). Replaces the old keys: auto_pass_reactions
    # (true: "never") and always_ask_reactions (true: "always"); see `from_json`.
    reactions: str = "threats"
    # access (issue 14): UI scale in percent, sound volume, mute, reduced motion
    ui_scale: int = 100
    volume: int = 80
    reduced_motion: bool = False
    # first-time tips (issue 14): "Hide tips", and the tips already shown once
    tips_off: bool = False
    tips_seen: list[str] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        s = cls()
        if not isinstance(data, dict):
            return s
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(s, f.name)
            if f.name == "window_size":
                ok = (
                    isinstance(value, list)
                    and len(value) == 2
                    and all(isinstance(v, int) and 200 <= v <= 10000 for v in value)
                )
            elif f.name == "tips_seen":
                ok = isinstance(value, list) and all(
                    isinstance(v, str) and len(v) < 40 for v in value[:64]
                )
                value = list(value[:64]) if ok else value
            elif isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, int):
                lo, hi = INT_RANGES.get(f.name, (1, 60))
                ok = isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
            else:
                ok = isinstance(value, str)
            if ok:
                setattr(s, f.name, value)
        if s.ai_speed not in AI_SPEEDS:
            s.ai_speed = "normal"
        if s.reactions not in REACTION_POLICIES:
            s.reactions = "threats"
        if "reactions" not in data:
            s._migrate_reactions(data)
        return s

    def _migrate_reactions(self, data: dict[str, Any]) -> None:
        """A settings file from before issue 20: "Auto-pass reactions" on meant never
        being asked, the hotseat "always ask" key asking at every chance; the old
        default window of 5 s (made for prompts at every chance) becomes the new
        default, a length the player picked is kept."""
        if data.get("auto_pass_reactions") is True:
            self.reactions = "never"
        elif data.get("always_ask_reactions") is True:
            self.reactions = "always"
        if data.get("reaction_window_s") == OLD_REACTION_DEFAULT_S:
            self.reaction_window_s = Settings.reaction_window_s

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# --- save entries ------------------------------------------------------------


class SaveError(Exception):
    """A save file that cannot be used; `str()` is a sentence for the player."""


@dataclass
class SaveEntry:
    """One row of the Load screen. `error` is set (and the rest mostly empty)
    for files that cannot be loaded. Every text in it is safe to draw."""

    path: Path
    slot: str
    label: str = ""
    saved_at: datetime | None = None
    players: int = 0
    round: int = 0
    names: tuple[str, ...] = ()
    finished: bool = False
    error: str | None = None
    game_id: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def is_autosave(self) -> bool:
        return self.slot == AUTOSAVE or self.slot.startswith(AUTOSAVE + "-")

    @property
    def file_name(self) -> str:
        """The file's name as it can be shown (a name may hold any byte)."""
        return clean_text(self.path.name, 60)

    def date_text(self) -> str:
        try:
            if self.saved_at is None:
                stamp = datetime.fromtimestamp(self.path.stat().st_mtime)
            else:
                stamp = self.saved_at.astimezone()
            return stamp.strftime("%Y-%m-%d %H:%M")
        except (OSError, ValueError, OverflowError):
            return "—"


def _read_save(path: Path) -> tuple[dict[str, Any], GameSession]:
    """Parse and validate a save file; SaveError with a readable message if bad."""
    try:
        raw = read_regular_file(path, MAX_SAVE_BYTES)
    except OSError as exc:
        raise SaveError(
            t("save.err_unreadable", detail=exc.strerror or type(exc).__name__)
        ) from exc
    if not raw.strip():
        raise SaveError(t("save.err_empty"))
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(t("save.err_too_large"))
    try:
        doc = json.loads(raw.decode("utf-8-sig"))  # a BOM from a Windows editor is fine
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveError(t("save.err_not_json")) from exc
    if not isinstance(doc, dict) or doc.get("app") != APP_ID:
        raise SaveError(t("save.err_foreign"))
    version = doc.get("save_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(t("save.err_foreign"))
    if version > SAVE_VERSION:
        raise SaveError(t("save.err_too_new", version=clean_text(str(version), 12)))
    if _parse_time(doc.get("saved_at")) is None:
        raise SaveError(t("save.err_bad_date"))
    label = doc.get("label", "")
    if not isinstance(label, str) or not printable(label[: MAX_LABEL_SHOWN * 4]):
        raise SaveError(t("save.err_bad_label"))
    session_data = doc.get("session")
    if not isinstance(session_data, dict):
        raise SaveError(t("save.err_no_game"))
    try:
        session = GameSession.from_json(session_data)
    except Exception as exc:  # any damage inside the game data: report, never raise
        detail = clean_text(str(exc).strip() or type(exc).__name__, 120)
        raise SaveError(t("save.err_bad_session", detail=detail)) from exc
    return doc, session


def _parse_time(value: Any) -> datetime | None:
    """The save's timestamp, or None unless it is one a clock could show."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        stamp = datetime.fromisoformat(value)
        stamp = stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
        stamp.astimezone().strftime("%Y-%m-%d %H:%M")  # the Title and Load screens do this
        stamp.timestamp()
    except (ValueError, OverflowError, OSError):
        return None
    return stamp if 1970 <= stamp.year <= 9000 else None


_SLOT_RE = re.compile(r"[^A-Za-z0-9_-]+")


def _stamp(entry: SaveEntry) -> float:
    return entry.saved_at.timestamp() if entry.saved_at else 0.0


class Storage:
    """The data folder: saves/ (autosave + manual slots) and settings.json."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else default_data_dir()
        self.saves_dir = self.root / "saves"
        self.settings_path = self.root / "settings.json"
        # False when settings.json is something we must not replace (a FIFO, a folder)
        self.settings_writable = True
        # set by the app while another instance holds the data folder: nothing is written
        self.read_only = False

    # settings
    def load_settings(self) -> Settings:
        """The settings on disk, or defaults. Never raises, never hangs, and a
        file we cannot read as settings is copied aside (and logged) before the
        next save could replace it."""
        path = self.settings_path
        try:
            mode = path.stat().st_mode
        except OSError:
            # none yet (first start) or the folder is unreachable: defaults, in the
            # system's language (saved from then on)
            return Settings(language=detect_language())
        if not stat.S_ISREG(mode):
            log.warning("%s is not a regular file; using default settings", path)
            self.settings_writable = False
            return Settings(language=detect_language())
        try:
            raw = read_regular_file(path, MAX_SETTINGS_BYTES)
        except OSError as exc:
            log.warning("cannot read %s (%s); using default settings", path, exc)
            self.settings_writable = False
            return Settings(language=detect_language())
        try:
            if len(raw) > MAX_SETTINGS_BYTES:
                raise ValueError("too large")
            data = json.loads(raw.decode("utf-8-sig"))  # a BOM from a Windows editor is fine
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except (ValueError, RecursionError) as exc:
            self._keep_broken_settings(exc)
            return Settings(language=detect_language())
        return Settings.from_json(data)

    def _keep_broken_settings(self, why: BaseException) -> None:
        """Copy an unreadable settings.json aside so saving ours loses nothing."""
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        copy = self.settings_path.with_name(f"settings.broken-{stamp}.json")
        reason = type(why).__name__ if isinstance(why, RecursionError) else str(why)[:80]
        try:
            if not copy.exists():
                shutil.copyfile(self.settings_path, copy)
        except OSError as exc:
            log.warning("settings.json is damaged (%s) and cannot be copied: %s", reason, exc)
            self.settings_writable = False  # then keep the original rather than lose it
            return
        log.warning("settings.json is damaged (%s); kept a copy as %s", reason, copy.name)

    def save_settings(self, settings: Settings) -> None:
        # a read-only profile must not crash the game; the settings stay in memory
        if not self.settings_writable or self.read_only:
            return
        try:
            write_json_atomic(self.settings_path, settings.to_json())
        except OSError as exc:
            log.info("settings not saved: %s", exc)

    # housekeeping
    def clean_temp_files(self) -> int:
        """Remove temp files left by writes a crash or a kill interrupted (call
        it only while holding the data folder's lock). Returns how many."""
        removed = 0
        for folder in (self.root, self.saves_dir):
            try:
                names = [e.name for e in os.scandir(folder) if e.is_file(follow_symlinks=False)]
            except OSError:
                continue
            for name in names:
                if TEMP_RE.fullmatch(name):
                    try:
                        os.unlink(folder / name)
                        removed += 1
                    except OSError:
                        pass
        if removed:
            log.info("removed %d temp files of interrupted writes", removed)
        return removed

    # saves
    def slot_path(self, slot: str) -> Path:
        safe = _SLOT_RE.sub("-", slot).strip("-") or "save"
        return self.saves_dir / f"{safe}{SAVE_SUFFIX}"

    def save(self, session: GameSession, slot: str | None = None, label: str = "") -> Path:
        """Write `session` to `slot` (a new timestamped slot if None); returns its path.
        OSError when it cannot (the caller tells the player)."""
        if self.read_only:
            raise OSError(0, t("save.err_locked"))
        now = datetime.now(UTC)
        if slot is None:
            slot = "save-" + now.strftime("%Y%m%d-%H%M%S")
            n = 2
            while self.slot_path(slot).exists():
                slot = "save-" + now.strftime("%Y%m%d-%H%M%S") + f"-{n}"
                n += 1
        doc = {
            "app": APP_ID,
            "save_version": SAVE_VERSION,
            "saved_at": now.isoformat(timespec="seconds"),
            "label": label,
            "session": session.to_json(),
        }
        path = self.slot_path(slot)
        write_json_atomic(path, doc)
        return path

    def autosave_path(self, game_id: str) -> Path:
        return self.slot_path(f"{AUTOSAVE}-{game_id}")

    def autosave(self, session: GameSession) -> Path:
        """Write the game's own autosave (one per game, named by its id)."""
        return self.save(session, f"{AUTOSAVE}-{session.game_id}", label=t("load.autosave"))

    def remember_last(self, game_id: str) -> None:
        """Note which game Continue resumes (OSError if it cannot be written)."""
        if self.read_only:
            raise OSError(0, t("save.err_locked"))
        write_json_atomic(self.root / CONTINUE_FILE, {"game_id": game_id})

    def _last_game_id(self) -> str | None:
        try:
            data = json.loads(read_regular_file(self.root / CONTINUE_FILE, 4096))
        except (OSError, ValueError, RecursionError):
            return None
        game_id = data.get("game_id") if isinstance(data, dict) else None
        ok = isinstance(game_id, str) and re.fullmatch(r"[0-9a-f]{8,32}", game_id)
        return game_id if ok else None

    def load(self, path: Path) -> GameSession:
        """The session in `path`; raises SaveError (a readable message) if unusable."""
        return _read_save(Path(path))[1]

    def entry(self, path: Path) -> SaveEntry:
        """Describe one save file for the Load screen; never raises."""
        name = path.name
        slot = name[: -len(SAVE_SUFFIX)] if name.endswith(SAVE_SUFFIX) else name
        slot = clean_text(slot, 60)
        try:
            doc, session = _read_save(path)
        except SaveError as exc:
            return SaveEntry(path=path, slot=slot, error=clean_text(str(exc)))
        except Exception as exc:  # belt and braces: the list must always render
            log.exception("unexpected error reading %s", path)
            return SaveEntry(path=path, slot=slot, error=clean_text(f"{type(exc).__name__}: {exc}"))
        return SaveEntry(
            path=path,
            slot=slot,
            label=clean_text(doc.get("label", ""), MAX_LABEL_SHOWN),
            saved_at=_parse_time(doc.get("saved_at")),
            players=session.players,
            round=session.round,
            names=tuple(c.name for c in session.configs),
            finished=session.finished,
            game_id=session.game_id,
        )

    def _save_paths(self) -> list[Path]:
        """The save files in saves/ (regular files only); [] if it cannot be listed."""
        try:
            with os.scandir(self.saves_dir) as it:
                found = [
                    Path(e.path)
                    for e in it
                    if e.name.endswith(SAVE_SUFFIX)
                    and not e.name.startswith(".")
                    and e.is_file(follow_symlinks=False)
                ]
        except OSError as exc:
            if not isinstance(exc, FileNotFoundError):
                log.warning("cannot list %s: %s", self.saves_dir, exc)
            return []
        return found

    def list_saves(self) -> list[SaveEntry]:
        """Every save file, newest first (the autosaves first of all)."""
        entries = [self.entry(p) for p in self._save_paths()]

        def key(e: SaveEntry) -> tuple[int, float]:
            try:
                mtime = e.path.stat().st_mtime
            except OSError:
                mtime = 0.0
            stamp = e.saved_at.timestamp() if e.saved_at else mtime
            return (0 if e.is_autosave else 1, -stamp)

        return sorted(entries, key=key)

    def latest_autosave(self) -> SaveEntry | None:
        """What Continue resumes: the autosave of the game last opened or played,
        else the newest autosave that loads; None if there is none. A finished
        game is never resumed (its results were shown). Never raises."""
        last = self._last_game_id()
        if last is not None:
            entry = self.entry(self.autosave_path(last))
            if entry.ok and not entry.finished:
                return entry
        best: SaveEntry | None = None
        for path in self._save_paths():
            if not path.name.startswith(AUTOSAVE):
                continue
            entry = self.entry(path)
            if not entry.ok or not entry.is_autosave or entry.finished:
                continue
            if best is None or _stamp(entry) > _stamp(best):
                best = entry
        return best

    def delete(self, path: Path) -> None:
        """Remove one save (the player asked for it in the Load screen)."""
        p = Path(path)
        if p.parent.resolve() != self.saves_dir.resolve():
            raise ValueError("refusing to delete a file outside the saves folder")
        p.unlink(missing_ok=True)
