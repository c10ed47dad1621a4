"""`legal_actions`: the one source of legality for the UI, the bots and `apply`.

Each family (engine/families/) lists its own options; this module puts a
decision's list together in a fixed order: the phase's own actions, EndPhase,
then the reaction cards' free uses; in a reaction window the answers to what was
just played come first and Pass last. Which reactions there are, what each
offers and in which order, the families say (engine/families/__init__.py).

Identical cards (two Gangster 1s, two Police) are interchangeable, so each
decision lists one action per distinct card (the lowest id in hand);
`canonical` maps any copy the UI names onto that representative.
"""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Any, Final

from engine.actions import (
    ACTION_TYPES,
    Action,
    field_names,
)
from engine.cards import KIND, Kind
from engine.families import ANSWERS as _FAMILY_ANSWERS
from engine.families import FAMILIES, REACTION_OF, mulligan, phases
from engine.families import FREE as _FAMILY_FREE
from engine.families import FREE_CARDS as _FAMILY_FREE_CARDS
from engine.families.base import (
    END_PHASE,
    PASS,
    REACTION_CARDS,
    SIG,
    Reaction,
    distinct,
    mk,
    over_capacity,
    stoppable_attack,
)
from engine.state import (
    Frame,
    GameState,
    Phase,
    Window,
)

__all__ = [
    "SIG",
    "canonical",
    "distinct",
    "has_window_option",
    "legal_actions",
    "legal_without_free_reactions",
    "over_capacity",
    "stoppable_attack",
    "window_actions",
]

_REACTION_CARDS: Final = REACTION_CARDS
# (Final names for the families' tables: compiled code reads an imported name from a dict)
ANSWERS: Final = _FAMILY_ANSWERS
FREE: Final = _FAMILY_FREE
FREE_CARDS: Final = _FAMILY_FREE_CARDS
# The reaction cards are the highest ids (engine/cards.py deals them last), so one
# comparison tells any other card apart.
_FIRST_REACTION: Final = min(REACTION_CARDS)
assert set(range(_FIRST_REACTION, len(KIND))) == REACTION_CARDS
# the reaction card `_FIRST_REACTION + i`'s options: _REACTION_OF_CARD[i]
_REACTION_OF_CARD: Final = tuple(REACTION_OF[KIND[c]] for c in range(_FIRST_REACTION, len(KIND)))
_GAME_OVER = Phase.GAME_OVER
_ALWAYS_ENDS: Final = phases.ALWAYS_ENDS
_MULLIGAN: Final = Phase.MULLIGAN
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
    return _decision(state, True)


def legal_without_free_reactions(state: GameState) -> list[Action]:
    """`legal_actions` without the free uses of reaction cards (I-REACT-WINDOW), in
    the same order: the phase's own actions and EndPhase, or a window's answers and
    Pass. For a player that reads none of them at this decision (see
    `HeuristicBot.reads_free_reactions`): a search's rollouts ask at every step, and
    listing every Turncoat, Drive-by and Police target is most of the cost."""
    return _decision(state, False)


def _decision(state: GameState, free: bool) -> list[Action]:
    """The one list both of the above come from (`free`: with the free uses)."""
    stack = state.stack
    if stack and type(stack[-1]) is Window:
        return _window(state, stack[-1], free)
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
    if free and not FREE_CARDS.isdisjoint(seat.hand):  # a Bribe only answers a Police
        _free_reactions(state, me, _reaction_cards(seat.hand), None, out)
    return out


def window_actions(state: GameState, w: Window) -> list[Action]:
    """I-REACT-WINDOW: in every window, any reaction its own card text allows. The
    families say what (engine/families/__init__.py: first the answers to what was
    just played, then the free uses); Pass comes last."""
    return _window(state, w, True)


