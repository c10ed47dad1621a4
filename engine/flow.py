"""`apply`: carry out one decision, then run the game forward to the next one.

The pending stack drives everything that happens out of turn: a reaction
window asks seats in order; when it closes, the frame beneath it (an attack,
a Police chain, a Drive-by, the end of a turn) resolves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import combat
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
from engine.cards import HIDEOUT_INCOME, KIND, VALUE, Kind
from engine.errors import IllegalAction
from engine.events import Event
from engine.legality import canonical, has_window_option, legal_actions, phase_has_options
from engine.state import (
    COUNTDOWN_TOKENS,
    GameState,
    PendingAttack,
    PendingDriveBy,
    PendingEndTurn,
    PendingPoker,
    PendingPolice,
    PendingTurncoat,
    Phase,
    Window,
    WindowKind,
)
from engine.strict import check_input

Events = list[Event]

NEXT_PHASE = {
    Phase.MOVE: Phase.ATTACK,
    Phase.ATTACK: Phase.OPEN,
    Phase.OPEN: Phase.HIDEOUT,
    Phase.HIDEOUT: Phase.DISCARD,
    Phase.DISCARD: Phase.DRAW,
}


def apply(state: GameState, action: Action, *, check: bool = True) -> list[Event]:
    """Carry out `action` for `state.to_act`; returns what happened.

    With `check` (the default) an action that `legal_actions` does not list
    raises IllegalAction naming the rule, and the state is left unchanged. Bots
    that picked from `legal_actions` may pass check=False.
    """
    if check:
        check_input(action)  # I-INPUT: exactly an action value, before anything else
        if state.phase is Phase.GAME_OVER:
            raise IllegalAction("R-END-SCORE-4", "The game is over")
        action = canonical(state, action)
        if action not in legal_actions(state):
            from engine.explain import explain

            raise explain(state, action)
        backup = state.clone()
        try:
            return _apply(state, action)
        except Exception:
            _restore(state, backup)
            raise
    return _apply(state, action)


def _restore(state: GameState, backup: GameState) -> None:
    for slot in GameState.__slots__:
        setattr(state, slot, getattr(backup, slot))


def _apply(state: GameState, action: Action) -> list[Event]:
    ev: Events = []
    seat = state.to_act
    assert seat is not None
    handler = _HANDLERS[type(action)]
    handler(state, seat, action, ev)
    settle(state, ev)
    return ev


# --- money & countdown --------------------------------------------------------------


def credit(state: GameState, seat: int, amount: int, ev: Events) -> None:
    """Every gain goes through here so R-END-COUNT-1(3) is never missed."""
    s = state.seats[seat]
    s.money += amount
    if state.countdown_keeper is None and s.money * 3 >= state.money_in_play and s.alive:
        start_countdown(state, seat, ev)


def start_countdown(state: GameState, seat: int, ev: Events) -> None:
    """R-END-COUNT-1: the first trigger starts it; I-COUNT-START."""
    if state.countdown_keeper is None:
        state.countdown_keeper = seat
        state.countdown_turn = state.turn
        ev.append(Event("countdown", seat))


def finish(state: GameState, winners: tuple[int, ...], method: str, ev: Events) -> None:
    state.phase = Phase.GAME_OVER
    state.winners = winners
    state.win_method = method
    for frame in state.stack:  # cards still in play go to the discard pile (conservation)
        if isinstance(frame, PendingAttack):
            state.discard.extend(frame.gangsters)
        elif isinstance(frame, PendingPolice):
            state.discard.extend((frame.card, *frame.bribes))
        elif isinstance(frame, PendingDriveBy):
            state.discard.extend(frame.cards)
        elif isinstance(frame, (PendingTurncoat, PendingPoker)):
            state.discard.append(frame.card)
    for frame in reversed(state.stack):
        if isinstance(frame, Window):
            ev.append(Event("window_closed", frame.opener, (), 0, None, frame.kind))
    state.stack.clear()
    state.attack_target = None
    state.attack_gangsters = ()
    for w in winners:
        ev.append(Event("win", w, (), 0, None, method))
    ev.append(Event("game_over", None, (), 0, None, method))


# --- the settle loop ---------------------------------------------------------------


def settle(state: GameState, ev: Events) -> None:
    """Advance until some seat has a real decision (or the game is over)."""
    stack = state.stack
    while state.phase is not Phase.GAME_OVER:
        if stack:
            top = stack[-1]
            if isinstance(top, Window):
                pos = top.pos
                order = top.order
                while pos < len(order) and not has_window_option(state, order[pos], top):
                    pos += 1
                if pos < len(order):
                    if pos != top.pos:
                        stack[-1] = Window(top.kind, top.opener, order, pos)
                    return
                stack.pop()
                ev.append(Event("window_closed", top.opener, (), 0, None, top.kind))
                continue
            stack.pop()
            _resolve(state, top, ev)
            continue
        if state.phase is Phase.MULLIGAN:
            return
        if state.attack_target is not None:
            _tidy_draft(state)
        if phase_has_options(state):
            return
        _next_phase(state, ev)


def _tidy_draft(state: GameState) -> None:
    """A reaction played mid-assembly may remove the target or a drafted gangster."""
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
    if isinstance(frame, PendingAttack):
        combat.resolve_attack(state, frame, ev)
        if state.phase is not Phase.GAME_OVER:
            open_window(state, WindowKind.RESOLVED, frame.attacker, ev)  # I-REACT-WINDOW (c)
    elif isinstance(frame, PendingPolice):
        _resolve_police(state, frame, ev)
    elif isinstance(frame, PendingDriveBy):
        combat.resolve_drive_by(state, frame, ev)
        open_window(state, WindowKind.RESOLVED, frame.player, ev)
    elif isinstance(frame, PendingTurncoat):
        _resolve_turncoat(state, frame, ev)
    elif isinstance(frame, PendingPoker):
        combat.poker_night(state, frame.player, frame.card, ev)
    elif isinstance(frame, PendingEndTurn):
        _begin_turn(state, _next_seat(state, frame.seat), ev)


def _ring_after(state: GameState, seat: int) -> list[int]:
    """Turn order starting after `seat`, `seat` itself last."""
    return state.ring_from(seat + 1)


def open_window(state: GameState, kind: WindowKind, opener: int, ev: Events) -> None:
    order = tuple(s for s in _ring_after(state, opener) if s != opener and state.seats[s].alive)
    state.stack.append(Window(kind, opener, order, 0))
    ev.append(Event("window_opened", opener, (), 0, None, kind))  # who is asked stays secret


def _close_window(state: GameState, ev: Events) -> None:
    w = state.stack.pop()
    assert isinstance(w, Window)
    ev.append(Event("window_closed", w.opener, (), 0, None, w.kind))


def _reopen(state: GameState, w: Window, player: int) -> Window:
    """After a reaction played in `w`, the same window asks again, starting
    after the player who reacted (the opener is still left out)."""
    order = tuple(s for s in _ring_after(state, player) if s != w.opener and state.seats[s].alive)
    return Window(w.kind, w.opener, order, 0)


def _next_seat(state: GameState, seat: int) -> int:
    for s in _ring_after(state, seat):
        if state.seats[s].alive:
            return s
    return seat


# --- turn flow ---------------------------------------------------------------------------


def _begin_turn(state: GameState, seat: int, ev: Events) -> None:
    state.turn += 1
    _start_turn_of(state, seat, ev)


def _start_turn_of(state: GameState, seat: int, ev: Events) -> None:
    state.active = seat
    state.attacked = frozenset()
    state.discarded_this_turn = 0
    state.attack_target = None
    state.attack_gangsters = ()
    ev.append(Event("turn", seat, (), state.turn))
    if state.first_round:  # R-TURN-2
        state.phase = Phase.OPEN
        ev.append(Event("phase", seat, (), 0, None, "D"))
        return
    state.phase = Phase.COLLECT
    ev.append(Event("phase", seat, (), 0, None, "A"))
    s = state.seats[seat]
    owed = HIDEOUT_INCOME + sum(VALUE[b] for b in s.buildings if b != s.hideout)  # R-COLLECT-1
    got = min(owed, state.bank)
    state.bank -= got
    ev.append(Event("collect", seat, (), got))
    if got < owed:
        start_countdown(state, seat, ev)  # R-COLLECT-2, R-END-COUNT-1(2)
    credit(state, seat, got, ev)
    state.phase = Phase.MOVE
    ev.append(Event("phase", seat, (), 0, None, "B"))


def _next_phase(state: GameState, ev: Events) -> None:
    phase = state.phase
    if phase is Phase.DRAW:
        _end_turn(state, ev)
        return
    state.phase = NEXT_PHASE[phase]
    if state.phase is Phase.HIDEOUT and state.first_round:
        state.phase = Phase.DISCARD  # R-TURN-2, I-ROUND: only D, F and G in the first round
    ev.append(Event("phase", state.active, (), 0, None, state.phase.value))


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
            from engine.scoring import score_winners

            finish(state, score_winners(state), "countdown", ev)
            return
    state.stack.append(PendingEndTurn(seat))
    open_window(state, WindowKind.END_TURN, seat, ev)  # I-REACT-WINDOW (d)


# --- handlers ------------------------------------------------------------------------------


def _draw_cards(state: GameState, k: int, ev: Events) -> list[int]:
    """Take `k` cards. The moment the deck's last card is taken the discard pile
    becomes the new deck (R-DRAW-4, I-RESHUFFLE); a deck that ran out while the
    pile was empty is refilled when a card is next needed."""
    got: list[int] = []
    for _ in range(k):
        if not state.deck:
            if not state.discard:
                break  # I-DRAW-EMPTY
            _reshuffle(state, ev)
        got.append(state.deck.pop())
        if not state.deck and state.discard:
            _reshuffle(state, ev)
    return got


def _reshuffle(state: GameState, ev: Events) -> None:
    state.deck = state.discard
    state.discard = []
    state.shuffle(state.deck)
    ev.append(Event("reshuffle"))


def _mulligan(state: GameState, seat: int, a: Mulligan, ev: Events) -> None:
    s = state.seats[seat]
    for c in a.cards:
        s.hand.remove(c)
        state.discard.append(c)
    ev.append(Event("mulligan", seat, a.cards))
    if a.cards:
        got = _draw_cards(state, len(a.cards), ev)
        s.hand.extend(got)
        ev.append(Event("mulligan_draw", seat, tuple(got)))
    state.mulligan_pos += 1
    if state.mulligan_pos >= state.n:
        state.turn = 0
        _start_turn_of(state, state.first_player, ev)


def _end_phase(state: GameState, seat: int, a: EndPhase, ev: Events) -> None:
    _next_phase(state, ev)


def _move_gangster(state: GameState, seat: int, a: MoveGangster, ev: Events) -> None:
    s = state.seats[seat]
    combat.remove_gangster(state, seat, a.gangster)
    s.buildings[a.to] = s.buildings[a.to] + (a.gangster,)
    ev.append(Event("move", seat, (a.gangster,), 0, a.to))


def _discard_gangster(state: GameState, seat: int, a: DiscardGangster, ev: Events) -> None:
    combat.remove_gangster(state, seat, a.gangster)
    state.discard.append(a.gangster)
    ev.append(Event("discard", seat, (a.gangster,)))


def _start_attack(state: GameState, seat: int, a: StartAttack, ev: Events) -> None:
    state.attack_target = a.target
    state.attack_gangsters = ()


def _add_attacker(state: GameState, seat: int, a: AddAttacker, ev: Events) -> None:
    state.attack_gangsters = state.attack_gangsters + (a.gangster,)


def _cancel_attack(state: GameState, seat: int, a: CancelAttack, ev: Events) -> None:
    state.attack_target = None
    state.attack_gangsters = ()


def _launch_attack(state: GameState, seat: int, a: LaunchAttack, ev: Events) -> None:
    target = state.attack_target
    assert target is not None
    gangsters = state.attack_gangsters
    owner = state.owner_of(target)
    assert owner is not None
    o = state.seats[owner]
    hideout = target == o.hideout
    marks = {target}
    if o.top is not None and target in (o.hideout, o.top):  # R-HIDE-ATK-3, I-SINGLE
        marks |= {o.hideout, o.top}  # type: ignore[arg-type]
    state.attacked = state.attacked | marks
    state.attack_target = None
    state.attack_gangsters = ()
    strength = sum(VALUE[g] for g in gangsters)
    ev.append(
        Event("attack_declared", seat, (target,), strength, owner, "hideout" if hideout else "")
    )
    for g in gangsters:  # I-TRANSIT: the attackers leave their buildings
        combat.remove_gangster(state, seat, g)
    state.stack.append(PendingAttack(seat, target, hideout, gangsters))
    open_window(state, WindowKind.ATTACK, seat, ev)  # I-REACT-WINDOW (a)


def _open_card(state: GameState, seat: int, a: OpenCard, ev: Events) -> None:
    s = state.seats[seat]
    c = a.card
    cost = max(0, VALUE[c] - 1)  # R-OPEN-1
    s.hand.remove(c)
    s.money -= cost
    state.bank += cost
    if KIND[c] == Kind.GANGSTER:
        assert a.on is not None
        s.buildings[a.on] = s.buildings[a.on] + (c,)
    else:
        s.buildings[c] = ()
        s.opened_business = True
        if a.on is not None:
            s.top = c
    ev.append(Event("open", seat, (c,), cost, a.on))


def _move_hideout(state: GameState, seat: int, a: MoveHideout, ev: Events) -> None:
    s = state.seats[seat]
    s.top = a.under  # R-HIDE-MOVE-1: the gangsters on the Hideout move with it
    ev.append(Event("hideout_move", seat, () if a.under is None else (a.under,)))
    _next_phase(state, ev)


def _discard(state: GameState, seat: int, a: Discard, ev: Events) -> None:
    s = state.seats[seat]
    s.hand.remove(a.card)
    state.discard.append(a.card)
    state.discarded_this_turn += 1
    ev.append(Event("discard", seat, (a.card,)))


def _draw(state: GameState, seat: int, a: Draw, ev: Events) -> None:
    s = state.seats[seat]
    got = _draw_cards(state, a.count, ev)
    price = draw_price(len(got))  # R-DRAW-1, I-DRAW-EMPTY
    s.money -= price
    state.bank += price
    s.hand.extend(got)
    ev.append(Event("draw", seat, tuple(got), price))
    _end_turn(state, ev)  # R-DRAW-2: drawing is the last thing in a turn


# --- reactions ---------------------------------------------------------------------------


def _take_from_hand(state: GameState, seat: int, cards: tuple[int, ...], ev: Events) -> None:
    hand = state.seats[seat].hand
    for c in cards:
        hand.remove(c)
    ev.append(Event("react", seat, cards))


def _before_reaction(state: GameState, seat: int) -> None:
    """A reaction played inside a window resolves first; the window then asks again."""
    stack = state.stack
    if stack and isinstance(stack[-1], Window):
        stack[-1] = _reopen(state, stack[-1], seat)


def _play_police(state: GameState, seat: int, a: PlayPolice, ev: Events) -> None:
    _before_reaction(state, seat)
    _take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingPolice(seat, a.card, a.business))
    open_window(state, WindowKind.POLICE, seat, ev)  # I-REACT-WINDOW (b)


def _stop_attack(state: GameState, seat: int, a: StopAttack, ev: Events) -> None:
    _before_reaction(state, seat)
    _take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingPolice(seat, a.card, None))
    open_window(state, WindowKind.POLICE, seat, ev)


def _play_bribe(state: GameState, seat: int, a: PlayBribe, ev: Events) -> None:
    _take_from_hand(state, seat, (a.card,), ev)
    _close_window(state, ev)  # the Police window: a new one opens for answers to the Bribe
    p = state.stack[-1]
    assert isinstance(p, PendingPolice)
    state.stack[-1] = PendingPolice(p.player, p.card, p.business, p.bribes + (a.card,))
    open_window(state, WindowKind.POLICE, seat, ev)  # I-BRIBE-CHAIN


def _resolve_police(state: GameState, p: PendingPolice, ev: Events) -> None:
    state.discard.append(p.card)
    state.discard.extend(p.bribes)
    if len(p.bribes) % 2 == 1:  # I-BRIBE-CHAIN
        ev.append(Event("cancelled", p.player, (p.card,)))
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
        ev.append(Event("hidden", owner, gs))


def _play_drive_by(state: GameState, seat: int, a: PlayDriveBy, ev: Events) -> None:
    _before_reaction(state, seat)
    _take_from_hand(state, seat, a.cards, ev)
    state.stack.append(PendingDriveBy(seat, a.target, a.cards))
    open_window(state, WindowKind.DRIVE_BY, seat, ev)  # I-REACT-WINDOW (b)


def _join_drive_by(state: GameState, seat: int, a: JoinDriveBy, ev: Events) -> None:
    _take_from_hand(state, seat, a.cards, ev)
    _close_window(state, ev)
    d = state.stack[-1]
    assert isinstance(d, PendingDriveBy)
    state.stack[-1] = PendingDriveBy(d.player, d.target, d.cards + a.cards)
    open_window(state, WindowKind.DRIVE_BY, seat, ev)


def _play_turncoat(state: GameState, seat: int, a: PlayTurncoat, ev: Events) -> None:
    _before_reaction(state, seat)
    _take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingTurncoat(seat, a.card, a.gangster))
    open_window(state, WindowKind.CARD, seat, ev)  # I-REACT-WINDOW (b)


def _resolve_turncoat(state: GameState, t: PendingTurncoat, ev: Events) -> None:
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


def _play_poker(state: GameState, seat: int, a: PlayPokerNight, ev: Events) -> None:
    _before_reaction(state, seat)
    _take_from_hand(state, seat, (a.card,), ev)
    state.stack.append(PendingPoker(seat, a.card))
    open_window(state, WindowKind.CARD, seat, ev)  # I-REACT-WINDOW (b)


def _pass(state: GameState, seat: int, a: Pass, ev: Events) -> None:
    w = state.stack[-1]
    assert isinstance(w, Window)
    state.stack[-1] = Window(w.kind, w.opener, w.order, w.pos + 1)


_HANDLERS: dict[type[Any], Callable[[GameState, int, Any, Events], None]] = {
    Mulligan: _mulligan,
    EndPhase: _end_phase,
    MoveGangster: _move_gangster,
    DiscardGangster: _discard_gangster,
    StartAttack: _start_attack,
    AddAttacker: _add_attacker,
    CancelAttack: _cancel_attack,
    LaunchAttack: _launch_attack,
    OpenCard: _open_card,
    MoveHideout: _move_hideout,
    Discard: _discard,
    Draw: _draw,
    PlayPolice: _play_police,
    StopAttack: _stop_attack,
    PlayBribe: _play_bribe,
    PlayDriveBy: _play_drive_by,
    JoinDriveBy: _join_drive_by,
    PlayTurncoat: _play_turncoat,
    PlayPokerNight: _play_poker,
    Pass: _pass,
}
