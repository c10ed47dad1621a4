"""Why an action is refused: a player's sentence and the rule ID.

Only called after `legal_actions` has said no, so these checks explain; they
never decide.
"""

from __future__ import annotations

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
)
from engine.cards import KIND, VALUE, Kind
from engine.errors import IllegalAction
from engine.legality import stoppable_attack
from engine.messages import CardRef, PhaseRef
from engine.state import (
    HAND_SIZE,
    MAX_DISCARDS,
    GameState,
    PendingAttack,
    PendingDriveBy,
    PendingPolice,
    Phase,
)

PHASE_OF: dict[type, Phase] = {
    MoveGangster: Phase.MOVE,
    DiscardGangster: Phase.MOVE,
    StartAttack: Phase.ATTACK,
    AddAttacker: Phase.ATTACK,
    LaunchAttack: Phase.ATTACK,
    CancelAttack: Phase.ATTACK,
    OpenCard: Phase.OPEN,
    MoveHideout: Phase.HIDEOUT,
    Discard: Phase.DISCARD,
    Draw: Phase.DRAW,
}
FIRST_ROUND_PHASES = (Phase.OPEN, Phase.DISCARD, Phase.DRAW)  # R-TURN-2
REACTION_KIND = {
    PlayPolice: Kind.POLICE,
    StopAttack: Kind.POLICE,
    PlayBribe: Kind.BRIBE,
    PlayTurncoat: Kind.TURNCOAT,
    PlayPokerNight: Kind.POKER_NIGHT,
}


def explain(state: GameState, action: Action) -> IllegalAction:
    seat_i = state.to_act
    if seat_i is None:
        return IllegalAction("R-END-SCORE-4", "The game is over")
    try:
        _check(state, seat_i, action)
    except IllegalAction as err:
        return err
    return IllegalAction("R-TURN-1", "You cannot do that now ({action})", action=action)


def _fail(rule: str, reason: str, **params: Any) -> None:
    """Refuse: `reason` is an English template (the catalogue's msgid), `params` fill it."""
    raise IllegalAction(rule, reason, **params)


def _check(state: GameState, me: int, a: Action) -> None:
    seat = state.seats[me]
    window = state.window
    if state.phase is Phase.MULLIGAN:
        if not isinstance(a, Mulligan):
            _fail("R-SETUP-7", "First each player may swap up to 2 opening cards")
        assert isinstance(a, Mulligan)
        if len(a.cards) > 2:
            _fail("R-SETUP-7", "At most 2 opening cards may be swapped")
        if any(c not in seat.hand for c in a.cards) or len(set(a.cards)) != len(a.cards):
            _fail("R-SETUP-7", "You can only swap cards from your own hand")
        return
    if isinstance(a, Mulligan):
        _fail("R-SETUP-7", "Opening cards can only be swapped before the first turn")
    if isinstance(a, Pass) and window is None:
        _fail("I-REACT-WINDOW", "There is nothing to pass on: no reaction window is open")
    if window is not None and not _is_reaction(a) and not isinstance(a, Pass):
        _fail("I-REACT-WINDOW", "A reaction window is open: play a reaction or pass")
    if _is_reaction(a):
        _check_reaction(state, me, a)
        return
    phase = PHASE_OF.get(type(a))
    if phase is not None and state.first_round and phase not in FIRST_ROUND_PHASES:
        _fail(
            "R-TURN-2",
            "In the first round there is only Open, Discard and Draw: no gangster moves, "
            "no attacks and no Hideout move",
        )
    if phase is not None and state.phase is not phase:
        _fail(
            "R-TURN-1",
            "That belongs to phase {phase}; it is phase {now} now, and phases never go back",
            phase=PhaseRef(phase.value),
            now=PhaseRef(state.phase.value),
        )
    if isinstance(a, EndPhase):
        if state.phase is Phase.MOVE and seat.hidden:
            _fail("R-MOVE-2", "Place or discard your HIDDEN gangsters first")
        if state.phase is Phase.MOVE:
            for b in seat.buildings:
                if seat.load(b) > seat.capacity(b):
                    _fail(
                        "R-MOVE-3",
                        "{building} holds gangsters of strength {load} but "
                        "has room for {cap}: move or discard some first",
                        building=CardRef(b),
                        load=seat.load(b),
                        cap=seat.capacity(b),
                    )
        if state.attack_target is not None:
            _fail("R-ATK-2", "Launch or call off the attack you are assembling first")
    elif isinstance(a, (MoveGangster, DiscardGangster)):
        _check_move(state, me, a)
    elif isinstance(a, (StartAttack, AddAttacker, LaunchAttack, CancelAttack)):
        _check_attack(state, me, a)
    elif isinstance(a, OpenCard):
        _check_open(state, me, a)
    elif isinstance(a, MoveHideout):
        if a.under is not None and a.under not in seat.buildings:
            _fail("R-HIDE-MOVE-1", "The Hideout can only go under one of your own Businesses")
        if a.under == seat.top:
            _fail("R-HIDE-MOVE-1", "The Hideout is already there")
    elif isinstance(a, Discard):
        if a.card not in seat.hand:
            _fail("R-DISCARD-1", "You can only discard cards from your hand")
        if state.discarded_this_turn >= MAX_DISCARDS:
            _fail("R-DISCARD-1", "You may discard at most 4 cards a turn")
    elif isinstance(a, Draw):
        if len(seat.hand) + a.count > HAND_SIZE:
            _fail("R-DRAW-3", "A draw may not take your hand above {n} cards", n=HAND_SIZE)
        if a.count < 1:
            _fail("R-DRAW-1", "Draw at least one card, or end the turn")
        if a.price > seat.money:
            _fail(
                "R-DRAW-1",
                "Drawing {count} costs {price}; you have {money}",
                count=a.count,
                price=a.price,
                money=seat.money,
            )
        if a.count > len(state.deck) + len(state.discard):
            _fail("I-DRAW-EMPTY", "There are not that many cards left to draw")


