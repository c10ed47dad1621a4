"""The Police (R-POLICE-1) and the Bribe that cancels it (R-BRIBE-1, I-BRIBE-CHAIN).

Police (a) sends every gangster on a Business into hiding; Police (b) stops an
attack while it is being declared. A Bribe cancels the Police or Bribe just
played, and can itself be bribed."""

from __future__ import annotations

from typing import Final

from engine.actions import Action, PlayBribe, PlayPolice, StopAttack
from engine.cards import Kind
from engine.events import Event, EventKind, new_event
from engine.families.base import (
    BRIBE,
    POLICE,
    STOP,
    Effect,
    Events,
    Family,
    Out,
    Reaction,
    below_window,
    fail,
    stoppable_attack,
    take_from_hand,
)
from engine.state import GameState, PendingAttack, PendingPolice, WindowKind

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

_K_CANCELLED: Final = EventKind.CANCELLED  # events built in one step
_K_HIDDEN: Final = EventKind.HIDDEN


def targets(state: GameState) -> list[int]:
    """Police (a): every Business with gangsters on it, anyone's (never a Hideout,
    R-HIDE-2), in seat and opening order."""
    out: list[int] = []
    for s in state.seats:
        if s.alive:
            hideout = s.hideout
            for b, gs in s.buildings.items():
                if gs and b != hideout:
                    out.append(b)
    return out


def has_target(state: GameState) -> bool:
    """bool(targets(state)) without building the list (asked in every window scan)."""
    for s in state.seats:
        if s.alive:
            hideout = s.hideout
            for b, gs in s.buildings.items():
                if gs and b != hideout:
                    return True
    return False


def _free(state: GameState, me: int, police: list[int], below: object, out: Out) -> None:
    """Police (a) on any target; the lowest id in hand stands for every copy."""
    row = POLICE[min(police)]
    for b in targets(state):
        out.append(row[b])


def _stop(state: GameState, me: int, police: list[int], below: object, out: Out) -> None:
    """R-POLICE-1(b): in a window while a declared attack can still be stopped."""
    if stoppable_attack(state) is not None:
        out.append(STOP[min(police)])


def _police_useful(state: GameState, me: int, below: object) -> bool:
    """(b) stops a declared attack, (a) hides gangsters on some Business."""
    return stoppable_attack(state) is not None or has_target(state)


def _bribe_answer(state: GameState, me: int, bribes: list[int], below: object, out: Out) -> None:
    """R-BRIBE-1: in the window of a Police (or Bribe) just played."""
    if type(below) is PendingPolice:  # frame classes have no subclasses
        out.append(BRIBE[min(bribes)])


def _bribe_useful(state: GameState, me: int, below: object) -> bool:
    return type(below) is PendingPolice


def _police_tries(card: int, buildings: list[int], gangsters: list[int]) -> list[Action]:
    """On a rival's Business, or stopping an attack."""
    tries: list[Action] = [PlayPolice(card, b) for b in buildings[:1]]
    tries.append(StopAttack(card))
    return tries


def _bribe_tries(card: int, buildings: list[int], gangsters: list[int]) -> list[Action]:
    return [PlayBribe(card)]


REACTION = Reaction(Kind.POLICE, _police_useful, _police_tries, answer=_stop, free=_free)
BRIBE_REACTION = Reaction(Kind.BRIBE, _bribe_useful, _bribe_tries, answer=_bribe_answer)
REACTIONS = (REACTION, BRIBE_REACTION)  # the kinds this module plays (cards.FAMILY_MODULE)


def _in_transit_from(state: GameState, business: int) -> bool:
    """Whether a declared attack's gangsters came from `business` (I-TRANSIT). The
    engine no longer knows where they stood, so: the attacker owns it and attacks."""
    atk = state.pending(PendingAttack)
    return atk is not None and state.owner_of(business) == atk.attacker


