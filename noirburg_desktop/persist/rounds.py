"""Round numbers for the log, Continue and Load.

A round is every seat still in the game playing one turn (I-ROUND), starting
with the first player. After a knock-out a round has fewer turns, so the
engine's turn counter divided by the number of seats drifts (playtest: "round 4"
twice in a row); counting the turns as they come does not.
"""

from __future__ import annotations

from collections.abc import Iterable

import engine


class RoundCounter:
    """Feed it each turn's seat in order; it says which round that turn belongs to."""

    def __init__(self, first_player: int, players: int) -> None:
        self.first = first_player
        self.players = max(1, players)
        self.round = 0
        self._last = -1  # the last turn's place in turn order after the first player

    def turn(self, seat: int) -> int:
        place = (seat - self.first) % self.players
        if place <= self._last or self.round == 0:
            self.round += 1  # the turn came round past the first player again
        self._last = place
        return self.round

    def see(self, events: Iterable[engine.Event]) -> None:
        """Count the turns among `events` (what `apply` returned)."""
        for ev in events:
            if ev.kind == "turn" and ev.seat is not None:
                self.turn(ev.seat)
