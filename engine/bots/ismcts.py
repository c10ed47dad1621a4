"""Hard: determinized Monte Carlo search over the hidden information.

At the decisions that shape a game (which target to attack, what to open, how
many cards to draw, whether to call the Police or bribe, when to play a trick)
the Normal heuristic proposes a short list of candidates. Each candidate is
played in determinized worlds (hidden cards sampled from what the seat cannot
see, `determinize`), followed by a rollout in which every seat plays Normal until
this seat's next turn begins (every rival has answered; Expert plays that turn
too); the position reached is scored by `features.win_share`. Every candidate
meets the same worlds and the same dice (common random numbers), so differences
are paired.

The search races: all candidates on `worlds` worlds, then the best challenger
(if it did better so far) and Normal's own choice on `extra_worlds` more;
Normal's choice is replaced only when the challenger's paired gain is worth it
(`min_gain`, in win share) and clears its own noise (`confidence` standard
errors). The budget is a count of rollouts, never a clock, so Hard plays the
same on a busy machine. A caller that owns a clock (the app, the simulator)
may pass `clock` and `max_seconds`: a safety cap that stops the search early.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Final

from engine.actions import (
    Action,
    Discard,
    Draw,
    EndPhase,
    MoveHideout,
    OpenCard,
    Pass,
    PlayBribe,
    PlayPokerNight,
    PlayPolice,
    PlayTurncoat,
    StartAttack,
    StopAttack,
)
from engine.bots.determinize import determinize
from engine.bots.features import win_share
from engine.bots.heuristic import NORMAL, QUIET, HeuristicBot
from engine.bots.tactics import AttackPlan
from engine.families.base import ADD, LAUNCH
from engine.flow import apply
from engine.legality import legal_actions, legal_without_free_reactions
from engine.messages import msg
from engine.state import GameState, Phase

_TRICKS: Final = (PlayPokerNight, PlayPolice, PlayTurncoat)


class HardBot:
    """Normal's judgement, checked by simulation where it matters."""

    level = "hard"

    def __init__(
        self,
        worlds: int = 4,
        extra_worlds: int = 4,
        max_candidates: int = 4,
        confidence: float = 0.5,
        min_gain: float = 0.01,
        horizon_turns: int | None = None,
        through_my_turn: bool = False,
        max_steps: int = 400,
        clock: Callable[[], float] | None = None,
        max_seconds: float = 0.35,
    ) -> None:
        self.worlds = worlds
        self.extra_worlds = extra_worlds
        self.max_candidates = max_candidates
        self.confidence = confidence
        self.min_gain = min_gain
        self.horizon_turns = horizon_turns  # turns a rollout plays (None: see below)
        # With no horizon a rollout stops as this seat's next turn begins (Hard), or
        # plays that turn too (`through_my_turn`, Expert), at about twice the cost.
        self.through_my_turn = through_my_turn
        self.max_steps = max_steps
        self.clock = clock
        self.max_seconds = max_seconds
        self.policy = HeuristicBot(NORMAL, "normal")
        # What a rollout's last position is worth to the searching seat.
        self.evaluate: Callable[[GameState, int], float] = win_share
        self.rollouts = 0  # rollouts played so far (the work the budget counts)

    def decide(
        self, view: GameState, legal: list[Action], rng: random.Random
    ) -> tuple[Action, str]:
        base, why, cands = self._question(view, legal)
        if len(cands) <= 1:
            return base, why
        me = view.to_act
        assert me is not None
        out_of_time = self._timer()
        scores: list[list[float]] = [[] for _ in cands]
        self._sample(view, me, rng, cands, range(len(cands)), self.worlds, scores, out_of_time)
        rival = max(range(1, len(cands)), key=lambda k: (_mean(scores[k]), -k))
        if _mean(scores[rival]) > _mean(scores[0]):  # a challenger no better is dropped here
            self._sample(view, me, rng, cands, (0, rival), self.extra_worlds, scores, out_of_time)
        return self._verdict(cands, rival, scores, why)

    def _question(self, view: GameState, legal: list[Action]) -> tuple[Action, str, list[Action]]:
        """Normal's answer, its reason and the candidates to search (Normal's answer
        first; a single candidate means there is nothing to search). Hard and Expert
        open every decision this way."""
        if len(legal) == 1:
            return legal[0], msg("the only move"), legal[:1]
        base, why = self.policy.choose(view, legal)
        return base, why, self.candidates(view, legal, base)

    def _verdict(
        self, cands: list[Action], rival: int, scores: list[list[float]], why: str
    ) -> tuple[Action, str]:
        """Normal's choice (`cands[0]`) unless the challenger `rival`'s paired gain,
        over the worlds both met, is over `min_gain` and `confidence` standard errors."""
        n = min(len(scores[rival]), len(scores[0]))
        gains = [a - b for a, b in zip(scores[rival][:n], scores[0][:n], strict=True)]
        gain = _mean(gains)
        if gain <= self.min_gain or gain < self.confidence * _std_error(gains):
            return cands[0], msg(
                "{why} (checked in {done} sampled deals: {share:.0%} to win)",
                why=why,
                done=n,
                share=_mean(scores[0]),
            )
        return cands[rival], msg(
            "{action} looks best in {done} sampled deals ({share:.0%} to win)",
            action=cands[rival],
            done=n,
            share=_mean(scores[rival]),
        )

    def _timer(self) -> Callable[[], bool]:
        """The safety cap: True once `max_seconds` have passed (never without a clock)."""
        clock = self.clock
        if clock is None:
            return lambda: False
        stop = clock() + self.max_seconds
        return lambda: clock() > stop

    def _sample(
        self,
        view: GameState,
        me: int,
        rng: random.Random,
        cands: list[Action],
        which: range | tuple[int, ...],
        count: int,
        scores: list[list[float]],
        out_of_time: Callable[[], bool],
    ) -> None:
        """`count` more worlds, each played out once after every candidate in `which`."""
        last = which[-1]  # once it has a score, every candidate in `which` has a whole world
        quiet = QUIET.set(True)  # the rollouts' reasons are never read
        try:
            for _ in range(count):
                world = determinize(view, me, rng)
                for k in which:
                    if scores[last] and out_of_time():
                        _keep_whole_worlds(scores, which)
                        return
                    trial = world.clone()
                    apply(trial, cands[k], check=False)
                    scores[k].append(self.rollout(trial, me, view.turn))
        finally:
            QUIET.reset(quiet)

    def candidates(self, state: GameState, legal: list[Action], base: Action) -> list[Action]:
        """The few moves worth simulating: Normal's choice first, then its rivals."""
        out: list[Action] = [base]

        def add(a: Action) -> None:
            if a not in out and len(out) < self.max_candidates:
                out.append(a)

        w = state.window
        if w is not None:
            for a in legal:
                if isinstance(a, (StopAttack, PlayBribe)):
                    add(a)
            if len(out) > 1 or not isinstance(base, Pass):
                add(Pass())
            return out
        if state.phase is Phase.MULLIGAN:
            return out
        if isinstance(base, _TRICKS):
            rest: list[Action] = [a for a in legal if not isinstance(a, _TRICKS)]
            add(self.policy.choose(state, rest)[0] if rest else base)
            return out
        phase = state.phase
        if phase is Phase.ATTACK and state.attack_target is None:
            plans = self.policy.plans(state, state.to_act or 0)
            for p in plans[:3]:
                a = StartAttack(p.target)
                if a in legal:
                    add(a)
            add(EndPhase())
        elif phase is Phase.OPEN:
            opens = [a for a in legal if isinstance(a, OpenCard)]
            for a in opens:
                if a.card != getattr(base, "card", None):
                    add(a)
            add(EndPhase())
        elif phase is Phase.DRAW:
            counts = sorted((a.count for a in legal if isinstance(a, Draw)), reverse=True)
            for c in counts[:2] + counts[-1:]:
                add(Draw(c))
        elif phase is Phase.HIDEOUT:
            for a in legal:
                if isinstance(a, MoveHideout):
                    add(a)
            add(EndPhase())
        elif phase is Phase.DISCARD and isinstance(base, Discard):
            add(EndPhase())
        return out

    def rollout(self, state: GameState, me: int, start_turn: int) -> float:
        """Play Normal for every seat until `me`'s next turn begins, or through it
        (`through_my_turn`), or for `horizon_turns` turns (or until the game ends). An
        attack Normal starts is assembled from its plan without asking Normal again at
        every gangster (what it would answer, for a fraction of the cost)."""
        self.rollouts += 1
        if self.horizon_turns:
            stop = start_turn + self.horizon_turns + 1
        else:
            stop = start_turn + state.n + (1 if self.through_my_turn else 0)
        policy = self.policy
        plan: AttackPlan | None = None
        steps = 0
        while not state.game_over and state.turn < stop and steps < self.max_steps:
            if policy.reads_free_reactions(state):
                legal = legal_actions(state)
            else:  # Normal chooses from these alone (see `reads_free_reactions`)
                legal = legal_without_free_reactions(state)
                if len(legal) < 2 and state.window is None:
                    legal = legal_actions(state)  # the whole list says if it is forced
            action: Action | None = None
            if len(legal) == 1:
                action = legal[0]
            elif plan is not None and state.attack_target == plan.target and state.window is None:
                action = _next_attack_step(state, plan, legal)
            if action is None:
                action = policy.choose(state, legal)[0]
                plan = policy.last_plan if isinstance(action, StartAttack) else None
            apply(state, action, check=False)
            steps += 1
        return self.evaluate(state, me)


def _next_attack_step(state: GameState, plan: AttackPlan, legal: list[Action]) -> Action | None:
    """The next gangster of the plan, then the launch (None: let Normal decide)."""
    for g in plan.gangsters:
        if g not in state.attack_gangsters:
            a: Action = ADD[g]
            return a if a in legal else None
    return LAUNCH if LAUNCH in legal else None


def _keep_whole_worlds(scores: list[list[float]], which: range | tuple[int, ...]) -> None:
    """Drop the world the clock interrupted, so every candidate keeps the same worlds."""
    n = min(len(scores[k]) for k in which)
    for k in which:
        del scores[k][n:]


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _std_error(xs: list[float]) -> float:
    n = len(xs)
    if n < 2:
        return float("inf")
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
