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
from noirburg_desktop.words.event_styles import CAUSES, STYLES, Concerns

MAX_LINES = 6  # losses and knock-outs first, then the newest; the rest is counted
# ("… and 3 more"). Playtest shot-54-10: cutting the oldest dropped the lost Casino
# and left "You paid Player 3 4 coins" without its cause.


@dataclass(frozen=True, slots=True)
class AwayNews:
    """What `seat` should hear at the start of its turn."""

    seat: int
    lines: tuple[str, ...]  # losses and knock-outs first, then the rest newest last
    more: int  # lines left out
    coins: tuple[int, int] | None  # (at the end of its last turn, now) when they differ
    # Parallel to `lines`: how each listed attack ended ("stopped", "destroyed",
    # "breached", "held", "damaged"; "" for other lines or an attack still open), from
    # the events that followed it (playtest: stopped attacks read as hits).
    outcomes: tuple[str, ...] = ()
    # The coins' causes in CAUSES order with their net amounts, e.g. (("poker", 8),).
    causes: tuple[tuple[str, int], ...] = ()


@dataclass
class _Line:
    text: str
    attack: tuple[int | None, int] | None = None  # (attacker, building) until it ends
    outcome: str = ""
    weighty: bool = False  # a loss of the seat's or anyone's knock-out: kept first


@dataclass
class _Pending:
    lines: list[_Line] = field(default_factory=list)
    money: int | None = None  # at the end of its last turn (None: it has not played yet)
    causes: dict[str, int] = field(default_factory=dict)


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
        you_paid: Callable[[engine.Event], str] | None = None,
    ) -> AwayNews | None:
        """Take in one action's events (`state`: the position after them). Returns
        the news for a watched seat whose turn began in these events, if any.
        `you_paid` words a payment the seat made itself, in the second person."""
        news: AwayNews | None = None
        settled: set[int] = set()  # seats whose coins were counted after this action
        for i, ev in enumerate(events):
            if ev.kind == EventKind.TURN and ev.seat is not None:
                ended = self.pending.get(self.active)
                if ended is not None and self.active != ev.seat:
                    ended.lines.clear()  # its own turn: it saw all that
                    ended.causes.clear()
                    ended.money = _money(state, self.active, events[i:], self.active)
                    settled.add(self.active)
                self.active = ev.seat
                if ev.seat in self.pending:
                    news = self._news(ev.seat, state, events[i:])
                continue
            for seat, p in self.pending.items():
                if seat == self.active:
                    continue
                _settle(p, ev, seat)
                if seat not in settled:
                    _count(p.causes, ev, seat)
                knockout = ev.kind == EventKind.ELIMINATE  # anyone's (playtest shot-t4-x)
                if concerns(ev, seat) or knockout:
                    own = ev.for_seat(seat)
                    mine = ev.kind == EventKind.PAY and ev.seat == seat
                    line = you_paid(own) if mine and you_paid is not None else word(own)
                    if line:
                        weighty = knockout or STYLES[ev.kind].loss
                        p.lines.append(_Line(line, _attack(ev), weighty=weighty))
        return news

    def last_news(self, seat: int, state: engine.GameState) -> AwayNews | None:
        """What `seat` did not see since its last turn, when no turn of its comes
        again (the game ended): the Game over panel shows how they lost."""
        if seat not in self.pending or seat == self.active:
            return None
        news = self._news(seat, state, [])
        return news if news.lines else None

    def _news(self, seat: int, state: engine.GameState, rest: list[engine.Event]) -> AwayNews:
        p = self.pending[seat]
        now = _money(state, seat, rest, seat)
        coins = (p.money, now) if p.money is not None and p.money != now else None
        kept = first_weighty(p.lines)
        more = len(p.lines) - len(kept)
        causes = tuple((c, p.causes[c]) for c in CAUSES if p.causes.get(c))
        p.lines = []
        p.causes = {}
        return AwayNews(
            seat,
            tuple(x.text for x in kept),
            more,
            coins,
            tuple(x.outcome for x in kept),
            causes if coins is not None else (),
        )


def first_weighty(lines: list[_Line], most: int = MAX_LINES) -> list[_Line]:
    """At most `most` lines: losses and knock-outs first (the newest if too many),
    then the other lines, newest last; what is cut is the oldest of the rest."""
    weighty = [x for x in lines if x.weighty][-most:]
    rest = [x for x in lines if not x.weighty]
    room = most - len(weighty)
    return weighty + (rest[-room:] if room > 0 else [])


def _attack(ev: engine.Event) -> tuple[int | None, int] | None:
    """(attacker, building) of an attack declared on the seat, else None."""
    if ev.kind == EventKind.ATTACK_DECLARED and ev.cards:
        return (ev.seat, ev.cards[0])
    return None


def _settle(p: _Pending, ev: engine.Event, seat: int) -> None:
    """Give the seat's open attacks the outcome `ev` brings them."""
    for line in p.lines:
        if line.attack is None:
            continue
        attacker, building = line.attack
        hit = ev.seat == seat and bool(ev.cards) and ev.cards[0] == building
        if ev.kind == EventKind.ATTACK_STOPPED and ev.seat == attacker:
            line.outcome, line.attack = "stopped", None
        elif ev.kind == EventKind.DESTROY and hit:
            line.outcome, line.attack = "destroyed", None
        elif ev.kind == EventKind.BREACH and ev.seat == seat and ev.target == attacker:
            line.outcome, line.attack = "breached", None
        elif ev.kind == EventKind.HOLD and ev.seat == seat and ev.target == attacker:
            line.outcome, line.attack = "held", None
        elif ev.kind == EventKind.DAMAGE and hit:
            line.outcome = "damaged"  # stays open: a destroy may follow


def _count(causes: dict[str, int], ev: engine.Event, seat: int) -> None:
    """Add `ev`'s coins for `seat` to their cause (its row's `seat_coins` when `seat` is
    the event's seat, else `target_coins` when it is the target)."""
    look = STYLES[ev.kind]
    cause = look.seat_coins if ev.seat == seat else None
    if cause is None and ev.target == seat:
        cause = look.target_coins
    if cause is not None:
        name, sign = cause
        causes[name] = causes.get(name, 0) + sign * ev.amount


def _money(state: engine.GameState, seat: int, rest: list[engine.Event], collector: int) -> int:
    """`seat`'s coins as they stood at the turn change: the money after the whole
    action, less what `collector` collected after it (its phase A income)."""
    income = sum(
        e.amount for e in rest if e.kind == EventKind.COLLECT and e.seat == seat == collector
    )
    return state.seats[seat].money - income
