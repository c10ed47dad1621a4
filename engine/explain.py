"""Why an action is refused: a player's sentence and the rule ID.

Only called after `legal_actions` has said no, so these checks explain; they
never decide. What holds for every action (whose turn, which phase, an open
reaction window, holding the card) is checked here; each family's own reasons
sit beside its enumeration in engine/families/.
"""

from __future__ import annotations

from engine.actions import Action, JoinDriveBy, Mulligan, Pass, PlayDriveBy
from engine.cards import KIND, Kind
from engine.errors import IllegalAction
from engine.families import FAMILY_OF, Family
from engine.families.base import fail
from engine.messages import CardRef, PhaseRef
from engine.state import TURN_PHASES, GameState, Phase

FIRST_ROUND_PHASES = (Phase.OPEN, Phase.DISCARD, Phase.DRAW)  # R-TURN-2


def explain(state: GameState, action: Action) -> IllegalAction:
    seat_i = state.to_act
    if seat_i is None:
        return IllegalAction("R-END-SCORE-4", "The game is over")
    try:
        _check(state, seat_i, action)
    except IllegalAction as err:
        return err
    return IllegalAction("R-TURN-1", "You cannot do that now ({action})", action=action)


def _check(state: GameState, me: int, a: Action) -> None:
    family = FAMILY_OF.get(type(a))
    if state.phase is Phase.MULLIGAN and not isinstance(a, Mulligan):
        fail("R-SETUP-7", "First each player may swap up to 2 opening cards")
    if family is not None and isinstance(a, (Mulligan, Pass)):
        family.explain(state, me, a)
        return
    card = None if family is None else family.effects[type(a)].card
    if state.window is not None and card is None:
        fail("I-REACT-WINDOW", "A reaction window is open: play a reaction or pass")
    if family is None:
        return
    if card is not None:
        _check_reaction_card(state, me, a, card)
        family.explain(state, me, a)
        return
    _check_phase(state, family)
    family.explain(state, me, a)


def _check_phase(state: GameState, family: Family) -> None:
    phase = family.phase
    if phase is not None and state.first_round and phase not in FIRST_ROUND_PHASES:
        fail(
            "R-TURN-2",
            "In the first round there is only Open, Discard and Draw: no gangster moves, "
            "no attacks and no Hideout move",
        )
    if phase is not None and state.phase is not phase:
        if state.phase in TURN_PHASES and TURN_PHASES.index(phase) > TURN_PHASES.index(state.phase):
            fail(
                "R-TURN-1",
                "That belongs to phase {phase}, which comes later: finish phase {now} first "
                "(Next phase)",
                phase=PhaseRef(phase.value),
                now=PhaseRef(state.phase.value),
            )
        fail(
            "R-TURN-1",
            "That belongs to phase {phase}; it is phase {now} now, and phases never go back",
            phase=PhaseRef(phase.value),
            now=PhaseRef(state.phase.value),
        )


def _check_reaction_card(state: GameState, me: int, a: Action, kind: Kind) -> None:
    """R-REACT-1 and I-REACT-WINDOW: the card in hand, at a moment reactions fit."""
    seat = state.seats[me]
    cards: tuple[int, ...]
    if isinstance(a, (PlayDriveBy, JoinDriveBy)):
        cards = a.cards
    else:
        card = getattr(a, "card", None)  # every other reaction names one card
        cards = (card,) if isinstance(card, int) else ()
    if not cards or any(c not in seat.hand or KIND[c] != kind for c in cards):
        fail(
            "R-REACT-1",
            "You need a {card} card in your hand",
            card=CardRef(next(c for c in range(89) if KIND[c] == kind)),
        )
    if state.phase is Phase.MULLIGAN:
        fail("R-SETUP-7", "Reactions start with the first turn")
    if state.window is None and me != state.active:
        fail("I-REACT-WINDOW", "Outside your turn, reactions are played in reaction windows")
