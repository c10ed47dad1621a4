"""Computer opponents. Every bot decides from a seat's *view* (never the full
state) through one protocol, for every decision a seat can face.

    bot = make_bot("normal")
    action, reason = bot.decide(view(state, seat), legal_actions(state), rng)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from engine.actions import Action
from engine.messages import msg
from engine.state import GameState

AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
"""The levels a seat can be played at, weakest first: the names of `levels.LEVELS`
(tests/bots/test_levels.py keeps them equal), listed here so that the app and the
tools name them without importing the searching bots."""


class Bot(Protocol):
    level: str

    def decide(
        self, view: GameState, legal: list[Action], rng: random.Random
    ) -> tuple[Action, str]:
        """Pick one of `legal` for the seat `view` belongs to, with a one-line reason."""
        ...


class RandomBot:
    """Uniform over legal actions: the baseline every level must beat."""

    level = "random"

    def decide(
        self, view: GameState, legal: list[Action], rng: random.Random
    ) -> tuple[Action, str]:
        return rng.choice(legal), msg("picked at random")


def make_bot(level: str, clock: Callable[[], float] | None = None) -> Bot:
    """A bot of the named level ("random", "easy", "normal", "hard"). `clock` (seconds,
    e.g. time.perf_counter) lets a searching bot keep a safety cap on its thinking
    time; the engine owns no clock, so only the caller can give one."""
    factories = _factories()
    if level not in factories:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(factories)}")
    bot: Bot = factories[level]()
    if clock is not None and hasattr(bot, "clock"):
        bot.clock = clock
    return bot


def _factories() -> dict[str, type]:
    table: dict[str, type] = {"random": RandomBot}
    from engine.bots.levels import LEVELS

    table.update(LEVELS)
    return table


def level_names() -> list[str]:
    """Every level `make_bot` knows (not called `levels`: that is the submodule)."""
    return list(_factories())


HINT_SECONDS = 0.15  # the hint's safety cap when a searching level gives it


def hint(
    view: GameState,
    legal: list[Action],
    level: str = "normal",
    clock: Callable[[], float] | None = None,
) -> tuple[Action, str]:
    """What `level` would do here, and why (the app's "hint" button; Normal unless
    the caller names a level). A fixed rng makes the same position always give the
    same hint; a searching level with a `clock` stops after HINT_SECONDS at most."""
    if level == "normal":
        from engine.bots.levels import NormalBot

        return NormalBot().decide(view, legal, random.Random(0))
    bot = make_bot(level, clock)
    if clock is not None and hasattr(bot, "max_seconds"):
        bot.max_seconds = HINT_SECONDS
    return bot.decide(view, legal, random.Random(0))
