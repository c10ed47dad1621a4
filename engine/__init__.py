"""Noirburg's rules engine: pure, stdlib-only, deterministic.

`legal_actions(state)` is the one source of legality; `apply(state, action)`
carries an action out and returns the events; `view(state, seat)` is what a
seat may see. See docs/engine-api.md.

This package's names, with the modules `engine.actions`, `engine.cards`,
`engine.bots`, `engine.predict`, `engine.threats`, `engine.notation` and
`engine.rules_catalogue`, are the public surface: the app, the simulator and
scripts import nothing else (tests/test_engine_boundary.py checks it). The other
modules are the engine's own and may change shape at any time.
"""

from engine.errors import IllegalAction
from engine.events import Event, EventKind
from engine.flow import apply
from engine.game import new_game
from engine.legality import canonical, legal_actions, over_capacity
from engine.messages import CardRef, Msg, PhaseRef, msg
from engine.playable import card_refusal
from engine.predict import declared_attack
from engine.scoring import Outcome, ScoreBreakdown, outcome, score
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
from engine.validate import is_pre_revision, load_state, validate_state
from engine.view import view

__all__ = [
    "CardRef",
    "Event",
    "EventKind",
    "GameOptions",
    "GameState",
    "IllegalAction",
    "Msg",
    "Outcome",
    "Phase",
    "PhaseRef",
    "SaveFormatError",
    "ScoreBreakdown",
    "SeatState",
    "WindowKind",
    "apply",
    "canonical",
    "card_refusal",
    "declared_attack",
    "from_json",
    "is_pre_revision",
    "legal_actions",
    "load_state",
    "msg",
    "new_game",
    "outcome",
    "over_capacity",
    "score",
    "to_json",
    "validate_state",
    "view",
]
