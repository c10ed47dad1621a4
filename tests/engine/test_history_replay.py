"""`engine.replay`: a whole history checked move by move, as checked `apply` checks
each (I-INPUT, then `legal_actions`), in one call (issue 22: a 19 MB history)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import GameOptions, ReplayRefused, new_game, to_json
from engine.actions import action_to_json


def _options(seed: int, players: int = 4) -> GameOptions:
    return GameOptions(
        players=players,
        seed=seed,
        money_victory=True,
        poker_always_to_box=False,
        first_player=None,
        ransom_excess=False,
    )


def _history(seed: int, players: int, steps: int) -> tuple[Any, list[dict[str, Any]]]:
    """A random game: its final state (by checked `apply`) and its actions as JSON."""
    rng = random.Random(seed)
    state = new_game(_options(seed, players))
    actions = []
    for _ in range(steps):
        if state.to_act is None:
            break
        action = rng.choice(engine.legal_actions(state))
        engine.apply(state, action)
        actions.append(action_to_json(action))
    return state, actions


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(3, 6), steps=st.integers(0, 400))
def test_replay_reaches_what_checked_apply_reaches(seed: int, players: int, steps: int) -> None:
    """Same seed + same actions => identical JSON (the replay test of STYLE.md)."""
    state, actions = _history(seed, players, steps)
    seen: list[int] = []
    got = engine.replay(new_game(_options(seed, players)), actions, lambda i, s, e: seen.append(i))
    assert to_json(got) == to_json(state)
    assert seen == list(range(len(actions)))


def test_a_refused_move_names_its_index_and_the_engines_reason() -> None:
    state, actions = _history(5, 4, 120)
    bad = list(actions)
    bad[40], bad[41] = bad[41], bad[40]
    start = new_game(_options(5))
    with pytest.raises(ReplayRefused) as info:
        engine.replay(start, bad)
    exc = info.value
    assert isinstance(exc, engine.SaveFormatError)
    assert exc.index in (40, 41)
    # the same refusal checked `apply` gives at that move
    again = engine.replay(new_game(_options(5)), bad[: exc.index])
    with pytest.raises(engine.IllegalAction) as direct:
        engine.apply(again, engine.actions.action_from_json(bad[exc.index]))
    assert exc.refusal is not None and exc.refusal.rule == direct.value.rule


def test_moves_after_the_end_are_refused() -> None:
    """R-END-SCORE-4: nothing is played once the game is over."""
    rng = random.Random(3)
    state = new_game(_options(3, 3))
    actions = []
    while state.to_act is not None:
        action = rng.choice(engine.legal_actions(state))
        engine.apply(state, action)
        actions.append(action_to_json(action))
    with pytest.raises(ReplayRefused) as info:
        engine.replay(new_game(_options(3, 3)), [*actions, actions[-1]])
    assert info.value.index == len(actions)
    assert info.value.refusal is not None and info.value.refusal.rule == "R-END-SCORE-4"


def _first_card_action(actions: list[dict[str, Any]]) -> int:
    return next(i for i, a in enumerate(actions) if any(type(v) is int for v in a.values()))


@pytest.mark.parametrize("odd", [1.0, True, "1", None, [1], 2**70])
def test_look_alike_values_are_refused_even_after_the_real_one(odd: object) -> None:
    """I-INPUT: a value equal to a card id but not an int (`36.0`, `True`) is refused,
    also when the same action with the real int was replayed just before (the
    replay reuses the value of an action text seen before)."""
    _, actions = _history(9, 4, 200)
    i = _first_card_action(actions)
    field = next(k for k, v in actions[i].items() if type(v) is int)
    fake = dict(actions[i])
    real = fake[field]
    fake[field] = type(odd)(real) if isinstance(odd, float | bool) else odd
    with pytest.raises(ReplayRefused) as info:
        engine.replay(new_game(_options(9)), [*actions[:i], actions[i], fake])
    assert info.value.index in (i, i + 1)  # the real one may not be legal twice
    # the look-alike alone, where the real one is legal, is refused as input
    with pytest.raises(ReplayRefused) as alone:
        engine.replay(new_game(_options(9)), [*actions[:i], fake])
    assert alone.value.index == i


@pytest.mark.parametrize(
    "junk", [None, 7, "draw", [], {"type": "no_such_action"}, {"type": "draw", "x": 1}]
)
def test_unreadable_actions_are_refused_with_a_sentence(junk: object) -> None:
    with pytest.raises(ReplayRefused) as info:
        engine.replay(new_game(_options(1)), [junk])
    assert info.value.index == 0 and "action 1 of the history" in str(info.value)
