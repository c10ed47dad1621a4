"""`legal_actions`: the one source of legality for the UI, the bots and `apply`.

Identical cards (two Gangster 1s, two Police) are interchangeable, so each
decision lists one action per distinct card (the lowest id in hand);
`canonical` maps any copy the UI names onto that representative.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.actions import (
    Action,
    AddAttacker,
    CancelAttack,
    Discard,
    DiscardGangster,
    Draw,
    EndPhase,
    JoinDriveBy,
    LaunchAttack,
    MoveGangster,
    MoveHideout,
    Mulligan,
    OpenCard,
    Pass,
    PlayBribe,
    PlayDriveBy,
    PlayPokerNight,
    PlayPolice,
    PlayTurncoat,
    StartAttack,
    StopAttack,
    draw_price,
)
from engine.cards import KIND, VALUE, Kind
from engine.state import (
    HAND_SIZE,
    MAX_DISCARDS,
    GameState,
    PendingAttack,
    PendingDriveBy,
    PendingPolice,
    Phase,
    SeatState,
    Window,
)

SIG: tuple[int, ...] = tuple(int(KIND[c]) * 10 + VALUE[c] for c in range(len(KIND)))
_GANG = Kind.GANGSTER
_BIZ = Kind.BUSINESS
_POLICE = Kind.POLICE
_BRIBE = Kind.BRIBE
_DRIVE = Kind.DRIVE_BY
_TURN = Kind.TURNCOAT
_POKER = Kind.POKER_NIGHT

# --- interned action values (actions are immutable; reuse saves allocation) -------

_CACHE: dict[tuple[Any, ...], Any] = {}


def _mk(cls: type[Any], *args: Any) -> Any:
    key = (cls, *args)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = cls(*args)
    return a


END_PHASE = EndPhase()
PASS = Pass()
LAUNCH = LaunchAttack()
CANCEL = CancelAttack()
KEEP = Mulligan(())


def distinct(hand: list[int]) -> list[int]:
    """One representative (lowest id) per distinct card in `hand`."""
    seen: set[int] = set()
    out: list[int] = []
    for c in sorted(hand):
        s = SIG[c]
        if s not in seen:
            seen.add(s)
            out.append(c)
    return out


def _of_kind(hand: list[int], kind: Kind) -> list[int]:
    return sorted(c for c in hand if KIND[c] == kind)


# --- public ---------------------------------------------------------------------------


def legal_actions(state: GameState) -> list[Action]:
    """Everything the seat in `state.to_act` may do now."""
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return []
    if phase is Phase.MULLIGAN:
        return _mulligans(state.seats[(state.first_player + state.mulligan_pos) % state.n].hand)
    stack = state.stack
    if stack and isinstance(stack[-1], Window):
        return window_actions(state, stack[-1])
    return _turn_actions(state)


def window_actions(state: GameState, w: Window) -> list[Action]:
    """I-REACT-WINDOW: in every window, any reaction its own card text allows.
    A Bribe answers the Police (or Bribe) just played, extra Drive-bys join the one
    just declared, Police (b) stops a declared attack; the rest fit any moment."""
    seat_i = w.order[w.pos]
    seat = state.seats[seat_i]
    out: list[Action] = []
    below = state.stack[-2] if len(state.stack) >= 2 else None
    if isinstance(below, PendingPolice):
        bribes = _of_kind(seat.hand, _BRIBE)
        if bribes:
            out.append(_mk(PlayBribe, bribes[0]))
    elif isinstance(below, PendingDriveBy):
        drives = _of_kind(seat.hand, _DRIVE)
        for k in range(1, len(drives) + 1):
            out.append(_mk(JoinDriveBy, tuple(drives[:k])))
    if stoppable_attack(state) is not None:
        police = _of_kind(seat.hand, _POLICE)
        if police:
            out.append(_mk(StopAttack, police[0]))
    _free_reactions(state, seat_i, out, _joinable_target(below))
    out.append(PASS)
    return out


def stoppable_attack(state: GameState) -> PendingAttack | None:
    """The declared attack Police (b) can still stop (R-POLICE-1), if any."""
    atk = state.pending(PendingAttack)
    if isinstance(atk, PendingAttack) and not atk.stopped:
        return atk
    return None


def _joinable_target(below: object) -> int | None:
    """R-DRIVEBY-2: right after a Drive-by, more Drive-bys on its Business join it."""
    return below.target if isinstance(below, PendingDriveBy) else None


def has_window_option(state: GameState, seat_i: int, w: Window) -> bool:
    """Cheap test: could `seat_i` do anything but pass in `w`? (Seats that could
    only pass are skipped, I-REACT-WINDOW; the app hides the difference.)"""
    seat = state.seats[seat_i]
    hand = seat.hand
    if not hand or not seat.alive:
        return False
    kinds = {KIND[c] for c in hand}
    below = state.stack[-2] if len(state.stack) >= 2 else None
    if _BRIBE in kinds and isinstance(below, PendingPolice):
        return True
    if _DRIVE in kinds and isinstance(below, PendingDriveBy):
        return True
    if _POLICE in kinds and stoppable_attack(state) is not None:
        return True
    return free_reaction_exists(state, seat_i, _joinable_target(below))


def free_reaction_exists(state: GameState, seat_i: int, skip_drive: int | None = None) -> bool:
    seat = state.seats[seat_i]
    kinds = {KIND[c] for c in seat.hand}
    if _POLICE in kinds:
        for s in state.seats:
            if s.alive and any(gs for b, gs in s.buildings.items() if b != s.hideout):
                return True
    if _DRIVE in kinds:  # R-DRIVEBY-1: any Business, your own included
        for s in state.seats:
            if s.alive and any(b != s.hideout and b != skip_drive for b in s.buildings):
                return True
    if _TURN in kinds and _turncoat_targets(state, seat_i):
        return True
    return _POKER in kinds and _poker_possible(state, seat_i)


# --- per-situation enumerations ----------------------------------------------------------


def _mulligans(hand: list[int]) -> list[Action]:
    out: list[Action] = [KEEP]
    seen: set[tuple[int, ...]] = set()
    ordered = sorted(hand)
    for k in (1, 2):
        for combo in combinations(ordered, k):
            sig = tuple(sorted(SIG[c] for c in combo))
            if sig not in seen:
                seen.add(sig)
                out.append(_mk(Mulligan, combo))
    return out


def _turn_actions(state: GameState) -> list[Action]:
    i = state.active
    seat = state.seats[i]
    phase = state.phase
    out: list[Action] = []
    if phase is Phase.MOVE:
        _move_actions(state, seat, out)
        if not seat.hidden and not over_capacity(seat):
            out.append(END_PHASE)
    elif phase is Phase.ATTACK:
        if state.attack_target is None:
            _attack_targets(state, i, out)
            out.append(END_PHASE)
        else:
            drafted = state.attack_gangsters
            for g in _attackers(seat):
                if g not in drafted:
                    out.append(_mk(AddAttacker, g))
            if drafted:
                out.append(LAUNCH)
            out.append(CANCEL)
    elif phase is Phase.OPEN:
        _open_actions(seat, out)
        out.append(END_PHASE)
    elif phase is Phase.HIDEOUT:
        for b in seat.buildings:
            if b != seat.hideout and b != seat.top:
                out.append(_mk(MoveHideout, b))
        if seat.top is not None:
            out.append(_mk(MoveHideout, None))
        out.append(END_PHASE)
    elif phase is Phase.DISCARD:
        if state.discarded_this_turn < MAX_DISCARDS:
            for c in distinct(seat.hand):
                out.append(_mk(Discard, c))
        out.append(END_PHASE)
    elif phase is Phase.DRAW:
        room = HAND_SIZE - len(seat.hand)
        avail = len(state.deck) + len(state.discard)
        for k in range(1, min(room, avail) + 1):
            if draw_price(k) <= seat.money:
                out.append(_mk(Draw, k))
        out.append(END_PHASE)
    _free_reactions(state, i, out)
    return out


def phase_has_options(state: GameState) -> bool:
    """Whether the active seat's current phase offers more than ending it
    (reactions aside); empty phases are skipped automatically."""
    seat = state.seats[state.active]
    phase = state.phase
    if phase is Phase.MOVE:
        return bool(seat.hidden) or any(gs for b, gs in seat.buildings.items() if b != seat.hideout)
    if phase is Phase.ATTACK:
        if state.attack_target is not None:
            return True
        if not _attackers(seat):
            return False
        out: list[Action] = []
        _attack_targets(state, state.active, out)
        return bool(out)
    if phase is Phase.OPEN:
        out = []
        _open_actions(seat, out)
        return bool(out)
    if phase is Phase.HIDEOUT:
        return len(seat.buildings) > 1
    if phase is Phase.DISCARD:
        return bool(seat.hand) and state.discarded_this_turn < MAX_DISCARDS
    if phase is Phase.DRAW:
        return len(seat.hand) < HAND_SIZE and bool(state.deck or state.discard)
    return True


def over_capacity(seat: SeatState) -> list[int]:
    """Buildings whose gangsters exceed its income (possible only mid phase B, R-MOVE-3)."""
    return [b for b in seat.buildings if seat.load(b) > seat.capacity(b)]


def _move_actions(state: GameState, seat: SeatState, out: list[Action]) -> None:
    """Phase B is a free rearrangement between Businesses (I-MOVE-FREE): any gangster
    on a Business or HIDDEN may move any number of times and may always be discarded,
    so every position has a way to end the phase; capacity need only hold when it ends
    (R-MOVE-3). A gangster never goes where it could not fit alone. The Hideout takes
    no part: its gangsters stay, and nobody moves onto it (I-MOVE-HIDEOUT)."""
    hideout = seat.hideout
    caps = [(b, VALUE[b]) for b in seat.buildings if b != hideout]
    for b, gs in seat.buildings.items():
        if b == hideout:
            continue  # I-MOVE-HIDEOUT
        for g in gs:
            v = VALUE[g]
            for b2, cap in caps:
                if b2 != b and cap >= v:
                    out.append(_mk(MoveGangster, g, b2))
            out.append(_mk(DiscardGangster, g))
    for g in seat.hidden:  # R-MOVE-2: back onto Businesses only (I-MOVE-HIDEOUT)
        v = VALUE[g]
        for b2, cap in caps:
            if cap >= v:
                out.append(_mk(MoveGangster, g, b2))
        out.append(_mk(DiscardGangster, g))


def _attackers(seat: SeatState) -> list[int]:
    return [g for gs in seat.buildings.values() for g in gs]


def _attack_targets(state: GameState, me: int, out: list[Action]) -> None:
    if not _attackers(state.seats[me]):
        return
    attacked = state.attacked
    for i, s in enumerate(state.seats):
        if i == me or not s.alive:
            continue
        for b in s.buildings:
            if b not in attacked:
                out.append(_mk(StartAttack, b))


def _open_actions(seat: SeatState, out: list[Action]) -> None:
    money = seat.money
    rooms: dict[int, int] | None = None
    for c in distinct(seat.hand):
        k = KIND[c]
        v = VALUE[c]
        if v - 1 > money:
            continue
        if k == _GANG:
            if rooms is None:
                rooms = {b: seat.capacity(b) - seat.load(b) for b in seat.buildings}
            for b, room in rooms.items():
                if room >= v:
                    out.append(_mk(OpenCard, c, b))
        elif k == _BIZ:
            if not seat.opened_business:
                out.append(_mk(OpenCard, c, seat.hideout))  # R-OPEN-4
            else:
                out.append(_mk(OpenCard, c, None))
                if seat.top is None:
                    out.append(_mk(OpenCard, c, seat.hideout))


def _turncoat_targets(state: GameState, me: int) -> list[int]:
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


def _poker_possible(state: GameState, me: int) -> bool:
    if state.first_round:  # R-POKER-2
        return False
    if state.seats[me].money < 2:  # I-POKER-HOST
        return False
    return any(i != me and s.alive and s.money >= 2 for i, s in enumerate(state.seats))


def _free_reactions(
    state: GameState, me: int, out: list[Action], skip_drive: int | None = None
) -> None:
    """Police (a), Drive-by, Turncoat and Poker Night: playable at any decision of
    the seat's own turn and in every window (I-REACT-WINDOW). `skip_drive` is the
    Business of a Drive-by just declared: more Drive-bys there join it (R-DRIVEBY-2)."""
    hand = state.seats[me].hand
    if not hand:
        return
    police = drives = turncoat = poker = None
    for c in hand:
        k = KIND[c]
        if k == _POLICE:
            police = c if police is None else min(police, c)
        elif k == _DRIVE:
            drives = [c] if drives is None else drives + [c]
        elif k == _TURN:
            turncoat = c if turncoat is None else min(turncoat, c)
        elif k == _POKER:
            poker = c if poker is None else min(poker, c)
    if police is None and drives is None and turncoat is None and poker is None:
        return
    seats = state.seats
    if police is not None:
        for s in seats:
            if s.alive:
                for b, gs in s.buildings.items():
                    if gs and b != s.hideout:
                        out.append(_mk(PlayPolice, police, b))
    if drives is not None:  # R-DRIVEBY-1: any Business, your own included
        drives.sort()
        for s in seats:
            if s.alive:
                for b in s.buildings:
                    if b != s.hideout and b != skip_drive:
                        for n in range(1, len(drives) + 1):
                            out.append(_mk(PlayDriveBy, tuple(drives[:n]), b))
    if turncoat is not None:
        for g in _turncoat_targets(state, me):
            out.append(_mk(PlayTurncoat, turncoat, g))
    if poker is not None and _poker_possible(state, me):
        out.append(_mk(PlayPokerNight, poker))


# --- canonical card choice ------------------------------------------------------------


def canonical(state: GameState, action: Action) -> Action:
    """Map hand-card ids in `action` onto the representatives `legal_actions` uses."""
    seat_i = state.to_act
    if seat_i is None:
        return action
    hand = state.seats[seat_i].hand
    if isinstance(
        action, (OpenCard, Discard, PlayPolice, StopAttack, PlayBribe, PlayTurncoat, PlayPokerNight)
    ):
        c = action.card
        if c in hand:
            rep = min(x for x in hand if SIG[x] == SIG[c])
            if rep != c:
                fields = {f: getattr(action, f) for f in action.__slots__}
                fields["card"] = rep
                swapped: Action = _mk(type(action), *fields.values())
                return swapped
        return action
    if isinstance(action, (Mulligan, PlayDriveBy, JoinDriveBy)):
        cards = action.cards
        if not cards or not all(c in hand for c in cards) or len(set(cards)) != len(cards):
            return action
        by_sig: dict[int, list[int]] = {}
        for x in sorted(hand):
            by_sig.setdefault(SIG[x], []).append(x)
        need: dict[int, int] = {}
        for c in cards:
            need[SIG[c]] = need.get(SIG[c], 0) + 1
        rep_cards = tuple(sorted(c for s, k in need.items() for c in by_sig[s][:k]))
        result: Action = (
            _mk(PlayDriveBy, rep_cards, action.target)
            if isinstance(action, PlayDriveBy)
            else _mk(type(action), rep_cards)
        )
        return result
    return action
