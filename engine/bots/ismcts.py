"""Hard: determinized Monte Carlo search over the hidden information.

At the decisions that shape a game (which target to attack, what to open, how
many cards to draw, whether to call the Police or bribe, when to play a trick)
the Normal heuristic proposes a short list of candidates. Each candidate is
played in several determinized worlds (hidden cards sampled from what the seat
cannot see), followed by a rollout in which every seat plays Normal for about
one round; the position reached is scored by `features.win_share`. Every
candidate meets the same worlds and the same dice (common random numbers), so
the comparison is fair even with few samples. The budget is a count of
rollouts, never a clock: the engine stays pure and decisions reproducible; the
app may pass `deadline` to stop early.
"""

from __future__ import annotations

import random
from collections.abc import Callable

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
from engine.bots.heuristic import NORMAL, HeuristicBot
from engine.flow import apply
from engine.legality import legal_actions
from engine.messages import msg
from engine.state import GameState, Phase

_TRICKS = (PlayPokerNight, PlayPolice, PlayTurncoat)


class HardBot:
    """Normal's judgement, checked by simulation where it matters."""

    level = "hard"

    def __init__(
        self,
        worlds: int = 6,
        max_candidates: int = 4,
        horizon_turns: int | None = None,
        max_steps: int = 400,
        deadline: Callable[[], bool] | None = None,
    ) -> None:
        self.worlds = worlds
        self.max_candidates = max_candidates
        self.horizon_turns = horizon_turns
        self.max_steps = max_steps
        self.deadline = deadline
        self.policy = HeuristicBot(NORMAL, "normal")

    def decide(
        self, view: GameState, legal: list[Action], rng: random.Random
    ) -> tuple[Action, str]:
        if len(legal) == 1:
            return legal[0], msg("the only move")
        base, why = self.policy.choose(view, legal)
        cands = self.candidates(view, legal, base)
        if len(cands) <= 1:
            return base, why
        me = view.to_act
        assert me is not None
        totals = [0.0] * len(cands)
        done = 0
        for _ in range(self.worlds):
            if self.deadline is not None and done and self.deadline():
                break
            world = determinize(view, me, rng)
            for k, a in enumerate(cands):
                trial = world.clone()
                apply(trial, a, check=False)
                totals[k] += self.rollout(trial, me, view.turn)
            done += 1
        best = max(range(len(cands)), key=lambda k: (totals[k], -k))
        share = totals[best] / done
        choice = cands[best]
        if choice == base:
            return base, msg(
                "{why} (checked in {done} sampled deals: {share:.0%} to win)",
                why=why,
                done=done,
                share=share,
            )
        return choice, msg(
            "{action} looks best in {done} sampled deals ({share:.0%} to win)",
            action=choice,
            done=done,
            share=share,
        )

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
        """Play Normal for every seat until `me` has had one more turn (or the game ends)."""
        stop = start_turn + (self.horizon_turns if self.horizon_turns else state.n) + 1
        policy = self.policy
        steps = 0
        while not state.game_over and state.turn < stop and steps < self.max_steps:
            legal = legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                action = policy.choose(state, legal)[0]
            apply(state, action, check=False)
            steps += 1
        return win_share(state, me)
