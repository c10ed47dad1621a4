"""`legal_actions`: the one source of legality for the UI, the bots and `apply`.

Each family (engine/families/) lists its own options; this module puts a
decision's list together in a fixed order: the phase's own actions, EndPhase,
then the reactions (Police, Drive-by, Turncoat, Poker Night); in a reaction
window the answers to what was just played come first and Pass last.

Identical cards (two Gangster 1s, two Police) are interchangeable, so each
decision lists one action per distinct card (the lowest id in hand);
`canonical` maps any copy the UI names onto that representative.
"""

from __future__ import annotations

from typing import Final

from engine.actions import (
    Action,
    Discard,
    JoinDriveBy,
    Mulligan,
    OpenCard,
    PlayBribe,
    PlayDriveBy,
    PlayPokerNight,
    PlayPolice,
    PlayTurncoat,
    StopAttack,
    field_names,
)
from engine.cards import KIND, Kind
from engine.families import (
    FAMILIES,
    driveby,
    mulligan,
    phases,
    poker,
    police,
    turncoat,
)
from engine.families.base import (
    BRIBE_CARDS,
    END_PHASE,
    PASS,
    REACTION_CARDS,
    REACTION_CARDS_BUT_BRIBE,
    SIG,
    distinct,
    mk,
    over_capacity,
    stoppable_attack,
)
from engine.state import (
    Frame,
    GameState,
    PendingAttack,
    PendingDriveBy,
    PendingPolice,
    Phase,
    Window,
)

__all__ = [
    "SIG",
    "canonical",
    "distinct",
    "has_window_option",
    "legal_actions",
    "over_capacity",
    "stoppable_attack",
    "window_actions",
]

_POLICE: Final = Kind.POLICE
_DRIVE: Final = Kind.DRIVE_BY
_TURN: Final = Kind.TURNCOAT
_POKER: Final = Kind.POKER_NIGHT
_REACTION_CARDS: Final = REACTION_CARDS
# The reaction cards are the highest ids (engine/cards.py deals them last), so one
# comparison tells any other card apart.
_FIRST_REACTION: Final = min(REACTION_CARDS)
assert set(range(_FIRST_REACTION, len(KIND))) == REACTION_CARDS
_GAME_OVER = Phase.GAME_OVER
_ALWAYS_ENDS: Final = phases.ALWAYS_ENDS
_MULLIGAN: Final = Phase.MULLIGAN
_BRIBE_FREE_REACTIONS: Final = REACTION_CARDS_BUT_BRIBE
_POLICE_CARDS: Final = frozenset(c for c, k in enumerate(KIND) if k == _POLICE)
_DRIVE_CARDS: Final = frozenset(c for c, k in enumerate(KIND) if k == _DRIVE)
_OPTIONS: Final = {f.phase: f.options for f in FAMILIES if f.phase is not None and f.options}
# phase -> (its options, its may_end or None when it can always be ended), and None
# for the mulligan and the game's end: every phase a key, one subscript a decision.
_TURN_PHASE: Final = {
    p: None if p not in _OPTIONS else (_OPTIONS[p], None if p in _ALWAYS_ENDS else phases.may_end)
    for p in Phase
}

# --- public ---------------------------------------------------------------------------


def legal_actions(state: GameState) -> list[Action]:
    """Everything the seat in `state.to_act` may do now."""
    stack = state.stack
    if stack and type(stack[-1]) is Window:
        return window_actions(state, stack[-1])
    turn_phase = _TURN_PHASE[state.phase]
    if turn_phase is None:
        if state.phase is _MULLIGAN:
            return mulligan.options(
                state.seats[(state.first_player + state.mulligan_pos) % state.n].hand
            )
        return []  # the game is over
    options, may_end = turn_phase
    out: list[Action] = []
    me = state.active
    seat = state.seats[me]
    options(state, me, seat, out)
    if may_end is None or may_end(state, seat):  # None: the phase can always be ended
        out.append(END_PHASE)
    if not _BRIBE_FREE_REACTIONS.isdisjoint(seat.hand):  # a Bribe only answers a Police
        _free_reactions(state, me, out)
    return out


def window_actions(state: GameState, w: Window) -> list[Action]:
    """I-REACT-WINDOW: in every window, any reaction its own card text allows.
    A Bribe answers the Police (or Bribe) just played, extra Drive-bys join the one
    just declared, Police (b) stops a declared attack; the rest fit any moment."""
    seat_i = w.order[w.pos]
    hand = state.seats[seat_i].hand
    out: list[Action] = []
    if _REACTION_CARDS.isdisjoint(hand):
        out.append(PASS)  # nothing to react with (only a seat that is asked anyway)
        return out
    stack = state.stack
    below = stack[-2] if len(stack) >= 2 else None
    skip_drive = None  # R-DRIVEBY-2: more Drive-bys on the Business just declared join it
    if type(below) is PendingPolice:
        police.bribe(BRIBE_CARDS.intersection(hand), out)
    elif type(below) is PendingDriveBy:
        driveby.join(_DRIVE_CARDS.intersection(hand), out)
        skip_drive = below.target
    if not _POLICE_CARDS.isdisjoint(hand) and _can_stop(stack):
        police.stop(_POLICE_CARDS.intersection(hand), out)
    if not _BRIBE_FREE_REACTIONS.isdisjoint(hand):
        _free_reactions(state, seat_i, out, skip_drive)
    out.append(PASS)
    return out


