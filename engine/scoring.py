"""The end of the game as data: who won, how, and every seat's score (R-END-SCORE)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.cards import HIDEOUT_INCOME, VALUE
from engine.state import GameState

TROPHY_POINTS: Final = 10  # R-END-SCORE-1


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    seat: int
    alive: bool
    hideout: int  # I-SCORE-HIDEOUT: own Hideout scores 3
    businesses: int  # R-END-SCORE-2 (also the first tie-break, R-END-SCORE-4)
    gangsters: int  # R-END-SCORE-2, HIDDEN included
    trophies: int  # R-END-SCORE-1: 10 per destroyed Hideout
    money: int  # R-END-SCORE-3
    total: int


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[int, ...]
    method: str  # "war", "last_standing", "money", "countdown"
    scores: tuple[ScoreBreakdown, ...]

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1  # I-TIE


def score(state: GameState, seat_i: int) -> ScoreBreakdown:
    s = state.seats[seat_i]
    hideout = HIDEOUT_INCOME if s.hideout is not None else 0
    businesses = sum(VALUE[b] for b in s.buildings if b != s.hideout)
    gangsters = sum(VALUE[g] for gs in s.buildings.values() for g in gs)
    gangsters += sum(VALUE[g] for g in s.hidden)
    trophies = TROPHY_POINTS * len(s.trophies)
    total = hideout + businesses + gangsters + trophies + s.money
    return ScoreBreakdown(seat_i, s.alive, hideout, businesses, gangsters, trophies, s.money, total)


def score_winners(state: GameState) -> tuple[int, ...]:
    """R-END-SCORE-4: highest total; ties by Business value, then money; I-TIE shares."""
    keys = {
        i: (sc.total, sc.businesses, sc.money)
        for i in state.alive_seats()
        for sc in (score(state, i),)
    }
    best = max(keys.values())
    return tuple(i for i, k in keys.items() if k == best)


def outcome(state: GameState) -> Outcome | None:
    """Who won and how, with every seat's breakdown; None while the game runs."""
    if state.win_method is None:
        return None
    return Outcome(state.winners, state.win_method, tuple(score(state, i) for i in range(state.n)))
