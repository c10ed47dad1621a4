"""Attack planning: which rival building to hit, with which gangsters, and what it
is worth (R-ATK, R-HIDE-ATK). Fights are predicted exactly with the engine's own
damage rule (I-DMG); only the ransom die is averaged.
"""

from __future__ import annotations

from itertools import product
from typing import Final, NamedTuple

from engine.bots.features import (
    ELIM_BONUS,
    TROPHY,
    elimination_odds,
    rounds_left,
    table_points,
    threat,
)
from engine.cards import HIDEOUT_INCOME, VALUE
from engine.messages import msg
from engine.state import GameState


class AttackPlan(NamedTuple):
    """One attack (a named tuple: rollouts build thousands, and it is 3x cheaper to
    make than a frozen dataclass)."""

    target: int
    gangsters: tuple[int, ...]
    value: float  # in score points, for the attacker, rival damage weighted
    why: str


_new_plan: Final = tuple.__new__
"""`_new_plan(AttackPlan, (target, gangsters, value, why))`: a plan built in one step.
A NamedTuple's own `__new__` is Python code, run by the interpreter even when this
module is compiled (~6 K instructions a plan, and a rollout plans ~20 times)."""


def _strength(gs: tuple[int, ...] | list[int]) -> int:
    total = 0
    for g in gs:
        total += VALUE[g]
    return total


def attacker_pool(state: GameState, me: int) -> dict[int, list[tuple[float, int]]]:
    """My gangsters that can attack (R-ATK-1), grouped by strength, cheapest to
    send first: sending one leaves its building weaker until my next phase B."""
    s = state.seats[me]
    top_v = VALUE[s.top] if s.top is not None else 0
    danger = threat(state, me)
    hide_cost = 0.7 if (danger >= 3 and s.money < 6 + top_v) else 0.25
    pool: dict[int, list[tuple[float, int]]] = {1: [], 2: [], 3: [], 4: []}
    for b, gs in s.buildings.items():
        # A Hideout gangster who attacks never goes back onto it (I-MOVE-HIDEOUT).
        per_unit = hide_cost + 0.35 if b == s.hideout else 0.15 + 0.05 * VALUE[b]
        for g in gs:
            v = VALUE[g]
            pool[v].append((per_unit * v, g))
    for lst in pool.values():
        lst.sort()
    return pool


def _pool_key(pool: dict[int, list[tuple[float, int]]]) -> tuple[object, ...]:
    return tuple(tuple(pool[v]) for v in (1, 2, 3, 4))


Sets = tuple[float, tuple[int, ...]] | None  # (cost, gangsters) of the cheapest group
Answers = dict[tuple[int, int], Sets]  # one pool's answers, by (need, hit_back)


def _answers(pool: dict[int, list[tuple[float, int]]]) -> Answers:
    """The memo of one attacker pool (created empty on its first question)."""
    key = _pool_key(pool)
    answers = _SETS_MEMO.get(key)
    if answers is None:
        if len(_SETS_MEMO) >= _SETS_MEMO_SIZE:
            _SETS_MEMO.clear()
        answers = _SETS_MEMO[key] = {}
    return answers


def _cheapest_sets(
    pool: dict[int, list[tuple[float, int]]],
    need: int,
    hit_back: int,
    answers: Answers | None = None,
) -> Sets:
    """The attacking group of strength >= need that loses the least (losses to
    `hit_back` damage, weakest first, plus exposure); None if none reaches it.

    Only how many gangsters of each strength go matters (the cheapest of each
    strength go first), so the losses are counted per strength (I-DMG kills the
    weakest first and stops at the first it cannot kill) and the group is built
    once, for the winner. Rollouts ask the same question many times: memoized per
    pool (`answers`: `_answers(pool)`, when the caller asks about one pool often)."""
    if answers is None:
        answers = _answers(pool)
    q = (need, hit_back)
    found = answers.get(q, _MISS)
    if found is _MISS:
        found = answers[q] = _search_sets(pool, need, hit_back)
    return found  # type: ignore[return-value]


_MISS: Final = object()
_SETS_MEMO: Final[dict[tuple[object, ...], Answers]] = {}
_SETS_MEMO_SIZE: Final = 20_000  # pools; each keeps the few questions asked about it


