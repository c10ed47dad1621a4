""" "While you waited": what happened to a person's own things between their turns.

Newcomer playtests: three AIs play in 5–8 s and a Business was lost almost every
round without the person seeing it. So for each human seat the table keeps the
events that touched that seat's buildings, gangsters and coins while others
played, worded by the log's own wording (`event_line`, the catalogue), and hands
them over when that seat's turn begins. Each seat's digest is built from events
filtered for that seat (`Event.for_seat`), so nothing private of others shows, and
in hotseat a digest is only ever given to its own seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import engine
from engine import EventKind
from noirburg_desktop.event_styles import STYLES, Concerns

MAX_LINES = 6  # the newest; older ones are counted ("… and 3 more")


@dataclass(frozen=True, slots=True)
class AwayNews:
    """What `seat` should hear at the start of its turn."""

    seat: int
    lines: tuple[str, ...]  # newest last, at most MAX_LINES
    more: int  # lines left out
    coins: tuple[int, int] | None  # (at the end of its last turn, now) when they differ


@dataclass
class _Pending:
    lines: list[str] = field(default_factory=list)
    money: int | None = None  # at the end of its last turn (None: it has not played yet)


def concerns(ev: engine.Event, seat: int) -> bool:
    """Does `ev` happen to `seat`'s things (its loss, its defence, its coins)? Its row
    in event_styles.STYLES says whose things a kind of event touches."""
    whose = STYLES[ev.kind].concerns
    if whose is Concerns.SEAT:
        return ev.seat == seat
    if whose is Concerns.TARGET:
        return ev.target == seat
    if whose is Concerns.BOTH:
        return seat in (ev.seat, ev.target)
    return False


def own_loss(ev: engine.Event, seats: Iterable[int]) -> bool:
    """`ev` takes something of one of `seats` (the people at the table): flashed on the
    lost thing and held at full pace."""
    return STYLES[ev.kind].loss and any(concerns(ev, s) for s in seats)


class AwayDigest:
    """Collects, per watched seat, the lines of what happened to it off its turn."""

    def __init__(self, seats: Iterable[int], active: int) -> None:
        self.active = active
        self.pending = {s: _Pending() for s in seats}

    def record(
        self,
        events: list[engine.Event],
        state: engine.GameState,
        word: Callable[[engine.Event], str],
    ) -> AwayNews | None:
        """Take in one action's events (`state`: the position after them). Returns
        the news for a watched seat whose turn began in these events, if any."""
        news: AwayNews | None = None
        for i, ev in enumerate(events):
            if ev.kind == EventKind.TURN and ev.seat is not None:
                ended = self.pending.get(self.active)
                if ended is not None and self.active != ev.seat:
                    ended.lines.clear()  # its own turn: it saw all that
                    ended.money = _money(state, self.active, events[i:], self.active)
                self.active = ev.seat
                if ev.seat in self.pending:
                    news = self._news(ev.seat, state, events[i:])
                continue
            for seat, p in self.pending.items():
                if seat != self.active and concerns(ev, seat):
                    line = word(ev.for_seat(seat))
                    if line:
                        p.lines.append(line)
        return news

    def _news(self, seat: int, state: engine.GameState, rest: list[engine.Event]) -> AwayNews:
        p = self.pending[seat]
        now = _money(state, seat, rest, seat)
        coins = (p.money, now) if p.money is not None and p.money != now else None
        lines = tuple(p.lines[-MAX_LINES:])
        more = max(0, len(p.lines) - MAX_LINES)
        p.lines = []
        return AwayNews(seat, lines, more, coins)


def _money(state: engine.GameState, seat: int, rest: list[engine.Event], collector: int) -> int:
    """`seat`'s coins as they stood at the turn change: the money after the whole
    action, less what `collector` collected after it (its phase A income)."""
    income = sum(
        e.amount for e in rest if e.kind == EventKind.COLLECT and e.seat == seat == collector
    )
    return state.seats[seat].money - income
