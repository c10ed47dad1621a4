"""Saves and settings on disk: atomic JSON files in the user's data folder.

A crash, a kill or a full disk during a write must never cost the player the
previous save, so every write goes to a temporary file in the same folder,
is flushed and fsynced, and only then renamed over the old file. Reading is
just as defensive: a damaged, foreign or too-new file becomes an entry with a
readable message; it is never raised, deleted or overwritten.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import re
import stat
import tempfile
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine import SEAT_RANGE
from noirburg_desktop.persist import safefs
from noirburg_desktop.persist.safefs import (
    UnsafeFile,
    read_json,
    read_regular_file,
    set_aside,
    shown,
)
from noirburg_desktop.session import GameSession, printable
from noirburg_desktop.words.i18n import detect_language
from noirburg_desktop.words.strings import t

log = logging.getLogger(__name__)

APP_ID = "noirburg"
SAVE_VERSION = 1
AUTOSAVE = "autosave"  # the one autosave of older versions; now "autosave-<game id>"
SAVE_SUFFIX = ".json"
MAX_SAVE_BYTES = 20 * 1024 * 1024  # a save is a few hundred KB at most
MAX_SETTINGS_BYTES = 64 * 1024  # settings are a few hundred bytes
MAX_LABEL_SHOWN = 80  # a label is shown (and kept) to this many characters
CONTINUE_FILE = "continue.json"  # which game Continue resumes
MAX_CONTINUE_BYTES = 4096
# A save begins with this, then its header (what the Load and Title screens show),
# so a list of 10,000 saves reads a few KB of each, never the whole game.
HEADER_PREFIX = '{"app":"noirburg","save_version":1,"header":'
HEADER_READ = 16 * 1024  # the header is at most a few KB (names and label are capped)
HEADER_FIRST = 2048  # what is read first: a header is ~300 bytes
Fingerprint = tuple[int, int, int]  # inode, size, mtime: which version of a file
TEMP_RE = re.compile(r"\..+\.[A-Za-z0-9_]{4,}\.tmp")  # write_json_atomic's temp names


def default_data_dir() -> Path:
    """$NOIRBURG_DATA_DIR if set (tests), else the platform's user data folder."""
    env = os.environ.get("NOIRBURG_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("Noirburg", "Noirburg"))


class TooLarge(OSError):
    """What would be written is more than the reader accepts (never written)."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(errno.EFBIG, f"{size} bytes, over the {limit}-byte limit")


def write_json_atomic(path: Path, data: Any, limit: int | None = None) -> None:
    """Write JSON so that `path` holds either the old or the new content, never half.

    Compact encoding (what `safefs.read_json` reads back). With `limit`, a text
    longer than the reader would accept is not written at all: TooLarge (an
    OSError, so every caller's "the disk refused" path tells the player)."""
    text = data if isinstance(data, str) else safefs.dumps(data)
    encoded = text.encode("utf-8")
    if limit is not None and len(encoded) > limit:
        raise TooLarge(len(encoded), limit)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(encoded)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)  # replaces a link itself, never what it points to
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def fingerprint(path: Path) -> Fingerprint | None:
    """Which version of `path` is there now (None: nothing, or not a regular file)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def clean_text(text: str, limit: int = 200) -> str:
    """`text` safe to draw: control characters become "?", at most `limit` chars."""
    if len(text) <= limit and text.isprintable():  # the usual case, at C speed
        return text
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
INT_RANGES = {
    "ui_scale": (100, 150),
    "volume": (0, 100),
    "reaction_window_s": (0, 60),
    "last_players": (0, 6),
}
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
    # the last New game's choices, offered again (pt4 shot-87): players (0: none yet),
    # seat kinds, and the house rules switched on; the New game screen vets each value
    last_players: int = 0
    last_kinds: list[str] = field(default_factory=list)
    last_house: list[str] = field(default_factory=list)

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
            elif f.name in ("last_kinds", "last_house"):
                ok = isinstance(value, list) and all(
                    isinstance(v, str) and len(v) < 40 for v in value[:8]
                )
                value = list(value[:8]) if ok else value
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
    # an old save (no header): what it holds is only known after a full read, which
    # the Load screen does once it shows the row (`Storage.complete`)
    pending: bool = False
    mtime: float = 0.0  # the file's, for sorting and for a date when saved_at is unknown

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
                stamp = datetime.fromtimestamp(self.mtime or self.path.stat().st_mtime)
            else:
                stamp = self.saved_at.astimezone()
            return date_time_text(stamp)
        except (OSError, ValueError, OverflowError):
            return "—"

    @property
    def title(self) -> str:
        """The save's name on the Load screen, in the player's language: its label, or
        "Autosave", or for a save made with the Save button "Save 2026-11-27 02:50"
        ("Kayıt 27.11.2026 02:50"); the file keeps its safe name (save-20261127-025018)."""
        if self.is_autosave:
            return t("load.autosave")
        if self.label:
            return self.label
        if _MANUAL_SLOT_RE.fullmatch(self.slot):
            return t("load.manual_save", date=self.date_text())
        return self.slot


def date_time_text(stamp: datetime) -> str:
    """A date and time as the player's language writes them (2026-11-27 02:50,
    27.11.2026 02:50)."""
    return t(
        "common.date_time",
        year=f"{stamp.year:04d}",
        month=f"{stamp.month:02d}",
        day=f"{stamp.day:02d}",
        hour=f"{stamp.hour:02d}",
        minute=f"{stamp.minute:02d}",
    )


def _read_save(
    path: Path, defer: bool = False, whole: bool = False
) -> tuple[dict[str, Any], GameSession]:
    """Parse and validate a save file; SaveError with a readable message if bad.
    `defer`, `whole`: see `GameSession.from_json` (Continue opens from the snapshot;
    Replay steps through the positions the check kept)."""
    doc = _read_doc(path)
    try:
        session = GameSession.from_json(doc["session"], defer=defer, whole=whole)
    except Exception as exc:  # any damage inside the game data: report, never raise
        detail = clean_text(str(exc).strip() or type(exc).__name__, 120)
        raise SaveError(t("save.err_bad_session", detail=detail)) from exc
    return doc, session


def _read_doc(path: Path) -> dict[str, Any]:
    """A save file's document, its envelope checked (ours, not too new, dated, a
    printable label, a game inside); the game itself is not checked here."""
    try:
        raw = read_regular_file(path, MAX_SAVE_BYTES)
    except OSError as exc:
        raise SaveError(
            t("save.err_unreadable", detail=clean_text(exc.strerror or type(exc).__name__, 80))
        ) from exc
    if not raw.strip():
        raise SaveError(t("save.err_empty"))
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(t("save.err_too_large"))
    try:
        doc = safefs.loads(raw)  # depth, NaN / Infinity, 5,000-digit numbers: refused
    except UnsafeFile as exc:
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
    if not isinstance(doc.get("session"), dict):
        raise SaveError(t("save.err_no_game"))
    return doc


def _header_of(session: GameSession, label: str, saved_at: str) -> dict[str, Any]:
    """What the Load and Title screens show of a save, written at its very start."""
    return {
        "players": session.players,
        "round": session.round,
        "names": [c.name for c in session.configs],
        "finished": session.finished,
        "game_id": session.game_id,
        "label": clean_text(label, MAX_LABEL_SHOWN),
        "saved_at": saved_at,
    }


def _int_in(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _read_header(path: Path) -> tuple[dict[str, Any], Fingerprint] | None:
    """The header a save starts with, if it has one that still describes the whole
    file (a save edited or rewritten by another program has none: None)."""
    try:
        fd = safefs.open_nofollow(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        chunk = os.read(fd, HEADER_FIRST)
        if len(chunk) == HEADER_FIRST:
            chunk += os.read(fd, HEADER_READ - HEADER_FIRST)
    except OSError:
        return None
    finally:
        os.close(fd)
    prefix = HEADER_PREFIX.encode()
    if not chunk.startswith(prefix):
        return None
    text = chunk.decode("utf-8", "replace")
    try:
        head, end = safefs.raw_decode(text, len(HEADER_PREFIX))
    except UnsafeFile:
        return None
    if not isinstance(head, dict) or text[end : end + 1] != ",":
        return None
    # the header says how many bytes follow it: any other size means another
    # program changed the file after it was written, so the header is not trusted
    head_bytes = len(text[: end + 1].encode("utf-8"))
    rest = head.get("rest")
    if not isinstance(rest, int) or not _int_in(rest, 1, MAX_SAVE_BYTES):
        return None
    if head_bytes + rest != st.st_size:
        return None
    return head, (st.st_ino, st.st_size, st.st_mtime_ns)


_GAME_ID_RE = re.compile(r"[0-9a-f]{8,32}")


def _entry_from_header(path: Path, slot: str, head: dict[str, Any]) -> SaveEntry | None:
    """A Load-screen row from a header, if every field of it is sane."""
    names = head.get("names")
    label, game_id = head.get("label"), head.get("game_id")
    saved_at = _parse_time(head.get("saved_at"))
    ok = (
        _int_in(head.get("players"), min(SEAT_RANGE), max(SEAT_RANGE))
        and _int_in(head.get("round"), 1, 10**6)
        and isinstance(head.get("finished"), bool)
        and isinstance(names, list)
        and len(names) == head.get("players")
        and all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)
        and isinstance(label, str)
        and len(label) <= MAX_LABEL_SHOWN
        and isinstance(game_id, str)
        and _GAME_ID_RE.fullmatch(game_id) is not None
        and saved_at is not None
    )
    if not ok:
        return None
    assert isinstance(names, list) and isinstance(label, str) and isinstance(game_id, str)
    return SaveEntry(
        path=path,
        slot=slot,
        label=clean_text(label, MAX_LABEL_SHOWN),
        saved_at=saved_at,
        players=int(head["players"]),
        round=int(head["round"]),
        names=tuple(clean_text(n, 40) for n in names),
        finished=bool(head["finished"]),
        game_id=game_id,
    )


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
MANUAL_PREFIX = "save-"  # the Save button's files: save-20261127-025018(-2).json
_MANUAL_SLOT_RE = re.compile(r"save-\d{8}-\d{6}(?:-\d+)?")


def _stamp(entry: SaveEntry) -> float:
    return entry.saved_at.timestamp() if entry.saved_at else entry.mtime


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
        # what the player should be told about the data folder (a file set aside, a
        # link refused), as sentences; the App shows them
        self.notes: list[str] = []
        # the rows already worked out, by file version (a full read is done once)
        self._entries: dict[Path, tuple[Fingerprint, SaveEntry]] = {}

    def note(self, text: str) -> None:
        log.warning("%s", text)
        if text not in self.notes:
            self.notes.append(text)

    def unusable(self, path: Path, why: str) -> None:
        """`path` cannot be used: set it aside (renamed, never deleted) and say so.
        While another window holds the data folder it is only reported."""
        moved = None if self.read_only else set_aside(path)
        name = shown(path.name, 60)
        if moved is None:
            self.note(t("files.unusable_kept", name=name, why=why))
        else:
            self.note(t("files.set_aside", name=name, why=why, copy=shown(moved.name, 80)))

    # settings
    def load_settings(self) -> Settings:
        """The settings on disk, or defaults. Never raises, never hangs, and a
        file we cannot read as settings is set aside (and logged) before the
        next save could replace it."""
        path = self.settings_path
        if safefs.is_link(path):
            self.note(t("files.link", name=shown(path.name)))
            self.settings_writable = False  # never follow it, never replace it
            return Settings(language=detect_language())
        try:
            mode = path.stat().st_mode
        except OSError:
            # none yet (first start) or the folder is unreachable: defaults, in the
            # system's language (saved from then on)
            return Settings(language=detect_language())
        if not stat.S_ISREG(mode):
            log.warning("%s is not a regular file; using default settings", shown(path))
            self.settings_writable = False
            return Settings(language=detect_language())
        try:
            data = read_json(path, MAX_SETTINGS_BYTES)
            if not isinstance(data, dict):
                raise UnsafeFile("not a JSON object")
        except UnsafeFile as exc:
            self._keep_broken_settings(exc)
            return Settings(language=detect_language())
        except OSError as exc:
            log.warning("cannot read %s (%s); using default settings", shown(path), exc)
            self.settings_writable = False
            return Settings(language=detect_language())
        return Settings.from_json(data)

    def _keep_broken_settings(self, why: UnsafeFile) -> None:
        """Set an unreadable settings.json aside so saving ours loses nothing."""
        moved = set_aside(self.settings_path)
        if moved is None:
            log.warning("settings.json is damaged (%s) and cannot be set aside", why)
            self.settings_writable = False  # then keep the original rather than lose it
            return
        log.warning("settings.json is damaged (%s); kept it as %s", why, shown(moved.name))
        self.note(t("files.set_aside", name="settings.json", why=str(why), copy=moved.name))

    def save_settings(self, settings: Settings) -> None:
        # a read-only profile must not crash the game; the settings stay in memory
        if not self.settings_writable or self.read_only:
            return
        try:
            write_json_atomic(self.settings_path, settings.to_json(), MAX_SETTINGS_BYTES)
        except OSError as exc:
            log.info("settings not saved: %s", shown(exc))

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

    def check_saves_folder(self) -> bool:
        """False (and a note) when saves/ is a link: nothing outside the data folder
        is read or written through it."""
        if safefs.is_link(self.saves_dir):
            self.note(t("files.link", name="saves"))
            return False
        return True

    # saves
    def slot_path(self, slot: str) -> Path:
        safe = _SLOT_RE.sub("-", slot).strip("-") or "save"
        return self.saves_dir / f"{safe}{SAVE_SUFFIX}"

    def encode(self, session: GameSession, label: str, now: datetime) -> str:
        """The save file's text: the header first, then the game (compact JSON)."""
        saved_at = now.isoformat(timespec="seconds")
        body = safefs.dumps({"saved_at": saved_at, "label": label, "session": session.to_json()})
        rest = body[1:]  # '"saved_at":…}': the document goes on after the header
        head = _header_of(session, label, saved_at)
        head["rest"] = len(rest.encode("utf-8"))
        return HEADER_PREFIX + safefs.dumps(head) + "," + rest

    def save(self, session: GameSession, slot: str | None = None, label: str = "") -> Path:
        """Write `session` to `slot` (a new timestamped slot if None); returns its path.
        OSError when it cannot (the caller tells the player); TooLarge (an OSError)
        when the file would be larger than the loader reads: nothing is written."""
        if self.read_only:
            raise OSError(0, t("save.err_locked"))
        if not self.check_saves_folder():
            raise safefs.LinkRefused(self.saves_dir)
        now = datetime.now(UTC)
        if slot is None:
            slot = MANUAL_PREFIX + now.strftime("%Y%m%d-%H%M%S")  # a safe file name
            n = 2
            while os.path.lexists(self.slot_path(slot)):
                slot = MANUAL_PREFIX + now.strftime("%Y%m%d-%H%M%S") + f"-{n}"
                n += 1
        path = self.slot_path(slot)
        write_json_atomic(path, self.encode(session, label, now), MAX_SAVE_BYTES)
        self._entries.pop(path, None)
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
        write_json_atomic(self.root / CONTINUE_FILE, {"game_id": game_id}, MAX_CONTINUE_BYTES)

    def _last_game_id(self) -> str | None:
        path = self.root / CONTINUE_FILE
        try:
            data = read_json(path, MAX_CONTINUE_BYTES)
        except FileNotFoundError:
            return None
        except safefs.LinkRefused:
            if not self.read_only:
                self.unusable(path, t("files.why_link"))
            return None
        except (OSError, UnsafeFile) as exc:
            if not self.read_only and fingerprint(path) is not None:
                self.unusable(path, clean_text(str(exc), 80))
            return None
        game_id = data.get("game_id") if isinstance(data, dict) else None
        ok = isinstance(game_id, str) and _GAME_ID_RE.fullmatch(game_id)
        if not ok and not self.read_only:
            self.unusable(path, t("files.why_content"))
        return game_id if ok else None

    def load(self, path: Path, defer: bool = False, whole: bool = False) -> GameSession:
        """The session in `path`; raises SaveError (a readable message) if unusable.
        A file that fails is remembered, so the Load list greys it out. `defer`
        (Continue): a save with a snapshot opens at once and its history is
        replayed in the background (`GameSession.check`). `whole` (Replay): the
        replay that checks it keeps every position, so Replay walks it no more."""
        path = Path(path)
        before = fingerprint(path)
        try:
            session = _read_save(path, defer, whole)[1]
        except SaveError as exc:
            if before is not None and fingerprint(path) == before:
                slot = self._slot_of(path)
                self._entries[path] = (before, SaveEntry(path, slot, error=clean_text(str(exc))))
            raise
        session.source = (str(path), before, len(session.actions))
        return session

    def history(self, path: Path) -> list[Any]:
        """The action history recorded in the save at `path`, read but not replayed
        (is it the same line of play as a game shown?); SaveError if unreadable."""
        actions = _read_doc(Path(path))["session"].get("actions")
        if not isinstance(actions, list):
            raise SaveError(t("save.err_bad_session", detail="actions"))
        return actions

    @staticmethod
    def _slot_of(path: Path) -> str:
        name = path.name
        slot = name[: -len(SAVE_SUFFIX)] if name.endswith(SAVE_SUFFIX) else name
        return clean_text(slot, 60)

    def entry(self, path: Path) -> SaveEntry:
        """Describe one save file from a full read (every check the loader makes);
        never raises."""
        slot = self._slot_of(path)
        before = fingerprint(path)
        try:
            doc, session = _read_save(path)
        except SaveError as exc:
            made = SaveEntry(path=path, slot=slot, error=clean_text(str(exc)))
        except Exception as exc:  # belt and braces: the list must always render
            log.exception("unexpected error reading %s", shown(path))
            made = SaveEntry(path=path, slot=slot, error=clean_text(f"{type(exc).__name__}: {exc}"))
        else:
            made = SaveEntry(
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
        made.mtime = before[2] / 1e9 if before else 0.0
        if before is not None and fingerprint(path) == before:
            self._entries[path] = (before, made)
        return made

    def quick_entry(self, path: Path) -> SaveEntry:
        """A row for the Load screen at the cost of a few KB: from the save's header,
        or from what an earlier read of the same file version found; an old save
        without a header comes back `pending` (see `complete`). Never raises."""
        now = fingerprint(path)
        known = self._entries.get(path)
        if known is not None and now is not None and known[0] == now:
            return known[1]
        slot = self._slot_of(path)
        got = _read_header(path)
        made = _entry_from_header(path, slot, got[0]) if got is not None else None
        if made is None or got is None:
            return SaveEntry(path=path, slot=slot, pending=True, mtime=now[2] / 1e9 if now else 0)
        made.mtime = got[1][2] / 1e9
        self._entries[path] = (got[1], made)
        return made

    def complete(self, entry: SaveEntry) -> SaveEntry:
        """Fill in a `pending` row: from the save's header (a few KB), else (an old
        save) by reading its file in full, once (the result is kept for that version
        of the file); the same object, updated."""
        if not entry.pending:
            return entry
        full = self.quick_entry(entry.path)
        if full.pending:
            full = self.entry(entry.path)
        for name in ("label", "saved_at", "players", "round", "names", "finished", "error"):
            setattr(entry, name, getattr(full, name))
        entry.game_id, entry.pending = full.game_id, False
        return entry

    def _save_paths(self) -> list[tuple[Path, float]]:
        """The save files in saves/ (regular files only) with their mtimes; [] if it
        cannot be listed."""
        if safefs.is_link(self.saves_dir):
            return []
        found: list[tuple[Path, float]] = []
        try:
            with os.scandir(self.saves_dir) as it:
                for e in it:
                    if not e.name.endswith(SAVE_SUFFIX) or e.name.startswith("."):
                        continue
                    try:
                        st = e.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if stat.S_ISREG(st.st_mode):
                        found.append((Path(e.path), st.st_mtime))
        except OSError as exc:
            if not isinstance(exc, FileNotFoundError):
                log.warning("cannot list %s: %s", shown(self.saves_dir), exc)
            return []
        return found

    def has_games(self) -> bool:
        """Whether any game was ever saved here (autosaves count; damaged files too)."""
        return bool(self._save_paths())

    def list_saves(self, complete: bool = True) -> list[SaveEntry]:
        """Every save file, newest first (the autosaves first of all). Rows come from
        the saves' headers (old saves: a full read) unless `complete` is False: then
        nothing is read, the rows are `pending` and sorted by the files' times until
        `complete(entry)` (the Load screen completes the page it shows)."""
        entries = [
            SaveEntry(path=p, slot=self._slot_of(p), pending=True, mtime=mtime)
            for p, mtime in self._save_paths()
        ]
        if complete:
            for e in entries:
                self.complete(e)

        def key(e: SaveEntry) -> tuple[int, float]:
            stamp = e.saved_at.timestamp() if e.saved_at else e.mtime
            return (0 if e.is_autosave else 1, -stamp)

        return sorted(entries, key=key)

    def latest_autosave(self) -> SaveEntry | None:
        """What Continue resumes: the autosave of the game last opened or played,
        else the autosave written last that loads; None if there is none. A finished
        game is never resumed (its results were shown). Never raises.

        From headers: with 10,000 autosaves this reads a few KB of the newest few,
        not 10,000 games."""
        last = self._last_game_id()
        if last is not None:
            path = self.autosave_path(last)
            if fingerprint(path) is not None:
                entry = self.complete(self.quick_entry(path))
                if entry.ok and not entry.finished:
                    return entry
        candidates = [
            (path, mtime)
            for path, mtime in self._save_paths()
            if path.name.startswith(AUTOSAVE) and _is_autosave_name(path.name)
        ]
        # the autosave written last (by its file's time) that loads and goes on: with
        # 10,000 autosaves that is a header or two, not 10,000 (all finished: all read)
        candidates.sort(key=lambda pm: (-pm[1], pm[0].name))
        for path, _mtime in candidates:
            entry = self.complete(self.quick_entry(path))
            if entry.ok and not entry.finished:
                return entry
        return None

    def delete(self, path: Path) -> None:
        """Remove one save (the player asked for it in the Load screen)."""
        p = Path(path)
        if p.parent.resolve() != self.saves_dir.resolve():
            raise ValueError("refusing to delete a file outside the saves folder")
        p.unlink(missing_ok=True)
        self._entries.pop(p, None)


def _is_autosave_name(name: str) -> bool:
    slot = name[: -len(SAVE_SUFFIX)] if name.endswith(SAVE_SUFFIX) else name
    return slot == AUTOSAVE or slot.startswith(AUTOSAVE + "-")
