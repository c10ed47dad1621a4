"""A hosted game's seat: who holds it (a token's digest, never the token), and its
record in the host's autosave (`hosted.HOSTED_FILE`), read back as hostile input."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from noirburg_desktop.net import protocol as p
from noirburg_desktop.persist import safefs


def token_digest(token: str) -> str:
    """What the autosave keeps of a seat token (the token itself stays with its player)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def clean_name(name: str, seat: int) -> str:
    """A name any font and log takes: no control characters, at most MAX_NAME."""
    text = safefs.shown(name, p.MAX_NAME).strip()
    return text or f"#{seat + 1}"


@dataclass
class Seat:
    name: str = ""
    digest: str = ""  # sha256 of its token; "" while the seat is free
    remote: bool = True  # a player joins it (else an AI seat from the start)
    connected: bool = False
    took_over: bool = False  # an AI plays it since its player was away too long
    marked: bool = False  # an AI played it at some point: the game is marked so
    away_since: float = 0.0

    @property
    def ai(self) -> bool:
        return not self.remote or self.took_over

    @property
    def taken(self) -> bool:
        return bool(self.digest) or not self.remote


def seat_to_json(s: Seat) -> dict[str, Any]:
    """What the autosave keeps of a seat (not whether it is connected, nor since when)."""
    return {
        "name": s.name,
        "digest": s.digest,
        "remote": s.remote,
        "took_over": s.took_over,
        "marked": s.marked,
    }


def seat_from_json(raw: Any, i: int) -> Seat:
    """Seat `i` from the autosave (ValueError when it is damaged)."""
    if not isinstance(raw, dict):
        raise ValueError("a damaged seat")
    name, digest = raw.get("name"), raw.get("digest")
    remote, took, marked = raw.get("remote"), raw.get("took_over"), raw.get("marked")
    if not isinstance(name, str) or not isinstance(digest, str) or len(digest) > 64:
        raise ValueError("a damaged seat")
    if not all(isinstance(x, bool) for x in (remote, took, marked)):
        raise ValueError("a damaged seat")
    return Seat(
        name=clean_name(name, i),
        digest=digest,
        remote=bool(remote),
        took_over=bool(took),
        marked=bool(marked),
    )
