"""What happened: `apply` returns events for the app's animations and game log.

Events carry ids and numbers, not prose; `str(event)` builds the English log
line on demand so the hot path pays nothing for text.
"""

from __future__ import annotations

from engine.cards import describe

# Event kinds whose cards only their seat may see.
PRIVATE_KINDS = frozenset({"draw", "mulligan_draw"})


class Event:
    __slots__ = ("kind", "seat", "cards", "amount", "target", "tag")

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        cards: tuple[int, ...] = (),
        amount: int = 0,
        target: int | None = None,
        tag: str = "",
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.cards = cards
        self.amount = amount
        self.target = target
        self.tag = tag  # a phase letter, window kind or win method

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

    @property
    def text(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return (
            f"Event({self.kind!r}, seat={self.seat}, cards={self.cards}, "
            f"amount={self.amount}, target={self.target}, tag={self.tag!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.seat, self.cards, self.amount, self.target, self.tag) == (
            other.kind,
            other.seat,
            other.cards,
            other.amount,
            other.target,
            other.tag,
        )

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        who = f"P{self.seat + 1}" if self.seat is not None else "The table"
        names = ", ".join("a hidden card" if c < 0 else describe(c) for c in self.cards)
        tgt = f"P{self.target + 1}" if self.target is not None else ""
        k = self.kind
        if k == "turn":
            return f"— {who}'s turn (turn {self.amount + 1}) —"
        if k == "phase":
            return f"{who}: phase {self.tag}"
        if k == "collect":
            return f"{who} collects {self.amount} from the bank"
        templates = {
            "mulligan": f"{who} swaps {names or 'nothing'}",
            "mulligan_draw": f"{who} draws {len(self.cards)} replacement card(s)",
            "open": f"{who} opens {names} for {self.amount}",
            "move": f"{who} moves {names}",
            "discard": f"{who} discards {names}",
            "hidden": f"{who}'s {names} go into hiding",
            "attack_declared": f"{who} attacks {names} with strength {self.amount}",
            "attack_stopped": f"The Police stop {who}'s attack",
            "damage": f"{names} takes {self.amount} damage",
            "kill": f"{names} of P{(self.seat or 0) + 1} is killed",
            "destroy": f"{names} of {who} is destroyed",
            "pay": f"{who} pays {self.amount} to {tgt}",
            "ransom": f"Ransom for {who}'s Hideout: {self.amount}",
            "breach": f"{who}'s Hideout defence is broken",
            "hold": f"{who}'s Hideout holds",
            "die": f"{who} rolls {self.amount}",
            "eliminate": f"{who} is out of the game",
            "trophy": f"{who} takes a Hideout as a trophy",
            "draw": f"{who} draws {len(self.cards)} card(s) for {self.amount}",
            "reshuffle": "The discard pile is shuffled into a new deck",
            "hideout_move": f"{who} moves the Hideout" + (f" under {names}" if names else ""),
            "react": f"{who} plays {names}",
            "cancelled": f"{names} is cancelled by a Bribe",
            "window": f"Reactions may be played ({self.tag})",
            "driveby": f"Drive-by on {names}: {self.amount} damage",
            "turncoat_take": f"{who} turns {names}",
            "fizzle": f"{who}'s {names} has nothing left to act on",
            "poker_ante": f"{who} puts {self.amount} in the Poker Night pot",
            "poker_win": f"{who} wins the Poker Night pot of {self.amount}",
            "countdown": f"The countdown starts; {who} keeps it",
            "keeper": f"{who} takes over the countdown",
            "token": f"{who} takes countdown token {self.amount}",
            "box": f"{names} goes back to the box",
            "win": f"{who} wins ({self.tag})",
            "game_over": f"Game over ({self.tag})",
        }
        return templates.get(k, f"{who}: {k} {names} {self.amount}".strip())