def has_window_option(state: GameState, seat_i: int, w: Window) -> bool:
    """Cheap test: could `seat_i` do anything but pass in `w`? (Seats that could
    only pass are skipped, I-REACT-WINDOW; the app hides the difference.)"""
    seat = state.seats[seat_i]
    hand = seat.hand
    if _REACTION_CARDS.isdisjoint(hand) or not seat.alive:
        return False  # no reaction card at all (the common case)
    stack = state.stack
    below = type(stack[-2]) if len(stack) >= 2 else None  # frame classes have no subclasses
    if _BRIBE_FREE_REACTIONS.isdisjoint(hand):  # Bribes only: useful just against a Police
        return below is PendingPolice
    for c in hand:  # each reaction card in turn (rarely more than one or two)
        if c < _FIRST_REACTION:
            continue
        k = KIND[c]
        if k is _POLICE:  # (b) stops a declared attack, (a) hides gangsters on a Business
            if _can_stop(stack):
                return True
            for s in state.seats:
                if s.alive:
                    hideout = s.hideout
                    for b, gs in s.buildings.items():
                        if gs and b != hideout:
                            return True
        elif k is _DRIVE:  # R-DRIVEBY-2 joins the one below, R-DRIVEBY-1 any Business
            if below is PendingDriveBy:
                return True
            for s in state.seats:
                if s.alive:
                    hideout = s.hideout
                    for b in s.buildings:
                        if b != hideout:
                            return True
        elif k is _TURN:
            if turncoat.has_target(state, seat_i):
                return True
        elif k is _POKER:
            if poker.possible(state, seat_i):
                return True
        elif below is PendingPolice:  # a Bribe (R-BRIBE-1)
            return True
    return False


def _can_stop(stack: list[Frame]) -> bool:
    """`stoppable_attack(state) is not None` in one call instead of two: the topmost
    declared attack is not stopped yet (R-POLICE-1(b))."""
    atk = None
    for f in stack:
        if type(f) is PendingAttack:  # frame classes have no subclasses
            atk = f
    return atk is not None and not atk.stopped


def _free_reactions(
    state: GameState, me: int, out: list[Action], skip_drive: int | None = None
) -> None:
    """Police (a), Drive-by, Turncoat and Poker Night: playable at any decision of
    the seat's own turn and in every window (I-REACT-WINDOW). `skip_drive` is the
    Business of a Drive-by just declared: more Drive-bys there join it (R-DRIVEBY-2)."""
    police_card = drives = turncoat_card = poker_card = None
    for c in state.seats[me].hand:  # the lowest id of each kind, by `<`, not min()
        if c < _FIRST_REACTION:
            continue  # most of a hand: one comparison, not a chain of kind tests
        k = KIND[c]
        if k is _POLICE:
            if police_card is None or c < police_card:
                police_card = c
        elif k is _DRIVE:
            if drives is None:
                drives = [c]
            else:
                drives.append(c)
        elif k is _TURN:
            if turncoat_card is None or c < turncoat_card:
                turncoat_card = c
        elif k is _POKER and (poker_card is None or c < poker_card):
            poker_card = c
    if police_card is not None:
        police.free(state, police_card, out)
    if drives is not None:
        driveby.free(state, drives, out, skip_drive)
    if turncoat_card is not None:
        turncoat.free(state, me, turncoat_card, out)
    if poker_card is not None:
        poker.free(state, me, poker_card, out)


# --- canonical card choice ------------------------------------------------------------

_ONE_CARD: Final = (
    OpenCard,
    Discard,
    PlayPolice,
    StopAttack,
    PlayBribe,
    PlayTurncoat,
    PlayPokerNight,
)


def canonical(state: GameState, action: Action) -> Action:
    """Map hand-card ids in `action` onto the representatives `legal_actions` uses."""
    seat_i = state.to_act
    if seat_i is None:
        return action
    hand = state.seats[seat_i].hand
    if isinstance(action, _ONE_CARD):
        c = action.card
        if c in hand:
            rep = min(x for x in hand if SIG[x] == SIG[c])
            if rep != c:
                fields = {f: getattr(action, f) for f in field_names(action)}
                fields["card"] = rep
                swapped: Action = mk(type(action), *fields.values())
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
            mk(PlayDriveBy, rep_cards, action.target)
            if isinstance(action, PlayDriveBy)
            else mk(type(action), rep_cards)
        )
        return result
    return action