def explain(state: GameState, me: int, a: PlayPolice | StopAttack | PlayBribe) -> None:
    if isinstance(a, PlayBribe):
        if not isinstance(below_window(state), PendingPolice):
            fail("R-BRIBE-1", "A Bribe can only cancel a Police (or Bribe) just played")
        return
    if isinstance(a, StopAttack):
        if stoppable_attack(state) is None:
            atk = state.pending(PendingAttack)
            if atk is not None:
                fail("R-POLICE-1", "The Police have already stopped this attack")
            fail("R-POLICE-1", "Police can stop an attack only while it is being declared")
        return
    owner = state.owner_of(a.business)
    if owner is None:
        fail("R-POLICE-1", "Police need a Business on the table")
    assert owner is not None
    o = state.seats[owner]
    if a.business == o.hideout:
        fail("R-HIDE-2", "Police can be used on a Hideout only to stop an attack on it")
    if not o.buildings[a.business]:
        if _in_transit_from(state, a.business):
            fail(
                "I-TRANSIT",
                "The attackers have left that Business: only Police stopping the attack "
                "reaches them now",
            )
        fail("R-POLICE-1", "There are no gangsters on that Business to send into hiding")


def _play(state: GameState, seat: int, a: PlayPolice, ev: Events) -> None:
    take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingPolice(seat, a.card, a.business))


def _play_stop(state: GameState, seat: int, a: StopAttack, ev: Events) -> None:
    take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingPolice(seat, a.card, None))


def _bribe(state: GameState, seat: int, a: PlayBribe, ev: Events) -> None:
    take_from_hand(state, seat, (a.card,), ev)
    p = state.stack[-2]  # under the Police window, which closes; a new one opens
    assert isinstance(p, PendingPolice)
    state.stack[-2] = PendingPolice(p.player, p.card, p.business, p.bribes + (a.card,))


def resolve(state: GameState, p: PendingPolice, ev: Events) -> None:
    """Once nobody answers: an even chain of Bribes leaves the Police standing."""
    state.discard.append(p.card)
    state.discard.extend(p.bribes)
    if len(p.bribes) % 2 == 1:  # I-BRIBE-CHAIN
        ev.append(_NEW_EVENT(_EVENT, (_K_CANCELLED, p.player, (p.card,), 0, None, "")))
        return
    if p.business is None:
        for i in range(len(state.stack) - 1, -1, -1):
            f = state.stack[i]
            if isinstance(f, PendingAttack):
                state.stack[i] = PendingAttack(f.attacker, f.target, f.hideout, f.gangsters, True)
                break
        return
    owner = state.owner_of(p.business)
    if owner is None:
        return
    s = state.seats[owner]
    gs = s.buildings[p.business]
    if gs:
        s.buildings[p.business] = ()
        s.hidden.extend(gs)
        ev.append(_NEW_EVENT(_EVENT, (_K_HIDDEN, owner, gs, 0, None, "")))


_WINDOW: Final = WindowKind.POLICE  # I-REACT-WINDOW (b); I-BRIBE-CHAIN for the Bribe
# This family's own rules as the rules catalogue shows them (ID, title, text): the
# catalogue lists them in its Reactions section, in Kind order (engine/rules_catalogue.py).
RULES: Final[tuple[tuple[str, str, str], ...]] = (
    (
        "R-POLICE-1",
        "Police",
        "Either raid a Business, sending all its gangsters into hiding (HIDDEN) and "
        "leaving it unguarded; or stop an attack on a Business or Hideout, so the "
        "attackers deal no damage and go into hiding.",
    ),
    (
        "I-POLICE-B",
        "A stopped attack",
        "When Police stop an attack nobody fights: the defenders and the Hideout deal no "
        "damage either. It still uses up the single attack on that target (R-ATK-3).",
    ),
    (
        "R-BRIBE-1",
        "Bribe",
        "A Bribe cancels a Police card and can itself be cancelled by another Bribe. It "
        "costs no money to play.",
    ),
)


FAMILY: Family = Family(
    {
        PlayPolice: Effect(_play, opens=_WINDOW, card=Kind.POLICE),
        StopAttack: Effect(_play_stop, opens=_WINDOW, card=Kind.POLICE),
        PlayBribe: Effect(_bribe, opens=_WINDOW, answers=True, card=Kind.BRIBE),
    },
    explain,
    resolves=((PendingPolice, resolve),),
)
