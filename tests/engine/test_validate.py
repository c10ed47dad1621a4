"""engine.validate: every state the engine reaches passes the load-time checks,
and the checks catch hand-made damage (issue 11)."""

from __future__ import annotations

import random

import pytest

import engine
from engine.state import PendingAttack, SaveFormatError
from engine.validate import load_state, same_json, validate_state


def _play(seed: int, players: int, steps: int = 5000) -> list[engine.GameState]:
    rng = random.Random(seed)
    st = engine.new_game(engine.GameOptions(players=players, seed=seed))
    states = [st.clone()]
    while not st.game_over and len(states) < steps:
        engine.apply(st, rng.choice(engine.legal_actions(st)))
        states.append(st.clone())
    return states


@pytest.mark.parametrize("seed", range(40))
def test_every_reached_state_passes_the_load_checks(seed: int) -> None:
    for i, st in enumerate(_play(seed, 3 + seed % 4)):
        assert validate_state(st) == [], (seed, i)
    assert load_state(engine.to_json(st)) == st


def test_an_attack_whose_target_left_the_table_is_legal() -> None:
    """Seed 136, step 74 (random play under the revised rules, RULES.md §6): a
    Drive-by in the reaction window destroyed the Business the attack waits on."""
    states = _play(136, 4, steps=75)
    st = states[74]
    attack = st.pending(PendingAttack)
    assert attack is not None and st.owner_of(attack.target) is None
    assert validate_state(st) == []


def test_damage_is_named() -> None:
    st = _play(3, 4, steps=60)[-1]
    data = engine.to_json(st)
    data["active"] = -1
    with pytest.raises(SaveFormatError, match="active seat -1"):
        load_state(data)
    data = engine.to_json(st)
    data["active"] = True  # == 1 in Python, but not the type to_json writes
    with pytest.raises(SaveFormatError, match="wrong type"):
        load_state(data)
    data = engine.to_json(st)
    data["seats"][0]["money"] += 5
    data["money_in_play"] += 5
    with pytest.raises(SaveFormatError, match="money in play"):
        load_state(data)
    data = engine.to_json(st)
    data["rules"] = "noir-0"  # a save from before a rules revision says so
    with pytest.raises(SaveFormatError, match="saved under the rules 'noir-0'"):
        load_state(data)
    assert not same_json({"a": 1}, {"a": 1.0}) and same_json([1, "x"], [1, "x"])


def test_police_whose_business_a_drive_by_destroyed_loads() -> None:
    """R-POLICE-1, I-REACT-WINDOW: a Police (a) waits in its answer window while a
    Drive-by destroys its Business; the engine reaches that position (seeded random
    play, 4 players, seed 18), so its own strict loader must accept a save of it (the
    kill test's autosave loop met one and reported the file as damaged)."""
    import random

    import engine
    from engine.state import PendingPolice
    from engine.validate import load_state

    st = engine.new_game(engine.GameOptions(players=4, seed=18))
    rng = random.Random(18)
    for _ in range(200):
        engine.apply(st, rng.choice(engine.legal_actions(st)))
        frame = st.pending(PendingPolice)
        if frame is not None and frame.business is not None and st.owner_of(frame.business) is None:
            break
    else:
        raise AssertionError("the position did not come up")
    again = load_state(engine.to_json(st))
    assert engine.to_json(again) == engine.to_json(st)
