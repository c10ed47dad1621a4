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
import os
import re
import tempfile
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from noirburg_desktop.i18n import detect_language
from noirburg_desktop.strings import t

if TYPE_CHECKING:
    from noirburg_desktop.session import GameSession

APP_ID = "noirburg"
SAVE_VERSION = 1
AUTOSAVE = "autosave"
SAVE_SUFFIX = ".json"
MAX_SAVE_BYTES = 20 * 1024 * 1024  # a save is a few hundred KB at most


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
REACTION_SECONDS = (3, 5, 8, 12, 20)


@dataclass
class Settings:
    """What the player chose in the Settings screen; unknown or bad values fall
    back to defaults so an old or hand-edited file never stops the game."""

    fullscreen: bool = False
    window_size: list[int] = field(default_factory=lambda: [1280, 800])
    ai_speed: str = "normal"
    reaction_window_s: int = 5
    language: str = "en"
    sound: bool = True
    # hotseat: poll every human after each reaction bar (no Settings row yet)
    always_ask_reactions: bool = False
    # one human vs AI: pass at once when the engine asks you to react (Settings row)
    auto_pass_reactions: bool = False

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
            elif isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, int):
                ok = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 60
            else:
                ok = isinstance(value, str)
            if ok:
                setattr(s, f.name, value)
        if s.ai_speed not in AI_SPEEDS:
            s.ai_speed = "normal"
        return s

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# --- save entries ------------------------------------------------------------


class SaveError(Exception):
    """A save file that cannot be used; `str()` is a sentence for the player."""


@dataclass
class SaveEntry:
    """One row of the Load screen. `error` is set (and the rest mostly empty)
    for files that cannot be loaded."""

    path: Path
    slot: str
    label: str = ""
    saved_at: datetime | None = None
    players: int = 0
    round: int = 0
    names: tuple[str, ...] = ()
    finished: bool = False
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def is_autosave(self) -> bool:
        return self.slot == AUTOSAVE

    def date_text(self) -> str:
        if self.saved_at is None:
            try:
                stamp = datetime.fromtimestamp(self.path.stat().st_mtime)
            except OSError:
                return "—"
        else:
            stamp = self.saved_at.astimezone()
        return stamp.strftime("%Y-%m-%d %H:%M")


def _read_save(path: Path) -> tuple[dict[str, Any], GameSession]:
    """Parse and validate a save file; SaveError with a readable message if bad."""
    from noirburg_desktop.session import GameSession

    try:
        raw = path.read_bytes()[: MAX_SAVE_BYTES + 1]
    except OSError as exc:
        raise SaveError(
            t("save.err_unreadable", detail=exc.strerror or type(exc).__name__)
        ) from exc
    if not raw.strip():
        raise SaveError(t("save.err_empty"))
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(t("save.err_too_large"))
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveError(t("save.err_not_json")) from exc
    if not isinstance(doc, dict) or doc.get("app") != APP_ID:
        raise SaveError(t("save.err_foreign"))
    version = doc.get("save_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(t("save.err_foreign"))
    if version > SAVE_VERSION:
        raise SaveError(t("save.err_too_new", version=version))
    session_data = doc.get("session")
    if not isinstance(session_data, dict):
        raise SaveError(t("save.err_no_game"))
    try:
        session = GameSession.from_json(session_data)
    except Exception as exc:  # any damage inside the game data: report, never raise
        detail = str(exc).strip() or type(exc).__name__
        raise SaveError(t("save.err_bad_session", detail=detail[:120])) from exc
    return doc, session


def _parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        stamp = datetime.fromisoformat(value)
    except ValueError:
        return None
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


_SLOT_RE = re.compile(r"[^A-Za-z0-9_-]+")


class Storage:
    """The data folder: saves/ (autosave + manual slots) and settings.json."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else default_data_dir()
        self.saves_dir = self.root / "saves"
        self.settings_path = self.root / "settings.json"

    # settings
    def load_settings(self) -> Settings:
        try:
            data = json.loads(self.settings_path.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            # first start (or a lost file): speak the system's language; saved from then on
            return Settings(language=detect_language())
        return Settings.from_json(data)

    def save_settings(self, settings: Settings) -> None:
        # a read-only profile must not crash the game; the settings stay in memory
        with contextlib.suppress(OSError):
            write_json_atomic(self.settings_path, settings.to_json())

    # saves
    def slot_path(self, slot: str) -> Path:
        safe = _SLOT_RE.sub("-", slot).strip("-") or "save"
        return self.saves_dir / f"{safe}{SAVE_SUFFIX}"

    def save(self, session: GameSession, slot: str | None = None, label: str = "") -> Path:
        """Write `session` to `slot` (a new timestamped slot if None); returns its path."""
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

    def autosave(self, session: GameSession) -> Path:
        return self.save(session, AUTOSAVE, label=t("load.autosave"))

    def load(self, path: Path) -> GameSession:
        """The session in `path`; raises SaveError (a readable message) if unusable."""
        return _read_save(Path(path))[1]

    def entry(self, path: Path) -> SaveEntry:
        """Describe one save file for the Load screen; never raises."""
        slot = path.name[: -len(SAVE_SUFFIX)] if path.name.endswith(SAVE_SUFFIX) else path.name
        try:
            doc, session = _read_save(path)
        except SaveError as exc:
            return SaveEntry(path=path, slot=slot, error=str(exc))
        except Exception as exc:  # belt and braces: the list must always render
            return SaveEntry(path=path, slot=slot, error=f"{type(exc).__name__}: {exc}"[:160])
        label = doc.get("label")
        return SaveEntry(
            path=path,
            slot=slot,
            label=label if isinstance(label, str) else "",
            saved_at=_parse_time(doc.get("saved_at")),
            players=session.players,
            round=session.round,
            names=tuple(c.name for c in session.configs),
            finished=session.finished,
        )

    def list_saves(self) -> list[SaveEntry]:
        """Every save file, newest first (the autosave first of all)."""
        try:
            paths = [
                p
                for p in self.saves_dir.iterdir()
                if p.suffix == SAVE_SUFFIX and not p.name.startswith(".") and p.is_file()
            ]
        except OSError:
            return []
        entries = [self.entry(p) for p in paths]

        def key(e: SaveEntry) -> tuple[int, float]:
            try:
                mtime = e.path.stat().st_mtime
            except OSError:
                mtime = 0.0
            stamp = e.saved_at.timestamp() if e.saved_at else mtime
            return (0 if e.is_autosave else 1, -stamp)

        return sorted(entries, key=key)

    def latest_autosave(self) -> SaveEntry | None:
        """The autosave entry if it exists and loads; else None."""
        path = self.slot_path(AUTOSAVE)
        if not path.exists():
            return None
        entry = self.entry(path)
        return entry if entry.ok else None

    def delete(self, path: Path) -> None:
        """Remove one save (the player asked for it in the Load screen)."""
        p = Path(path)
        if p.parent.resolve() != self.saves_dir.resolve():
            raise ValueError("refusing to delete a file outside the saves folder")
        p.unlink(missing_ok=True)
