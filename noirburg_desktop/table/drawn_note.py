"""Hotseat: the drawer's private "you drew" note.

The hand hides the moment a turn ends, and a draw ends it (R-DRAW-2), so the drawer
reads what they drew in a private note before the device moves on. Not while the
end of the turn may still be claimed by another person (a bar or a beat on the
shared screen): the controller shows it once the shared screen is theirs again.
"""

from __future__ import annotations

from collections.abc import Callable

import engine
from engine import Phase
from noirburg_desktop.table.texts import t
from noirburg_desktop.words.wording import card_list


class DrawnNote:
    """The note kept for the drawer until it may be shown."""

    def __init__(self) -> None:
        self.pending: tuple[int, list[int]] | None = None  # (the drawer, the cards)

    def keep(
        self, seat: int | None, events: list[engine.Event], holder: int | None, humans: int
    ) -> None:
        """After a draw that ended the turn: keep the holder's cards, with 2+ humans."""
        if seat is None or seat != holder or humans < 2:
            return
        cards = [c for e in events if e.kind == "draw" and e.seat == seat for c in e.cards]
        if cards:
            self.pending = (seat, cards)

    def take(self, state: engine.GameState, name: Callable[[int], str]) -> tuple[int, str]:
        """The drawer and the note's words, once (it says the turn is over only once
        it is)."""
        assert self.pending is not None
        seat, cards = self.pending
        self.pending = None
        going_on = state.active == seat and state.phase is not Phase.GAME_OVER
        key = "table.you_drew_others_react" if going_on else "table.you_drew"
        return seat, t(key, name=name(seat), cards=card_list(cards))
