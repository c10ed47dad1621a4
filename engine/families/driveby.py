"""Drive-bys (R-DRIVEBY-1/2): one or more on any Business, the count fixed when
declared; more may join the one just declared before the dice are rolled."""

from __future__ import annotations

from typing import Final

from engine.actions import Action, JoinDriveBy, PlayDriveBy
from engine.cards import Kind
from engine.families.base import (
    Effect,
    Events,
    Family,
    Out,
    Reaction,
    below_window,
    drive_by_row,
    fail,
    mk,
    take_from_hand,
)
from engine.state import GameState, PendingDriveBy, WindowKind


def targets(state: GameState) -> list[int]:
    """R-DRIVEBY-1: every Business, your own included (never a Hideout, R-HIDE-2)."""
    out: list[int] = []
    for s in state.seats:
        if s.alive:
            hideout = s.hideout
            for b in s.buildings:
                if b != hideout:
                    out.append(b)
    return out


def has_target(state: GameState) -> bool:
    """bool(targets(state)) without building the list (asked in every window scan)."""
    for s in state.seats:
        if s.alive:
            hideout = s.hideout
            for b in s.buildings:
                if b != hideout:
                    return True
    return False


def _free(state: GameState, me: int, drives: list[int], below: object, out: Out) -> None:
    """R-DRIVEBY-1 with one or more of the Drive-bys in hand (the lowest ids first);
    not on the Business of a Drive-by just declared (more join it, R-DRIVEBY-2)."""
    skip = below.target if type(below) is PendingDriveBy else None
    if len(drives) == 1:  # the usual hand: one row, no comprehension
        rows = [drive_by_row((drives[0],))]
    else:
        drives = sorted(drives)
        rows = [drive_by_row(tuple(drives[:n])) for n in range(1, len(drives) + 1)]
    for b in targets(state):
        if b != skip:
            for row in rows:
                out.append(row[b])


def _join(state: GameState, me: int, in_hand: list[int], below: object, out: Out) -> None:
    """R-DRIVEBY-2: in the window of a Drive-by just declared, one or more of the
    Drive-bys in hand (the lowest ids first)."""
    if type(below) is PendingDriveBy:  # frame classes have no subclasses
        drives = sorted(in_hand)
        for k in range(1, len(drives) + 1):
            out.append(mk(JoinDriveBy, tuple(drives[:k])))


def _useful(state: GameState, me: int, below: object) -> bool:
    """Joins the one below (R-DRIVEBY-2), or any Business (R-DRIVEBY-1)."""
    return type(below) is PendingDriveBy or has_target(state)


def _tries(card: int, buildings: list[int], gangsters: list[int]) -> list[Action]:
    """One Drive-by on a rival's Business."""
    return [PlayDriveBy((card,), b) for b in buildings[:1]]


REACTION = Reaction(Kind.DRIVE_BY, _useful, _tries, answer=_join, free=_free)
REACTIONS = (REACTION,)  # the kinds this module plays (cards.FAMILY_MODULE)


def explain(state: GameState, me: int, a: PlayDriveBy | JoinDriveBy) -> None:
    below = below_window(state)
    if isinstance(a, JoinDriveBy):
        if not isinstance(below, PendingDriveBy):
            # a declared Drive-by is joined in its own window, before its dice; with
            # none waiting, the card is played on a Business instead (R-DRIVEBY-1)
            fail("R-DRIVEBY-2", "No Drive-by is waiting to be joined: play this one on a Business")
        return
    owner = state.owner_of(a.target)
    if owner is None:
        fail("R-DRIVEBY-1", "A Drive-by needs a Business on the table")
    assert owner is not None
    if a.target == state.seats[owner].hideout:
        fail("R-HIDE-2", "A Hideout cannot be the target of a Drive-by")
    if isinstance(below, PendingDriveBy) and below.target == a.target:
        fail("R-DRIVEBY-2", "A Drive-by is already on its way there: join it instead")


def _play(state: GameState, seat: int, a: PlayDriveBy, ev: Events) -> None:
    take_from_hand(state, seat, a.cards, ev)
    state.stack.append(PendingDriveBy(seat, a.target, a.cards))


def _play_join(state: GameState, seat: int, a: JoinDriveBy, ev: Events) -> None:
    take_from_hand(state, seat, a.cards, ev)
    d = state.stack[-2]  # under the Drive-by window, which closes; a new one opens
    assert isinstance(d, PendingDriveBy)
    state.stack[-2] = PendingDriveBy(d.player, d.target, d.cards + a.cards)


_WINDOW: Final = WindowKind.DRIVE_BY  # I-REACT-WINDOW (b)
# This family's own rules as the rules catalogue shows them (ID, title, text): the
# catalogue lists them in its Reactions section, in Kind order (engine/rules_catalogue.py).
RULES: Final[tuple[tuple[str, str, str], ...]] = (
    (
        "R-DRIVEBY-1",
        "Drive-by",
        "Targets any Business at all, yours too, never a Hideout. Each Drive-by rolls a "
        "die for damage, dealt to the weakest gangster first and then to the Business.",
    ),
    (
        "R-DRIVEBY-2",
        "Several Drive-bys",
        "Players may combine several Drive-bys on the same Business. The number is "
        "settled before any dice are rolled, and all the damage lands together.",
    ),
    (
        "R-DRIVEBY-3",
        "No loot",
        "A Business destroyed by Drive-by pays nobody.",
    ),
    (
        "I-DRIVEBY",
        "Drive-by on a Hideout stack",
        "A Drive-by may hit the Business sitting on a Hideout, but the Hideout and its "
        "gangsters are untouched. The Business falls when the damage reaches its "
        "gangsters' strength plus its income, as in R-ATK-8.",
    ),
)


FAMILY: Family = Family(
    {
        PlayDriveBy: Effect(_play, opens=_WINDOW, card=Kind.DRIVE_BY),
        JoinDriveBy: Effect(_play_join, opens=_WINDOW, answers=True, card=Kind.DRIVE_BY),
    },
    explain,
)
