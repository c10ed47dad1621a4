"""Phase C (R-ATK): choose a target, send gangsters one by one, then launch or call off.

An attack is assembled step by step (StartAttack, AddAttacker..., LaunchAttack)
so each decision stays small and maps onto one gesture at the table."""

from __future__ import annotations

from typing import Final

from engine import combat
from engine.actions import AddAttacker, CancelAttack, LaunchAttack, StartAttack
from engine.cards import VALUE
from engine.events import Event, EventKind, new_event
from engine.families.base import ADD, CANCEL, LAUNCH, START, Effect, Events, Family, Out, Then, fail
from engine.state import GameState, PendingAttack, Phase, SeatState, WindowKind

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

_ASSEMBLING: Final = Then.ASSEMBLING  # enum members as constants: read at every step
_K_DECLARED: Final = EventKind.ATTACK_DECLARED


def options(state: GameState, me: int, seat: SeatState, out: Out) -> None:
    if state.attack_target is None:
        if not any(seat.buildings.values()):
            return  # nobody to attack with
        attacked = state.attacked
        for s in state.seats:  # plain loops (`seat` is state.seats[me]): asked ~3 times a turn
            if s is not seat and s.alive:
                if not attacked:  # the turn's first attack (the common case): no test
                    for b in s.buildings:
                        out.append(START[b])
                    continue
                for b in s.buildings:
                    if b not in attacked:
                        out.append(START[b])
        return
    drafted = state.attack_gangsters
    for gs in seat.buildings.values():
        for g in gs:
            if g not in drafted:
                out.append(ADD[g])
    if drafted:
        out.append(LAUNCH)
    out.append(CANCEL)


def has_options(state: GameState, me: int, seat: SeatState) -> bool:
    """An attack half assembled, or a gangster to send and a building not yet attacked."""
    if state.attack_target is not None:
        return True
    if not any(seat.buildings.values()):
        return False
    attacked = state.attacked
    for s in state.seats:
        if s is not seat and s.alive:
            for b in s.buildings:
                if b not in attacked:
                    return True
    return False


def explain(state: GameState, me: int, a: object) -> None:
    seat = state.seats[me]
    if isinstance(a, StartAttack):
        if state.attack_target is not None:
            fail("R-ATK-2", "Finish the attack you are assembling first (one target at a time)")
        owner = state.owner_of(a.target)
        if owner is None:
            fail("R-ATK-1", "Attack a building on the table")
        if owner == me:
            fail("R-ATK-1", "You cannot attack your own buildings")
        if a.target in state.attacked:
            fail(
                "R-ATK-3",
                "That building was already attacked this turn (single-attack rule; "
                "a Hideout and the Business on it count as one, R-HIDE-ATK-3)",
            )
        if not any(seat.buildings.values()):
            fail("R-ATK-1", "You have no gangster standing on a building to attack with")
    elif isinstance(a, AddAttacker):
        if state.attack_target is None:
            fail("R-ATK-2", "Choose a target first")
        if a.gangster in seat.hidden:
            fail("R-ATK-1", "HIDDEN gangsters cannot attack until they come back in phase B")
        if not any(a.gangster in gs for gs in seat.buildings.values()):
            fail("R-ATK-1", "Only your gangsters standing on a Business or the Hideout attack")
        if a.gangster in state.attack_gangsters:
            fail("R-ATK-2", "That gangster is already in this attack")
    elif isinstance(a, LaunchAttack):
        if not state.attack_gangsters:
            fail("R-ATK-2", "Send at least one gangster")
    elif isinstance(a, CancelAttack) and state.attack_target is None:
        fail("R-ATK-2", "No attack is being assembled")


def _start(state: GameState, seat: int, a: StartAttack, ev: Events) -> Then:
    state.attack_target = a.target
    state.attack_gangsters = ()
    return _ASSEMBLING


def _add(state: GameState, seat: int, a: AddAttacker, ev: Events) -> Then:
    state.attack_gangsters = state.attack_gangsters + (a.gangster,)
    return _ASSEMBLING


def _cancel(state: GameState, seat: int, a: CancelAttack, ev: Events) -> None:
    state.attack_target = None
    state.attack_gangsters = ()


def _launch(state: GameState, seat: int, a: LaunchAttack, ev: Events) -> None:
    target = state.attack_target
    assert target is not None
    gangsters = state.attack_gangsters
    owner = state.owner_of(target)
    assert owner is not None
    o = state.seats[owner]
    hideout = target == o.hideout
    marks = {target}
    top, home = o.top, o.hideout
    if top is not None and home is not None and target in (home, top):  # R-HIDE-ATK-3, I-SINGLE
        marks |= {home, top}
    state.attacked = state.attacked | marks
    state.attack_target = None
    state.attack_gangsters = ()
    strength = 0
    for g in gangsters:  # a loop: sum(genexpr) makes a generator for two or three cards
        strength += VALUE[g]
    tag = "hideout" if hideout else ""
    ev.append(_NEW_EVENT(_EVENT, (_K_DECLARED, seat, (target,), strength, owner, tag)))
    for g in gangsters:  # I-TRANSIT: the attackers leave their buildings
        combat.remove_gangster(state, seat, g)
    state.stack.append(PendingAttack(seat, target, hideout, gangsters))


FAMILY: Family = Family(
    {
        StartAttack: Effect(_start),
        AddAttacker: Effect(_add),
        LaunchAttack: Effect(_launch, opens=WindowKind.ATTACK),  # I-REACT-WINDOW (a)
        CancelAttack: Effect(_cancel),
    },
    explain,
    Phase.ATTACK,
    options,
    has_options,
)
