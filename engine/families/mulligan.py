"""R-SETUP-7: before the first turn each player may swap up to 2 opening cards."""

from __future__ import annotations

from typing import Final

from engine.actions import Action, Mulligan
from engine.events import Event
from engine.families.base import KEEP, SIG, Effect, Events, Family, Then, draw_cards, fail
from engine.state import GameState, Phase


def options(hand: list[int]) -> list[Action]:
    """Keep, or swap one or two cards: one action per distinct choice, the first
    (lowest ids) of each, singles before pairs."""
    groups: list[list[int]] = []  # the ids of each distinct card; copies have consecutive ids
    last = -1
    for c in sorted(hand):
        s = SIG[c]
        if s == last:
            groups[-1].append(c)
        else:
            groups.append([c])
            last = s
    out: list[Action] = [KEEP]
    for g in groups:
        out.append(_swap((g[0],)))
    for i, g in enumerate(groups):  # pairs in the order (lowest id, next id) first appears
        first = g[0]
        if len(g) > 1:
            out.append(_swap((first, g[1])))
        for h in groups[i + 1 :]:
            out.append(_swap((first, h[0])))
    return out


def _swap(cards: tuple[int, ...]) -> Mulligan:
    a = _SWAPS.get(cards)
    if a is None:
        a = _SWAPS[cards] = Mulligan(cards)  # this table interns swaps: no `mk` on top
    return a


_SWAPS: Final[dict[tuple[int, ...], Mulligan]] = {}  # opening hands repeat across games


def explain(state: GameState, me: int, a: Mulligan) -> None:
    if state.phase is not Phase.MULLIGAN:
        fail("R-SETUP-7", "Opening cards can only be swapped before the first turn")
    if len(a.cards) > 2:
        fail("R-SETUP-7", "At most 2 opening cards may be swapped")
    hand = state.seats[me].hand
    if any(c not in hand for c in a.cards) or len(set(a.cards)) != len(a.cards):
        fail("R-SETUP-7", "You can only swap cards from your own hand")


def _run(state: GameState, seat: int, a: Mulligan, ev: Events) -> Then | None:
    s = state.seats[seat]
    for c in a.cards:
        s.hand.remove(c)
        state.discard.append(c)
    ev.append(Event("mulligan", seat, a.cards))
    if a.cards:
        got = draw_cards(state, len(a.cards), ev)
        s.hand.extend(got)
        ev.append(Event("mulligan_draw", seat, tuple(got)))
    state.mulligan_pos += 1
    return Then.START_PLAY if state.mulligan_pos >= state.n else None


FAMILY: Family = Family({Mulligan: Effect(_run)}, explain)
