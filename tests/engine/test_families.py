"""The action families (engine/families/): every action type has one family, and a
turn phase is skipped exactly when its family has nothing to offer (I-MOVE-FREE,
R-TURN-1: `settle` trusts the cheap `has_options` to agree with `options`)."""

from __future__ import annotations

import random

from engine import GameOptions, apply, legal_actions, new_game
from engine.actions import ACTION_TYPES, Action, Pass
from engine.cards import REACTION_KINDS
from engine.families import ANSWERS, EFFECTS, FAMILIES, FAMILY_OF, FREE, REACTIONS, turncoat
from engine.legality import has_window_option, window_actions
from engine.state import Window


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


def test_every_reaction_kind_has_its_options_in_one_family() -> None:
    """Legality asks the families (issue 24): each reaction card kind is listed once,
    and every answer or free use comes from a family's hooks."""
    kinds = [r.kind for r in REACTIONS]
    assert sorted(kinds) == sorted(REACTION_KINDS) and len(kinds) == len(set(kinds))
    assert all(r in REACTIONS for r in ANSWERS + FREE)
    assert all(r.answer is not None for r in ANSWERS) and all(r.free is not None for r in FREE)


def test_has_window_option_agrees_with_window_actions() -> None:
    """I-REACT-WINDOW: a seat is asked when the families' cheap `useful` says it could
    do more than pass; that must match what `window_actions` offers it, for every
    living seat in every window of random games."""
    checked = positive = 0
    for g in range(12):
        state = new_game(GameOptions(players=3 + g % 4, seed=1300 + g))
        rng = random.Random(g)
        while not state.game_over:
            w = state.window
            if w is not None:
                for s in range(state.n):
                    if not state.seats[s].alive:
                        continue
                    probe = state.clone()
                    asked = Window(w.kind, w.opener, (s,), 0)
                    probe.stack[-1] = asked
                    offers = window_actions(probe, asked)
                    assert offers[-1] == Pass()
                    assert has_window_option(probe, s, asked) == (len(offers) > 1)
                    checked += 1
                    positive += len(offers) > 1
            apply(state, rng.choice(legal_actions(state)), check=False)
    assert checked > 500 and 0 < positive < checked
