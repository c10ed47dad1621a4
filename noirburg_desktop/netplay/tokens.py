"""The joining window's seat tokens, per host address and game id, in its data folder
(written atomically; read as hostile input): a restarted window rejoins its seat."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from noirburg_desktop.persist import safefs
from noirburg_desktop.persist.storage import write_json_atomic

TOKENS_FILE = "seats.json"
MAX_TOKENS_BYTES = 64 * 1024
MAX_KEPT = 20  # the latest games only
MAX_NAME = 40  # a host keeps no longer a name


def _read(data_dir: Path) -> dict[str, Any]:
    try:
        raw = safefs.read_json(data_dir / TOKENS_FILE, MAX_TOKENS_BYTES)
    except (OSError, ValueError):
        return {}
    return raw if isinstance(raw, dict) else {}


def token_for(data_dir: Path, address: str) -> tuple[str, str] | None:
    """(game id, token) kept for the game at `address`, if any."""
    entry = _read(data_dir).get(address)
    if not isinstance(entry, dict):
        return None
    game_id, token = entry.get("game_id"), entry.get("token")
    if not isinstance(game_id, str) or not isinstance(token, str):
        return None
    if not (game_id.isalnum() and token.isalnum() and len(token) <= 128):
        return None
    return game_id, token


def name_for(data_dir: Path, address: str) -> str:
    """The name we joined `address` with ("" when not kept): a restarted window
    rejoins without asking for it again (the host knows the seat by its token)."""
    entry = _read(data_dir).get(address)
    if not isinstance(entry, dict) or token_for(data_dir, address) is None:
        return ""
    name = entry.get("name")
    return name[:MAX_NAME] if isinstance(name, str) and name.isprintable() else ""


def keep(data_dir: Path, address: str, game_id: str, token: str, name: str = "") -> None:
    """Remember our seat at `address` (a full disk only loses the rejoin)."""
    kept = {k: v for k, v in _read(data_dir).items() if k != address}
    kept[address] = {"game_id": game_id, "token": token, "name": name[:MAX_NAME]}
    kept = dict(list(kept.items())[-MAX_KEPT:])
    with contextlib.suppress(OSError):
        data_dir.mkdir(parents=True, exist_ok=True)
        write_json_atomic(data_dir / TOKENS_FILE, kept, MAX_TOKENS_BYTES)


def last_address(data_dir: Path) -> str | None:
    """The address of the game joined last (kept newest last), if its token is good."""
    kept = [a for a in _read(data_dir) if isinstance(a, str) and token_for(data_dir, a)]
    return kept[-1] if kept else None
