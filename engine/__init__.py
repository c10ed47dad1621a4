"""Noirburg's rules engine: pure, stdlib-only, deterministic.

`legal_actions(state)` is the one source of legality; `apply(state, action)`
carries an action out and returns the events; `view(state, seat)` is what a
seat may see. See docs/engine-api.md.

This package's names, with the modules `engine.actions`, `engine.cards`,
`engine.bots`, `engine.predict`, `engine.threats`, `engine.notation` and
`engine.rules_catalogue`, are the public surface: the app, the simulator and
scripts import nothing else (tests/test_engine_boundary.py checks it). The other
modules are the engine's own and may change shape at any time.

The engine may run compiled (mypyc, `python3 tasks.py native`, built from these
very sources) or as pure Python, which stays the reference and the fallback:
`compiled()` tells which one is loaded. This file is never compiled: it picks the
build before any other engine module loads. Pure Python is used when
NOIRBURG_ENGINE=pure is set, or when the compiled modules were built from other
sources than the ones beside them (an edit after `tasks.py native`).
"""

import os as _os
import sys as _sys
from importlib.machinery import EXTENSION_SUFFIXES as _EXT


def source_digest() -> str:
    """SHA-256 of the compiled modules' sources (what build/native.py stamps)."""
    import hashlib

    here = _os.path.dirname(_os.path.abspath(__file__))
    h = hashlib.sha256()
    for sub in ("", "families", "bots"):
        folder = _os.path.join(here, sub)
        for name in sorted(_os.listdir(folder)):
            if name.endswith(".py") and (sub or name != "__init__.py"):
                h.update(f"{sub}/{name}\n".encode())
                with open(_os.path.join(folder, name), "rb") as f:
                    h.update(f.read())
    return h.hexdigest()


def _stale_build() -> str | None:
    """Why the compiled modules beside these sources must not be used, or None."""
    if _os.environ.get("NOIRBURG_ENGINE", "") == "pure":
        return ""  # asked for: no message
    here = _os.path.dirname(_os.path.abspath(__file__))
    if not any(_os.path.exists(_os.path.join(here, "flow" + s)) for s in _EXT):
        return None  # nothing compiled here: pure Python anyway
    if not _os.path.exists(_os.path.join(here, "flow.py")):
        return None  # a frozen bundle ships the compiled modules only
    try:
        with open(_os.path.join(here, "_native_stamp.txt"), encoding="utf-8") as f:
            stamp = f.read().strip()
    except OSError:
        stamp = ""
    if stamp == source_digest():
        return None
    return "the compiled engine was built from other sources; running pure Python"


class _SourceOnly:
    """A finder that loads engine.* from the .py sources, never a compiled module."""

    @staticmethod
    def find_spec(fullname: str, path: object = None, target: object = None) -> object:
        if not fullname.startswith("engine.") or not isinstance(path, list):
            return None
        import importlib.util

        leaf = fullname.rpartition(".")[2]
        for entry in path:
            package = _os.path.join(entry, leaf, "__init__.py")
            if _os.path.exists(package):
                return importlib.util.spec_from_file_location(
                    fullname, package, submodule_search_locations=[_os.path.dirname(package)]
                )
            module = _os.path.join(entry, leaf + ".py")
            if _os.path.exists(module):
                return importlib.util.spec_from_file_location(fullname, module)
        return None


_why_pure = _stale_build()
if _why_pure is not None:
    _sys.meta_path.insert(0, _SourceOnly)  # type: ignore[arg-type]
    if _why_pure:
        print(f"noirburg: {_why_pure} (python3 tasks.py native rebuilds it)", file=_sys.stderr)

from engine import notation as _notation  # noqa: F401 - installs GameState.to_text, from_text
from engine.codec import to_json
from engine.errors import IllegalAction
from engine.events import Event, EventKind
from engine.flow import apply
from engine.game import new_game
from engine.legality import canonical, legal_actions, over_capacity
from engine.messages import CardRef, Msg, PhaseRef, msg
from engine.playable import card_refusal
from engine.predict import declared_attack
from engine.replay import ReplayRefused, replay
from engine.scoring import Outcome, ScoreBreakdown, outcome, score
from engine.state import (
    HOUSE_RULES,
    SEAT_RANGE,
    GameOptions,
    GameState,
    HouseRule,
    Phase,
    SaveFormatError,
    SeatState,
    WindowKind,
)
from engine.strict import check_input
from engine.validate import from_json, is_pre_revision, load_state, validate_state
from engine.view import view


def compiled() -> bool:
    """True when the engine's modules are the compiled (mypyc) build."""
    from engine import flow, legality, state
    from engine.bots import heuristic
    from engine.families import base

    mods = (flow, legality, state, heuristic, base)
    return all(str(getattr(m, "__file__", "")).endswith(tuple(_EXT)) for m in mods)


__all__ = [
    "CardRef",
    "Event",
    "EventKind",
    "GameOptions",
    "GameState",
    "HOUSE_RULES",
    "HouseRule",
    "IllegalAction",
    "Msg",
    "Outcome",
    "Phase",
    "PhaseRef",
    "ReplayRefused",
    "SEAT_RANGE",
    "SaveFormatError",
    "ScoreBreakdown",
    "SeatState",
    "WindowKind",
    "apply",
    "canonical",
    "card_refusal",
    "check_input",
    "compiled",
    "declared_attack",
    "from_json",
    "is_pre_revision",
    "legal_actions",
    "load_state",
    "msg",
    "new_game",
    "outcome",
    "over_capacity",
    "replay",
    "score",
    "source_digest",
    "to_json",
    "validate_state",
    "view",
]
