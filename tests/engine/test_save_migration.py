"""Saves written before the §6 revisions (state format 1) load and play to the end.

The three files in `data/` were written by the engine at 7ab3eab (see data/README.md).
Format 1 kept declared attackers on their buildings; the migration puts them in
transit (I-TRANSIT), turns a first-round phase E into F (R-TURN-2), and switches the
new I-RANSOM house rule off.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import apply, from_json, legal_actions, to_json
from engine.actions import MoveGangster
from engine.invariants import check_invariants
from engine.state import FORMAT_VERSION, PendingAttack, Phase, SaveFormatError

DATA = Path(__file__).parent / "data"
SAVES = sorted(DATA.glob("v1-*.json"))


def _state_json(path: Path) -> dict[str, Any]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    data: dict[str, Any] = doc["session"]["state"]
    assert data["format"] == 1
    return data


def test_there_are_format_1_saves_to_test() -> None:
    assert len(SAVES) == 3 and FORMAT_VERSION == 2


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_format_1_save_loads_and_finishes(path: Path) -> None:
    """Every format-1 save loads (migrated to format 2) and a random game from it ends
    with all §5 invariants holding after each action."""
    data = _state_json(path)
    state = from_json(data)
    assert to_json(state)["format"] == FORMAT_VERSION
    assert state.options.ransom_excess is False  # I-RANSOM: the house rule is off
    again = from_json(json.loads(json.dumps(to_json(state))))
    assert to_json(again) == to_json(state)
    rng = random.Random(path.stem)
    steps = 0
    while not state.game_over:
        apply(state, rng.choice(legal_actions(state)))
        steps += 1
        assert not check_invariants(state)
        assert steps < 20_000
    assert state.winners


def test_format_1_attackers_are_put_in_transit() -> None:
    """I-TRANSIT: a format-1 pending attack's gangsters leave their buildings on load."""
    data = _state_json(DATA / "v1-attack_window.json")
    frame = next(f for f in data["stack"] if f["frame"] == "attack")
    seat = data["seats"][frame["attacker"]]
    standing = [g for _, gs in seat["buildings"] for g in gs]
    assert set(frame["gangsters"]) <= set(standing)  # format 1: still standing
    state = from_json(data)
    atk = state.pending(PendingAttack)
    assert isinstance(atk, PendingAttack) and atk.gangsters == tuple(frame["gangsters"])
    on_table = {g for gs in state.seats[atk.attacker].buildings.values() for g in gs}
    assert on_table.isdisjoint(atk.gangsters)


def test_format_1_first_round_phase_E_goes_on_in_F() -> None:
    """R-TURN-2: a first-round turn saved in phase E continues in phase F."""
    data = _state_json(DATA / "v1-first_round_E.json")
    assert data["phase"] == "E"
    state = from_json(data)
    assert state.first_round and state.phase is Phase.DISCARD


def test_format_1_phase_B_no_longer_offers_the_hideout() -> None:
    """I-MOVE-HIDEOUT: the saved phase-B position loads; HIDDEN gangsters are now offered
    Businesses only."""
    state = from_json(_state_json(DATA / "v1-hidden_to_hideout.json"))
    seat = state.seats[state.active]
    assert state.phase is Phase.MOVE and seat.hidden
    moves = [a for a in legal_actions(state) if isinstance(a, MoveGangster)]
    assert all(a.to != seat.hideout for a in moves)


def test_unknown_or_damaged_formats_are_refused_clearly() -> None:
    """A format we do not know, or a damaged format-1 state, raises SaveFormatError."""
    data = _state_json(DATA / "v1-attack_window.json")
    with pytest.raises(SaveFormatError, match="format 3"):
        from_json({**data, "format": 3})
    broken = {**data, "stack": [{"frame": "attack", "attacker": 99, "gangsters": [1]}]}
    with pytest.raises(SaveFormatError, match="format-1"):
        from_json(broken)
