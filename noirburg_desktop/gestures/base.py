"""What a gesture is made of: what is dragged, where it lands, and how one card kind
answers both (its `Gesture`), so intents and wording need no chain over the kinds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import engine
from engine.actions import Action
from engine.cards import Kind

if TYPE_CHECKING:  # the type only: importing look at run time would import cardart
    from noirburg_desktop.look.pen import Emblem

Seq = tuple[Action, ...]


@dataclass(frozen=True)
class Source:
    """What is being dragged: a hand card, a gangster on the table, or a building."""

    kind: str  # "hand" | "gangster" | "building"
    card: int


@dataclass(frozen=True)
class Target:
    """Where it was dropped: a card on the table, a pile, a board or the middle."""

    kind: str  # "building" | "gangster" | "discard" | "board" | "center"
    ref: int | None = None  # card id, or seat for "board"


@dataclass(frozen=True, slots=True)
class Saying:
    """How one kind of action is worded: a msgid, or a (singular, plural) pair counted
    by `count`; `card` picks the card named `{card}`."""

    text: str | tuple[str, str]
    card: Callable[[Any], int] | None = None
    count: Callable[[Any], int] | None = None
    own_hideout: bool = False  # the Hint names the player's own Hideout "your Hideout"


Drops = Callable[[engine.GameState, int, Target], list[Seq]]


@dataclass(frozen=True, slots=True)
class Gesture:
    """One card kind played from the hand: what dropping it could mean and how its
    actions are said. `drops(state, card, target)` answers a building (`ref` set), a
    board or the middle; `on_gangster(card, gangster)` a drop on a gangster (None: the
    drop means the gangster's building). `emblem` draws the picture in the middle of
    its card's face (look/cardart.py draws the rest of every face)."""

    kind: Kind
    drops: Drops
    said: dict[type[Any], Saying]  # the log's verb phrase ("hosts a Poker Night")
    do: dict[type[Any], Saying]  # the Hint's instruction ("Host a Poker Night")
    emblem: Emblem
    on_gangster: Callable[[int, int], list[Seq]] | None = None
