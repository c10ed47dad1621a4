"""What happened: `apply` returns events for the app's animations and game log.

Events are data: a kind from `EventKind` plus seats, card ids and numbers,
never prose. The app words them in the player's language
(noirburg_desktop/words/wording.py); `repr(event)` is a plain line for tests and
debugging. Reaction windows are announced too (`WINDOW_OPENED` /
`WINDOW_CLOSED`: which kind of window, who opened it; never who may answer),
so the table can show its reaction bar without knowing the window rules.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class EventKind(StrEnum):
    """Every kind of event the engine emits (docs/engine-api.md lists them).

    A `StrEnum`, so `event.kind == "turn"` and string-keyed tables keep working."""

    MULLIGAN = "mulligan"  # seat swapped `cards` at setup (empty: kept the hand)
    MULLIGAN_DRAW = "mulligan_draw"  # seat drew its replacements (private cards)
    TURN = "turn"  # seat's turn begins; amount = turn counter
    PHASE = "phase"  # seat enters phase `tag` (a Phase value)
    COLLECT = "collect"  # seat collects `amount` from the bank
    OPEN = "open"  # seat opens `cards[0]` for `amount`, on `target` (or alone)
    MOVE = "move"  # seat moves gangster `cards[0]` to building `target`
    DISCARD = "discard"  # seat discards `cards` (from hand or table)
    HIDEOUT_MOVE = "hideout_move"  # seat moves its Hideout under `cards[0]` (empty: open)
    DRAW = "draw"  # seat draws `cards` (private) for `amount`
    RESHUFFLE = "reshuffle"  # the discard pile becomes the deck
    ATTACK_DECLARED = "attack_declared"  # seat attacks `cards[0]` (of seat `target`);
    # amount = strength; tag "hideout" for a Hideout attack
    ATTACK_STOPPED = "attack_stopped"  # the Police stop seat's attack on `cards[0]`
    DAMAGE = "damage"  # building `cards[0]` of seat takes `amount` from seat `target`
    BREACH = "breach"  # seat's Hideout defence (`amount`) is broken by seat `target`
    HOLD = "hold"  # seat's Hideout defence (`amount`) holds against seat `target`
    KILL = "kill"  # gangster `cards[0]` of seat dies
    DESTROY = "destroy"  # Business `cards[0]` of seat is destroyed
    HIDDEN = "hidden"  # `cards` of seat go into hiding
    PAY = "pay"  # seat pays `amount` to seat `target`
    RANSOM = "ransom"  # the ransom for seat's Hideout is `amount`, owed to `target`
    DIE = "die"  # seat rolls `amount`
    TROPHY = "trophy"  # seat takes Hideout `cards[0]` of seat `target` as a trophy
    ELIMINATE = "eliminate"  # seat is out of the game (by seat `target`)
    REACT = "react"  # seat plays reaction `cards` from its hand
    CANCELLED = "cancelled"  # seat's Police `cards[0]` is cancelled by a Bribe
    DRIVEBY = "driveby"  # `amount` Drive-by damage on `cards[0]` of seat (by `target`)
    TURNCOAT_TAKE = "turncoat_take"  # seat takes gangster `cards[0]` from seat `target`
    FIZZLE = "fizzle"  # seat's card `cards[0]` has nothing left to act on
    POKER_ANTE = "poker_ante"  # seat puts `amount` in the Poker Night pot
    POKER_WIN = "poker_win"  # seat wins the pot of `amount`
    BOX = "box"  # card `cards[0]` (a Poker Night) goes back to the box
    COUNTDOWN = "countdown"  # the countdown starts; seat keeps it
    KEEPER = "keeper"  # seat takes over the countdown
    TOKEN = "token"  # seat takes countdown token number `amount`
    WINDOW_OPENED = "window_opened"  # a reaction window of kind `tag` opened by seat
    WINDOW_CLOSED = "window_closed"  # that window closed (everyone asked has passed)
    WIN = "win"  # seat wins; tag = how (war, money, countdown, last_standing)
    GAME_OVER = "game_over"  # the game is over; tag = how


_KINDS: dict[str, EventKind] = {k.value: k for k in EventKind}

# Event kinds whose cards only their seat may see.
PRIVATE_KINDS = frozenset({EventKind.DRAW, EventKind.MULLIGAN_DRAW})


class _Fields(NamedTuple):
    kind: EventKind
    seat: int | None  # whose event; None for the table's
    cards: tuple[int, ...]  # the card ids involved
    amount: int  # coins, damage, a die, a turn counter (see EventKind)
    target: int | None  # a second seat, or a building for open/move
    tag: str  # a phase letter, a WindowKind value, a win method or "hideout"


new_event = tuple.__new__
"""`new_event(Event, (kind, seat, cards, amount, target, tag))`: an Event built in one
step, all six fields given and `kind` already an `EventKind` member. For the few
events made at nearly every decision; everywhere else `Event(...)` reads better."""


class Event(_Fields):
    """One thing that happened: an immutable record with typed fields (see `EventKind`
    for what each field means per kind).

    Frozen and slotted like a `dataclass(frozen=True, slots=True)`, but built on a
    NamedTuple: `apply` makes ~20 events a turn, and a frozen dataclass pays one
    `object.__setattr__` call per field (measured: +8% CPU per turn in random
    playouts), where a tuple is made in one step. `==` compares the values."""

    __slots__ = ()

    def __new__(
        cls,
        kind: EventKind | str,
        seat: int | None = None,
        cards: tuple[int, ...] = (),
        amount: int = 0,
        target: int | None = None,
        tag: str = "",
    ) -> Event:
        # an unknown kind is a KeyError at once
        return new_event(cls, (_KINDS[kind], seat, cards, amount, target, tag))

    def for_seat(self, seat: int | None) -> Event:
        """The event as `seat` may see it (private cards become -1)."""
        if self.kind in PRIVATE_KINDS and seat != self.seat:
            return Event(
                self.kind,
                self.seat,
                tuple(-1 for _ in self.cards),
                self.amount,
                self.target,
                self.tag,
            )
        return self

    def __repr__(self) -> str:
        """A plain line, fields left out when at their default: Event(die, seat=2, amount=5)."""
        parts = [self.kind.value]
        if self.seat is not None:
            parts.append(f"seat={self.seat}")
        if self.cards:
            parts.append(f"cards={self.cards}")
        if self.amount:
            parts.append(f"amount={self.amount}")
        if self.target is not None:
            parts.append(f"target={self.target}")
        if self.tag:
            parts.append(f"tag={str(self.tag)}")
        return f"Event({', '.join(parts)})"
