"""The controller's part that keeps "While you waited" news for each human.

Each human's losses off their turn are recorded as they happen
(`while_away.AwayDigest`); at the start of their turn that seat's news is shown
(until dismissed or the turn ends), and when the game ends the Game over panel
recalls how the player at the screen lost (#20).
"""

from __future__ import annotations

from collections.abc import Callable

import engine
from noirburg_desktop.table.texts import t
from noirburg_desktop.table.while_away import AwayDigest, AwayNews
from noirburg_desktop.words.wording import coins, event_line


class AwayKeeper:
    """The digest, the news shown now and what the Game over panel recalls."""

    def __init__(self, humans: list[int], active: int) -> None:
        self.humans = humans
        self.digest = AwayDigest(humans, active)
        self.news: AwayNews | None = None
        self.end_news: AwayNews | None = None

    def take(
        self,
        events: list[engine.Event],
        state: engine.GameState,
        *,
        acted: int | None,
        holder: int | None,
        game_over: bool,
        name: Callable[[int | None], str],
    ) -> None:
        """Keep what happened to each human's things off their turn; at the start of
        their turn, that seat's news (until dismissed or the turn ends)."""
        news = self.digest.record(
            events,
            state,
            lambda ev: event_line(ev, name),
            lambda ev: t("table.away.you_paid", target=name(ev.target), coins=coins(ev.amount)),
        )
        if game_over and self.end_news is None and self.humans:
            seat = holder if holder in self.humans else self.humans[0]
            assert seat is not None
            self.end_news = self.digest.last_news(seat, state)  # how they lost (#20)
        if news is not None:
            self.news = news if (news.lines or news.coins) else None
        elif self.news is not None and (state.active != self.news.seat or acted == self.news.seat):
            self.news = None  # their turn is over, or they have started it
