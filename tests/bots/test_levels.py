"""Every level plays every kind of decision legally, says why, and games end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import GameOptions, Phase, legal_actions, new_game, view
from engine.actions import (
    AddAttacker,
    Discard,
    Draw,
    LaunchAttack,
    MoveGangster,
    MoveHideout,
    Mulligan,
    OpenCard,
    Pass,
    PlayBribe,
    PlayDriveBy,
    PlayPokerNight,
    PlayPolice,
    PlayTurncoat,
    StartAttack,
    StopAttack,
)
from engine.bots import AI_LEVELS, hint, level_names, make_bot
from engine.bots.levels import LEVELS
from engine.state import WindowKind
from noirburg_sim.play import play_game
from tests.bots.helpers import positions


def test_levels_are_registered() -> None:
    assert set(LEVELS) == {"easy", "normal", "hard", "expert"}
    assert {"random", "easy", "normal", "hard", "expert"} <= set(level_names())
    for name in LEVELS:
        assert make_bot(name).level == name
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_every_decision_kind_is_met_with_a_reason() -> None:
    """Mulligan, each phase, attack drafting, Hideout targets, HIDDEN placement and
    every reaction window: the bots face them all and always give a reason."""
    chosen: Counter[str] = Counter()
    windows: Counter[WindowKind] = Counter()
    for seed in range(30):
        lineup = ("normal", "easy", "normal", "easy", "normal")[: 3 + seed % 3]
        bots = {name: make_bot(name) for name in set(lineup)}
        for state, legal in positions(lineup, seed):
            me = state.to_act
            assert me is not None
            action, why = bots[lineup[me]].decide(view(state, me), legal, random.Random(seed))
            assert action in legal
            assert isinstance(why, str) and why.strip() and "\n" not in why
            kind = type(action).__name__
            if isinstance(action, StartAttack) and any(
                action.target == s.hideout for s in state.seats
            ):
                kind = "HideoutAttack"
            if isinstance(action, MoveGangster) and action.gangster in state.seats[me].hidden:
                kind = "PlaceHidden"
            chosen[kind] += 1
            if state.window is not None:
                windows[state.window.kind] += 1
    wanted = [
        Mulligan,
        OpenCard,
        MoveHideout,
        Discard,
        Draw,
        StartAttack,
        AddAttacker,
        LaunchAttack,
        StopAttack,
        PlayBribe,
        PlayPolice,
        PlayDriveBy,
        PlayTurncoat,
        PlayPokerNight,
        Pass,
    ]  # JoinDriveBy is rare in play: test_windows builds a position for it
    missing = [c.__name__ for c in wanted if chosen[c.__name__] == 0]
    missing += [k for k in ("HideoutAttack", "PlaceHidden") if chosen[k] == 0]
    assert not missing, f"never chosen: {missing}"
    assert set(windows) == set(WindowKind)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_no_illegal_moves_and_no_stalls(level: str) -> None:
    """Quick games in 3-6 player tables against the other levels."""
    others = {"easy": "random", "normal": "easy"}[level]
    illegal = 0
    for seed in range(100):
        n = 3 + seed % 4
        lineup = tuple(level if i % 2 == seed % 2 else others for i in range(n))
        r = play_game(lineup, seed)  # raises StalledGame if a game never ends
        illegal += r.illegal
        assert r.winners
    assert illegal == 0


def test_hard_plays_legal_games() -> None:
    for seed in range(2):
        r = play_game(("hard", "normal", "easy"), 900 + seed)
        assert r.illegal == 0 and r.winners


def test_hint_is_a_legal_move_with_a_reason() -> None:
    state = new_game(GameOptions(players=4, seed=3))
    for _ in range(60):
        me = state.to_act
        assert me is not None
        legal = legal_actions(state)
        action, why = hint(view(state, me), legal)
        assert action in legal and why
        assert hint(view(state, me), legal) == (action, why)  # same position, same hint
        from engine import apply

        apply(state, action)
        if state.phase is Phase.GAME_OVER:
            break


def test_expert_spends_more_work_than_hard_and_replays_exactly() -> None:
    """Expert: Hard's search with more worlds and candidates; its budget is a count
    of rollouts, so the same position and rng give the same move (no clock)."""
    from engine.bots.ismcts import HardBot

    expert, hard = make_bot("expert"), make_bot("hard")
    assert isinstance(expert, HardBot) and isinstance(hard, HardBot)
    assert expert.worlds > hard.worlds and expert.extra_worlds > hard.extra_worlds
    assert expert.max_candidates > hard.max_candidates
    for state, legal in positions(("expert", "normal", "normal"), 3):
        me = state.to_act
        assert me is not None
        if len(legal) > 2 and not state.first_round:
            a = make_bot("expert").decide(view(state, me), legal, random.Random(4))
            b = make_bot("expert").decide(view(state, me), legal, random.Random(4))
            assert a == b and a[0] in legal
            break


def test_hint_names_a_level_and_caps_its_search() -> None:
    """The hint is Normal's by default; a searching level given a clock keeps to
    HINT_SECONDS (the app asks Hard when the engine is compiled)."""
    from engine.bots import HINT_SECONDS

    ticks = iter(range(1_000_000))

    def clock() -> float:  # each call a "second" later: the cap stops the search at once
        return float(next(ticks))

    for state, legal in positions(("normal", "normal", "normal"), 5):
        me = state.to_act
        assert me is not None
        if len(legal) > 2 and not state.first_round:
            v = view(state, me)
            assert hint(v, legal) == hint(v, legal, "normal")
            action, why = hint(v, legal, "hard", clock=clock)
            assert action in legal and why
            assert HINT_SECONDS <= 0.15
            break


def test_the_public_level_list_is_the_bots_own() -> None:
    """engine.bots.AI_LEVELS (what the app's seat pickers list, weakest first) names
    exactly the classes in levels.LEVELS, in the same order, and make_bot knows each."""
    from engine.bots.levels import LEVELS

    assert tuple(LEVELS) == AI_LEVELS
    assert set(AI_LEVELS) < set(level_names())
    for level in AI_LEVELS:
        assert make_bot(level).level == level
