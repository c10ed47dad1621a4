"""Hard's search and the shared evaluation: cheaper, yet the same answers.

The speed-ups in `features` and `tactics` must not change what Normal does;
Hard's budget is a count of rollouts, and its clock is only a safety cap."""

from __future__ import annotations

import random
from itertools import product

from engine import GameState, legal_actions, view
from engine.bots.features import (
    ELIM_BONUS,
    TROPHY,
    elimination_odds,
    exposure,
    hand_card_value,
    hideout_defence,
    income,
    rival_weights,
    rounds_left,
    seat_value,
    seat_values,
    table_points,
    threat,
)
from engine.bots.heuristic import QUIET
from engine.bots.ismcts import HardBot
from engine.bots.tactics import _cheapest_sets, attacker_pool, plan_attacks
from engine.cards import HIDEOUT_INCOME, VALUE
from engine.combat import weakest_first
from tests.bots.helpers import positions

GANGSTERS = {v: [c for c in range(len(VALUE)) if VALUE[c] == v] for v in (1, 2, 3, 4)}


Pool = dict[int, list[tuple[float, int]]]


def _brute_force(pool: Pool, need: int, hit_back: int) -> tuple[float, tuple[int, ...]] | None:
    """The first version of `_cheapest_sets`: every group, losses by `weakest_first`."""
    best: tuple[float, tuple[int, ...]] | None = None
    for counts in product(*[range(len(pool[v]) + 1) for v in (1, 2, 3, 4)]):
        if sum(v * k for v, k in zip((1, 2, 3, 4), counts, strict=True)) < need:
            continue
        chosen: list[int] = []
        cost = 0.0
        for v, k in zip((1, 2, 3, 4), counts, strict=True):
            for ecost, g in pool[v][:k]:
                chosen.append(g)
                cost += ecost
        cost += sum(VALUE[g] for g in weakest_first(hit_back, chosen)) * 1.1
        if best is None or cost < best[0]:
            best = (cost, tuple(chosen))
    return best


def test_cheapest_sets_match_the_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(300):
        pool: Pool = {}
        for v in (1, 2, 3, 4):
            k = rng.randint(0, 3)
            pool[v] = sorted((round(rng.uniform(0.1, 2.0), 2), g) for g in GANGSTERS[v][:k])
        need, hit_back = rng.randint(0, 14), rng.randint(0, 10)
        assert _cheapest_sets(pool, need, hit_back) == _brute_force(pool, need, hit_back)


def _old_plan_attacks(
    state: GameState, me: int, rival_w: dict[int, float]
) -> list[tuple[int, tuple[int, ...], float, str]]:
    """The first `tactics.plan_attacks` (every target tried, groups by brute force)."""
    pool = attacker_pool(state, me)
    if not any(pool.values()):
        return []
    future = 0.75 * min(rounds_left(state), 4.0)
    plans: list[tuple[int, tuple[int, ...], float, str]] = []
    for o, s in enumerate(state.seats):
        if o == me or not s.alive:
            continue
        w = rival_w.get(o, 0.4)
        for b, gs in s.buildings.items():
            if b in state.attacked:
                continue
            if b == s.hideout:
                defenders = list(gs)
                top_v = 0
                if s.top is not None:
                    defenders += list(s.buildings[s.top])
                    top_v = VALUE[s.top]
                d = sum(VALUE[g] for g in defenders)
                found = _brute_force(pool, HIDEOUT_INCOME + d + top_v, HIDEOUT_INCOME + d)
                if found is None:
                    continue
                cost, chosen = found
                p_elim = elimination_odds(s.money, top_v)
                paid = (1 - p_elim) * (3.5 + top_v) + p_elim * s.money
                gain = paid + p_elim * (TROPHY + ELIM_BONUS)
                if p_elim > 0 and len(state.seats[me].trophies) >= 1:
                    gain += p_elim * 40.0
                rival_loss = d + top_v * 2.5 + paid + p_elim * (table_points(s) + s.money)
                value = gain - cost + w * rival_loss
                why = "breaks a weak Hideout" + (" to knock its boss out" if p_elim >= 0.5 else "")
            else:
                d = sum(VALUE[g] for g in gs)
                v = VALUE[b]
                found = _brute_force(pool, d + v, d)
                if found is None:
                    continue
                cost, chosen = found
                paid = min(v, s.money)
                value = paid - cost + w * (d + v + v * future + paid)
                why = f"destroys a weak {v}-income Business"
            plans.append((b, chosen, value, why))
    plans.sort(key=lambda p: -p[2])
    return plans


def test_attack_plans_equal_the_first_version_exactly() -> None:
    checked = 0
    for k, (state, _legal) in enumerate(positions(("normal", "normal", "easy", "normal"), 8)):
        if k % 3:
            continue
        for me in range(state.n):
            if not state.seats[me].alive:
                continue
            weights = rival_weights(state, me)
            new = [
                (p.target, p.gangsters, p.value, p.why) for p in plan_attacks(state, me, weights)
            ]
            assert new == _old_plan_attacks(state, me, weights)
            checked += bool(new)
    assert checked > 50


