"""The Turncoat (R-TURNCOAT-1): take a gangster from a Business or HIDDEN into hand."""

from __future__ import annotations

from typing import Final

from engine import combat
from engine.actions import Action, PlayTurncoat
from engine.cards import KIND, VALUE, Kind
from engine.events import Event, EventKind, new_event
from engine.families.base import (
    TURNCOAT,
    Effect,
    Events,
    Family,
    Out,
    Reaction,
    fail,
    take_from_hand,
)
from engine.state import GameState, PendingAttack, PendingCard, SeatState, WindowKind

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

# 4-strength gangsters: only a boss with a Casino can turn them (R-TURNCOAT-1)
_STRONG: Final = frozenset(c for c, k in enumerate(KIND) if k == Kind.GANGSTER and VALUE[c] == 4)
_K_FIZZLE: Final = EventKind.FIZZLE  # events built in one step
_K_TAKE: Final = EventKind.TURNCOAT_TAKE
_CASINOS: Final = frozenset(c for c, k in enumerate(KIND) if k == Kind.BUSINESS and VALUE[c] == 4)


def _has_casino(seat: SeatState) -> bool:
    """A Casino among the seat's buildings (a Hideout never is one)."""
    return not _CASINOS.isdisjoint(seat.buildings)


def targets(state: GameState, me: int) -> list[int]:
    """R-TURNCOAT-1: anyone's gangster on a Business or HIDDEN, your own included;
    never one on a Hideout (R-HIDE-2) nor one in transit (I-TRANSIT: on no building)."""
    out: list[int] = []
    for s in state.seats:
        if s.alive:
            hideout = s.hideout
            for b, gs in s.buildings.items():
                if b != hideout:  # R-HIDE-2 / R-TURNCOAT-1(i)
                    out += gs
            out += s.hidden
    if not _STRONG.isdisjoint(out) and not _has_casino(state.seats[me]):
        out = [g for g in out if g not in _STRONG]
    return out


def has_target(state: GameState, me: int) -> bool:
    """bool(targets(state, me)) without building the list (asked in every window scan)."""
    strong = False  # a 4-strength gangster seen: a target if `me` has a Casino
    for s in state.seats:
        if s.alive:
            hideout = s.hideout
            for b, gs in s.buildings.items():
                if b != hideout:
                    for g in gs:
                        if g not in _STRONG:
                            return True
                        strong = True
            for g in s.hidden:
                if g not in _STRONG:
                    return True
                strong = True
    return strong and _has_casino(state.seats[me])


def _free(state: GameState, me: int, cards: list[int], below: object, out: Out) -> None:
    out += map(TURNCOAT[min(cards)].__getitem__, targets(state, me))


def _useful(state: GameState, me: int, below: object) -> bool:
    return has_target(state, me)


def _tries(card: int, buildings: list[int], gangsters: list[int]) -> list[Action]:
    """On a rival's gangster."""
    return [PlayTurncoat(card, g) for g in gangsters[:1]]


REACTION = Reaction(Kind.TURNCOAT, _useful, _tries, free=_free)
REACTIONS = (REACTION,)  # the kinds this module plays (cards.FAMILY_MODULE)


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
    if VALUE[g] == 4 and not _has_casino(state.seats[me]):
        fail("R-TURNCOAT-1", "To take a 4-strength gangster you need a Casino on the table")


def _play(state: GameState, seat: int, a: PlayTurncoat, ev: Events) -> None:
    take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingCard(Kind.TURNCOAT, seat, a.card, a.gangster))


def resolve(state: GameState, t: PendingCard, ev: Events) -> None:
    """R-TURNCOAT-1, once the answers have resolved: the gangster must still be on
    a Business or HIDDEN (an answer may have killed it or moved it out of reach)."""
    state.discard.append(t.card)
    g = t.target
    assert g is not None  # a Turncoat's frame names its gangster (cards.FRAME_FORMS)
    owner = state.gangster_owner(g)
    reachable = owner is not None and state.seats[t.player].alive
    if owner is not None:
        o = state.seats[owner]
        if o.hideout is not None and g in o.buildings.get(o.hideout, ()):
            reachable = False  # R-HIDE-2
    if reachable and VALUE[g] == 4:
        reachable = _has_casino(state.seats[t.player])
    if not reachable or owner is None:
        ev.append(_NEW_EVENT(_EVENT, (_K_FIZZLE, t.player, (t.card,), 0, None, "")))
        return
    combat.remove_gangster(state, owner, g)
    state.seats[t.player].hand.append(g)
    ev.append(_NEW_EVENT(_EVENT, (_K_TAKE, t.player, (g,), 0, owner, "")))


# This family's own rules as the rules catalogue shows them (ID, title, text): the
# catalogue lists them in its Reactions section, in Kind order (engine/rules_catalogue.py).
RULES: Final[tuple[tuple[str, str, str], ...]] = (
    (
        "R-TURNCOAT-1",
        "Turncoat",
        "Take one gangster that stands on a Business, or is HIDDEN, into your hand; it "
        "may be anybody's, including your own. Gangsters on a Hideout never turn, and a "
        "4-strength gangster can only be taken by a player with a Casino on the table.",
    ),
)


FAMILY: Family = Family(
    {PlayTurncoat: Effect(_play, opens=WindowKind.CARD, card=Kind.TURNCOAT)},  # I-REACT-WINDOW (b)
    explain,
    resolves=((Kind.TURNCOAT, resolve),),
)
