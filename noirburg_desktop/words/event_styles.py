"""How the app shows each kind of engine event, in one table: `EventKind → EventStyle`.

Before issue 24 this was eight string-keyed tables in five modules (the log's wording,
the unlogged kinds, animation time, sound, banner, undo barrier, tip, where it happens
on screen), and a new event kind had to be found in each. Now a kind's whole look is
one row, and tests/app/test_event_styles.py fails, naming the kind, when `STYLES`
misses one of `EventKind`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from engine import EventKind
from noirburg_desktop.words.i18n import N_, Np_


class Place(Enum):
    """Where on the table an event is animated (table/event_rects.py finds the rects)."""

    NOWHERE = "nowhere"
    DICE = "dice"  # the dice, and the roller's header
    STRUCK = "struck"  # the building (or column) hit, `cards[0]`
    CARD = "card"  # the card lost, `cards[0]`
    PAYMENT = "payment"  # coins from `seat` to `target`
    FROM_BANK = "from_bank"  # coins from the bank to `seat`
    TO_BANK = "to_bank"  # coins from `seat` to the bank
    ATTACK = "attack"  # from the attacker's board to the column attacked
    SEAT = "seat"  # the whole seat of `seat`
    BOARD = "board"  # the board of `seat` (its stack changed)


class Picture(Enum):
    """What table/animation.py draws for an event, at the rects its `Place` gives."""

    NONE = "none"
    DIE = "die"  # the die rolled, at the dice and the roller
    HIT = "hit"  # the damage floats off the building hit, which flashes
    GHOST = "ghost"  # the card lost fades away
    ARROW = "arrow"  # from the attacker to the column attacked
    FLASH = "flash"  # the building, board or seat flashes


class Concerns(Enum):
    """Whose things an event touches, for "While you waited" (table/while_away.py)."""

    NOBODY = "nobody"
    SEAT = "seat"  # `event.seat`'s building, gangster, Hideout or reaction card
    TARGET = "target"  # `event.target`'s (an attack on it, a gangster or Hideout taken)
    BOTH = "both"  # coins between `seat` and `target`


@dataclass(frozen=True, slots=True)
class EventStyle:
    """Everything the app does with one kind of event; the defaults say "nothing"."""

    line: str | tuple[str, str] = ""  # the log's msgid (a pair: counted by its cards)
    logged: bool = True  # False: the header or the reaction bar shows it instead
    seconds: float = 0.0  # animation time at base pace
    sound: str | None = None  # a shipped effect in assets/sounds
    banner: bool = False  # a line across the middle of the table
    barrier: bool = False  # reveals chance or a hidden card: no undo past it
    tip: str | None = None  # the tip (table/tips.py) its first sight offers
    place: Place = Place.NOWHERE
    concerns: Concerns = Concerns.NOBODY
    loss: bool = False  # takes something away: flashed, held at full pace
    picture: Picture = Picture.NONE  # coins fly for the COIN_PLACES, whatever this says
    # Under which cause of CAUSES the coins of `event.seat` / `event.target` move, with
    # the sign of `amount` for them ("While you waited": "(Poker Night +8)").
    seat_coins: tuple[str, int] | None = None
    target_coins: tuple[str, int] | None = None


# Where a seat's coins went off its turn, in the order "While you waited" lists them
# (playtest: "Your coins: 3 → 9" with no cause), each with its catalogue key (a card
# kind's cause is the card's name).
CAUSES: Final[dict[str, str]] = {
    "poker": "card.poker_night.name",
    "paid": "table.away.cause.paid",
    "received": "table.away.cause.received",
    "income": "table.away.cause.income",
}
# The places whose events fly coins between the two rects they name ("from", "to").
COIN_PLACES: Final = frozenset({Place.PAYMENT, Place.FROM_BANK, Place.TO_BANK})


K = EventKind
STYLES: Final[dict[EventKind, EventStyle]] = {
    K.MULLIGAN: EventStyle(N_("{who} swaps {cards}")),
    K.MULLIGAN_DRAW: EventStyle(
        Np_("{who} draws {n} replacement card", "{who} draws {n} replacement cards"),
        barrier=True,
    ),
    K.TURN: EventStyle(N_("— {who}'s turn (round {round}) —"), seconds=0.35),
    K.PHASE: EventStyle(N_("{who}: phase {phase}"), logged=False),
    K.COLLECT: EventStyle(
        N_("{who} collects {amount} from the bank"),
        seconds=0.35,
        sound="coin",
        place=Place.FROM_BANK,
        seat_coins=("income", 1),
    ),
    K.OPEN: EventStyle(
        N_("{who} opens {cards} for {amount}"), seconds=0.25, sound="card", place=Place.TO_BANK
    ),
    K.MOVE: EventStyle(N_("{who} moves {cards}")),
    K.DISCARD: EventStyle(N_("{who} discards {cards}"), sound="card"),
    K.HIDEOUT_MOVE: EventStyle(
        N_("{who} moves the Hideout under {cards}"),
        seconds=0.6,  # playtest: moving it under a Business showed no change
        banner=True,
        place=Place.BOARD,
        picture=Picture.FLASH,
    ),
    K.DRAW: EventStyle(
        Np_("{who} draws {n} card for {amount}", "{who} draws {n} cards for {amount}"),
        sound="card",
        barrier=True,
    ),
    K.RESHUFFLE: EventStyle(N_("The discard pile is shuffled into a new deck"), barrier=True),
    K.ATTACK_DECLARED: EventStyle(
        N_("{who} attacks {cards} with strength {amount}"),
        seconds=0.8,
        banner=True,
        tip="attack",
        place=Place.ATTACK,
        concerns=Concerns.TARGET,
        picture=Picture.ARROW,
    ),
    K.ATTACK_STOPPED: EventStyle(
        N_("The Police stop the attack of {who}"), seconds=0.8, sound="siren", banner=True
    ),
    K.DAMAGE: EventStyle(
        N_("{cards} takes {amount} damage"),
        seconds=0.7,
        banner=True,
        place=Place.STRUCK,
        picture=Picture.HIT,
    ),
    K.BREACH: EventStyle(
        N_("The Hideout defence of {who} is broken"),
        seconds=0.7,
        banner=True,
        place=Place.STRUCK,
        concerns=Concerns.SEAT,
        loss=True,
        picture=Picture.FLASH,
    ),
    K.HOLD: EventStyle(
        N_("The Hideout of {who} holds"), seconds=0.7, banner=True, concerns=Concerns.SEAT
    ),
    K.KILL: EventStyle(
        N_("{cards} of {who} is killed"),
        seconds=0.55,
        sound="gunshot",
        banner=True,
        place=Place.CARD,
        concerns=Concerns.SEAT,
        loss=True,
        picture=Picture.GHOST,
    ),
    K.DESTROY: EventStyle(
        N_("{cards} of {who} is destroyed"),
        seconds=0.7,
        sound="gunshot",
        banner=True,
        place=Place.CARD,
        concerns=Concerns.SEAT,
        loss=True,
        picture=Picture.GHOST,
    ),
    K.HIDDEN: EventStyle(
        Np_("{who}: {cards} goes into hiding", "{who}: {cards} go into hiding"),
        seconds=0.4,
        banner=True,
        tip="hidden",
        concerns=Concerns.SEAT,
    ),
    K.PAY: EventStyle(
        N_("{who} pays {amount} to {target}"),
        seconds=0.6,
        sound="coin",
        banner=True,
        place=Place.PAYMENT,
        concerns=Concerns.BOTH,
        seat_coins=("paid", -1),
        target_coins=("received", 1),
    ),
    K.RANSOM: EventStyle(
        N_("Ransom for the Hideout of {who}: {amount}"),
        seconds=0.7,
        sound="coin",
        banner=True,
        tip="ransom",
        concerns=Concerns.SEAT,
        loss=True,
    ),
    K.DIE: EventStyle(
        N_("{who} rolls {amount}"),
        seconds=0.75,
        sound="dice",
        barrier=True,
        place=Place.DICE,
        picture=Picture.DIE,
    ),
    K.TROPHY: EventStyle(
        N_("{who} takes a Hideout as a trophy"),
        seconds=0.6,
        banner=True,
        concerns=Concerns.TARGET,
        loss=True,
    ),
    K.ELIMINATE: EventStyle(
        N_("{who} is out of the game"),
        seconds=1.2,
        banner=True,
        place=Place.SEAT,
        concerns=Concerns.SEAT,
        loss=True,
        picture=Picture.FLASH,
    ),
    K.REACT: EventStyle(N_("{who} plays {cards}"), seconds=0.6, banner=True),
    K.CANCELLED: EventStyle(
        N_("{cards} is cancelled by a Bribe"), seconds=0.6, banner=True, concerns=Concerns.SEAT
    ),
    K.DRIVEBY: EventStyle(
        N_("Drive-by on {cards}: {amount} damage"),
        seconds=0.8,
        sound="gunshot",
        banner=True,
        tip="drive_by",
        place=Place.STRUCK,
        concerns=Concerns.SEAT,
        loss=True,
        picture=Picture.HIT,
    ),
    K.TURNCOAT_TAKE: EventStyle(
        N_("{who} takes {cards} with a Turncoat"),
        seconds=0.6,
        banner=True,
        barrier=True,
        place=Place.CARD,
        concerns=Concerns.TARGET,
        loss=True,
        picture=Picture.GHOST,
    ),
    K.FIZZLE: EventStyle(N_("{cards} of {who} has nothing left to act on")),
    K.POKER_ANTE: EventStyle(
        N_("{who} puts {amount} in the Poker Night pot"),
        seconds=0.25,
        place=Place.TO_BANK,
        seat_coins=("poker", -1),
    ),
    K.POKER_WIN: EventStyle(
        N_("{who} wins the Poker Night pot of {amount}"),
        seconds=0.8,
        sound="coin",
        banner=True,
        place=Place.FROM_BANK,
        seat_coins=("poker", 1),
    ),
    K.BOX: EventStyle(N_("{cards} goes back to the box")),
    K.COUNTDOWN: EventStyle(
        N_("The countdown starts; {who} keeps it"), seconds=0.8, banner=True, tip="countdown"
    ),
    K.KEEPER: EventStyle(N_("{who} takes over the countdown")),
    K.TOKEN: EventStyle(
        N_("{who} takes countdown token {amount}"), seconds=0.7, banner=True, tip="token"
    ),
    K.WINDOW_OPENED: EventStyle(N_("Reactions may be played"), logged=False),
    K.WINDOW_CLOSED: EventStyle(N_("No more reactions"), logged=False),
    K.WIN: EventStyle(N_("{who} wins ({method})"), seconds=1.0, banner=True),
    K.GAME_OVER: EventStyle(N_("Game over ({method})")),
}


def missing_kinds() -> list[str]:
    """The event kinds `STYLES` leaves out (a test keeps this empty)."""
    return sorted(k.value for k in EventKind if k not in STYLES)


# The kinds no undo goes past, as a set for history.rebuild (drawn from the rows above).
BARRIERS: Final[frozenset[str]] = frozenset(k.value for k, s in STYLES.items() if s.barrier)
