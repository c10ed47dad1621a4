"""The game state: plain mutable slots objects that clone fast and print as JSON.

Per-seat data lives in `SeatState`; pending out-of-turn business (reaction
windows, attacks waiting for answers, Police chains) is an explicit stack of
small immutable frames, so "who must decide now" is always derivable.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine import rng
from engine.cards import HIDEOUT_INCOME, VALUE

FORMAT_VERSION = 2  # 2: attackers in transit (I-TRANSIT), Turncoat/Poker Night frames
RULES_VERSION = "noir-2"  # RULES.md with its §6 revisions

MONEY_IN_PLAY = {3: 50, 4: 60, 5: 70, 6: 80}  # R-SETUP-2
START_MONEY = 3
HAND_SIZE = 6
MAX_DISCARDS = 4  # R-DISCARD-1
COUNTDOWN_TOKENS = 4  # R-COMP-7


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


_OVER = Phase.GAME_OVER  # module constants: enum attribute lookups are slow
_MULLIGAN = Phase.MULLIGAN

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
    CARD = "card"  # (b) a Turncoat or Poker Night played, before it takes effect
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


# --- pending frames -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Window:
    """A reaction window: `order` lists the seats to ask, `pos` the one asked now."""

    kind: WindowKind
    opener: int
    order: tuple[int, ...]
    pos: int = 0


@dataclass(frozen=True, slots=True)
class PendingAttack:
    """A declared attack. Its `gangsters` have left their buildings and stand on
    nothing until it resolves (I-TRANSIT): only Police (b) reaches them."""

    attacker: int
    target: int  # building card id
    hideout: bool  # R-HIDE-ATK-1: the whole Hideout stack
    gangsters: tuple[int, ...]
    stopped: bool = False  # R-POLICE-1(b)


@dataclass(frozen=True, slots=True)
class PendingPolice:
    player: int
    card: int
    business: int | None  # None: stop the pending attack (R-POLICE-1(b))
    bribes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PendingDriveBy:
    player: int
    target: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PendingTurncoat:
    """A Turncoat played, waiting for answers (I-REACT-WINDOW (b))."""

    player: int
    card: int
    gangster: int


@dataclass(frozen=True, slots=True)
class PendingPoker:
    """A Poker Night played, waiting for answers (I-REACT-WINDOW (b))."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class PendingEndTurn:
    seat: int


