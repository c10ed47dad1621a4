"""A bot's reasons ("» Ayşe: opens Casino for income") kept with the save.

The log writes a reason as the bot gives it, just before its action; a loaded
game's log is rebuilt by replaying the actions, and replaying cannot ask the
bots again (Hard would search for minutes), so the session keeps each logged
reason as JSON beside the action it explains: the engine's message template
and its parameters, worded again in whatever language the player reads.
"""

from __future__ import annotations

from typing import Any

from engine import CardRef, Msg, PhaseRef


def _param_to_json(value: Any) -> Any:
    if isinstance(value, CardRef):
        return {"card": int(value)}
    if isinstance(value, PhaseRef):
        return {"phase": str(value)}
    if isinstance(value, Msg):
        return {"msg": reason_to_json(value)}
    if isinstance(value, (tuple, list)):
        return [_param_to_json(v) for v in value]
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return str(value)
    return value


def reason_to_json(reason: str) -> dict[str, Any]:
    m = reason if isinstance(reason, Msg) else Msg(reason)  # a plain reason is its own template
    return {
        "template": m.template,
        "plural": m.plural,
        "number": m.number,
        "params": {k: _param_to_json(v) for k, v in m.params.items()},
    }


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"card"} and type(value["card"]) is int:
            return CardRef(value["card"])
        if set(value) == {"phase"} and isinstance(value["phase"], str):
            return PhaseRef(value["phase"])
        if set(value) == {"msg"}:
            return reason_from_json(value["msg"])
        raise ValueError("an unknown parameter")
    if isinstance(value, list):
        return tuple(_param_from_json(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError("a parameter of the wrong type")
    return value


def reason_from_json(data: Any) -> Msg:
    """The reason back as a message; ValueError when the entry is damaged."""
    if not isinstance(data, dict) or set(data) != {"template", "plural", "number", "params"}:
        raise ValueError("a damaged reason")
    texts = (data["template"], data["plural"], data["number"])
    params = data["params"]
    if not all(isinstance(x, str) for x in texts) or not isinstance(params, dict):
        raise ValueError("a damaged reason")
    if len(data["template"]) > 500:
        raise ValueError("a reason too long")
    return Msg(*texts, **{str(k): _param_from_json(v) for k, v in params.items()})


def reasons_from_json(data: Any, n_actions: int) -> dict[int, dict[str, Any]]:
    """The reasons of a save, keyed by the index of the action each explains. A
    damaged entry is dropped: the log loses a line, never the game."""
    out: dict[int, dict[str, Any]] = {}
    if not isinstance(data, dict):
        return out
    for key, value in data.items():
        if not isinstance(key, str) or not key.isdigit() or int(key) >= n_actions:
            continue
        try:
            reason_from_json(value)
        except (ValueError, TypeError, RecursionError):
            continue
        out[int(key)] = value
    return out
