"""Actions write their own `__eq__` (cheaper than the dataclass one, compiled a native
method): it must mean exactly what the dataclass one meant, same type and equal
fields, with `hash` agreeing. Checked on every pair of legal actions met in random
games, against a rebuilt copy of each (never the interned instance, so `is` cannot
answer for `==`) and against the field tuples."""

from __future__ import annotations

import random

from engine import GameOptions, apply, legal_actions, new_game
from engine.actions import (
    ACTION_TYPES,
    Action,
    Draw,
    EndPhase,
    OpenCard,
    Pass,
    action_from_json,
    action_to_json,
    field_names,
)


def _fields(a: Action) -> tuple[object, ...]:
    return (type(a), *(getattr(a, f) for f in field_names(a)))


def _met_actions(games: int = 6) -> list[Action]:
    met: dict[tuple[object, ...], Action] = {}
    for seed in range(games):
        state = new_game(GameOptions(players=3 + seed % 4, seed=100 + seed))
        rng = random.Random(seed)
        while not state.game_over:
            legal = legal_actions(state)
            for a in legal:
                met.setdefault(_fields(a), a)
            apply(state, rng.choice(legal), check=False)
    return list(met.values())


def test_equality_means_same_type_and_equal_fields() -> None:
    actions = _met_actions()
    kinds = {type(a).__name__ for a in actions}
    assert len(kinds) >= 15, kinds  # nearly every action type was met
    sample = actions[:: max(1, len(actions) // 300)]
    for a in sample:
        copy = action_from_json(action_to_json(a))
        assert copy is not a or not field_names(a)
        assert copy == a and hash(copy) == hash(a)
        assert (copy != a) is False
        assert hash(a) == hash(_fields(a)[1:])  # the dataclass hash: set orders unchanged
        for b in sample:
            assert (a == b) == (_fields(a) == _fields(b)), (a, b)
            assert (a != b) == (_fields(a) != _fields(b)), (a, b)


def test_field_less_actions_and_foreign_values() -> None:
    for name in ("EndPhase", "LaunchAttack", "CancelAttack", "Pass"):
        cls = ACTION_TYPES[name]
        assert cls() == cls() and hash(cls()) == hash(cls())
    assert EndPhase() != Pass() and Pass() != EndPhase()
    assert OpenCard(3) == OpenCard(3, None) and hash(OpenCard(3)) == hash(OpenCard(3, None))
    assert OpenCard(3) != OpenCard(3, 4)
    assert Draw(1) != 1 and Draw(1) != (Draw, 1) and Draw(1) != "Draw(1)"
    assert Draw(2) in [Pass(), EndPhase(), Draw(2)]
    assert {OpenCard(5): "x"}[OpenCard(5, None)] == "x"