def _search_sets(
    pool: dict[int, list[tuple[float, int]]], need: int, hit_back: int
) -> tuple[float, tuple[int, ...]] | None:
    total = sum(v * len(lst) for v, lst in pool.items())
    if total < need:
        return None
    best: tuple[float, tuple[int, ...]] | None = None
    values = (1, 2, 3, 4)
    ranges = [range(len(pool[v]) + 1) for v in values]
    for counts in product(*ranges):
        power = counts[0] + 2 * counts[1] + 3 * counts[2] + 4 * counts[3]
        if power < need:
            continue
        cost = 0.0
        for v, k in zip(values, counts, strict=True):
            for ecost, _g in pool[v][:k]:
                cost += ecost
        damage = hit_back
        lost = 0
        for v, k in zip(values, counts, strict=True):
            killed = min(k, damage // v)
            damage -= killed * v
            lost += killed * v
            if killed < k:
                break
        cost += lost * 1.1
        if best is None or cost < best[0]:
            chosen = tuple(g for v, k in zip(values, counts, strict=True) for _e, g in pool[v][:k])
            best = (cost, chosen)
    return best


def plan_attacks(state: GameState, me: int, rival_w: dict[int, float]) -> list[AttackPlan]:
    """Every worthwhile attack open to `me` now, best first (R-ATK-3: each target once)."""
    pool = attacker_pool(state, me)
    if not any(pool.values()):
        return []
    answers = _answers(pool)
    power = sum(v * len(lst) for v, lst in pool.items())  # a stronger target: no group
    rounds = rounds_left(state)
    future = 0.75 * min(rounds, 4.0)
    plans: list[AttackPlan] = []
    for o, s in enumerate(state.seats):
        if o == me or not s.alive:
            continue
        w = rival_w.get(o, 0.4)
        for b, gs in s.buildings.items():
            if b in state.attacked:
                continue
            if b == s.hideout:
                plan = _hideout_plan(state, me, o, pool, w, answers, power)
            else:
                d = _strength(gs)
                v = VALUE[b]
                if d + v > power:
                    continue
                q = (d + v, d)  # _cheapest_sets, its memo read inline
                found = answers[q] if q in answers else _cheapest_sets(pool, d + v, d, answers)
                if found is None:
                    continue
                cost, chosen = found
                paid = min(v, s.money)
                rival_loss = d + v + v * future + paid
                value = paid - cost + w * rival_loss
                plan = _new_plan(AttackPlan, (b, chosen, value, _business_why(v)))
            if plan is not None:
                plans.append(plan)
    plans.sort(key=lambda p: -p.value)
    return plans


def _business_why(n: int) -> str:
    """The reason of a plan on an `n`-income Business (made once per `n`: rollouts
    plan many attacks and never read the reason)."""
    why = _BUSINESS_WHY.get(n)
    if why is None:
        why = _BUSINESS_WHY[n] = msg("destroys a weak {n}-income Business", n=n)
    return why


_BUSINESS_WHY: Final[dict[int, str]] = {}
_KNOCK_OUT_WHY: Final = msg("breaks a weak Hideout to knock its boss out")
_HIDEOUT_WHY: Final = msg("breaks a weak Hideout")


def _hideout_plan(
    state: GameState,
    me: int,
    o: int,
    pool: dict[int, list[tuple[float, int]]],
    w: float,
    answers: Answers | None = None,
    power: int | None = None,
) -> AttackPlan | None:
    """The attack on rival `o`'s Hideout (`power`: the pool's total strength, if known)."""
    s = state.seats[o]
    assert s.hideout is not None
    d = _strength(s.buildings[s.hideout])
    top_v = 0
    if s.top is not None:
        d += _strength(s.buildings[s.top])
        top_v = VALUE[s.top]
    defence = HIDEOUT_INCOME + d + top_v  # R-HIDE-ATK-4
    if power is not None and defence > power:
        return None
    found = _cheapest_sets(pool, defence, HIDEOUT_INCOME + d, answers)  # R-HIDE-ATK-6
    if found is None:
        return None
    cost, chosen = found
    p_elim = elimination_odds(s.money, top_v)
    ransom = 3.5 + top_v
    paid = (1 - p_elim) * ransom + p_elim * s.money
    gain = paid + p_elim * (TROPHY + ELIM_BONUS)
    if p_elim > 0 and len(state.seats[me].trophies) >= 1:
        gain += p_elim * 40.0  # a second Hideout wins the war (R-END-WAR-1)
    rival_loss = d + top_v * 2.5 + paid + p_elim * (table_points(s) + s.money)
    value = gain - cost + w * rival_loss
    why = _KNOCK_OUT_WHY if p_elim >= 0.5 else _HIDEOUT_WHY
    plan: AttackPlan = _new_plan(AttackPlan, (s.hideout, chosen, value, why))
    return plan