def _is_reaction(a: Action) -> bool:
    return isinstance(
        a,
        (PlayPolice, StopAttack, PlayBribe, PlayDriveBy, JoinDriveBy, PlayTurncoat, PlayPokerNight),
    )


def _check_move(state: GameState, me: int, a: MoveGangster | DiscardGangster) -> None:
    seat = state.seats[me]
    g = a.gangster
    on_hideout = seat.hideout is not None and g in seat.buildings.get(seat.hideout, ())
    mine = g in seat.hidden or any(g in gs for gs in seat.buildings.values())
    if not mine:
        _fail("R-MOVE-1", "You can only move your own gangsters")
    if on_hideout:
        _fail("I-MOVE-HIDEOUT", "Gangsters on the Hideout move only with the Hideout")
    if isinstance(a, MoveGangster):
        if a.to not in seat.buildings:
            _fail("R-MOVE-1", "Gangsters move only to your own Businesses")
        if a.to == seat.hideout:
            _fail(
                "I-MOVE-HIDEOUT",
                "Nobody moves onto the Hideout in phase B: it is refilled only by opening "
                "gangsters on it",
            )
        if VALUE[g] > seat.capacity(a.to):
            _fail(
                "R-GANG-3",
                "A {card} needs income {need}; {building} earns only {cap}",
                card=CardRef(g),
                need=VALUE[g],
                building=CardRef(a.to),
                cap=seat.capacity(a.to),
            )


def _in_transit_from(state: GameState, business: int) -> bool:
    """Whether a declared attack's gangsters came from `business` (I-TRANSIT). The
    engine no longer knows where they stood, so: the attacker owns it and attacks."""
    atk = state.pending(PendingAttack)
    return atk is not None and state.owner_of(business) == atk.attacker


def _check_attack(state: GameState, me: int, a: Action) -> None:
    seat = state.seats[me]
    if isinstance(a, StartAttack):
        if state.attack_target is not None:
            _fail("R-ATK-2", "Finish the attack you are assembling first (one target at a time)")
        owner = state.owner_of(a.target)
        if owner is None:
            _fail("R-ATK-1", "Attack a building on the table")
        if owner == me:
            _fail("R-ATK-1", "You cannot attack your own buildings")
        if a.target in state.attacked:
            _fail(
                "R-ATK-3",
                "That building was already attacked this turn (single-attack rule; "
                "a Hideout and the Business on it count as one, R-HIDE-ATK-3)",
            )
        if not any(seat.buildings.values()):
            _fail("R-ATK-1", "You have no gangster standing on a building to attack with")
    elif isinstance(a, AddAttacker):
        if state.attack_target is None:
            _fail("R-ATK-2", "Choose a target first")
        if a.gangster in seat.hidden:
            _fail("R-ATK-1", "HIDDEN gangsters cannot attack until they come back in phase B")
        if not any(a.gangster in gs for gs in seat.buildings.values()):
            _fail("R-ATK-1", "Only your gangsters standing on a Business or the Hideout attack")
        if a.gangster in state.attack_gangsters:
            _fail("R-ATK-2", "That gangster is already in this attack")
    elif isinstance(a, LaunchAttack):
        if not state.attack_gangsters:
            _fail("R-ATK-2", "Send at least one gangster")
    elif isinstance(a, CancelAttack) and state.attack_target is None:
        _fail("R-ATK-2", "No attack is being assembled")


