"""`apply`: carry out one decision, then run the game forward to the next one.

The pending stack drives everything that happens out of turn: a reaction
window asks seats in order; when it closes, the frame beneath it (an attack,
a Police chain, a Drive-by, the end of a turn) resolves.
"""

from __future__ import annotations

from typing import Final

from engine import combat
from engine.actions import Action
from engine.cards import HIDEOUT_INCOME, N_CARDS, VALUE
from engine.ending import credit, finish, start_countdown
from engine.errors import IllegalAction
from engine.events import Event, EventKind, new_event
from engine.explain import explain
from engine.families import EFFECTS as _FAMILY_EFFECTS
from engine.families import PHASE_HAS_OPTIONS as _FAMILY_HAS_OPTIONS
from engine.families import RESOLVERS as _FAMILY_RESOLVERS
from engine.families import Then
from engine.families.base import REACTION_CARDS as _REACTIONS
from engine.families.base import REACTION_CARDS_BUT_BRIBE as _ANY_BUT_BRIBE
from engine.families.base import window_frame
from engine.legality import canonical, has_window_option, legal_actions
from engine.scoring import score_winners
from engine.state import (
    COUNTDOWN_TOKENS,
    STATE_FIELDS,
    GameState,
    PendingAttack,
    PendingCard,
    PendingDriveBy,
    PendingEndTurn,
    PendingPolice,
    Phase,
    Window,
    WindowKind,
)
from engine.strict import check_input

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

Events = list[Event]

# engine.families (pure Python) tables as Final names: an imported name is a globals dict
# lookup at every use in compiled code, and `apply` reads these at every decision
EFFECTS: Final = _FAMILY_EFFECTS
PHASE_HAS_OPTIONS: Final = _FAMILY_HAS_OPTIONS
RESOLVERS: Final = _FAMILY_RESOLVERS

NEXT_PHASE: Final = {
    Phase.MOVE: Phase.ATTACK,
    Phase.ATTACK: Phase.OPEN,
    Phase.OPEN: Phase.HIDEOUT,
    Phase.HIDEOUT: Phase.DISCARD,
    Phase.DISCARD: Phase.DRAW,
}


# Enum members as module constants: `Phase.MOVE` is an attribute lookup on the
# enum class (~15x slower than a global) and these run at every decision.
_OVER: Final[Phase] = Phase.GAME_OVER
_MULLIGAN: Final = Phase.MULLIGAN
_K_TURN: Final = EventKind.TURN
_ASSEMBLING: Final = Then.ASSEMBLING
_NOTHING_ATTACKED: Final[frozenset[int]] = frozenset()
_K_COLLECT: Final = EventKind.COLLECT
_COLLECT: Final = Phase.COLLECT
_MOVE: Final = Phase.MOVE
_OPEN: Final = Phase.OPEN
_HIDEOUT: Final = Phase.HIDEOUT
_DISCARD: Final = Phase.DISCARD
_DRAW: Final = Phase.DRAW
_W_RESOLVED: Final = WindowKind.RESOLVED
_W_END_TURN: Final = WindowKind.END_TURN
_TURN_HAS_OPTIONS: Final = {
    p: f for p, f in PHASE_HAS_OPTIONS.items() if f is not None
}  # phases B-G
_END_TURN: Final = [PendingEndTurn(s) for s in range(6)]  # frames are immutable: one per seat

# Events are immutable too: the phase and window events (half of a turn's ~21) are
# built once per seat here rather than at every phase change.
_PHASE_EV: Final = [{p: Event("phase", s, (), 0, None, p.value) for p in Phase} for s in range(6)]
_OPENED: Final = [
    {k: Event("window_opened", s, (), 0, None, k) for k in WindowKind} for s in range(6)
]
_CLOSED: Final = [
    {k: Event("window_closed", s, (), 0, None, k) for k in WindowKind} for s in range(6)
]