def _old_exposure(state: GameState, seat_i: int) -> float:
    """The first `features.exposure`: every fact recounted from the seat."""
    s = state.seats[seat_i]
    if not s.alive:
        return 0.0
    danger = threat(state, seat_i)
    if danger == 0:
        return 0.0
    cost = 0.0
    top_v = VALUE[s.top] if s.top is not None else 0
    if danger >= hideout_defence(s):
        p_elim = elimination_odds(s.money, top_v)
        stake = p_elim * (s.money + table_points(s) + 12.0) + (1 - p_elim) * (3.5 + 2 * top_v)
        cost += 0.45 * stake
    for b, gs in s.buildings.items():
        if b == s.hideout or b == s.top:
            continue
        d = sum(VALUE[g] for g in gs)
        if danger >= d + VALUE[b]:
            cost += 0.25 * (2.5 * VALUE[b])
    return cost


def _old_seat_value(state: GameState, seat_i: int, rounds: float) -> float:
    """The first `features.seat_value`, before it counted each table once."""
    s = state.seats[seat_i]
    if not s.alive:
        return TROPHY * len(s.trophies) - 20.0
    val = float(s.money + table_points(s))
    val += 0.75 * income(s) * rounds
    hand = sum(hand_card_value(c, s) for c in s.hand)
    val += hand * min(1.0, rounds / 3)
    val -= _old_exposure(state, seat_i)
    val += 4.0 * len(s.trophies)
    return val


def test_seat_values_equal_the_first_version_exactly() -> None:
    checked = 0
    for k, (state, _legal) in enumerate(positions(("normal", "easy", "normal", "easy"), 6)):
        if k % 3:
            continue
        me = state.to_act or 0
        for seen in (state, view(state, me)):  # full states, and a seat's view (UNKNOWN hands)
            rounds = rounds_left(seen)
            old = [_old_seat_value(seen, i, rounds) for i in range(seen.n)]
            assert seat_values(seen) == old
            assert [seat_value(seen, i, rounds) for i in range(seen.n)] == old
            assert [exposure(seen, i) for i in range(seen.n)] == [
                _old_exposure(seen, i) for i in range(seen.n)
            ]
        checked += 1
    assert checked > 50


def _old_rival_weight(state: GameState, me: int, rival: int) -> float:
    rounds = rounds_left(state)
    vals = {i: _old_seat_value(state, i, rounds) for i in state.alive_seats()}
    best_other = max((v for i, v in vals.items() if i != me), default=0.0)
    if rival not in vals:
        return 0.0
    return 0.7 if vals[rival] >= best_other - 0.5 else 0.35


def test_rival_weights_value_every_seat_once_with_the_same_result() -> None:
    checked = 0
    for k, (state, _legal) in enumerate(positions(("normal", "easy", "normal", "easy"), 3)):
        if k % 5:
            continue
        for me in range(state.n):
            ws = rival_weights(state, me)
            for r in range(state.n):
                if r != me:
                    assert ws.get(r, 0.0) == _old_rival_weight(state, me, r)
                    checked += 1
    assert checked > 100


def _searched_position() -> tuple[GameState, int]:
    """A real decision where Hard simulates more than one candidate, and the seat to act."""
    probe = HardBot()
    for state, legal in positions(("normal", "normal", "normal"), 5):
        if len(legal) > 1 and state.window is None:
            assert state.to_act is not None  # a decision: someone acts
            v = view(state, state.to_act)
            base, _ = probe.policy.choose(v, legal)
            if len(probe.candidates(v, legal, base)) >= 3:
                return state.clone(), state.to_act
    raise AssertionError("no searched decision found")


def test_hard_is_deterministic_given_its_rng_and_budget() -> None:
    state, me = _searched_position()
    v, legal = view(state, me), legal_actions(state)
    a = HardBot(worlds=2, extra_worlds=2).decide(v, legal, random.Random(3))
    b = HardBot(worlds=2, extra_worlds=2).decide(v, legal, random.Random(3))
    assert a == b and a[0] in legal


def test_the_clock_is_only_a_safety_cap() -> None:
    state, me = _searched_position()
    v, legal = view(state, me), legal_actions(state)
    ticks = iter(range(1_000_000))
    bot = HardBot(worlds=4, extra_worlds=6, clock=lambda: float(next(ticks)), max_seconds=0.5)
    action, reason = bot.decide(v, legal, random.Random(1))
    assert action in legal and reason
    cands = len(bot.candidates(v, legal, bot.policy.choose(v, legal)[0]))
    assert bot.rollouts == cands  # one world, then the (fake) clock ran out
    bot = HardBot(worlds=4, extra_worlds=6)
    bot.decide(v, legal, random.Random(1))
    assert bot.rollouts in (4 * cands, 4 * cands + 6 * 2)  # no clock: the whole budget
    default = HardBot()  # Hard's own budget: 4 worlds, then 4 more for two candidates
    default.decide(v, legal, random.Random(1))
    assert default.rollouts in (4 * cands, 4 * cands + 4 * 2)


