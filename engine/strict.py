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

# Each action field's kind, by its name (a card id unless listed). By name, not by
# annotation: compiled (mypyc) classes keep no annotation text, and
# tests/engine/test_strict_input.py checks this table against the annotations.
FIELD_KIND = {
    "cards": _CARDS,  # tuple[int, ...]
    "on": _MAYBE_CARD,  # int | None
    "under": _MAYBE_CARD,  # int | None
    "count": _COUNT,  # Draw.count
}
ANNOTATION_OF = {_CARD: "int", _MAYBE_CARD: "int | None", _CARDS: "tuple[int, ...]", _COUNT: "int"}


def _specs() -> dict[type, tuple[tuple[str, str], ...]]:
    out: dict[type, tuple[tuple[str, str], ...]] = {}
    for cls in ACTION_TYPES.values():
        out[cls] = tuple((f.name, FIELD_KIND.get(f.name, _CARD)) for f in fields(cls))
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
