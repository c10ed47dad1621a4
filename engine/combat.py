"""Fights: attacks on Businesses and Hideouts, Drive-bys, elimination.

Damage follows I-DMG (weakest first, stop at the first gangster the damage
left cannot kill); both sides hit at once (R-ATK-4).
"""

from __future__ import annotations

from typing import Final

from engine.cards import HIDEOUT_INCOME, VALUE
from engine.ending import credit, finish, start_countdown
from engine.events import Event, EventKind, new_event
from engine.state import GameState, PendingAttack, PendingDriveBy

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

Events = list[Event]

# the events of every fight, built in one step (events.new_event)
_KILL: Final = EventKind.KILL
_DESTROY: Final = EventKind.DESTROY
_HIDDEN: Final = EventKind.HIDDEN
_DAMAGE: Final = EventKind.DAMAGE
_DIE: Final = EventKind.DIE
_PAY: Final = EventKind.PAY
_DRIVEBY: Final = EventKind.DRIVEBY
_STOPPED: Final = EventKind.ATTACK_STOPPED
_BREACH: Final = EventKind.BREACH
_HOLD: Final = EventKind.HOLD
_RANSOM: Final = EventKind.RANSOM


# The I-DMG order (strength, then id) as one int per card id: sorting with a C-level
# key (a tuple lookup) instead of a lambda building a pair per card.
_WEAKNESS: Final = tuple(v * len(VALUE) + c for c, v in enumerate(VALUE))


def weakest_first(damage: int, gangsters: list[int] | tuple[int, ...]) -> list[int]:
    """I-DMG: the gangsters that `damage` kills, weakest first (then by id)."""
    killed: list[int] = []
    if len(gangsters) < 2:  # most fights: nothing to sort
        if gangsters and VALUE[gangsters[0]] <= damage:
            killed.append(gangsters[0])
        return killed
    for g in sorted(gangsters, key=_WEAKNESS.__getitem__):
        v = VALUE[g]
        if v > damage:
            break
        damage -= v
        killed.append(g)
    return killed


def _strength(gangsters: list[int] | tuple[int, ...]) -> int:
    return sum(map(VALUE.__getitem__, gangsters))


def remove_gangster(state: GameState, owner: int, g: int) -> None:
    """Take gangster `g` off `owner`'s table (a building or HIDDEN)."""
    seat = state.seats[owner]
    hidden = seat.hidden
    if g in hidden:
        hidden.remove(g)
        return
    buildings = seat.buildings
    for b, gs in buildings.items():
        if g in gs:
            i = gs.index(g)  # a card is in one place once: slices, not a generator
            buildings[b] = gs[:i] + gs[i + 1 :]
            return


def kill(state: GameState, owner: int, gangsters: list[int], ev: Events) -> None:
    for g in gangsters:
        remove_gangster(state, owner, g)
    _bury(state, owner, gangsters, ev)


def _bury(state: GameState, owner: int, gangsters: list[int], ev: Events) -> None:
    """Gangsters on no building die: attackers in transit (I-TRANSIT), or killed ones."""
    for g in gangsters:
        state.discard.append(g)
        ev.append(_NEW_EVENT(_EVENT, (_KILL, owner, (g,), 0, None, "")))


def destroy_business(state: GameState, owner: int, b: int, ev: Events) -> None:
    seat = state.seats[owner]
    for g in seat.buildings.pop(b):
        state.discard.append(g)
        ev.append(_NEW_EVENT(_EVENT, (_KILL, owner, (g,), 0, None, "")))
    state.discard.append(b)
    if seat.top == b:
        seat.top = None
    ev.append(_NEW_EVENT(_EVENT, (_DESTROY, owner, (b,), 0, None, "")))


def transfer(state: GameState, payer: int, payee: int, owed: int, ev: Events) -> int:
    """I-PAY: pay min(money, owed); returns what was paid."""
    seat = state.seats[payer]
    paid = seat.money if seat.money < owed else owed  # min() without its keyword handling
    if paid > 0:
        seat.money -= paid
        credit(state, payee, paid, ev)
        ev.append(_NEW_EVENT(_EVENT, (_PAY, payer, (), paid, payee, "")))
    return paid


def _hide(state: GameState, owner: int, gangsters: list[int], ev: Events) -> None:
    """R-ATK-10: surviving attackers become HIDDEN. They come from transit, on no
    building (I-TRANSIT: `attack._launch` took them off theirs)."""
    if not gangsters:
        return
    state.seats[owner].hidden.extend(gangsters)
    ev.append(_NEW_EVENT(_EVENT, (_HIDDEN, owner, tuple(gangsters), 0, None, "")))


def resolve_attack(state: GameState, atk: PendingAttack, ev: Events) -> None:
    """The attackers arrive from transit (I-TRANSIT): nothing but Police (b) has
    touched them since the attack was declared."""
    a = atk.attacker
    attackers = list(atk.gangsters)
    if not state.seats[a].alive:  # cannot happen in play; keep every card accounted for
        state.discard.extend(attackers)
        return
    if atk.stopped:  # R-POLICE-1(b), I-POLICE-B: no fight at all
        ev.append(_NEW_EVENT(_EVENT, (_STOPPED, a, (atk.target,), 0, None, "")))
        _hide(state, a, attackers, ev)
        return
    owner = state.owner_of(atk.target)
    if not attackers or owner is None or not state.seats[owner].alive:
        _hide(state, a, attackers, ev)  # the target vanished before they arrived
        return
    if atk.hideout:
        _hideout_attack(state, a, owner, attackers, ev)
    else:
        _business_attack(state, a, owner, atk.target, attackers, ev)