def _check_open(state: GameState, me: int, a: OpenCard) -> None:
    seat = state.seats[me]
    c = a.card
    if c not in seat.hand:
        _fail("R-OPEN-1", "You can only open cards from your hand")
    kind = KIND[c]
    if kind not in (Kind.GANGSTER, Kind.BUSINESS):
        _fail("R-REACT-1", "{card} is a reaction: play it, don't open it", card=CardRef(c))
    cost = max(0, VALUE[c] - 1)
    if cost > seat.money:
        _fail(
            "R-OPEN-1",
            "{card} costs {cost}; you have {money}",
            card=CardRef(c),
            cost=cost,
            money=seat.money,
        )
    if kind == Kind.GANGSTER:
        if a.on is None or a.on not in seat.buildings:
            _fail("R-OPEN-5", "A gangster opens onto one of your Businesses or your Hideout")
        assert a.on is not None
        load, cap = seat.load(a.on), seat.capacity(a.on)
        if VALUE[c] > cap:
            _fail(
                "R-GANG-3",
                "{card} is too strong for {building}: it holds strength {cap} at most",
                card=CardRef(c),
                building=CardRef(a.on),
                cap=cap,
            )
        if load + VALUE[c] > cap:
            _fail(
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
        _fail("R-OPEN-3", "Businesses cannot be opened on top of each other")
    if not seat.opened_business and a.on is None:
        _fail("R-OPEN-4", "Your first Business must go on top of your Hideout")
    if a.on is not None and seat.top is not None:
        _fail("R-OPEN-3", "Only one Business can stand on top of the Hideout")


def _check_reaction(state: GameState, me: int, a: Action) -> None:
    seat = state.seats[me]
    window = state.window
    cards: tuple[int, ...]
    if isinstance(a, (PlayDriveBy, JoinDriveBy)):
        cards = a.cards
        kind = Kind.DRIVE_BY
    else:
        cards = (a.card,)  # type: ignore[union-attr]
        kind = REACTION_KIND[type(a)]
    if not cards or any(c not in seat.hand or KIND[c] != kind for c in cards):
        _fail(
            "R-REACT-1",
            "You need a {card} card in your hand",
            card=CardRef(next(c for c in range(89) if KIND[c] == kind)),
        )
    if state.phase is Phase.MULLIGAN:
        _fail("R-SETUP-7", "Reactions start with the first turn")
    if window is None and me != state.active:
        _fail("I-REACT-WINDOW", "Outside your turn, reactions are played in reaction windows")
    below = state.stack[-2] if window is not None and len(state.stack) >= 2 else None
    if isinstance(a, PlayBribe):
        if not isinstance(below, PendingPolice):
            _fail("R-BRIBE-1", "A Bribe can only cancel a Police (or Bribe) just played")
        return
    if isinstance(a, JoinDriveBy):
        if not isinstance(below, PendingDriveBy):
            _fail("R-DRIVEBY-2", "Drive-bys can be added only before the dice are rolled")
        return
    if isinstance(a, StopAttack):
        if stoppable_attack(state) is None:
            atk = state.pending(PendingAttack)
            if atk is not None:
                _fail("R-POLICE-1", "The Police have already stopped this attack")
            _fail("R-POLICE-1", "Police can stop an attack only while it is being declared")
        return
    if isinstance(a, PlayPolice):
        owner = state.owner_of(a.business)
        if owner is None:
            _fail("R-POLICE-1", "Police need a Business on the table")
        assert owner is not None
        o = state.seats[owner]
        if a.business == o.hideout:
            _fail("R-HIDE-2", "Police can be used on a Hideout only to stop an attack on it")
        if not o.buildings[a.business]:
            if _in_transit_from(state, a.business):
                _fail(
                    "I-TRANSIT",
                    "The attackers have left that Business: only Police stopping the attack "
                    "reaches them now",
                )
            _fail("R-POLICE-1", "There are no gangsters on that Business to send into hiding")
        return
    if isinstance(a, PlayDriveBy):
        owner = state.owner_of(a.target)
        if owner is None:
            _fail("R-DRIVEBY-1", "A Drive-by needs a Business on the table")
        assert owner is not None
        if a.target == state.seats[owner].hideout:
            _fail("R-HIDE-2", "A Hideout cannot be the target of a Drive-by")
        if isinstance(below, PendingDriveBy) and below.target == a.target:
            _fail("R-DRIVEBY-2", "A Drive-by is already on its way there: join it instead")
        return
    if isinstance(a, PlayTurncoat):
        g = a.gangster
        owner = state.gangster_owner(g)
        atk = state.pending(PendingAttack)
        if owner is None and atk is not None and g in atk.gangsters:
            _fail("I-TRANSIT", "That gangster is on the way to an attack, on no Business")
        if owner is None or KIND[g] != Kind.GANGSTER:
            _fail("R-TURNCOAT-1", "Turncoat takes a gangster that is on the table")
        assert owner is not None
        o = state.seats[owner]
        if o.hideout is not None and g in o.buildings.get(o.hideout, ()):
            _fail(
                "R-HIDE-2",
                "Gangsters on a Hideout are the boss's most trusted men: they never turn",
            )
        if VALUE[g] == 4 and not any(VALUE[b] == 4 for b in seat.buildings if b != seat.hideout):
            _fail("R-TURNCOAT-1", "To take a 4-strength gangster you need a Casino on the table")
        return
    if isinstance(a, PlayPokerNight):
        if state.first_round:
            _fail("R-POKER-2", "Poker Night cannot be played in the first round")
        if seat.money < 2:
            _fail("I-POKER-HOST", "The host must be able to put 2 coins on the table")
        _fail("I-POKER-HOST", "At least one other player needs 2 coins to join")
