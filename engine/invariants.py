"""RULES.md §5 invariants, checked by property tests and when loading a state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import HIDEOUT_INCOME, KIND, N_CARDS, VALUE, Kind

if TYPE_CHECKING:
    from engine.state import GameState


def card_locations(state: GameState) -> list[int]:
    """Every card id found anywhere (each of the 89 must appear exactly once)."""
    seen: list[int] = []
    seen.extend(state.deck)
    seen.extend(state.discard)
    seen.extend(state.box)
    for seat in state.seats:
        seen.extend(seat.hand)
        seen.extend(seat.table_cards())
        seen.extend(seat.trophies)
    for frame in state.stack:
        seen.extend(frame.held_cards)  # an attack's gangsters are in transit (I-TRANSIT)
    return seen


def check_invariants(state: GameState) -> list[str]:
    """Return a list of broken invariants (empty when the state is sound)."""
    problems: list[str] = []
    cards = card_locations(state)
    unknown = [c for c in cards if not 0 <= c < N_CARDS]
    if unknown:
        problems.append(f"unknown card ids {unknown[:5]}")
    elif len(cards) != N_CARDS or len(set(cards)) != N_CARDS:
        problems.append(f"cards not conserved: {len(cards)} places for {len(set(cards))} cards")
    money = state.bank + sum(s.money for s in state.seats)
    if money != state.money_in_play:
        problems.append(f"money not conserved: {money} != {state.money_in_play}")
    if state.bank < 0 or any(s.money < 0 for s in state.seats):
        problems.append("negative money")
    if not 0 <= state.countdown_tokens <= 4:
        problems.append(f"countdown tokens {state.countdown_tokens} out of range")
    from engine.state import Phase

    for i, seat in enumerate(state.seats):
        # R-MOVE-3: capacity must hold when phase B ends; during it the mover may pass
        # gangsters through a full building.
        mid_move = state.phase is Phase.MOVE and i == state.active
        for b, gs in seat.buildings.items():
            cap = HIDEOUT_INCOME if b == seat.hideout else VALUE[b]
            if sum(VALUE[g] for g in gs) > cap and not mid_move:
                problems.append(f"seat {i}: building {b} over capacity (R-GANG-3)")
            if any(KIND[g] != Kind.GANGSTER for g in gs):
                problems.append(f"seat {i}: non-gangster standing on building {b}")
            if b != seat.hideout and KIND[b] != Kind.BUSINESS:
                problems.append(f"seat {i}: building {b} is not a Business")
        if seat.top is not None and seat.top not in seat.buildings:
            problems.append(f"seat {i}: top Business {seat.top} not on the table")
        if seat.alive and seat.hideout is None:
            problems.append(f"seat {i}: alive without a Hideout")
    return problems
