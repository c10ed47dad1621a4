"""The game state: plain mutable slots objects that clone fast and compare by field.

The bottom of the state core: this data knows no format. Above it come its JSON
codec and the old-save migration (engine/codec.py, engine/migrate.py), then the
checks that a state is reachable (engine/validate.py, engine/invariants.py), then
the position text (engine/notation.py).

Per-seat data lives in `SeatState`; pending out-of-turn business (reaction
windows, attacks waiting for answers, Police chains) is an explicit stack of
small immutable frames, so "who must decide now" is always derivable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from engine import rng
from engine.cards import HIDEOUT_INCOME, VALUE, Kind

FORMAT_VERSION = 2  # 2: attackers in transit (I-TRANSIT), Turncoat/Poker Night frames
RULES_VERSION = "noir-2"  # RULES.md with its §6 revisions

MONEY_IN_PLAY = {3: 50, 4: 60, 5: 70, 6: 80}  # R-SETUP-2
SEAT_RANGE = range(3, 7)  # R-COMP-1: NOIR is played by 3 to 6 (engine.SEAT_RANGE)
START_MONEY = 3
HAND_SIZE: Final = 6
MAX_DISCARDS: Final = 4  # R-DISCARD-1
COUNTDOWN_TOKENS: Final = 4  # R-COMP-7


class Phase(StrEnum):
    MULLIGAN = "mulligan"
    COLLECT = "A"
    MOVE = "B"
    ATTACK = "C"
    OPEN = "D"
    HIDEOUT = "E"
    DISCARD = "F"
    DRAW = "G"
    GAME_OVER = "over"


# module constants (Final: the compiled build keeps them in C, not in a dict read at every
# use): enum attribute lookups are slow, and `to_act` runs at every step of a rollout
_OVER: Final = Phase.GAME_OVER
_MULLIGAN: Final = Phase.MULLIGAN

TURN_PHASES = (
    Phase.COLLECT,
    Phase.MOVE,
    Phase.ATTACK,
    Phase.OPEN,
    Phase.HIDEOUT,
    Phase.DISCARD,
    Phase.DRAW,
)


class WindowKind(StrEnum):
    """I-REACT-WINDOW (a)-(d): *when* seats are asked. What they may play is the
    same in every window: whatever their cards' own texts allow."""

    ATTACK = "attack"  # (a) an attack declared, before damage
    POLICE = "police"  # (b) a Police or Bribe played, before it takes effect
    DRIVE_BY = "drive_by"  # (b) a Drive-by declared, before the roll
    CARD = "card"  # (b) a card with a PendingCard frame played, before it takes effect
    RESOLVED = "resolved"  # (c) an attack or Drive-by resolved
    END_TURN = "end_turn"  # (d) the end of a turn


