"""What an action family is, and the small helpers the families share.

A family groups the actions of one rule (an attack, opening a card, the Police)
and keeps, side by side, what it offers (`legal_actions`), why it refuses
(`explain`) and what it does (`apply`), so a rule change is one edit.

Actions are immutable values, so the common ones are built once, here, in
tables indexed by card id: enumerating a decision then allocates nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Final

from engine.actions import (
    Action,
    AddAttacker,
    CancelAttack,
    Discard,
    DiscardGangster,
    Draw,
    EndPhase,
    LaunchAttack,
    MoveGangster,
    MoveHideout,
    Mulligan,
    OpenCard,
    Pass,
    PlayBribe,
    PlayDriveBy,
    PlayPolice,
    PlayTurncoat,
    StartAttack,
    StopAttack,
)
from engine.cards import CARDS, KIND, REACTION_KINDS, VALUE, Kind
from engine.errors import IllegalAction
from engine.events import Event, EventKind, new_event
from engine.state import GameState, PendingAttack, Phase, SeatState, Window, WindowKind

# the event constructor as Final names: compiled code reads an imported name from
# the globals dict at every use, and rollouts build events at every step
_EVENT: Final = Event
_NEW_EVENT: Final = new_event

Events = list[Event]
Out = list[Action]


class Then(IntEnum):
    """What the turn does after an action (flow.py carries it out). An IntEnum:
    a plain Enum hashes in Python, and flow looks these up at every phase end."""

    NEXT_PHASE = 1
    END_TURN = 2
    START_PLAY = 3  # the last mulligan: the first turn begins
    ASSEMBLING = 4  # an attack half assembled: phase C goes on (Launch or Cancel)


Run = Callable[[GameState, int, Any, Events], "Then | None"]
Options = Callable[[GameState, int, SeatState, Out], None]
HasOptions = Callable[[GameState, int, SeatState], bool]
Resolve = Callable[[GameState, Any, Events], None]


@dataclass(frozen=True, slots=True)
class Effect:
    """How `apply` carries out one action type. `opens`: the reaction window the
    action opens for answers (I-REACT-WINDOW); an action played inside a window
    first re-opens it after the player, or closes it when it `answers` that
    window's own frame (a Bribe, an added Drive-by). `card`: the reaction card kind
    the action plays (R-REACT-1), None for the turn's own actions."""

    run: Run
    opens: WindowKind | None = None
    answers: bool = False
    card: Kind | None = None


@dataclass(frozen=True, slots=True)
class Family:
    """One rule's actions. `explain(state, seat, action)` raises the refusal for an
    action `legal_actions` did not list. Turn-phase families have `phase`,
    `options(state, seat, seat_state, out)` (the phase's own choices) and
    `has_options(state, seat, seat_state)`, a cheap `bool(options)`: a phase
    without any is skipped. Reactions say which card they play in their effects;
    `resolves` pairs a pending frame type, or the `Kind` of a card's PendingCard frame,
    with what happens once nobody answers it (`flow` resolves the fights, which open a
    window of their own, itself)."""

    effects: dict[type[Any], Effect]
    explain: Callable[[GameState, int, Any], None]
    phase: Phase | None = None
    options: Options | None = None
    has_options: HasOptions | None = None
    resolves: tuple[tuple[type[Any] | Kind, Resolve], ...] = ()


ReactionOptions = Callable[[GameState, int, list[int], object, Out], None]


@dataclass(frozen=True, slots=True)
class Reaction:
    """One reaction card kind's options, kept by the family that plays it, so
    `legality` asks the families instead of knowing the kinds (I-REACT-WINDOW).
    Each hook gets the seat's cards of `kind` (hand order) and `below`, the frame
    under the open window (None outside one):

    - `answer(state, seat, cards, below, out)`: the answers to what is pending (a
      Bribe to the Police just played, a Drive-by joining the one just declared,
      Police stopping a declared attack); only in a window;
    - `free(state, seat, cards, below, out)`: the uses its card text allows at any
      decision of the seat's own turn and in every window;
    - `useful(state, seat, below)`: a cheap `bool` of both (a seat that could only
      pass is not asked);
    - `tries(card, their_buildings, their_gangsters)`: the card's natural uses on
      rivals' cards, whose refusal says why it cannot be used now (engine/playable)."""

    kind: Kind
    useful: Callable[[GameState, int, object], bool]
    tries: Callable[[int, list[int], list[int]], list[Action]]
    answer: ReactionOptions | None = None
    free: ReactionOptions | None = None


