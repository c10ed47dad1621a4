"""Phase D (R-OPEN): open hand cards onto the table, paying the number minus one."""

from __future__ import annotations

from typing import Final

from engine.actions import OpenCard
from engine.cards import HIDEOUT_INCOME, HIDEOUTS, KIND, VALUE, Kind
from engine.events import Event, EventKind, new_event
from engine.families.base import OPEN_ALONE, OPEN_ON, SIG, Effect, Events, Family, Out, fail
from engine.messages import CardRef
from engine.state import GameState, Phase, SeatState

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

_GANG: Final = Kind.GANGSTER
_BIZ: Final = Kind.BUSINESS
_K_OPEN: Final = EventKind.OPEN


# What opening each card costs (R-OPEN-1), and for cards that are never opened (the
# reactions, the Hideouts) more than anyone holds: one lookup skips what cannot open.
_NEVER: Final = 1 << 30
assert all(VALUE[h] == HIDEOUT_INCOME for h in HIDEOUTS)  # a building's capacity is its VALUE
_COST: Final = tuple(VALUE[c] - 1 if KIND[c] in (_GANG, _BIZ) else _NEVER for c in range(len(KIND)))


def options(state: GameState, me: int, seat: SeatState, out: Out) -> None:
    money = seat.money
    last = -1
    hand = seat.hand[:]  # sorted(seat.hand), without sorted()'s keyword handling
    hand.sort()
    for c in hand:  # `distinct(hand)` inline: one card per signature
        cost = _COST[c]
        if cost > money:
            continue  # copies cost the same and sit side by side: `last` stays right
        s = SIG[c]
        if s == last:
            continue
        last = s
        if KIND[c] is _GANG:
            row = OPEN_ON[c]
            # The room on each building, worked out again for each gangster: rarely
            # more than one or two, and cheaper than keeping a list of rooms.
            for b, gs in seat.buildings.items():
                if not gs:  # most buildings: the room is the whole capacity, no loop
                    if VALUE[b] > cost:
                        out.append(row[b])
                    continue
                room = VALUE[b]  # a building's capacity: the Hideout's is HIDEOUT_INCOME
                for g in gs:
                    room -= VALUE[g]
                if room > cost:  # room for strength cost + 1
                    out.append(row[b])
        else:  # a Business
            home = seat.hideout
            assert home is not None  # a seat without a Hideout is out and never asked
            if not seat.opened_business:
                out.append(OPEN_ON[c][home])  # R-OPEN-4
            else:
                out.append(OPEN_ALONE[c])
                if seat.top is None:
                    out.append(OPEN_ON[c][home])


def has_options(state: GameState, me: int, seat: SeatState) -> bool:
    """A Business the seat can pay for (it always has a place), or an affordable
    gangster with room for it somewhere."""
    money = seat.money
    cheapest = money + 1  # the cost of the cheapest affordable gangster, once one is seen
    for c in seat.hand:
        cost = _COST[c]
        if cost <= money:
            if KIND[c] is _BIZ:
                return True
            if cost < cheapest:
                cheapest = cost
    if cheapest > money:
        return False
    for b, gs in seat.buildings.items():
        room = VALUE[b]  # the Hideout's VALUE is HIDEOUT_INCOME
        for g in gs:
            room -= VALUE[g]
        if room > cheapest:
            return True
    return False


def explain(state: GameState, me: int, a: OpenCard) -> None:
    seat = state.seats[me]
    c = a.card
    if c not in seat.hand:
        fail("R-OPEN-1", "You can only open cards from your hand")
    kind = KIND[c]
    if kind not in (Kind.GANGSTER, Kind.BUSINESS):
        fail("R-REACT-1", "{card} is a reaction: play it, don't open it", card=CardRef(c))
    cost = max(0, VALUE[c] - 1)
    if cost > seat.money:
        fail(
            "R-OPEN-1",
            "{card} costs {cost}; you have {money}",
            card=CardRef(c),
            cost=cost,
            money=seat.money,
        )
    if kind == Kind.GANGSTER:
        if a.on is None or a.on not in seat.buildings:
            fail("R-OPEN-5", "A gangster opens onto one of your Businesses or your Hideout")
        assert a.on is not None
        load, cap = seat.load(a.on), seat.capacity(a.on)
        if VALUE[c] > cap:
            fail(
                "R-GANG-3",
                "{card} is too strong for {building}: it holds strength {cap} at most",
                card=CardRef(c),
                building=CardRef(a.on),
                cap=cap,
            )
        if load + VALUE[c] > cap:
            fail(
                "R-GANG-3",
                "{building} has no room for {card}: its gangsters already have strength "
                "{load} of {cap}",
                card=CardRef(c),
                building=CardRef(a.on),
                load=load,
                cap=cap,
            )
        return
    if a.on is not None and a.on != seat.hideout:
        fail("R-OPEN-3", "Businesses cannot be opened on top of each other")
    if not seat.opened_business and a.on is None:
        fail("R-OPEN-4", "Your first Business must go on top of your Hideout")
    if a.on is not None and seat.top is not None:
        fail("R-OPEN-3", "Only one Business can stand on top of the Hideout")


def _run(state: GameState, seat: int, a: OpenCard, ev: Events) -> None:
    s = state.seats[seat]
    c = a.card
    cost = VALUE[c] - 1  # R-OPEN-1: the number minus one (never below 0: no max() call)
    if cost < 0:
        cost = 0
    s.hand.remove(c)
    s.money -= cost
    state.bank += cost
    if KIND[c] is _GANG:
        assert a.on is not None
        s.buildings[a.on] = s.buildings[a.on] + (c,)
    else:
        s.buildings[c] = ()
        s.opened_business = True
        if a.on is not None:
            s.top = c
    ev.append(_NEW_EVENT(_EVENT, (_K_OPEN, seat, (c,), cost, a.on, "")))


FAMILY: Family = Family({OpenCard: Effect(_run)}, explain, Phase.OPEN, options, has_options)
