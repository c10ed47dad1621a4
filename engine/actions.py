"""Actions are values: one frozen dataclass per kind of decision.

Every decision a seat can face is one small action (an attack is built step by
step: StartAttack, AddAttacker..., LaunchAttack), which keeps the branching
factor low for bots and maps one-to-one onto UI gestures. `str()` gives the
game-log wording.

Each action also says which cards it uses, so no caller needs a chain of
`isinstance` tests to find them: `hand_cards`, the cards it plays, opens, swaps or
discards from the hand; `table_cards`, the cards on the table it names (its
target: the building attacked, opened on or raided, the gangster moved, sent or
turned, and where a gangster goes). A count (`Draw(2)`) is never a card.

Each action writes its own `__eq__` (same meaning: same type, equal fields): the
dataclass one builds two tuples per comparison, and `a in legal_actions(state)` runs
it at every checked move, replayed move and bot decision; compiled, this one is a
native method. `__hash__` is written out too (compiled, a class that defines `__eq__`
would otherwise be unhashable), the same value the dataclass one gave: the fields' tuple.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from engine.cards import describe


@dataclass(frozen=True, slots=True)
class Mulligan:
    """R-SETUP-7: discard up to 2 of the opening 6 and draw as many, free."""

    cards: tuple[int, ...] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Mulligan and other.cards == self.cards

    def __hash__(self) -> int:
        return hash((self.cards,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return self.cards

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        if not self.cards:
            return "keeps the opening hand"
        return "swaps " + ", ".join(describe(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class EndPhase:
    """Finish the current phase (in phase G: end the turn without drawing)."""

    def __eq__(self, other: object) -> bool:
        return type(other) is EndPhase

    def __hash__(self) -> int:
        return hash(())

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        return "ends the phase"


@dataclass(frozen=True, slots=True)
class MoveGangster:
    """Phase B (R-MOVE-1/2): move a gangster on a Business, or a HIDDEN one, to `to`."""

    gangster: int
    to: int

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is MoveGangster and other.gangster == self.gangster and other.to == self.to
        )

    def __hash__(self) -> int:
        return hash((self.gangster, self.to))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return (self.gangster, self.to)

    def __str__(self) -> str:
        return f"moves {describe(self.gangster)} to {describe(self.to)}"


@dataclass(frozen=True, slots=True)
class DiscardGangster:
    """Phase B (R-MOVE-1/2): discard a gangster from a Business or from HIDDEN."""

    gangster: int

    def __eq__(self, other: object) -> bool:
        return type(other) is DiscardGangster and other.gangster == self.gangster

    def __hash__(self) -> int:
        return hash((self.gangster,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return (self.gangster,)

    def __str__(self) -> str:
        return f"discards {describe(self.gangster)}"


@dataclass(frozen=True, slots=True)
class StartAttack:
    """Phase C: choose the target building. A Hideout id means the whole Hideout
    stack (R-HIDE-ATK-1); the id of the Business on top means that Business only."""

    target: int

    def __eq__(self, other: object) -> bool:
        return type(other) is StartAttack and other.target == self.target

    def __hash__(self) -> int:
        return hash((self.target,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return (self.target,)

    def __str__(self) -> str:
        return f"targets {describe(self.target)}"


@dataclass(frozen=True, slots=True)
class AddAttacker:
    gangster: int

    def __eq__(self, other: object) -> bool:
        return type(other) is AddAttacker and other.gangster == self.gangster

    def __hash__(self) -> int:
        return hash((self.gangster,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return (self.gangster,)

    def __str__(self) -> str:
        return f"sends {describe(self.gangster)}"


@dataclass(frozen=True, slots=True)
class LaunchAttack:
    def __eq__(self, other: object) -> bool:
        return type(other) is LaunchAttack

    def __hash__(self) -> int:
        return hash(())

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        return "attacks"


@dataclass(frozen=True, slots=True)
class CancelAttack:
    def __eq__(self, other: object) -> bool:
        return type(other) is CancelAttack

    def __hash__(self) -> int:
        return hash(())

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        return "calls the attack off"


@dataclass(frozen=True, slots=True)
class OpenCard:
    """Phase D (R-OPEN): open a hand card. Gangsters need `on` (a building of
    the player's); a Business goes on top of the player's Hideout when `on` is
    the Hideout id, or stands alone when `on` is None."""

    card: int
    on: int | None = None

    def __eq__(self, other: object) -> bool:
        return type(other) is OpenCard and other.card == self.card and other.on == self.on

    def __hash__(self) -> int:
        return hash((self.card, self.on))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return (self.card,)

    @property
    def table_cards(self) -> tuple[int, ...]:
        return () if self.on is None else (self.on,)

    def __str__(self) -> str:
        where = f" on {describe(self.on)}" if self.on is not None else ""
        return f"opens {describe(self.card)}{where}"


@dataclass(frozen=True, slots=True)
class MoveHideout:
    """Phase E (R-HIDE-MOVE-1): put the Hideout under a Business, or in the open (None)."""

    under: int | None

    def __eq__(self, other: object) -> bool:
        return type(other) is MoveHideout and other.under == self.under

    def __hash__(self) -> int:
        return hash((self.under,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return () if self.under is None else (self.under,)

    def __str__(self) -> str:
        if self.under is None:
            return "moves the Hideout into the open"
        return f"moves the Hideout under {describe(self.under)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Phase F (R-DISCARD-1): discard one hand card (at most 4 per turn)."""

    card: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Discard and other.card == self.card

    def __hash__(self) -> int:
        return hash((self.card,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return (self.card,)

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        return f"discards {describe(self.card)}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Phase G (R-DRAW): draw `count` cards at once for `draw_price(count)`; ends the turn."""

    count: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Draw and other.count == self.count

    def __hash__(self) -> int:
        return hash((self.count,))

    @property
    def price(self) -> int:
        return draw_price(self.count)

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        return f"draws {self.count}"


def draw_price(count: int) -> int:
    """R-DRAW-1: one card is free, each further card costs a coin (I-DRAW-EMPTY: the
    price counts the cards actually drawn)."""
    return max(0, count - 1)


# --- reactions (R-REACT) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayPolice:
    """R-POLICE-1(a): send every gangster on `business` into hiding."""

    card: int
    business: int

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is PlayPolice
            and other.card == self.card
            and other.business == self.business
        )

    def __hash__(self) -> int:
        return hash((self.card, self.business))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return (self.card,)

    @property
    def table_cards(self) -> tuple[int, ...]:
        return (self.business,)

    def __str__(self) -> str:
        return f"calls the Police on {describe(self.business)}"


@dataclass(frozen=True, slots=True)
class StopAttack:
    """R-POLICE-1(b): Police stops the attack being declared."""

    card: int

    def __eq__(self, other: object) -> bool:
        return type(other) is StopAttack and other.card == self.card

    def __hash__(self) -> int:
        return hash((self.card,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return (self.card,)

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        return "calls the Police to stop the attack"


@dataclass(frozen=True, slots=True)
class PlayBribe:
    """R-BRIBE-1: cancel the Police (or Bribe) just played."""

    card: int

    def __eq__(self, other: object) -> bool:
        return type(other) is PlayBribe and other.card == self.card

    def __hash__(self) -> int:
        return hash((self.card,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return (self.card,)

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        return "plays a Bribe"


@dataclass(frozen=True, slots=True)
class PlayDriveBy:
    """R-DRIVEBY-1/2: one or more Drive-bys on one Business, count fixed now."""

    cards: tuple[int, ...]
    target: int

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is PlayDriveBy and other.cards == self.cards and other.target == self.target
        )

    def __hash__(self) -> int:
        return hash((self.cards, self.target))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return self.cards

    @property
    def table_cards(self) -> tuple[int, ...]:
        return (self.target,)

    def __str__(self) -> str:
        n = len(self.cards)
        return f"plays {n} Drive-by{'s' if n > 1 else ''} on {describe(self.target)}"


@dataclass(frozen=True, slots=True)
class JoinDriveBy:
    """R-DRIVEBY-2: add Drive-bys to the one declared, before the dice roll."""

    cards: tuple[int, ...]

    def __eq__(self, other: object) -> bool:
        return type(other) is JoinDriveBy and other.cards == self.cards

    def __hash__(self) -> int:
        return hash((self.cards,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return self.cards

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        n = len(self.cards)
        return f"adds {n} Drive-by{'s' if n > 1 else ''}"


@dataclass(frozen=True, slots=True)
class PlayTurncoat:
    """R-TURNCOAT-1: take `gangster` (on a Business or HIDDEN) into hand."""

    card: int
    gangster: int

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is PlayTurncoat
            and other.card == self.card
            and other.gangster == self.gangster
        )

    def __hash__(self) -> int:
        return hash((self.card, self.gangster))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return (self.card,)

    @property
    def table_cards(self) -> tuple[int, ...]:
        return (self.gangster,)

    def __str__(self) -> str:
        return f"turns {describe(self.gangster)} with a Turncoat"


@dataclass(frozen=True, slots=True)
class PlayPokerNight:
    """R-POKER-1: host a Poker Night."""

    card: int

    def __eq__(self, other: object) -> bool:
        return type(other) is PlayPokerNight and other.card == self.card

    def __hash__(self) -> int:
        return hash((self.card,))

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return (self.card,)

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        return "hosts a Poker Night"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to react in a reaction window (I-REACT-WINDOW)."""

    def __eq__(self, other: object) -> bool:
        return type(other) is Pass

    def __hash__(self) -> int:
        return hash(())

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        return ()

    def __str__(self) -> str:
        return "passes"


Action = (
    Mulligan
    | EndPhase
    | MoveGangster
    | DiscardGangster
    | StartAttack
    | AddAttacker
    | LaunchAttack
    | CancelAttack
    | OpenCard
    | MoveHideout
    | Discard
    | Draw
    | PlayPolice
    | StopAttack
    | PlayBribe
    | PlayDriveBy
    | JoinDriveBy
    | PlayTurncoat
    | PlayPokerNight
    | Pass
)

ACTION_TYPES: Final[dict[str, type[Any]]] = {
    cls.__name__: cls
    for cls in (
        Mulligan,
        EndPhase,
        MoveGangster,
        DiscardGangster,
        StartAttack,
        AddAttacker,
        LaunchAttack,
        CancelAttack,
        OpenCard,
        MoveHideout,
        Discard,
        Draw,
        PlayPolice,
        StopAttack,
        PlayBribe,
        PlayDriveBy,
        JoinDriveBy,
        PlayTurncoat,
        PlayPokerNight,
        Pass,
    )
}

REACTION_ACTIONS = (
    PlayPolice,
    StopAttack,
    PlayBribe,
    PlayDriveBy,
    JoinDriveBy,
    PlayTurncoat,
    PlayPokerNight,
)


def field_names(action: Action) -> tuple[str, ...]:
    """The action's fields, in order (`dataclasses.fields`: compiled, an action's
    class has no `__slots__` to read)."""
    return tuple(f.name for f in fields(action))


def action_to_json(action: Action) -> dict[str, Any]:
    """A compact JSON form: {"type": name, ...fields}; tuples become lists."""
    data: dict[str, Any] = {"type": type(action).__name__}
    for field in field_names(action):
        value = getattr(action, field)
        data[field] = list(value) if isinstance(value, tuple) else value
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    cls = ACTION_TYPES.get(str(data.get("type")))
    if cls is None:
        raise ValueError(f"unknown action type {data.get('type')!r}")
    kwargs = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items() if k != "type"}
    action: Action = cls(**kwargs)
    return action