Frame = (
    Window
    | PendingAttack
    | PendingPolice
    | PendingDriveBy
    | PendingTurncoat
    | PendingPoker
    | PendingEndTurn
)


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

    def to_json(self) -> dict[str, Any]:
        return {
            "money": self.money,
            "hand": list(self.hand),
            "hideout": self.hideout,
            "top": self.top,
            "buildings": [[b, list(gs)] for b, gs in self.buildings.items()],
            "hidden": list(self.hidden),
            "trophies": list(self.trophies),
            "alive": self.alive,
            "opened_business": self.opened_business,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> SeatState:
        s = SeatState()
        s.money = int(d["money"])
        s.hand = [int(c) for c in d["hand"]]
        s.hideout = None if d["hideout"] is None else int(d["hideout"])
        s.top = None if d["top"] is None else int(d["top"])
        s.buildings = {int(b): tuple(int(g) for g in gs) for b, gs in d["buildings"]}
        s.hidden = [int(c) for c in d["hidden"]]
        s.trophies = [int(c) for c in d["trophies"]]
        s.alive = bool(d["alive"])
        s.opened_business = bool(d["opened_business"])
        return s


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
        if not isinstance(other, GameState):
            return NotImplemented
        return to_json(self) == to_json(other)

    __hash__ = None  # type: ignore[assignment]

    # --- text (engine/notation.py, docs/notation.md) --------------------------------
    def to_text(self) -> str:
        """The position in a few lines of text; `GameState.from_text` reads it back."""
        from engine.notation import to_text

        return to_text(self)

    @staticmethod
    def from_text(text: str) -> GameState:
        """A position from its text (written by `to_text` or by hand); SaveFormatError
        names anything unreadable or impossible."""
        from engine.notation import from_text

        return from_text(text)

    def __repr__(self) -> str:
        return f'GameState.from_text("""\n{self.to_text()}\n""")'


def _check_rolls(rolls: tuple[object, ...]) -> None:
    """ValueError unless every roll is an int from 1 to 6. (Its own function, taking
    objects: compiled, `force_dice`'s typed arguments would refuse a float with a
    TypeError before any check of ours.)"""
    for r in rolls:
        if type(r) is not int or not 1 <= r <= 6:
            raise ValueError(f"a die shows 1 to 6, not {r!r}")


# --- JSON ----------------------------------------------------------------------------


def _frame_to_json(f: Frame) -> dict[str, Any]:
    if isinstance(f, Window):
        return {
            "frame": "window",
            "kind": f.kind.value,
            "opener": f.opener,
            "order": list(f.order),
            "pos": f.pos,
        }
    if isinstance(f, PendingAttack):
        return {
            "frame": "attack",
            "attacker": f.attacker,
            "target": f.target,
            "hideout": f.hideout,
            "gangsters": list(f.gangsters),
            "stopped": f.stopped,
        }
    if isinstance(f, PendingPolice):
        return {
            "frame": "police",
            "player": f.player,
            "card": f.card,
            "business": f.business,
            "bribes": list(f.bribes),
        }
    if isinstance(f, PendingDriveBy):
        return {"frame": "drive_by", "player": f.player, "target": f.target, "cards": list(f.cards)}
    if isinstance(f, PendingTurncoat):
        return {"frame": "turncoat", "player": f.player, "card": f.card, "gangster": f.gangster}
    if isinstance(f, PendingPoker):
        return {"frame": "poker", "player": f.player, "card": f.card}
    return {"frame": "end_turn", "seat": f.seat}


def _frame_from_json(d: dict[str, Any]) -> Frame:
    kind = d["frame"]
    if kind == "window":
        return Window(
            WindowKind(d["kind"]),
            int(d["opener"]),
            tuple(int(x) for x in d["order"]),
            int(d["pos"]),
        )
    if kind == "attack":
        return PendingAttack(
            int(d["attacker"]),
            int(d["target"]),
            bool(d["hideout"]),
            tuple(int(x) for x in d["gangsters"]),
            bool(d["stopped"]),
        )
    if kind == "police":
        b = d["business"]
        return PendingPolice(
            int(d["player"]),
            int(d["card"]),
            None if b is None else int(b),
            tuple(int(x) for x in d["bribes"]),
        )
    if kind == "drive_by":
        return PendingDriveBy(int(d["player"]), int(d["target"]), tuple(int(x) for x in d["cards"]))
    if kind == "turncoat":
        return PendingTurncoat(int(d["player"]), int(d["card"]), int(d["gangster"]))
    if kind == "poker":
        return PendingPoker(int(d["player"]), int(d["card"]))
    if kind == "end_turn":
        return PendingEndTurn(int(d["seat"]))
    raise ValueError(f"unknown frame {kind!r}")


def to_json(state: GameState) -> dict[str, Any]:
    """The whole state as plain JSON data (a save is this, plus the app's extras)."""
    o = state.options
    out: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "rules": RULES_VERSION,
        "options": {
            "players": o.players,
            "seed": o.seed,
            "money_victory": o.money_victory,
            "poker_always_to_box": o.poker_always_to_box,
            "first_player": o.first_player,
            "ransom_excess": o.ransom_excess,
        },
        "seats": [s.to_json() for s in state.seats],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "box": list(state.box),
        "bank": state.bank,
        "money_in_play": state.money_in_play,
        "active": state.active,
        "phase": state.phase.value,
        "turn": state.turn,
        "first_player": state.first_player,
        "mulligan_pos": state.mulligan_pos,
        "countdown": {
            "keeper": state.countdown_keeper,
            "turn": state.countdown_turn,
            "tokens": state.countdown_tokens,
        },
        "attacked": sorted(state.attacked),
        "discarded_this_turn": state.discarded_this_turn,
        "attack": {"target": state.attack_target, "gangsters": list(state.attack_gangsters)},
        "stack": [_frame_to_json(f) for f in state.stack],
        "rng": str(state.rng),
        "winners": list(state.winners),
        "win_method": state.win_method,
    }
    if state.forced_dice:  # only when set, so ordinary saves are unchanged
        out["forced_dice"] = list(state.forced_dice)
    return out


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


