"""The named bot levels: Easy (a heuristic with noise), Normal (the full
heuristic), Hard (determinized search with Normal rollouts) and Expert (the same
search over more candidates, judged by successive halving, affordable with the
compiled engine)."""

from __future__ import annotations

from engine.bots.expert import SearchExpert
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


class ExpertBot(SearchExpert):
    """Up to 8 candidates (Hard: 4), every one on 12 sampled worlds, the better half on
    16 more, the best challenger and Normal's choice on 32 more: at most 224 rollouts,
    each ending as its next turn begins (Hard: 24), fewer when no challenger keeps up;
    positions scored by `calibrated_share`. The budget is a count of rollouts, so games
    replay exactly; the clock (when a caller gives one) is a safety cap only (0.45 s)."""

    level = "expert"

    def __init__(self) -> None:
        super().__init__(
            rounds=(12, 16, 32), max_candidates=8, max_seconds=0.45, through_my_turn=False
        )


LEVELS: dict[str, type] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