_REACT: Final = EventKind.REACT
REACTION_CARDS: Final = frozenset(c for c, k in enumerate(KIND) if k in REACTION_KINDS)
BRIBE_CARDS: Final = frozenset(c for c, k in enumerate(KIND) if k == Kind.BRIBE)
# A Bribe only ever answers a Police (R-BRIBE-1); every other reaction has free uses.
REACTION_CARDS_BUT_BRIBE: Final = REACTION_CARDS - BRIBE_CARDS


def fail(rule: str, reason: str, **params: Any) -> None:
    """Refuse: `reason` is an English template (the catalogue's msgid), `params` fill it."""
    raise IllegalAction(rule, reason, **params)


# --- identical cards -----------------------------------------------------------------

SIG: Final[tuple[int, ...]] = tuple(int(KIND[c]) * 10 + VALUE[c] for c in range(len(KIND)))


def distinct(hand: list[int]) -> list[int]:
    """One representative (lowest id) per distinct card in `hand`. Identical cards
    have consecutive ids (checked below), so in id order copies sit side by side."""
    out: list[int] = []
    last = -1
    for c in sorted(hand):
        s = SIG[c]
        if s != last:
            out.append(c)
            last = s
    return out


_IDS_BY_SIG: Final[dict[int, list[int]]] = {}
for _c, _s in enumerate(SIG):
    _IDS_BY_SIG.setdefault(_s, []).append(_c)
# identical cards are numbered consecutively (engine/cards.py builds them so)
assert all(ids[-1] - ids[0] + 1 == len(ids) for ids in _IDS_BY_SIG.values())


def over_capacity(seat: SeatState) -> list[int]:
    """Buildings whose gangsters exceed its income (possible only mid phase B, R-MOVE-3)."""
    return [b for b in seat.buildings if seat.load(b) > seat.capacity(b)]


def stoppable_attack(state: GameState) -> PendingAttack | None:
    """The declared attack Police (b) can still stop (R-POLICE-1), if any."""
    atk = state.pending(PendingAttack)
    if isinstance(atk, PendingAttack) and not atk.stopped:
        return atk
    return None


def below_window(state: GameState) -> object:
    """The frame under the open reaction window (what it asks about), or None."""
    stack = state.stack
    if len(stack) >= 2 and isinstance(stack[-1], Window):
        return stack[-2]
    return None


# --- interned actions ----------------------------------------------------------------

_N: Final = len(CARDS)
_CACHE: Final[dict[tuple[Any, ...], Any]] = {}


def mk(cls: type[Any], *args: Any) -> Any:
    """The one shared instance of `cls(*args)` (actions are immutable values)."""
    key = (cls, *args)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = cls(*args)
    return a


def _row(cls: type[Any], ids: range | list[int]) -> list[Any]:
    row: list[Any] = [None] * _N
    for c in ids:
        row[c] = mk(cls, c)
    return row


class _Grid(dict[int, list[Any]]):
    """grid[a][b] is cls(a, b); a row is built the first time it is needed."""

    def __init__(self, cls: type[Any], seconds: list[int]) -> None:
        super().__init__()
        self.cls = cls
        self.seconds = seconds

    def __missing__(self, a: int) -> list[Any]:
        row: list[Any] = [None] * _N
        for b in self.seconds:
            row[b] = mk(self.cls, a, b)
        self[a] = row
        return row


_GANGSTERS: Final = [c for c in range(_N) if KIND[c] == Kind.GANGSTER]
_BUILDINGS: Final = [c for c in range(_N) if KIND[c] in (Kind.HIDEOUT, Kind.BUSINESS)]
_BUSINESSES: Final = [c for c in range(_N) if KIND[c] == Kind.BUSINESS]