def from_json(data: object) -> GameState:
    """Parse `to_json` output; raises SaveFormatError with a readable reason (and
    nothing else, whatever `data` holds: typed `object` so that the compiled build
    does not refuse a non-dict with a TypeError before this function runs)."""
    try:
        return _from_json(data)
    except INPUT_ERRORS as exc:
        raise input_error("game state", exc) from exc


def _from_json(data: object) -> GameState:
    if not isinstance(data, dict):
        raise SaveFormatError("not a game state (expected a JSON object)")
    version = data.get("format")
    if version == 1:
        from engine.migrate import migrate_v1

        data = migrate_v1(data)
        version = data.get("format")
    if version != FORMAT_VERSION:
        raise SaveFormatError(
            f"game state format {version!r} is not supported (this version reads {FORMAT_VERSION})"
        )
    try:
        o = data["options"]
        g = GameState.__new__(GameState)
        g.options = GameOptions(
            players=int(o["players"]),
            seed=int(o["seed"]),
            money_victory=bool(o["money_victory"]),
            poker_always_to_box=bool(o["poker_always_to_box"]),
            first_player=None if o["first_player"] is None else int(o["first_player"]),
            ransom_excess=bool(o["ransom_excess"]),
        )
        g.seats = [SeatState.from_json(s) for s in data["seats"]]
        g.n = len(g.seats)
        g.deck = [int(c) for c in data["deck"]]
        g.discard = [int(c) for c in data["discard"]]
        g.box = [int(c) for c in data["box"]]
        g.bank = int(data["bank"])
        g.money_in_play = int(data["money_in_play"])
        g.active = int(data["active"])
        g.phase = Phase(data["phase"])
        g.turn = int(data["turn"])
        g.first_player = int(data["first_player"])
        g.mulligan_pos = int(data["mulligan_pos"])
        c = data["countdown"]
        g.countdown_keeper = None if c["keeper"] is None else int(c["keeper"])
        g.countdown_turn = int(c["turn"])
        g.countdown_tokens = int(c["tokens"])
        g.attacked = frozenset(int(x) for x in data["attacked"])
        g.discarded_this_turn = int(data["discarded_this_turn"])
        a = data["attack"]
        g.attack_target = None if a["target"] is None else int(a["target"])
        g.attack_gangsters = tuple(int(x) for x in a["gangsters"])
        g.stack = [_frame_from_json(f) for f in data["stack"]]
        g.rng = int(data["rng"])
        g.forced_dice = tuple(int(r) for r in data.get("forced_dice", ()))
        if any(not 1 <= r <= 6 for r in g.forced_dice):
            raise SaveFormatError("a forced die roll outside 1-6")
        g.winners = tuple(int(x) for x in data["winners"])
        g.win_method = None if data["win_method"] is None else str(data["win_method"])
    except SaveFormatError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveFormatError(f"damaged game state ({type(exc).__name__}: {exc})") from exc
    _check_consistency(g)
    return g


def _check_consistency(g: GameState) -> None:
    """Reject states the engine could never reach (a hand-edited or corrupt save):
    seat counts, seat and card references, trophies, pending frames, conservation."""
    from engine.validate import validate_state

    problems = validate_state(g)
    if problems:
        raise SaveFormatError("inconsistent game state: " + "; ".join(problems[:3]))