def apply(state: GameState, action: Action | object, *, check: bool = True) -> list[Event]:
    """Carry out `action` for `state.to_act`; returns what happened.

    With `check` (the default) an action that `legal_actions` does not list
    raises IllegalAction naming the rule, and the state is left unchanged. Bots
    that picked from `legal_actions` may pass check=False.

    The action is carried out here (engine/families/ says what it does), with its
    window bookkeeping and follow-up, then `settle` runs the game on. (One function,
    not a checked shell around an inner one: it runs at every decision of a search.)
    `action` is typed `Action | object` because any value is refused by rule
    (I-INPUT), not by a TypeError; compiled, it also spares a test of the type.
    """
    if check:
        return _apply_checked(state, action)
    ev: Events = []
    stack = state.stack
    if stack and type(stack[-1]) is Window:  # `state.to_act`, written out
        inside = True
        top = stack[-1]
        assert isinstance(top, Window)
        seat = top.order[top.pos]
    elif state.phase is _MULLIGAN:
        inside = False
        seat = (state.first_player + state.mulligan_pos) % state.n
    else:
        inside = False
        seat = state.active
    effect = EFFECTS[type(action)]
    opens = effect.opens
    run = effect.run  # a function in a slot: `effect.run(...)` would miss the method fast path
    if opens is None:
        then = run(state, seat, action, ev)
        if then is None:
            if not stack:  # a turn phase's own action: `settle`'s first step, written out
                has_options = PHASE_HAS_OPTIONS[state.phase]
                if has_options is not None:  # (None: the mulligan)
                    if has_options(state, seat, state.seats[seat]):
                        return ev  # the seat goes on in its phase
                    _next_phase(state, ev)
        elif then is _ASSEMBLING:
            return ev  # the same seat goes on assembling its attack: nothing to settle
        else:
            _FOLLOW_UPS[then](state, ev)
    else:
        if inside and not effect.answers:  # it resolves first; its window then asks again
            stack[-1] = _reopen(state, top, seat)
        run(state, seat, action, ev)
        if inside and effect.answers:
            w = stack.pop()  # the window of the frame it answered; a new one opens
            assert isinstance(w, Window)
            ev.append(_CLOSED[w.opener][w.kind])
        open_window(state, opens, seat, ev)
    settle(state, ev)
    return ev


def _apply_checked(state: GameState, value: object) -> list[Event]:
    """`apply` with its checks: a refused action names its rule, and an action that
    fails halfway leaves the state as it was."""
    action = check_input(value)  # I-INPUT: exactly an action value, before anything else
    if state.phase is _OVER:
        raise IllegalAction("R-END-SCORE-4", "The game is over")
    action = canonical(state, action)
    if action not in legal_actions(state):
        raise explain(state, action)
    backup = state.clone()
    try:
        return apply(state, action, check=False)
    except Exception:
        _restore(state, backup)
        raise


def _restore(state: GameState, backup: GameState) -> None:
    for slot in STATE_FIELDS:
        setattr(state, slot, getattr(backup, slot))


def _start_play(state: GameState, ev: Events) -> None:
    """After the last mulligan (R-SETUP-7) the first player's first turn begins."""
    state.turn = 0
    _start_turn_of(state, state.first_player, ev)


# --- the settle loop ---------------------------------------------------------------


def settle(state: GameState, ev: Events) -> None:
    """Advance until some seat has a real decision (or the game is over). A turn
    phase without options is skipped (each family says cheaply whether it has any)."""
    stack = state.stack
    unwound = False  # a frame resolved or a window closed: the table may have changed
    seats = state.seats
    while state.phase is not _OVER:
        if stack:
            top = stack[-1]
            if type(top) is Window:
                order = top.order
                # skip the seats that could only pass (I-REACT-WINDOW)
                for pos in range(top.pos, len(order)):
                    asked = order[pos]
                    held = _reactions_held(seats[asked].hand)
                    if held == _NO_REACTION:
                        continue  # no reaction card at all: two hands in three
                    if held == _NOT_ONLY_BRIBES:
                        if has_window_option(state, asked, top):
                            break
                    elif (
                        len(stack) >= 2 and type(stack[-2]) is PendingPolice and seats[asked].alive
                    ):
                        break  # R-BRIBE-1: a Bribe answers the Police just played
                else:  # nobody could answer: the window closes
                    stack.pop()
                    ev.append(_CLOSED[top.opener][top.kind])
                    unwound = True
                    continue
                if pos != top.pos:
                    stack[-1] = window_frame(top.kind, top.opener, order, pos)
                return
            stack.pop()
            _resolve(state, top, ev)
            unwound = True
            continue
        has_options = PHASE_HAS_OPTIONS[state.phase]
        if has_options is None:
            return  # the mulligan
        if unwound and state.attack_target is not None:
            _tidy_draft(state)
        me = state.active
        seat = seats[me]
        while not has_options(state, me, seat):  # skip the phases with nothing to do
            _next_phase(state, ev)
            if stack or state.phase is _OVER:
                break  # the turn ended: its window opened (or the game ended)
            has_options = _TURN_HAS_OPTIONS[state.phase]
        else:
            return


