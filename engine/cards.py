"""The 89 game cards of NOIR (R-COMP-2..5) as a static, id-indexed table.

Cards are plain ints 0..88 everywhere in the engine so that states copy fast
and serialise trivially; this module is the only place that knows what an id
means.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final


class Kind(IntEnum):
    HIDEOUT = 0
    GANGSTER = 1
    BUSINESS = 2
    POKER_NIGHT = 3
    POLICE = 4
    BRIBE = 5
    DRIVE_BY = 6
    TURNCOAT = 7


REACTION_KINDS: Final = frozenset(
    {Kind.POKER_NIGHT, Kind.POLICE, Kind.BRIBE, Kind.DRIVE_BY, Kind.TURNCOAT}
)

BUSINESS_NAMES: Final = {1: "Moonshine Still", 2: "Bootlegger", 3: "Speakeasy", 4: "Casino"}
REACTION_NAMES: Final = {
    Kind.POKER_NIGHT: "Poker Night",
    Kind.POLICE: "Police",
    Kind.BRIBE: "Bribe",
    Kind.DRIVE_BY: "Drive-by",
    Kind.TURNCOAT: "Turncoat",
}

# Each kind's code in position text (engine/notation.py, docs/notation.md); a
# Gangster's or Business's code adds its value (`G3`, `B4`)
CODE_PREFIX: Final = {
    Kind.HIDEOUT: "H",
    Kind.GANGSTER: "G",
    Kind.BUSINESS: "B",
    Kind.POKER_NIGHT: "PN",
    Kind.POLICE: "PO",
    Kind.BRIBE: "BR",
    Kind.DRIVE_BY: "DB",
    Kind.TURNCOAT: "TC",
}

# The module of engine/families/ that holds each reaction kind's rules (a Bribe is the
# Police's answer, in its module), so families/__init__ imports them without naming any.
FAMILY_MODULE: Final = {
    Kind.POKER_NIGHT: "poker",
    Kind.POLICE: "police",
    Kind.BRIBE: "police",
    Kind.DRIVE_BY: "driveby",
    Kind.TURNCOAT: "turncoat",
}
# The order `legal_actions` lists the reaction cards' options in (saved games and the
# pinned digests depend on it): in a window, first the answers to the frame under it
# (a Bribe to a Police, a Drive-by joining one), then Police stopping a declared
# attack; then, there and in the seat's own turn, the free uses.
ANSWER_ORDER: Final = (Kind.BRIBE, Kind.DRIVE_BY, Kind.POLICE)
FREE_ORDER: Final = (Kind.POLICE, Kind.DRIVE_BY, Kind.TURNCOAT, Kind.POKER_NIGHT)


@dataclass(frozen=True, slots=True)
class FrameForm:
    """How saves, position text and validation write the frame of a card played and
    waiting for answers (engine.state.PendingCard, I-REACT-WINDOW (b)), so none of
    them names the card."""

    tag: str  # its "frame" in a save
    name: str  # its name in position text
    title: str  # its name in a validation problem
    fields: tuple[str, ...]  # the keys of its `args` in a save: seat, card, [target]
    target: Kind | None  # the kind of the card it aims at (None: it aims at none)


# The reaction kinds whose card waits on the stack for answers before it takes effect
# (WindowKind.CARD), each with its frame's form. Saves and position text depend on these
# words: never change one, add a row.
FRAME_FORMS: Final[dict[Kind, FrameForm]] = {
    Kind.TURNCOAT: FrameForm(
        "turncoat", "Turncoat", "a Turncoat", ("player", "card", "gangster"), Kind.GANGSTER
    ),
    Kind.POKER_NIGHT: FrameForm("poker", "Poker", "a Poker Night", ("player", "card"), None),
}

HIDEOUT_INCOME: Final = 3  # R-HIDE-1


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    kind: Kind
    value: int  # strength (gangster), income (business, hideout = 3), 0 for reactions
    name: str

    @property
    def is_reaction(self) -> bool:
        return self.kind in REACTION_KINDS

    @property
    def cost(self) -> int:
        """R-OPEN-1: the number on the card minus one."""
        return max(0, self.value - 1)

    def __str__(self) -> str:
        if self.kind == Kind.GANGSTER:
            return f"Gangster {self.value}"
        if self.kind == Kind.BUSINESS:
            return f"{self.name} ({self.value})"
        return self.name


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []

    def add(kind: Kind, value: int, name: str, count: int) -> None:
        for _ in range(count):
            cards.append(Card(len(cards), kind, value, name))

    add(Kind.HIDEOUT, HIDEOUT_INCOME, "Hideout", 6)  # I-HIDEOUTS
    for strength, count in ((1, 14), (2, 10), (3, 8), (4, 4)):  # R-COMP-3
        add(Kind.GANGSTER, strength, "Gangster", count)
    for income, count in ((1, 10), (2, 8), (3, 6), (4, 4)):  # R-COMP-4
        add(Kind.BUSINESS, income, BUSINESS_NAMES[income], count)
    for kind, count in (  # R-COMP-5
        (Kind.POKER_NIGHT, 3),
        (Kind.POLICE, 4),
        (Kind.BRIBE, 4),
        (Kind.DRIVE_BY, 5),
        (Kind.TURNCOAT, 3),
    ):
        add(kind, 0, REACTION_NAMES[kind], count)
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _build()
N_CARDS: Final = len(CARDS)  # 89
HIDEOUTS: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind == Kind.HIDEOUT)
PLAYABLE_DECK: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind != Kind.HIDEOUT)

# Fast lookups for hot paths (tuples indexed by card id). Final: the compiled engine
# keeps them in C statics instead of looking the name up in a dict at every use.
KIND: Final[tuple[Kind, ...]] = tuple(c.kind for c in CARDS)
VALUE: Final[tuple[int, ...]] = tuple(c.value for c in CARDS)


def card(card_id: int) -> Card:
    return CARDS[card_id]


def describe(card_id: int) -> str:
    return str(CARDS[card_id])
