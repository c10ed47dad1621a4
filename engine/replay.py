"""Replaying a history: the actions of a save, from its start, each checked.

A save is "start + actions"; the app proves a loaded game by replaying its whole
history (370,000 moves in a long one). `apply` with its checks does each move
right, but it also keeps a copy of the state to restore if the move fails, which a
replay never needs: on the first refused move the whole replay is void and its
state is thrown away. So a replay proves exactly what checked `apply` proves for
each move (an exactly typed action value, I-INPUT; listed by `legal_actions`), and
spares that copy and the re-parsing of the same action text again and again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.actions import Action, action_from_json
from engine.errors import IllegalAction
from engine.events import Event
from engine.explain import explain
from engine.flow import apply
from engine.legality import canonical, legal_actions
from engine.state import GameState, Phase, SaveFormatError
from engine.strict import check_input


class ReplayRefused(SaveFormatError):
    """A history that does not replay: `index` is the 0-based action refused, and
    `refusal` the engine's reason (an IllegalAction) or None for unreadable text."""

    def __init__(self, index: int, why: str, refusal: IllegalAction | None = None) -> None:
        self.index = index
        self.refusal = refusal
        super().__init__(f"action {index + 1} of the history: {why}")


def _parse(data: object, known: dict[tuple[object, ...], Action]) -> Action:
    """The checked action value of one JSON action (I-INPUT, `check_input`); equal
    texts give the same (frozen) value, checked the first time only.
    The key holds each value's exact type, so `1`, `1.0` and `True` never share one."""
    if not isinstance(data, dict):
        raise ValueError("an action is not an object")
    try:
        key = (*data.items(), *map(type, data.values()))
        action = known.get(key)
    except TypeError:  # a list (a card tuple): parsed and checked every time
        return check_input(action_from_json(data))
    if action is None:  # checked once (I-INPUT): only a checked value is kept
        action = known[key] = check_input(action_from_json(data))
    return action


def replay(
    state: GameState,
    actions: Iterable[object],
    each: Callable[[int, GameState, list[Event]], None] | None = None,
) -> GameState:
    """Apply the JSON `actions` (as `engine.actions.action_to_json` writes them) to
    `state`, in place, each checked as `apply` checks it; returns `state`.
    `each(i, state, events)` runs after action i (count rounds, keep a copy).

    Raises ReplayRefused (a SaveFormatError) at the first action that is unreadable
    or refused; `state` is then part-way and must be thrown away."""
    known: dict[tuple[object, ...], Action] = {}
    for i, data in enumerate(actions):
        try:
            action = _parse(data, known)  # I-INPUT, before anything else
        except IllegalAction as refused:
            raise ReplayRefused(i, refused.reason, refused) from refused
        # Another name: mypyc types a handler's name by its first use (IllegalAction).
        except (ValueError, TypeError, RecursionError) as unreadable:
            raise ReplayRefused(i, "it is not an action of this game") from unreadable
        if state.phase is Phase.GAME_OVER:
            over = IllegalAction("R-END-SCORE-4", "The game is over")
            raise ReplayRefused(i, over.reason, over)
        action = canonical(state, action)
        if action not in legal_actions(state):
            refusal = explain(state, action)
            raise ReplayRefused(i, refusal.reason, refusal)
        events = apply(state, action, check=False)
        if each is not None:
            each(i, state, events)
    return state
