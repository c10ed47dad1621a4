"""The engine's own errors only (issue 22): whatever reaches `apply`, `from_text`,
`from_json` or `load_state`, the answer is the engine's IllegalAction or
SaveFormatError with a sentence, or the input is accepted; never a ValueError of
Python's int-string limit (5,000 digits), a RecursionError (nested tuples or
lists), an OverflowError (Infinity), an IndexError (a card id of 2**63) or an
exception escaping from an object's failing repr.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import (
    GameOptions,
    IllegalAction,
    SaveFormatError,
    apply,
    from_json,
    load_state,
    new_game,
    to_json,
)
from engine import actions as A
from engine.notation import from_text, to_text

BASE = new_game(GameOptions(players=4, seed=3))
DOC = to_json(BASE)
TEXT = to_text(BASE)


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")

    __str__ = __repr__


def nested(depth: int, kind: type = tuple) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = kind([value])
    return value


HOSTILE_VALUES: list[Any] = [
    10**5000,  # past Python's int-string limit when printed or parsed
    -(10**5000),
    2**63,
    float("inf"),
    float("-inf"),
    float("nan"),
    1e308,
    True,
    None,
    "",
    "9" * 5000,
    "Infinity",
    [],
    {},
    BadRepr(),
    nested(100_000),
    nested(3000, list),
]
# drawn by index: hypothesis prints a strategy's values, and those values cannot be printed
HOSTILE = st.integers(0, len(HOSTILE_VALUES) - 1).map(lambda i: HOSTILE_VALUES[i])
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6) | HOSTILE,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for k, v in items:
        out.append((*prefix, k))
        if isinstance(v, dict | list) and v:
            out.extend(_paths(v, (*prefix, k)))
    return out


PATHS = _paths(DOC)


def _engine_error_only(call: Any, *args: Any) -> None:
    try:
        call(*args)
    except (IllegalAction, SaveFormatError) as exc:
        assert str(exc).strip(), "the refusal has a sentence"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=JUNK)
def test_from_json_and_load_state_raise_only_save_format_errors(path: Any, value: Any) -> None:
    doc = copy.deepcopy(DOC)
    node: Any = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    _engine_error_only(from_json, doc)
    _engine_error_only(load_state, doc)


@settings(max_examples=100, deadline=None)
@given(value=JUNK)
def test_from_json_and_load_state_of_anything(value: Any) -> None:
    _engine_error_only(from_json, value)
    _engine_error_only(load_state, value)


TOKENS = st.sampled_from(
    ["9" * 5000, "#" + "9" * 5000, "#99999999999999999999", "G9z", "$1e999", "x=", "0:", "(", ")"]
)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_from_text_raises_only_save_format_errors(data: st.DataObject) -> None:
    words = TEXT.split(" ")
    i = data.draw(st.integers(0, len(words) - 1))
    word = words[i]
    key, eq, _ = word.partition("=")
    swap = data.draw(TOKENS | st.text(max_size=12))
    words[i] = f"{key}={swap}" if eq and data.draw(st.booleans()) else swap
    _engine_error_only(from_text, " ".join(words))


@settings(max_examples=50, deadline=None)
@given(value=JUNK)
def test_from_text_of_anything(value: Any) -> None:
    _engine_error_only(from_text, value)


ACTIONS = list(A.ACTION_TYPES.values())


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cls=st.sampled_from(ACTIONS), data=st.data())
def test_apply_raises_only_illegal_action(cls: type, data: st.DataObject) -> None:
    """Every field of every action swapped for hostile values, and junk as the action."""
    import dataclasses

    state = BASE.clone()
    before = to_json(state)
    if not engine.compiled():
        # (compiled, the actions are native classes whose fields hold only their
        # declared types: such an action cannot even be built there)
        action: object = object.__new__(cls)
        for f in dataclasses.fields(cls):
            object.__setattr__(action, f.name, data.draw(JUNK))
        _engine_error_only(apply, state, action)
    _engine_error_only(apply, state, data.draw(JUNK))
    assert to_json(state) == before


@pytest.mark.parametrize(
    "doc_change",
    [
        lambda d: d["seats"][0].update(money=10**5000),
        lambda d: d.update(deck=[2**63] + d["deck"][1:]),
        lambda d: d.update(active=float("inf")),
        lambda d: d.update(
            stack=[
                {
                    "frame": "window",
                    "kind": "attack",
                    "opener": 0,
                    "order": nested(5000, list),
                    "pos": 0,
                }
            ]
        ),
        lambda d: d["seats"][1].update(hand=[BadRepr()]),
        lambda d: d.update(format=1, stack=nested(5000, list)),
    ],
)
def test_the_named_crashes_are_save_format_errors(doc_change: Any) -> None:
    doc = copy.deepcopy(DOC)
    doc_change(doc)
    for entry in (from_json, load_state):
        with pytest.raises(SaveFormatError) as info:
            entry(doc)
        assert len(str(info.value)) > 10


def test_named_apply_and_text_crashes() -> None:
    state = BASE.clone()
    for bad in (nested(100_000), BadRepr(), A.Mulligan((10**5000,)), A.Mulligan(nested(3000))):
        with pytest.raises(IllegalAction) as info:
            apply(state, bad)
        assert info.value.rule == "I-INPUT"
    head, rest = TEXT.split("\n", 1)
    for text in (
        f"{head} turn={'9' * 5000}\n{rest}",
        f"{head} dice={'6' * 5000}\n{rest}",
        TEXT.replace("deck=", "deck=#" + "9" * 5000 + ",", 1),
        f"{head} tokens=99999999999999999999\n{rest}",
    ):
        with pytest.raises(SaveFormatError):
            from_text(text)
