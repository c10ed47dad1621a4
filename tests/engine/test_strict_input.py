"""I-INPUT: `apply` takes exactly a legal action value, nothing that merely compares equal.

Any other value (a float for a card id, `True` for 1, None, a string, a list for a
tuple, an action of the wrong shape) is refused with IllegalAction citing I-INPUT,
never a TypeError and never carried out, and the state is left unchanged. Exactly
typed but illegal actions are refused with some rule's IllegalAction, never a crash.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import (
    GameOptions,
    GameState,
    IllegalAction,
    apply,
    canonical,
    legal_actions,
    new_game,
    to_json,
)
from engine import actions as A
from tests.engine.positions import played

ACTION_CLASSES = list(A.ACTION_TYPES.values())

# Compiled (mypyc), an action's fields are typed slots: a look-alike (36.0 for a card
# id) cannot even be stored in one, so the tests that build such values run pure only.
pure_only = pytest.mark.skipif(
    engine.compiled(), reason="compiled action classes refuse mistyped fields themselves"
)


def _annotation(cls: type, name: str) -> str:
    """The field's annotation as written (compiled classes keep no annotation text)."""
    from engine.strict import ANNOTATION_OF, SPECS

    return ANNOTATION_OF[dict(SPECS[cls])[name]]


def _refused(state: GameState, value: object, rule: str | None = "I-INPUT") -> None:
    before = to_json(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, value)
    if rule is not None:
        assert info.value.rule == rule, info.value
    assert to_json(state) == before


# per field type, the values that merely compare equal to a real value v
LOOKALIKES: dict[type, Callable[[Any], st.SearchStrategy[object]]] = {
    int: lambda v: st.sampled_from([float(v), True if v == 1 else bool(v), str(v), None, [v]]),
    tuple: lambda v: (
        st.sampled_from([list(v), tuple(float(c) for c in v), None, str(v)])
        if v
        else st.sampled_from([[], None, "", (1.0,)])
    ),
}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@pure_only
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), data=st.data())
def test_I_INPUT_lookalikes_of_legal_actions_are_refused(
    seed: int, steps: int, data: st.DataObject
) -> None:
    """A legal action with one field swapped for a look-alike (36.0, True, "36", [..])."""
    state = played(seed, steps)
    if state.game_over:
        return
    legal = [a for a in legal_actions(state) if dataclasses.fields(a)]
    if not legal:
        return
    action = data.draw(st.sampled_from(legal))
    field = data.draw(st.sampled_from(dataclasses.fields(action)))
    value = getattr(action, field.name)
    if value is None:
        bad = data.draw(st.sampled_from([0.0, False, "", []]))
    else:
        bad = data.draw(LOOKALIKES[type(value)](value))
        if bad is None and _annotation(type(action), field.name) == "int | None":
            bad = float(value)  # None is a real value there
    twisted = object.__new__(type(action))
    for f in dataclasses.fields(action):
        object.__setattr__(
            twisted, f.name, bad if f.name == field.name else getattr(action, f.name)
        )
    _refused(state, twisted)


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=3), inner, max_size=2)
    ),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), junk=JUNK)
def test_I_INPUT_values_that_are_not_actions_are_refused(
    seed: int, steps: int, junk: object
) -> None:
    """None, numbers, strings, lists, dicts, action classes themselves: all I-INPUT."""
    state = played(seed, steps)
    if state.game_over:
        return
    _refused(state, junk)
    _refused(state, A.Pass)  # the class, not an instance


def _typed_action(data: st.DataObject, cls: type[Any]) -> A.Action:
    card = st.integers(-3, 95)
    kwargs: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if _annotation(cls, f.name) == "tuple[int, ...]":
            kwargs[f.name] = tuple(data.draw(st.lists(card, max_size=3)))
        elif _annotation(cls, f.name) == "int | None":
            kwargs[f.name] = data.draw(st.none() | card)
        else:
            kwargs[f.name] = data.draw(card)
    action: A.Action = cls(**kwargs)  # cls is one of the action classes
    return action


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150), data=st.data())
def test_I_INPUT_typed_actions_are_applied_or_refused_never_crash(
    seed: int, steps: int, data: st.DataObject
) -> None:
    """Any exactly typed action with any numbers: carried out if legal, else an
    IllegalAction (out-of-range card ids cite I-INPUT) with the state unchanged."""
    state = played(seed, steps)
    if state.game_over:
        return
    action = _typed_action(data, data.draw(st.sampled_from(ACTION_CLASSES)))
    if canonical(state, action) in legal_actions(state):  # another copy of a legal card
        apply(state, action)
        return
    _refused(state, action, rule=None)


def test_I_INPUT_exact_values_still_work() -> None:
    """The check refuses look-alikes only: the same action with real ints is applied."""
    state = played(3, 0)
    action = legal_actions(state)[-1]
    assert isinstance(action, A.Mulligan)
    with pytest.raises(IllegalAction) as info:
        apply(state, A.Mulligan(tuple(float(c) for c in action.cards)))  # type: ignore[misc]
    assert info.value.rule == "I-INPUT"
    apply(state, A.Mulligan(tuple(int(c) for c in action.cards)))
    assert state.mulligan_pos == 1


def test_refusals_carry_a_rule_a_key_and_parameters() -> None:
    """A refusal is data for the app to word: rule ID, message key (the English
    template, the catalogue's msgid) and parameters; the English line is only a default."""
    with pytest.raises(IllegalAction) as info:
        new_game(GameOptions(players=7))
    err = info.value
    assert err.rule == "R-COMP-1"
    assert err.key == "NOIR is played by 3 to 6 players, not {n}" and err.params == {"n": 7}
    assert err.reason == err.key.format(**err.params)


def test_field_kinds_match_the_annotations() -> None:
    """engine/strict.py names each action field's kind by the field's name (compiled
    classes keep no annotation text); in pure Python the annotations must agree."""
    import dataclasses

    import engine
    from engine.actions import ACTION_TYPES
    from engine.strict import ANNOTATION_OF, SPECS

    if engine.compiled():
        pytest.skip("annotations are read from the pure-Python classes")
    for cls in ACTION_TYPES.values():
        for f, (name, kind) in zip(dataclasses.fields(cls), SPECS[cls], strict=True):
            assert f.name == name
            assert f.type == ANNOTATION_OF[kind], (cls.__name__, name)
