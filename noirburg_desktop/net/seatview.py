"""Engine values back from the wire: a seat's view as a GameState, events, actions.

`engine.from_json` reads only whole states (every card in its place), and a view
hides other hands and the deck as -1. So the client fills those slots with the
cards it cannot locate (any order: they are unknown to it anyway), lets the engine
check the result, and masks it again with `engine.view`: the GameState a bot or the
table gets is exactly what `engine.view(state, seat)` gives on the host.
"""

from __future__ import annotations

from typing import Any

from engine import (
    Event,
    EventKind,
    GameState,
    IllegalAction,
    SaveFormatError,
    check_input,
    from_json,
    view,
)
from engine.actions import ACTION_TYPES, Action, action_from_json, action_to_json
from engine.cards import CARDS
from noirburg_desktop.persist import safefs

UNKNOWN = -1
_KINDS = frozenset(k.value for k in EventKind)


def _ints(value: Any) -> list[int]:
    if not isinstance(value, list) or not all(type(c) is int for c in value):
        raise SaveFormatError("a card list that is not a list of numbers")
    return list(value)


def _located(data: dict[str, Any]) -> list[int]:
    """Every card id the view places (the engine's card_locations, on JSON)."""
    seen = _ints(data["deck"]) + _ints(data["discard"]) + _ints(data["box"])
    for s in data["seats"]:
        seen += _ints(s["hand"]) + _ints(s["hidden"]) + _ints(s["trophies"])
        for b, gs in s["buildings"]:
            seen += _ints([b]) + _ints(gs)
    for f in data["stack"]:
        kind = f.get("frame")
        if kind == "police":
            seen += _ints([f["card"]]) + _ints(f["bribes"])
        elif kind == "drive_by":
            seen += _ints(f["cards"])
        elif kind == "attack":
            seen += _ints(f["gangsters"])
        elif "card" in f:  # a card frame (engine.state.PendingCard): the card played
            seen += _ints([f["card"]])
    return seen


def view_from_json(data: Any, seat: int) -> GameState:
    """The GameState `engine.view(state, seat)` was, from its JSON; SaveFormatError
    when the data is not a view the engine could have made."""
    if not isinstance(data, dict):
        raise SaveFormatError("a view that is not a JSON object")
    try:
        located = _located(data)
        unseen = sorted(set(range(len(CARDS))) - {c for c in located if c != UNKNOWN})
        if located.count(UNKNOWN) != len(unseen):
            raise SaveFormatError("a view whose hidden cards do not add up")
        fill = iter(unseen)
        whole = dict(data)
        whole["deck"] = [next(fill) if c == UNKNOWN else c for c in data["deck"]]
        seats = []
        for s in data["seats"]:
            s2 = dict(s)
            s2["hand"] = [next(fill) if c == UNKNOWN else c for c in s["hand"]]
            seats.append(s2)
        whole["seats"] = seats
        whole["rng"] = "0"
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        if isinstance(exc, SaveFormatError):
            raise
        raise SaveFormatError(f"a damaged view ({type(exc).__name__})") from exc
    state = from_json(whole)
    if not 0 <= seat < state.n:
        raise SaveFormatError("a view for a seat that is not at the table")
    return view(state, seat)


def event_to_json(event: Event) -> list[Any]:
    """[kind, seat, cards, amount, target, tag]: compact, and all the Event holds."""
    return [event.kind.value, event.seat, list(event.cards), event.amount, event.target, event.tag]


def _opt_int(value: Any) -> int | None:
    if value is None or type(value) is int:
        return value
    raise ValueError("not a number")


def event_from_json(data: Any) -> Event:
    """An Event back; ValueError when the entry is not one."""
    if not isinstance(data, list) or len(data) != 6:
        raise ValueError("an event that is not a list of six fields")
    kind, seat, cards, amount, target, tag = data
    if kind not in _KINDS or type(amount) is not int or not isinstance(tag, str):
        raise ValueError("an event with a wrong field")
    return Event(kind, _opt_int(seat), tuple(_ints(cards)), amount, _opt_int(target), tag)


def _number(value: Any) -> bool:
    """An int the engine can index with (every action field is a card id or a count)."""
    return type(value) is int and 0 <= value < len(CARDS)


def _json_field(value: Any) -> bool:
    """`value` is what an action field may hold in JSON: a card id or count, nothing
    (None), or a short list of them. Which one a field wants is the engine's to say
    (`engine.check_input`, I-INPUT), never read from the engine's annotations: the
    compiled engine does not keep them (there `tuple[int, ...]` reads as `tuple`)."""
    if value is None or _number(value):
        return True
    return isinstance(value, list) and len(value) <= 20 and all(_number(c) for c in value)


def action_from_wire(data: Any) -> Action:
    """An engine action from its JSON, exactly typed (I-INPUT); ValueError otherwise.
    The host still checks it against `legal_actions`: this only parses."""
    if not isinstance(data, dict):
        raise ValueError("an action that is not a JSON object")
    cls = ACTION_TYPES.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise ValueError("an unknown action type")
    for name, value in data.items():
        if name != "type" and not _json_field(value):
            raise ValueError(f"the field {safefs.shown(name, 40)!r} has the wrong type")
    try:
        action = action_from_json(data)
    except (TypeError, ValueError, KeyError) as exc:
        raise ValueError(f"not an action ({type(exc).__name__})") from exc
    if action_to_json(action) != data:
        raise ValueError("an action with fields of the wrong type")
    try:
        return check_input(action)
    except IllegalAction as exc:
        raise ValueError("an action with fields of the wrong type") from exc