@dataclass(frozen=True, slots=True)
class GameOptions:
    players: int = 4
    seed: int = 0
    money_victory: bool = True  # R-END-MONEY-1
    poker_always_to_box: bool = False  # R-POKER-3 optional rule
    first_player: int | None = None  # I-FIRST: None = random (seeded)
    ransom_excess: bool = False  # I-RANSOM house rule: the ransom counts the excess


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One yes/no house rule of GameOptions, so saves, position text and the app's
    New Game screen list them from here rather than each naming every rule."""

    field: str  # its GameOptions field (and its key in a save)
    flag: str  # its word in position text, written when not `default`
    default: bool


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("money_victory", "no-money-win", True),
    HouseRule("poker_always_to_box", "poker-box", False),
    HouseRule("ransom_excess", "ransom-excess", False),
)


# --- pending frames -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Window:
    """A reaction window: `order` lists the seats to ask, `pos` the one asked now."""

    kind: WindowKind
    opener: int
    order: tuple[int, ...]
    pos: int = 0

    @property
    def held_cards(self) -> tuple[int, ...]:
        """The cards this frame holds off the table until it resolves."""
        return ()


@dataclass(frozen=True, slots=True)
class PendingAttack:
    """A declared attack. Its `gangsters` have left their buildings and stand on
    nothing until it resolves (I-TRANSIT): only Police (b) reaches them."""

    attacker: int
    target: int  # building card id
    hideout: bool  # R-HIDE-ATK-1: the whole Hideout stack
    gangsters: tuple[int, ...]
    stopped: bool = False  # R-POLICE-1(b)

    @property
    def held_cards(self) -> tuple[int, ...]:
        """The cards this frame holds off the table until it resolves."""
        return self.gangsters  # in transit (I-TRANSIT)


@dataclass(frozen=True, slots=True)
class PendingPolice:
    player: int
    card: int
    business: int | None  # None: stop the pending attack (R-POLICE-1(b))
    bribes: tuple[int, ...] = ()

    @property
    def held_cards(self) -> tuple[int, ...]:
        """The cards this frame holds off the table until it resolves."""
        return (self.card, *self.bribes)


@dataclass(frozen=True, slots=True)
class PendingDriveBy:
    player: int
    target: int
    cards: tuple[int, ...]

    @property
    def held_cards(self) -> tuple[int, ...]:
        """The cards this frame holds off the table until it resolves."""
        return self.cards


@dataclass(frozen=True, slots=True)
class PendingCard:
    """A reaction card played and waiting for answers before it takes effect
    (I-REACT-WINDOW (b)): a Turncoat, a Poker Night. One frame for every such kind:
    its form (cards.FRAME_FORMS[kind]) says how saves, position text and validation
    write it, and its family resolves it, so this module names no card kind."""

    kind: Kind
    player: int
    card: int
    target: int | None = None  # the card it aims at (a Turncoat's gangster), if any

    @property
    def args(self) -> tuple[int, ...]:
        """Its form's fields' values: the seat, the card played, the card aimed at."""
        if self.target is None:
            return (self.player, self.card)
        return (self.player, self.card, self.target)

    @staticmethod
    def of(kind: Kind, args: tuple[int, ...]) -> PendingCard:
        """The frame of `kind` whose `args` these are (seat, card, [target])."""
        return PendingCard(kind, args[0], args[1], args[2] if len(args) > 2 else None)

    @property
    def held_cards(self) -> tuple[int, ...]:
        """The cards this frame holds off the table until it resolves."""
        return (self.card,)


@dataclass(frozen=True, slots=True)
class PendingEndTurn:
    seat: int

    @property
    def held_cards(self) -> tuple[int, ...]:
        """The cards this frame holds off the table until it resolves."""
        return ()


Frame = Window | PendingAttack | PendingPolice | PendingDriveBy | PendingCard | PendingEndTurn


# --- seats and state ---------------------------------------------------------------


class SeatState:
    """One boss: money, hand and table. `buildings` maps each building's card id
    (the Hideout first) to the gangsters standing on it."""

    __slots__ = (
        "money",
        "hand",
        "hideout",
        "top",
        "buildings",
        "hidden",
        "trophies",
        "alive",
        "opened_business",
    )

    def __init__(self) -> None:
        self.money = 0
        self.hand: list[int] = []
        self.hideout: int | None = None
        self.top: int | None = None
        self.buildings: dict[int, tuple[int, ...]] = {}
        self.hidden: list[int] = []
        self.trophies: list[int] = []
        self.alive = True
        self.opened_business = False  # I-OPEN-FIRST

    def copy(self) -> SeatState:
        s = SeatState.__new__(SeatState)
        s.money = self.money
        s.hand = self.hand[:]
        s.hideout = self.hideout
        s.top = self.top
        s.buildings = self.buildings.copy()
        s.hidden = self.hidden[:]
        s.trophies = self.trophies[:]
        s.alive = self.alive
        s.opened_business = self.opened_business
        return s

    @property
    def businesses(self) -> list[int]:
        """The player's Businesses, in opening order (the Hideout excluded)."""
        return [b for b in self.buildings if b != self.hideout]

    def load(self, building: int) -> int:
        """Total strength of the gangsters standing on `building`."""
        return sum(VALUE[g] for g in self.buildings[building])

    def capacity(self, building: int) -> int:
        return HIDEOUT_INCOME if building == self.hideout else VALUE[building]

    def table_cards(self) -> list[int]:
        """Every card this seat has on the table (buildings, gangsters, HIDDEN)."""
        out: list[int] = []
        for b, gs in self.buildings.items():
            out.append(b)
            out.extend(gs)
        out.extend(self.hidden)
        return out


STATE_FIELDS = (
    "options",
    "n",
    "seats",
    "deck",
    "discard",
    "box",
    "bank",
    "money_in_play",
    "active",
    "phase",
    "turn",
    "first_player",
    "mulligan_pos",
    "countdown_keeper",
    "countdown_turn",
    "countdown_tokens",
    "attacked",
    "discarded_this_turn",
    "attack_target",
    "attack_gangsters",
    "stack",
    "rng",
    "forced_dice",
    "winners",
    "win_method",
)