def test_hard_rolls_out_until_its_next_turn_and_expert_through_it() -> None:
    """Hard's rollout stops as its seat's next turn begins (every rival has answered;
    playing that turn too would double the cost); Expert's plays that turn as well."""
    from engine.bots.expert import SearchExpert

    state, me = _searched_position()
    start = state.turn
    hard, expert = HardBot(), SearchExpert()
    ends: list[GameState] = []
    for bot in (hard, expert):
        trial = state.clone()
        share = bot.rollout(trial, me, start)
        assert 0.0 <= share <= 1.0
        ends.append(trial)
    after_hard, after_expert = ends
    assert not after_hard.game_over and not after_expert.game_over
    assert after_hard.turn == start + state.n  # the turn after the rivals' ones: mine
    assert after_hard.to_act == me
    assert after_expert.turn == start + state.n + 1  # and Expert played it through
    assert (hard.rollouts, expert.rollouts) == (1, 1)


def test_rollouts_leave_reasons_unworded_but_every_answer_is_worded() -> None:
    state, me = _searched_position()
    v, legal = view(state, me), legal_actions(state)
    reasons: list[str] = []
    listener = HardBot().policy

    def clock() -> float:  # asked before the search, then between rollouts
        reasons.append(listener.choose(state, legal_actions(state))[1])
        return 0.0

    bot = HardBot(worlds=2, extra_worlds=2, clock=clock, max_seconds=1e9)
    action, reason = bot.decide(v, legal, random.Random(5))
    quiet_reasons = reasons[1:]  # the first: the timer's start, before the search
    assert quiet_reasons and all(r == "" for r in quiet_reasons)  # QUIET inside the search
    assert reasons[0]
    assert action in legal and reason  # Hard's own answer is worded
    assert not QUIET.get()  # and reset afterwards: Normal speaks again
    assert HardBot().policy.choose(v, legal)[1]


def test_expert_halves_its_candidates_on_a_fixed_budget_and_replays() -> None:
    """Successive halving: every candidate meets the first round's worlds, at most half
    of them the next, two the last; no clock, so the same rng gives the same move."""
    from engine.bots.expert import SearchExpert

    state, me = _searched_position()
    v, legal = view(state, me), legal_actions(state)
    bot = SearchExpert(rounds=(2, 2, 3), max_candidates=8)
    base = bot.policy.choose(v, legal)[0]
    cands = bot.candidates(v, legal, base)
    assert cands[0] == base and len(cands) >= len(HardBot().candidates(v, legal, base))
    assert len(set(cands)) == len(cands) and all(a in legal for a in cands)
    a = bot.decide(v, legal, random.Random(3))
    half = max(2, (len(cands) + 1) // 2)
    assert 2 * len(cands) <= bot.rollouts <= 2 * len(cands) + 2 * half + 3 * 2
    b = SearchExpert(rounds=(2, 2, 3), max_candidates=8).decide(v, legal, random.Random(3))
    assert a == b and a[0] in legal


def test_expert_spends_the_rounds_of_its_decisions_kind() -> None:
    """`kind_rounds` gives a kind of decision its own schedule (the regret screen's
    attack-target budget); never stopping early spends exactly the schedule, so the
    budget is a count of rollouts and the same rng replays the same move."""
    from engine.bots.expert import SearchExpert, decision_kind

    state, me = _searched_position()
    v, legal = view(state, me), legal_actions(state)
    kind = decision_kind(v)
    assert kind in ("attack", "open", "draw", "hideout", "other")

    def bot(kinds: dict[str, tuple[int, ...]]) -> SearchExpert:
        b = SearchExpert(rounds=(1, 1, 1), max_candidates=8)
        b.stop_early = False
        b.kind_rounds = kinds
        return b

    own, other = bot({kind: (2, 2, 3)}), bot({"window": (2, 2, 3)})
    a = own.decide(v, legal, random.Random(3))
    other.decide(v, legal, random.Random(3))
    n = len(own.candidates(v, legal, own.policy.choose(v, legal)[0]))
    half = min(n, max(2, (n + 1) // 2))
    assert own.rollouts == 2 * n + 2 * half + 3 * 2  # this kind's schedule, in full
    assert other.rollouts == n + half + 2  # another kind's schedule is not used here
    assert bot({kind: (2, 2, 3)}).decide(v, legal, random.Random(3)) == a and a[0] in legal
