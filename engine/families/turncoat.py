"""The Turncoat (R-TURNCOAT-1): take a gangster from a Business or HIDDEN into hand."""

from __future__ import annotations

from engine import combat
from engine.actions import PlayTurncoat
from engine.cards import KIND, VALUE, Kind
from engine.events import Event
from engine.families.base import TURNCOAT, Effect, Events, Family, Out, fail, take_from_hand
from engine.state import GameState, PendingAttack, PendingTurncoat, WindowKind


def targets(state: GameState, me: int) -> list[int]:
    """R-TURNCOAT-1: anyone's gangster on a Business or HIDDEN, your own included;
    never one on a Hideout (R-HIDE-2) nor one in transit (I-TRANSIT: on no building)."""
    mine = state.seats[me]
    has_casino = any(VALUE[b] == 4 for b in mine.buildings if b != mine.hideout)
    out: list[int] = []
    for s in state.seats:
        if not s.alive:
            continue
        for b, gs in s.buildings.items():
            if b == s.hideout:
                continue  # R-HIDE-2 / R-TURNCOAT-1(i)
            for g in gs:
                if VALUE[g] < 4 or has_casino:
                    out.append(g)
        for g in s.hidden:
            if VALUE[g] < 4 or has_casino:
                out.append(g)
    return out


def has_target(state: GameState, me: int) -> bool:
    """bool(targets(state, me)) without building the list (asked in every window scan)."""
    mine = state.seats[me]
    has_casino = any(VALUE[b] == 4 for b in mine.buildings if b != mine.hideout)
    for s in state.seats:
        if not s.alive:
            continue
        hideout = s.hideout
        for b, gs in s.buildings.items():
            if b != hideout:
                for g in gs:
                    if has_casino or VALUE[g] < 4:
                        return True
        for g in s.hidden:
            if has_casino or VALUE[g] < 4:
                return True
    return False


def free(state: GameState, me: int, card: int, out: Out) -> None:
    row = TURNCOAT[card]
    for g in targets(state, me):
        out.append(row[g])


def explain(state: GameState, me: int, a: PlayTurncoat) -> None:
    g = a.gangster
    owner = state.gangster_owner(g)
    atk = state.pending(PendingAttack)
    if owner is None and atk is not None and g in atk.gangsters:
        fail("I-TRANSIT", "That gangster is on the way to an attack, on no Business")
    if owner is None or KIND[g] != Kind.GANGSTER:
        fail("R-TURNCOAT-1", "Turncoat takes a gangster that is on the table")
    assert owner is not None
    o = state.seats[owner]
    if o.hideout is not None and g in o.buildings.get(o.hideout, ()):
        fail(
            "R-HIDE-2",
            "Gangsters on a Hideout are the boss's most trusted men: they never turn",
        )
    seat = state.seats[me]
    if VALUE[g] == 4 and not any(VALUE[b] == 4 for b in seat.buildings if b != seat.hideout):
        fail("R-TURNCOAT-1", "To take a 4-strength gangster you need a Casino on the table")


def _play(state: GameState, seat: int, a: PlayTurncoat, ev: Events) -> None:
    take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingTurncoat(seat, a.card, a.gangster))


def resolve(state: GameState, t: PendingTurncoat, ev: Events) -> None:
    """R-TURNCOAT-1, once the answers have resolved: the gangster must still be on
    a Business or HIDDEN (an answer may have killed it or moved it out of reach)."""
    state.discard.append(t.card)
    g = t.gangster
    owner = state.gangster_owner(g)
    reachable = owner is not None and state.seats[t.player].alive
    if owner is not None:
        o = state.seats[owner]
        if o.hideout is not None and g in o.buildings.get(o.hideout, ()):
            reachable = False  # R-HIDE-2
    if reachable and VALUE[g] == 4:
        mine = state.seats[t.player]
        reachable = any(VALUE[b] == 4 for b in mine.buildings if b != mine.hideout)
    if not reachable or owner is None:
        ev.append(Event("fizzle", t.player, (t.card,)))
        return
    combat.remove_gangster(state, owner, g)
    state.seats[t.player].hand.append(g)
    ev.append(Event("turncoat_take", t.player, (g,), 0, owner))


FAMILY = Family(
    {PlayTurncoat: Effect(_play, opens=WindowKind.CARD, card=Kind.TURNCOAT)},  # I-REACT-WINDOW (b)
    explain,
)
