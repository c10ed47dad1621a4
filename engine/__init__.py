"""Noirburg's rules engine: pure, stdlib-only, deterministic.

`legal_actions(state)` is the one source of legality; `apply(state, action)`
carries an action out and returns the events; `view(state, seat)` is what a
seat may see. See docs/engine-api.md.
"""

from engine.errors import IllegalAction
from engine.events import Event, EventKind
from engine.flow import apply
from engine.game import new_game
from engine.legality import canonical, legal_actions
from engine.scoring import Outcome, ScoreBreakdown, outcome
from engine.state import (
    GameOptions,
    GameState,
    Phase,
    SaveFormatError,
    SeatState,
    WindowKind,
    from_json,
    to_json,
)
from engine.view import view

__all__ = [
    "Event",
    "EventKind",
    "GameOptions",
    "GameState",
    "IllegalAction",
    "Outcome",
    "Phase",
    "SaveFormatError",
    "ScoreBreakdown",
    "SeatState",
    "WindowKind",
    "apply",
    "canonical",
    "from_json",
    "legal_actions",
    "new_game",
    "outcome",
    "to_json",
    "view",
]