def _window(state: GameState, w: Window, free: bool) -> list[Action]:
    seat_i = w.order[w.pos]
    hand = state.seats[seat_i].hand
    out: list[Action] = []
    if _REACTION_CARDS.isdisjoint(hand):
        out.append(PASS)  # nothing to react with (only a seat that is asked anyway)
        return out
    stack = state.stack
    below = stack[-2] if len(stack) >= 2 else None
    cards = _reaction_cards(hand)
    for r in ANSWERS:
        mine = cards.get(r.kind)
        if mine is not None and r.answer is not None:
            r.answer(state, seat_i, mine, below, out)
    if free and not FREE_CARDS.isdisjoint(hand):
        _free_reactions(state, seat_i, cards, below, out)
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
    below = stack[-2] if len(stack) >= 2 else None
    first: Reaction | None = None  # a kind asked already (a second copy is not)
    for c in hand:  # each reaction card's kind, in hand order (no dict of kinds)
        if c < _FIRST_REACTION:
            continue
        r = _REACTION_OF_CARD[c - _FIRST_REACTION]
        if r is first:
            continue
        if r.useful(state, seat_i, below):
            return True
        if first is None:
            first = r
    return False


def _reaction_cards(hand: list[int]) -> dict[Kind, list[int]]:
    """The reaction cards in `hand` by kind, in hand order."""
    cards: dict[Kind, list[int]] = {}
    for c in hand:
        if c < _FIRST_REACTION:
            continue  # most of a hand: one comparison, not a kind lookup
        k = KIND[c]
        mine = cards.get(k)
        if mine is None:
            cards[k] = [c]
        else:
            mine.append(c)
    return cards


def _free_reactions(
    state: GameState, me: int, cards: dict[Kind, list[int]], below: Frame | None, out: list[Action]
) -> None:
    """The free uses of the seat's reaction cards (I-REACT-WINDOW), as each
    family lists them; `below` is the frame under the open window, if any."""
    for r in FREE:
        mine = cards.get(r.kind)
        if mine is not None and r.free is not None:
            r.free(state, me, mine, below, out)


# --- canonical card choice ------------------------------------------------------------


def _fields_of(cls: type[Any]) -> tuple[str, ...]:
    return tuple(f.name for f in dataclass_fields(cls))


# The action types that name one hand card (`card`) or several (`cards`), read off
# their fields once, so a new card's action needs no entry here (actions are exact
# types: `apply` refuses anything else first, I-INPUT).
_ONE_CARD: Final = frozenset(c for c in ACTION_TYPES.values() if "card" in _fields_of(c))
_SOME_CARDS: Final = frozenset(c for c in ACTION_TYPES.values() if "cards" in _fields_of(c))


def canonical(state: GameState, action: Action) -> Action:
    """Map hand-card ids in `action` onto the representatives `legal_actions` uses."""
    seat_i = state.to_act
    if seat_i is None:
        return action
    hand = state.seats[seat_i].hand
    kind = type(action)
    if kind in _ONE_CARD:
        c = action.hand_cards[0]
        if c in hand:
            rep = min(x for x in hand if SIG[x] == SIG[c])
            if rep != c:
                fields = {f: getattr(action, f) for f in field_names(action)}
                fields["card"] = rep
                swapped: Action = mk(type(action), *fields.values())
                return swapped
        return action
    if kind in _SOME_CARDS:
        cards = action.hand_cards
        if not cards or not all(c in hand for c in cards) or len(set(cards)) != len(cards):
            return action
        by_sig: dict[int, list[int]] = {}
        for x in sorted(hand):
            by_sig.setdefault(SIG[x], []).append(x)
        need: dict[int, int] = {}
        for c in cards:
            need[SIG[c]] = need.get(SIG[c], 0) + 1
        rep_cards = tuple(sorted(c for s, k in need.items() for c in by_sig[s][:k]))
        fields = {f: getattr(action, f) for f in field_names(action)}
        fields["cards"] = rep_cards
        result: Action = mk(type(action), *fields.values())
        return result
    return action
