"""Strict input: `apply` takes only real action values, exactly typed (I-INPUT).

Actions are dataclasses, and Python's `==` takes `36.0` for `36` and `True`
for `1`, so a sloppy caller (a hand-edited save, a script, a network peer)
could slip a look-alike past the `in legal_actions(...)` test, or crash the
refusal's explanation with a `TypeError`. This check runs first: every field
must be of its exact type (a card id an `int` in 0..88, a card list a `tuple`
of them, `None` only where a field allows it). It costs a few type tests.
"""

from __future__ import annotations

from dataclasses import fields
from typing import cast

from engine.actions import ACTION_TYPES, Action
from engine.cards import N_CARDS
from engine.errors import IllegalAction

_CARD = "card"  # an int card id
_MAYBE_CARD = "card|None"
_CARDS = "tuple of cards"
_COUNT = "count"  # a small non-negative int (Draw.count)

_FIELD_KIND = {
    "int": _CARD,
    "int | None": _MAYBE_CARD,
    "tuple[int, ...]": _CARDS,
}


def _specs() -> dict[type, tuple[tuple[str, str], ...]]:
    out: dict[type, tuple[tuple[str, str], ...]] = {}
    for cls in ACTION_TYPES.values():
        spec = []
        for f in fields(cls):
            kind = _FIELD_KIND[str(f.type)]  # a new field type must be added here
            if cls.__name__ == "Draw" and f.name == "count":
                kind = _COUNT
            spec.append((f.name, kind))
        out[cls] = tuple(spec)
    return out


SPECS = _specs()
MAX_COUNT = 99


def _card_ok(v: object) -> bool:
    return type(v) is int and 0 <= v < N_CARDS


def _refuse(value: object) -> IllegalAction:
    try:
        shown = repr(value)  # any object at all: its repr may fail or recurse forever
    except Exception:  # noqa: BLE001 - then the refusal names its type only
        shown = "a " + type(value).__name__
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return IllegalAction("I-INPUT", "{value} is not an action of this game", value=shown)


def check_input(action: object) -> Action:
    """`action` itself if it is an exactly typed action value, else IllegalAction (I-INPUT)."""
    spec = SPECS.get(type(action))
    if spec is None:
        raise _refuse(action)
    for name, kind in spec:
        v = getattr(action, name)
        if kind is _CARD:
            ok = _card_ok(v)
        elif kind is _MAYBE_CARD:
            ok = v is None or _card_ok(v)
        elif kind is _CARDS:
            ok = type(v) is tuple and all(_card_ok(c) for c in v)
        else:
            ok = type(v) is int and 0 <= v <= MAX_COUNT
        if not ok:
            raise _refuse(action)
    return cast(Action, action)
