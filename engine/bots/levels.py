"""The named bot levels: Easy (a heuristic with noise), Normal (the full
heuristic) and Hard (determinized search with Normal rollouts)."""

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


LEVELS: dict[str, type] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