END_PHASE: Final[EndPhase] = mk(EndPhase)
PASS: Final[Pass] = mk(Pass)
LAUNCH: Final[LaunchAttack] = mk(LaunchAttack)
CANCEL: Final[CancelAttack] = mk(CancelAttack)
KEEP: Final[Mulligan] = mk(Mulligan, ())
MOVE: Final = _Grid(MoveGangster, _BUILDINGS)
DISCARD_GANGSTER: Final = _row(DiscardGangster, _GANGSTERS)
START: Final = _row(StartAttack, _BUILDINGS)
ADD: Final = _row(AddAttacker, _GANGSTERS)
OPEN_ON: Final = _Grid(OpenCard, _BUILDINGS)
OPEN_ALONE: Final[list[Any]] = [
    mk(OpenCard, c, None) if c in _BUSINESSES else None for c in range(_N)
]
HIDEOUT_UNDER: Final = _row(MoveHideout, _BUSINESSES)
HIDEOUT_OPEN: Final[MoveHideout] = mk(MoveHideout, None)
DISCARD: Final = _row(Discard, range(_N))
DRAW: Final[list[Draw]] = [mk(Draw, k) for k in range(8)]
_POLICE_CARDS: Final = [c for c in range(_N) if KIND[c] == Kind.POLICE]
POLICE: Final = _Grid(PlayPolice, _BUSINESSES)
STOP: Final = _row(StopAttack, _POLICE_CARDS)
BRIBE: Final = _row(PlayBribe, [c for c in range(_N) if KIND[c] == Kind.BRIBE])
TURNCOAT: Final = _Grid(PlayTurncoat, _GANGSTERS)


class _DriveBys(dict[int, PlayDriveBy]):
    """row[target] is PlayDriveBy(cards, target), made the first time it is asked for."""

    def __init__(self, cards: tuple[int, ...]) -> None:
        super().__init__()
        self.cards = cards

    def __missing__(self, target: int) -> PlayDriveBy:
        a: PlayDriveBy = mk(PlayDriveBy, self.cards, target)
        self[target] = a
        return a


_DRIVE_BYS: Final[dict[tuple[int, ...], _DriveBys]] = {}


def drive_by_row(cards: tuple[int, ...]) -> _DriveBys:
    """The Drive-bys playing `cards`, by target (one shared row per set of cards)."""
    row = _DRIVE_BYS.get(cards)
    if row is None:
        row = _DRIVE_BYS[cards] = _DriveBys(cards)
    return row


# --- reaction windows ---------------------------------------------------------------

_WINDOWS: Final[dict[tuple[Any, ...], Window]] = {}


def window_frame(kind: WindowKind, opener: int, order: tuple[int, ...], pos: int) -> Window:
    """The shared `Window` frame with these fields (frames are immutable, and the
    same few windows open every turn: building one costs ten times the lookup)."""
    key = (kind, opener, order, pos)
    w = _WINDOWS.get(key)
    if w is None:
        w = _WINDOWS[key] = Window(kind, opener, order, pos)
    return w


# --- the deck ------------------------------------------------------------------------


def draw_cards(state: GameState, k: int, ev: Events) -> list[int]:
    """Take `k` cards. The moment the deck's last card is taken the discard pile
    becomes the new deck (R-DRAW-4, I-RESHUFFLE); a deck that ran out while the
    pile was empty is refilled when a card is next needed."""
    deck = state.deck
    if len(deck) > k:  # the common case: no reshuffle on the way
        got = deck[: -k - 1 : -1]  # the top card first, as k pops would take them
        del deck[-k:]
        return got
    got = []
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


def take_from_hand(state: GameState, seat: int, cards: tuple[int, ...], ev: Events) -> None:
    """A reaction card leaves the hand (it is discarded when its frame resolves)."""
    hand = state.seats[seat].hand
    for c in cards:
        hand.remove(c)
    ev.append(_NEW_EVENT(_EVENT, (_REACT, seat, cards, 0, None, "")))
