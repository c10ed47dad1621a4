"""The named bot levels: Easy (a heuristic with noise), Normal (the full
heuristic), Hard (determinized search with Normal rollouts) and Expert (the same
search with more sampled worlds and candidates, affordable with the compiled
engine)."""

from __future__ import annotations

from engine.bots.heuristic import EASY, NORMAL, HeuristicBot
from engine.bots.ismcts import HardBot


class EasyBot(HeuristicBot):
    """Builds and defends by rule of thumb, attacks only easy prey, and blunders now and then."""

    level = "easy"

    def __init__(self) -> None:
        super().__init__(EASY, "easy")


class NormalBot(HeuristicBot):
    """The full heuristic: income, Hideout defence, punishing weak targets, reactions."""

    level = "normal"

    def __init__(self) -> None:
        super().__init__(NORMAL, "normal")


class ExpertBot(HardBot):
    """Hard's search, spending the compiled engine's speed on strength: 2.5x the
    sampled worlds (10 + 20 instead of 4 + 6) and 1.5x the candidates (6 instead of
    4), about 3.6x Hard's rollouts, which the compiled engine (~2.7x faster) plays in
    about Hard's pure-Python time. The budget is a count of rollouts, so games replay
    exactly; the clock (when a caller gives one) is a safety cap only (0.45 s)."""

    level = "expert"

    def __init__(self) -> None:
        super().__init__(worlds=10, extra_worlds=20, max_candidates=6, max_seconds=0.45)
        self.level = "expert"


LEVELS: dict[str, type] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
