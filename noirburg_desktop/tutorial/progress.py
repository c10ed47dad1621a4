"""The guided game's progress: its session (start position + the actions so far),
kept in the user data folder as `tutorial.json`, written atomically after every
move, so "Learn to play" resumes where the learner left. The step reached is not
stored: the coach derives it by replaying the actions (undo included)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine
from noirburg_desktop.persist.safefs import LinkRefused, UnsafeFile, read_json, shown
from noirburg_desktop.persist.storage import clean_text, write_json_atomic
from noirburg_desktop.session import GameSession, SeatConfig
from noirburg_desktop.tutorial import script

log = logging.getLogger(__name__)
FILE = "tutorial.json"
FORMAT = 1
LIMIT = 2_000_000


def new_session(names: tuple[str, str, str]) -> GameSession:
    """A fresh guided game: you and two scripted opponents from the script's deal."""
    start = script.start_state()
    colours = ("#c9a227", "#b3362f", "#3f7fbf")
    kinds = ("human", "easy", "easy")  # the "AI" seats are answered by the script
    configs = [SeatConfig(n, c, k) for n, c, k in zip(names, colours, kinds, strict=True)]
    origin = engine.to_json(start)
    return GameSession(configs, start.options, start, [], start.options.seed, origin=origin)


def path(root: Path) -> Path:
    return root / FILE


def save(root: Path, session: GameSession) -> None:
    """Atomic write (the old file or the new one, never half); a failing disk only
    costs the resume, never the lesson. Never more than `load` reads back."""
    try:
        write_json_atomic(path(root), {"format": FORMAT, "session": session.to_json()}, LIMIT)
    except OSError as exc:
        log.warning("tutorial progress not saved: %s", shown(exc))


def load(root: Path, unusable: Callable[[Path, str], None] | None = None) -> GameSession | None:
    """The saved guided game, if there is one and it is this script's game. A file
    that is not one (too deep, too large, non-finite numbers, ids out of range,
    wrong types, a link…) is reported through `unusable(path, why)`, which sets it
    aside, so the next start does not meet it again. Never raises."""
    file = path(root)
    try:
        data: Any = read_json(file, LIMIT)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise UnsafeFile("not a lesson's progress")
        if not isinstance(data.get("session"), dict):
            raise UnsafeFile("no game in it")
        session = GameSession.from_json(data["session"])  # replays and checks everything
    except FileNotFoundError:
        return None
    except Exception as exc:  # any damage at all: the lesson starts afresh
        why = "a link" if isinstance(exc, LinkRefused) else str(exc) or type(exc).__name__
        log.warning("tutorial progress unreadable: %s", shown(why))
        if unusable is not None:
            unusable(file, clean_text(why, 80))
        return None
    if session.origin != engine.to_json(script.start_state()):
        return None  # another script's game (an older version of the lesson)
    return session


def clear(root: Path) -> None:
    with contextlib.suppress(OSError):
        path(root).unlink()