_NO_REACTION: Final = 0
_ONLY_BRIBES: Final = 1
_NOT_ONLY_BRIBES: Final = 2
# per card id: _NO_REACTION, _ONLY_BRIBES (a Bribe) or _NOT_ONLY_BRIBES (another reaction);
# the last entry, read by -1 (UNKNOWN, a hidden card in a view), is _NO_REACTION
_REACTION_HELD: Final = tuple(
    _NOT_ONLY_BRIBES if c in _ANY_BUT_BRIBE else _ONLY_BRIBES if c in _REACTIONS else _NO_REACTION
    for c in range(N_CARDS)
) + (_NO_REACTION,)


def _reactions_held(hand: list[int]) -> int:
    """What reaction cards `hand` holds (one of the three above): a settle asks this of
    every seat in every window, and a loop over the hand is cheaper than a set method."""
    held = _NO_REACTION
    for c in hand:
        h = _REACTION_HELD[c]
        if h > held:
            if h == _NOT_ONLY_BRIBES:
                return h
            held = h
    return held


def _tidy_draft(state: GameState) -> None:
    """A reaction played mid-assembly may remove the target or a drafted gangster.
    Only a resolved frame changes the table, and the active seat acts again only
    once every window above it has closed, so `settle` checks when it unwinds."""
    target = state.attack_target
    owner = state.owner_of(target) if target is not None else None
    if owner is None or not state.seats[owner].alive:
        state.attack_target = None
        state.attack_gangsters = ()
        return
    standing = {g for gs in state.seats[state.active].buildings.values() for g in gs}
    if any(g not in standing for g in state.attack_gangsters):
        state.attack_gangsters = tuple(g for g in state.attack_gangsters if g in standing)


def _resolve(state: GameState, frame: object, ev: Events) -> None:
    if type(frame) is PendingEndTurn:  # the most common frame first
        state.turn += 1
        _start_turn_of(state, _next_seat(state, frame.seat), ev)
    elif isinstance(frame, PendingAttack):
        combat.resolve_attack(state, frame, ev)
        if state.phase is not _OVER:
            open_window(state, _W_RESOLVED, frame.attacker, ev)  # I-REACT-WINDOW (c)
    elif isinstance(frame, PendingDriveBy):
        combat.resolve_drive_by(state, frame, ev)
        open_window(state, _W_RESOLVED, frame.player, ev)
    else:  # a card's own frame: its family resolves it (Police; a PendingCard by its kind)
        resolve = RESOLVERS.get(frame.kind if isinstance(frame, PendingCard) else type(frame))
        if resolve is not None:
            resolve(state, frame, ev)


# _RINGS[n][seat]: turn order starting after `seat`, `seat` itself last
_RINGS: Final = {
    n: [tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)] for n in range(1, 7)
}
_OTHERS: Final = {
    n: [ring[:-1] for ring in rings] for n, rings in _RINGS.items()
}  # opener left out
_FIRST_ASK: Final = {  # the window each opener's action opens while every seat is still in
    n: [{k: window_frame(k, o, others, 0) for k in WindowKind} for o, others in enumerate(orders)]
    for n, orders in _OTHERS.items()
}