class GameState:
    """The whole table. Mutated in place by `engine.apply`; `clone()` for search."""

    __slots__ = STATE_FIELDS  # (compiled, a native class: the fields are its own)

    options: GameOptions
    n: int
    seats: list[SeatState]
    deck: list[int]
    discard: list[int]
    box: list[int]
    bank: int
    money_in_play: int
    active: int
    phase: Phase
    turn: int
    first_player: int
    mulligan_pos: int
    countdown_keeper: int | None
    countdown_turn: int
    countdown_tokens: int
    attacked: frozenset[int]
    discarded_this_turn: int
    attack_target: int | None
    attack_gangsters: tuple[int, ...]
    stack: list[Frame]
    rng: int
    forced_dice: tuple[int, ...]  # the next rolls, set by tests and scripted games
    winners: tuple[int, ...]
    win_method: str | None

    # --- derived -----------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat that must decide now (OpenSpiel's current_player)."""
        phase = self.phase
        if phase is _OVER:
            return None
        if phase is _MULLIGAN:
            return (self.first_player + self.mulligan_pos) % self.n
        if self.stack:
            top = self.stack[-1]
            if isinstance(top, Window):
                return top.order[top.pos]
        return self.active

    @property
    def window(self) -> Window | None:
        if self.stack:
            top = self.stack[-1]
            if isinstance(top, Window):
                return top
        return None

    @property
    def turn_ending(self) -> bool:
        """The active player's turn is over; only its end (the end-of-turn reaction
        window, I-REACT-WINDOW (d), and the countdown token) is still to come."""
        return self.pending(PendingEndTurn) is not None

    @property
    def first_round(self) -> bool:
        """I-ROUND: the first turn of every player."""
        return self.turn < self.n

    @property
    def game_over(self) -> bool:
        return self.phase is _OVER

    @property
    def countdown_started(self) -> bool:
        return self.countdown_keeper is not None

    def alive_seats(self) -> list[int]:
        return [i for i in range(self.n) if self.seats[i].alive]

    def owner_of(self, building: int) -> int | None:
        for i, seat in enumerate(self.seats):
            if building in seat.buildings:
                return i
        return None

    def gangster_owner(self, gangster: int) -> int | None:
        """The seat with `gangster` on its table (on a building or HIDDEN), or None."""
        for i, seat in enumerate(self.seats):
            if gangster in seat.hidden or any(gangster in gs for gs in seat.buildings.values()):
                return i
        return None

    def ring_from(self, start: int) -> list[int]:
        """Every seat once, in turn order, beginning with `start` (dead seats included)."""
        return [(start + k) % self.n for k in range(self.n)]

    def pending(self, cls: type[Any]) -> Any:
        """The topmost pending frame of type `cls`, or None."""
        for frame in reversed(self.stack):
            if isinstance(frame, cls):
                return frame
        return None

    # --- chance ------------------------------------------------------------------
    def roll(self) -> int:
        """One d6 (I-DICE) from the game's own generator, or the next forced roll."""
        if self.forced_dice:
            r, self.forced_dice = self.forced_dice[0], self.forced_dice[1:]
            return r
        self.rng, r = rng.below(self.rng, 6)
        return r + 1

    def force_dice(self, *rolls: int) -> None:
        """Make the next rolls `rolls` (tests and scripted games: "the next rolls
        are 3, 5"). Forced rolls are part of the state, so saves keep them."""
        _check_rolls(rolls)
        self.forced_dice += rolls

    def stack_deck(self, *cards: int) -> None:
        """Put `cards` (all in the deck) on top of it, the first one drawn first."""
        if len(set(cards)) != len(cards) or any(c not in self.deck for c in cards):
            raise ValueError(f"not distinct cards of the deck: {cards!r}")
        rest = [c for c in self.deck if c not in cards]
        self.deck[:] = rest + list(reversed(cards))

    def shuffle(self, cards: list[int]) -> None:
        self.rng = rng.shuffle(self.rng, cards)

    # --- copying -----------------------------------------------------------------
    def clone(self) -> GameState:
        g = GameState.__new__(GameState)
        g.options = self.options
        g.n = self.n
        g.seats = [s.copy() for s in self.seats]
        g.deck = self.deck[:]
        g.discard = self.discard[:]
        g.box = self.box[:]
        g.bank = self.bank
        g.money_in_play = self.money_in_play
        g.active = self.active
        g.phase = self.phase
        g.turn = self.turn
        g.first_player = self.first_player
        g.mulligan_pos = self.mulligan_pos
        g.countdown_keeper = self.countdown_keeper
        g.countdown_turn = self.countdown_turn
        g.countdown_tokens = self.countdown_tokens
        g.attacked = self.attacked
        g.discarded_this_turn = self.discarded_this_turn
        g.attack_target = self.attack_target
        g.attack_gangsters = self.attack_gangsters
        g.stack = self.stack[:]
        g.rng = self.rng
        g.forced_dice = self.forced_dice
        g.winners = self.winners
        g.win_method = self.win_method
        return g

    def __eq__(self, other: object) -> bool:
        """Field by field: what `to_json` writes, compared without writing it (a
        seat's buildings in their opening order, as the JSON lists them)."""
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.options == other.options
            and self.n == other.n
            and len(self.seats) == len(other.seats)
            and all(map(_same_seat, self.seats, other.seats))
            and self.deck == other.deck
            and self.discard == other.discard
            and self.box == other.box
            and self.bank == other.bank
            and self.money_in_play == other.money_in_play
            and self.active == other.active
            and self.phase == other.phase
            and self.turn == other.turn
            and self.first_player == other.first_player
            and self.mulligan_pos == other.mulligan_pos
            and self.countdown_keeper == other.countdown_keeper
            and self.countdown_turn == other.countdown_turn
            and self.countdown_tokens == other.countdown_tokens
            and self.attacked == other.attacked
            and self.discarded_this_turn == other.discarded_this_turn
            and self.attack_target == other.attack_target
            and self.attack_gangsters == other.attack_gangsters
            and self.stack == other.stack
            and self.rng == other.rng
            and self.forced_dice == other.forced_dice
            and self.winners == other.winners
            and self.win_method == other.win_method
        )

    __hash__ = None  # type: ignore[assignment]

    # --- text (engine/notation.py, docs/notation.md) --------------------------------
    def to_text(self) -> str:
        """The position in a few lines of text; `GameState.from_text` reads it back."""
        return _text_codec().write(self)

    @staticmethod
    def from_text(text: str) -> GameState:
        """A position from its text (written by `to_text` or by hand); SaveFormatError
        names anything unreadable or impossible."""
        return _text_codec().read(text)

    def __repr__(self) -> str:
        return f'GameState.from_text("""\n{self.to_text()}\n""")'