def _business_attack(
    state: GameState, a: int, owner: int, target: int, attackers: list[int], ev: Events
) -> None:
    seat = state.seats[owner]
    defenders = list(seat.buildings[target])
    atk_power = _strength(attackers)
    def_power = _strength(defenders)  # R-ATK-7: the Business itself deals no damage
    income = VALUE[target]
    ev.append(_NEW_EVENT(_EVENT, (_DAMAGE, owner, (target,), atk_power, a, "")))
    killed_def = weakest_first(atk_power, defenders)
    killed_att = weakest_first(def_power, attackers)
    destroyed = atk_power >= def_power + income  # R-ATK-8
    if killed_def:  # no call for nothing: most fights kill nobody on one side
        kill(state, owner, killed_def, ev)
    if killed_att:
        _bury(state, a, killed_att, ev)  # in transit (I-TRANSIT)
        attackers = [g for g in attackers if g not in killed_att]
    if destroyed:
        destroy_business(state, owner, target, ev)
        transfer(state, owner, a, income, ev)  # R-ATK-9, I-PAY
    _hide(state, a, attackers, ev)  # the survivors


def _hideout_attack(state: GameState, a: int, owner: int, attackers: list[int], ev: Events) -> None:
    seat = state.seats[owner]
    hideout = seat.hideout
    assert hideout is not None
    top = seat.top
    defenders = list(seat.buildings[hideout])
    if top is not None:
        defenders += list(seat.buildings[top])
    def_strength = _strength(defenders)
    defence = HIDEOUT_INCOME + def_strength + (VALUE[top] if top is not None else 0)  # R-HIDE-ATK-4
    atk_power = _strength(attackers)
    ev.append(_NEW_EVENT(_EVENT, (_DAMAGE, owner, (hideout,), atk_power, a, "")))
    killed_att = weakest_first(HIDEOUT_INCOME + def_strength, attackers)  # R-HIDE-ATK-6
    breached = atk_power >= defence  # I-BREACH
    ransom = 0
    if breached:
        ev.append(_NEW_EVENT(_EVENT, (_BREACH, owner, (hideout,), defence, a, "")))
        kill(state, owner, defenders, ev)  # I-HIDE-DMG
        die = state.roll()
        ev.append(_NEW_EVENT(_EVENT, (_DIE, a, (), die, None, "")))
        ransom = die
        if state.options.ransom_excess:  # I-RANSOM house rule: the excess counts too
            ransom += atk_power - defence
        if top is not None:
            ransom += VALUE[top]  # I-RANSOM
            destroy_business(state, owner, top, ev)
        ev.append(_NEW_EVENT(_EVENT, (_RANSOM, owner, (), ransom, a, "")))
    else:
        ev.append(_NEW_EVENT(_EVENT, (_HOLD, owner, (hideout,), defence, a, "")))
        killed_def = weakest_first(atk_power, defenders)
        if killed_def:
            kill(state, owner, killed_def, ev)
    if killed_att:
        _bury(state, a, killed_att, ev)  # in transit (I-TRANSIT)
        attackers = [g for g in attackers if g not in killed_att]
    _hide(state, a, attackers, ev)  # the survivors
    if breached:
        if seat.money >= ransom:
            transfer(state, owner, a, ransom, ev)  # I-PAID
        else:
            transfer(state, owner, a, seat.money, ev)
            eliminate(state, owner, a, ev)  # R-HIDE-ATK-7, I-ELIM


def eliminate(state: GameState, victim: int, attacker: int, ev: Events) -> None:
    seat = state.seats[victim]
    hideout = seat.hideout
    assert hideout is not None
    state.seats[attacker].trophies.append(hideout)
    ev.append(Event("trophy", attacker, (hideout,), 0, victim))
    for b, gs in seat.buildings.items():
        state.discard.extend(gs)
        if b != hideout:
            state.discard.append(b)
    state.discard.extend(seat.hidden)
    state.discard.extend(seat.hand)
    seat.buildings = {}
    seat.hidden = []
    seat.hand = []
    seat.hideout = None
    seat.top = None
    seat.alive = False
    ev.append(Event("eliminate", victim, (), 0, attacker))
    start_countdown(state, attacker, ev)  # R-END-COUNT-1(1)
    if state.countdown_keeper == victim:  # R-END-COUNT-3
        prev = victim
        for _ in range(state.n):
            prev = (prev - 1) % state.n
            if state.seats[prev].alive:
                break
        state.countdown_keeper = prev
        ev.append(Event("keeper", prev))
    if len(state.seats[attacker].trophies) >= 2:  # R-END-WAR-1
        finish(state, (attacker,), "war", ev)
    elif len(state.alive_seats()) == 1:  # I-LAST
        finish(state, tuple(state.alive_seats()), "last_standing", ev)


def resolve_drive_by(state: GameState, d: PendingDriveBy, ev: Events) -> None:
    state.discard.extend(d.cards)
    owner = state.owner_of(d.target)
    if owner is None:
        return  # the Business is gone already
    seat = state.seats[owner]
    damage = 0
    for _ in d.cards:  # R-DRIVEBY-1/2: one die per Drive-by, dealt at once
        r = state.roll()
        ev.append(_NEW_EVENT(_EVENT, (_DIE, d.player, (), r, None, "")))
        damage += r
    ev.append(_NEW_EVENT(_EVENT, (_DRIVEBY, owner, (d.target,), damage, d.player, "")))
    defenders = list(seat.buildings[d.target])
    killed = weakest_first(damage, defenders)
    if killed:
        kill(state, owner, killed, ev)
    if damage >= _strength(defenders) + VALUE[d.target]:  # I-DRIVEBY; R-DRIVEBY-3: no money
        destroy_business(state, owner, d.target, ev)