def open_window(state: GameState, kind: WindowKind, opener: int, ev: Events) -> None:
    w = _FIRST_ASK[state.n][opener][kind]  # the window while everyone is still in
    seats = state.seats
    for s in w.order:
        if not seats[s].alive:
            w = window_frame(kind, opener, tuple(s for s in w.order if seats[s].alive), 0)
            break
    state.stack.append(w)
    ev.append(_OPENED[opener][kind])  # who is asked stays secret


_AFTER_BUT: Final = {  # _AFTER_BUT[n][player][opener]: the ring after `player`, `opener` left out
    n: [[tuple(s for s in ring if s != o) for o in range(n)] for ring in rings]
    for n, rings in _RINGS.items()
}


def _reopen(state: GameState, w: Window, player: int) -> Window:
    """After a reaction played in `w`, the same window asks again, starting
    after the player who reacted (the opener is still left out)."""
    order = _AFTER_BUT[state.n][player][w.opener]
    seats = state.seats
    for s in order:  # a table row while every seat is still in (no tuple built)
        if not seats[s].alive:
            order = tuple(s for s in order if seats[s].alive)
            break
    return window_frame(w.kind, w.opener, order, 0)


def _next_seat(state: GameState, seat: int) -> int:
    seats = state.seats
    for s in _RINGS[state.n][seat]:  # turn order after `seat`, `seat` itself last
        if seats[s].alive:
            return s
    return seat


# --- turn flow ---------------------------------------------------------------------------


def _start_turn_of(state: GameState, seat: int, ev: Events) -> None:
    state.active = seat
    state.attacked = _NOTHING_ATTACKED
    state.discarded_this_turn = 0
    state.attack_target = None
    state.attack_gangsters = ()
    ev.append(_NEW_EVENT(_EVENT, (_K_TURN, seat, (), state.turn, None, "")))
    if state.turn < state.n:  # R-TURN-2: the first round (`state.first_round`)
        state.phase = _OPEN
        ev.append(_PHASE_EV[seat][_OPEN])
        return
    state.phase = _COLLECT
    ev.append(_PHASE_EV[seat][_COLLECT])
    s = state.seats[seat]
    owed = HIDEOUT_INCOME  # R-COLLECT-1: the Hideout's 3 and each Business's income
    hideout = s.hideout
    for b in s.buildings:
        if b != hideout:
            owed += VALUE[b]
    bank = state.bank
    got = owed if owed <= bank else bank  # min(), without the builtin's call cost
    state.bank -= got
    ev.append(_NEW_EVENT(_EVENT, (_K_COLLECT, seat, (), got, None, "")))
    if got < owed:
        start_countdown(state, seat, ev)  # R-COLLECT-2, R-END-COUNT-1(2)
    credit(state, seat, got, ev)
    state.phase = _MOVE
    ev.append(_PHASE_EV[seat][_MOVE])


def _next_phase(state: GameState, ev: Events) -> None:
    phase = state.phase
    if phase is _DRAW:
        _end_turn(state, ev)
        return
    phase = NEXT_PHASE[phase]
    if phase is _HIDEOUT and state.turn < state.n:
        phase = _DISCARD  # R-TURN-2, I-ROUND: only D, F and G in the first round
    state.phase = phase
    ev.append(_PHASE_EV[state.active][phase])


def _end_turn(state: GameState, ev: Events) -> None:
    seat = state.active
    s = state.seats[seat]
    if state.options.money_victory and s.money * 2 > state.money_in_play:  # R-END-MONEY-1
        finish(state, (seat,), "money", ev)
        return
    if state.countdown_keeper == seat and state.turn > state.countdown_turn:  # R-END-COUNT-2
        state.countdown_tokens += 1
        ev.append(Event("token", seat, (), state.countdown_tokens))
        if state.countdown_tokens >= COUNTDOWN_TOKENS:
            finish(state, score_winners(state), "countdown", ev)
            return
    state.stack.append(_END_TURN[seat])
    open_window(state, _W_END_TURN, seat, ev)  # I-REACT-WINDOW (d)


_FOLLOW_UPS: Final = {
    Then.NEXT_PHASE: _next_phase,
    Then.END_TURN: _end_turn,
    Then.START_PLAY: _start_play,
}
