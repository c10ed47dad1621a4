"""Expert: Hard's determinized search with wider candidates and successive halving.

Hard races Normal's choice against at most three rivals on a handful of worlds.
More of the same bought little (issue 25: 24.1 % against three Hards with 3.6x
Hard's rollouts); what the issue's expensive trial shows is that *more candidates
judged on more worlds* is what wins. Expert spends its rollouts where they decide
something: every candidate meets the first worlds, then only the better half goes
on (Normal's choice always does), and so on until the best challenger and Normal's
choice meet the last worlds (successive halving, with common random numbers: every
survivor is played on the same worlds and dice, so the comparison stays paired).
The acceptance test is Hard's (a paired gain over `min_gain` and `confidence`
standard errors). The budget is a count of rollouts, never a clock.
"""

from __future__ import annotations

import random

from engine.actions import Action, Draw, EndPhase, MoveHideout, OpenCard, StartAttack
from engine.bots.features import calibrated_share
from engine.bots.ismcts import HardBot, _mean
from engine.state import GameState, Phase


class SearchExpert(HardBot):
    """Hard's search with more candidates and a halving schedule of worlds."""

    level = "expert"

    def __init__(
        self,
        rounds: tuple[int, ...] = (6, 8, 16),
        max_candidates: int = 8,
        confidence: float = 0.5,
        min_gain: float = 0.01,
        max_seconds: float = 0.45,
        through_my_turn: bool = True,
    ) -> None:
        super().__init__(
            worlds=rounds[0],
            extra_worlds=sum(rounds[1:]),
            max_candidates=max_candidates,
            confidence=confidence,
            min_gain=min_gain,
            max_seconds=max_seconds,
            through_my_turn=through_my_turn,
        )
        self.rounds = rounds
        self.level = "expert"
        self.stop_early = True  # stop when no challenger is ahead of Normal's choice
        # Rounds by kind of decision ("attack", "open", "draw", "hideout", "window",
        # "other"); a kind not named here uses `rounds`.
        self.kind_rounds: dict[str, tuple[int, ...]] = {}
        # Rollouts scored at the temperature self-play measured (Hard keeps win_share).
        self.evaluate = calibrated_share

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
        alive = list(range(len(cands)))
        rounds = self.kind_rounds.get(decision_kind(view), self.rounds)
        for r, count in enumerate(rounds):
            self._sample(view, me, rng, cands, tuple(alive), count, scores, out_of_time)
            if out_of_time():
                break
            left = len(rounds) - r - 1
            keep = 2 if left <= 1 else max(2, (len(alive) + 1) // 2)
            rivals = sorted(alive[1:], key=lambda k: (-_mean(scores[k]), k))
            alive = [0, *rivals[: keep - 1]]
            if left and self.stop_early and _mean(scores[alive[1]]) <= _mean(scores[0]):
                break  # no challenger beats Normal's choice so far: stop, as Hard does
        rival = max(alive[1:], key=lambda k: (_mean(scores[k]), -k))
        return self._verdict(cands, rival, scores, why)

    def candidates(self, state: GameState, legal: list[Action], base: Action) -> list[Action]:
        """Hard's candidates, widened where Hard stops at three: every attack plan's
        target, every Hideout move, every number of cards to draw."""
        out = super().candidates(state, legal, base)
        if state.window is not None or state.phase is Phase.MULLIGAN:
            return out

        def add(a: Action) -> None:
            if a not in out and len(out) < self.max_candidates:
                out.append(a)

        phase = state.phase
        if phase is Phase.ATTACK and state.attack_target is None:
            for p in self.policy.plans(state, state.to_act or 0):
                start: Action = StartAttack(p.target)
                if start in legal:
                    add(start)
        elif phase is Phase.DRAW:
            for d in legal:
                if isinstance(d, Draw):
                    add(d)
        elif phase in (Phase.OPEN, Phase.HIDEOUT):
            for a in legal:
                if isinstance(a, (OpenCard, MoveHideout, EndPhase)):
                    add(a)
        return out


def decision_kind(state: GameState) -> str:
    """What a searched decision is about, so the budget can follow what it is worth."""
    if state.window is not None:
        return "window"
    phase = state.phase
    if phase is Phase.ATTACK and state.attack_target is None:
        return "attack"
    if phase is Phase.OPEN:
        return "open"
    if phase is Phase.DRAW:
        return "draw"
    if phase is Phase.HIDEOUT:
        return "hideout"
    return "other"