def _same_seat(a: SeatState, b: SeatState) -> bool:
    return (
        a.money == b.money
        and a.hand == b.hand
        and a.hideout == b.hideout
        and a.top == b.top
        and list(a.buildings.items()) == list(b.buildings.items())
        and a.hidden == b.hidden
        and a.trophies == b.trophies
        and a.alive == b.alive
        and a.opened_business == b.opened_business
    )


class TextCodec:
    """How a state is written as text and read back. The notation sits above the
    state, its codec and its validation (it checks what it reads), so it hands its
    two functions down here when it loads (`engine.notation`, imported by the
    package) instead of this module importing it."""

    def __init__(self, write: Callable[[GameState], str], read: Callable[[str], GameState]) -> None:
        self.write = write
        self.read = read


_TEXT: list[TextCodec] = []


def use_text_codec(codec: TextCodec) -> None:
    """Install the position text's writer and reader (engine/notation.py does)."""
    _TEXT[:] = [codec]


def _text_codec() -> TextCodec:
    if not _TEXT:
        raise RuntimeError("engine.notation is not loaded (import engine first)")
    return _TEXT[0]


def _check_rolls(rolls: tuple[object, ...]) -> None:
    """ValueError unless every roll is an int from 1 to 6. (Its own function, taking
    objects: compiled, `force_dice`'s typed arguments would refuse a float with a
    TypeError before any check of ours.)"""
    for r in rolls:
        if type(r) is not int or not 1 <= r <= 6:
            raise ValueError(f"a die shows 1 to 6, not {r!r}")


class SaveFormatError(ValueError):
    """A JSON document or position text that is not a game state we can read,
    or one the engine could never reach; the message names the problem."""


# What malformed input can make Python itself raise on the way in (a 5,000-digit
# number, Infinity, a card id past the deck, data nested past the recursion
# limit, an object whose repr or comparison fails): the entry points turn each
# into a SaveFormatError with a sentence, so they raise nothing else.
INPUT_ERRORS = (Exception,)


def input_error(where: str, exc: BaseException) -> SaveFormatError:
    """The SaveFormatError for `exc`, raised while reading `where`."""
    if isinstance(exc, SaveFormatError):
        return exc
    try:
        detail = str(exc)[:80]
    except Exception:  # noqa: BLE001 - an exception whose str() fails
        detail = ""
    return SaveFormatError(
        f"damaged {where} ({type(exc).__name__}{': ' if detail else ''}{detail})"
    )
