"""The action families (engine/families/): every action type has one family, and a
turn phase is skipped exactly when its family has nothing to offer (I-MOVE-FREE,
R-TURN-1: `settle` trusts the cheap `has_options` to agree with `options`)."""

from __future__ import annotations

import random

from engine import GameOptions, apply, legal_actions, new_game
from engine.actions import ACTION_TYPES, Action
from engine.families import EFFECTS, FAMILIES, FAMILY_OF, turncoat


def test_every_action_type_belongs_to_exactly_one_family() -> None:
    assert set(EFFECTS) == set(ACTION_TYPES.values()) == set(FAMILY_OF)
    owners = [cls for f in FAMILIES for cls in f.effects]
    assert len(owners) == len(set(owners))


def test_has_options_agrees_with_options_in_every_phase() -> None:
    """R-TURN-1: checked for each phase family on states from random games (the
    state put into that phase), so skipped phases are covered too."""
    phased = [f for f in FAMILIES if f.phase is not None]
    checked = 0
    for g in range(12):
        state = new_game(GameOptions(players=3 + g % 4, seed=700 + g))
        rng = random.Random(g)
        while not state.game_over:
            if state.window is None and g % 2 == state.turn % 2:
                for family in phased:
                    assert family.phase is not None
                    probe = state.clone()
                    probe.phase = family.phase
                    seat = probe.seats[probe.active]
                    out: list[Action] = []
                    assert family.options is not None and family.has_options is not None
                    family.options(probe, probe.active, seat, out)
                    assert family.has_options(probe, probe.active, seat) == bool(out)
                    checked += 1
            apply(state, rng.choice(legal_actions(state)), check=False)
    assert checked > 1000


def test_turncoat_has_target_agrees_with_its_target_list() -> None:
    """R-TURNCOAT-1: the window scan asks the cheap `has_target`; the Turncoat's
    offers come from `targets`. They must agree for every seat, casino or not."""
    checked = positive = 0
    for g in range(10):
        state = new_game(GameOptions(players=3 + g % 4, seed=900 + g))
        rng = random.Random(g)
        while not state.game_over:
            for me in range(state.n):
                want = bool(turncoat.targets(state, me))
                assert turncoat.has_target(state, me) == want
                checked += 1
                positive += want
            apply(state, rng.choice(legal_actions(state)), check=False)
    assert checked > 1000 and 0 < positive < checked
