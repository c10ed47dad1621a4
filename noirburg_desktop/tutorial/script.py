"""The guided first game as data: the start position and the steps.

The story is fixed: a 3-player game (you, Vito, Lucia) from a dealt position whose
hands and draws are arranged (cards swapped between hands and deck, then the deck
stacked) and whose two dice are forced, so every step finds the table as its text
says. Each step names the one action of the learner that completes it; `solve`
gives that action for the current position, which is also what the coach outlines
(and what the tests play). Every action still goes through `engine.apply`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import engine
from engine import GameOptions, GameState, Phase
from engine.actions import (
    Action,
    AddAttacker,
    DiscardGangster,
    Draw,
    EndPhase,
    LaunchAttack,
    MoveGangster,
    Mulligan,
    OpenCard,
    Pass,
    PlayBribe,
    PlayDriveBy,
    StartAttack,
    StopAttack,
)
from engine.cards import KIND, VALUE, Kind
from engine.predict import declared_attack

YOU, VITO, LUCIA = 0, 1, 2
SEED = 1914
# The dice the story needs, in order: the Drive-by's 5, then the ransom's 6.
DICE = (5, 6)

Want = tuple[Kind, int]
G1, G2, G3 = (Kind.GANGSTER, 1), (Kind.GANGSTER, 2), (Kind.GANGSTER, 3)
STILL, BOOT, SPEAK, CASINO = (
    (Kind.BUSINESS, 1),
    (Kind.BUSINESS, 2),
    (Kind.BUSINESS, 3),
    (Kind.BUSINESS, 4),
)
POLICE, BRIBE, DRIVE_BY, POKER = (
    (Kind.POLICE, 0),
    (Kind.BRIBE, 0),
    (Kind.DRIVE_BY, 0),
    (Kind.POKER_NIGHT, 0),
)

HANDS: dict[int, tuple[Want, ...]] = {
    YOU: (SPEAK, G2, STILL, G1, G3, POKER),
    VITO: (BOOT, STILL, POLICE, G1, G2, STILL),
    LUCIA: (BOOT, G1, G1, G2, STILL, SPEAK),
}
# Deck top, first drawn first: your swap, your first draw, your second draw (3).
DRAWS: tuple[Want, ...] = (BRIBE, DRIVE_BY, G1, CASINO, G2)


def _is(card: int, want: Want) -> bool:
    return KIND[card] == want[0] and (
        want[0] != Kind.GANGSTER and want[0] != Kind.BUSINESS or VALUE[card] == want[1]
    )


def start_state() -> GameState:
    """The deal of the guided game: seeded, then arranged, then checked by the engine."""
    st = engine.new_game(GameOptions(players=3, seed=SEED, money_victory=False, first_player=YOU))
    for seat, wants in HANDS.items():
        hand = st.seats[seat].hand
        keep: list[int] = []
        for want in wants:
            got = next((c for c in hand if c not in keep and _is(c, want)), None)
            if got is None:
                got = next(c for c in st.deck if _is(c, want))
                st.deck[st.deck.index(got)] = -1  # a hole for a card leaving the hand
            keep.append(got)
        spare = [c for c in hand if c not in keep]
        for i, c in enumerate(st.deck):
            if c == -1:
                st.deck[i] = spare.pop()
        hand[:] = keep
    chosen: list[int] = []
    for want in DRAWS:
        chosen.append(next(c for c in reversed(st.deck) if c not in chosen and _is(c, want)))
    st.stack_deck(*chosen)
    st.force_dice(*DICE)
    return engine.load_state(engine.to_json(st))  # the engine's own checks (§5 invariants)


# --- finding cards in a position ------------------------------------------------------


def in_hand(st: GameState, seat: int, want: Want) -> int | None:
    return next((c for c in st.seats[seat].hand if _is(c, want)), None)


def building(st: GameState, seat: int, want: Want) -> int | None:
    s = st.seats[seat]
    if want[0] == Kind.HIDEOUT:
        return s.hideout
    return next((b for b in s.buildings if b != s.hideout and _is(b, want)), None)


def gangster(st: GameState, seat: int, want: Want) -> int | None:
    s = st.seats[seat]
    for gs in s.buildings.values():
        for g in gs:
            if _is(g, want):
                return g
    return next((g for g in s.hidden if _is(g, want)), None)


HIDEOUT: Want = (Kind.HIDEOUT, 3)

# --- steps ----------------------------------------------------------------------------

Solver = Callable[[GameState], Action | None]


@dataclass(frozen=True)
class Step:
    """One thing the learner does. `key` is the coach text while it is the learner's
    move; `wait` the text while others play before it. `solve` gives the action for
    the position (None if the table is not there yet); the step is done when the
    learner plays an action equal to it, or (`free`) any action of its class."""

    name: str
    solve: Solver
    wait: str = "tut.wait"
    free: bool = False
    show: Callable[[GameState], list[int]] | None = None  # more cards to outline


def _show(seat: int, want: Want) -> Callable[[GameState], list[int]]:
    """Outline a gangster too (an attack is one drag: the gangster onto the target)."""
    return lambda st: [g for g in (gangster(st, seat, want),) if g is not None]


def _end(phase: Phase) -> Solver:
    return lambda st: EndPhase() if st.phase is phase and st.window is None else None


def _need(x: int | None) -> int:
    if x is None:
        raise LookupError("the position is not the script's")
    return x


def _mulligan(st: GameState) -> Action | None:
    return Mulligan((_need(in_hand(st, YOU, POKER)),)) if st.phase is Phase.MULLIGAN else None


def _open(want: Want, on: Callable[[GameState], int | None] | None) -> Solver:
    def solve(st: GameState) -> Action | None:
        if st.phase is not Phase.OPEN:
            return None
        where = on(st) if on is not None else None
        return OpenCard(_need(in_hand(st, YOU, want)), where)

    return solve


def _move(want: Want, to: Want) -> Solver:
    def solve(st: GameState) -> Action | None:
        if st.phase is not Phase.MOVE:
            return None
        return MoveGangster(_need(gangster(st, YOU, want)), _need(building(st, YOU, to)))

    return solve


def _target(seat: int, want: Want) -> Solver:
    def solve(st: GameState) -> Action | None:
        if st.phase is not Phase.ATTACK or st.window is not None:
            return None
        return StartAttack(_need(building(st, seat, want)))

    return solve


def _attacker(want: Want) -> Solver:
    def solve(st: GameState) -> Action | None:
        if st.attack_target is None:
            return None
        return AddAttacker(_need(gangster(st, YOU, want)))

    return solve


def _launch(st: GameState) -> Action | None:
    return LaunchAttack() if st.attack_target is not None else None


def _bribe(st: GameState) -> Action | None:
    if st.window is None or st.to_act != YOU:
        return None
    return PlayBribe(_need(in_hand(st, YOU, BRIBE)))


def _drive_by(st: GameState) -> Action | None:
    if st.phase is not Phase.ATTACK or st.window is not None or st.active != YOU:
        return None
    return PlayDriveBy((_need(in_hand(st, YOU, DRIVE_BY)),), _need(st.seats[LUCIA].top))


def _draw(n: int) -> Solver:
    return lambda st: Draw(n) if st.phase is Phase.DRAW and st.window is None else None


def _lucia_hideout(st: GameState) -> Action | None:
    if st.phase is not Phase.ATTACK or st.window is not None:
        return None
    return StartAttack(_need(st.seats[LUCIA].hideout))


def _any_end(st: GameState) -> Action | None:
    return EndPhase() if st.window is None and st.active == YOU else None


def _my_hideout(st: GameState) -> int | None:
    return st.seats[YOU].hideout


def _my(want: Want) -> Callable[[GameState], int | None]:
    return lambda st: building(st, YOU, want)


STEPS: tuple[Step, ...] = (
    Step("swap", _mulligan, wait="tut.wait_deal"),
    Step("open_top", _open(SPEAK, _my_hideout), wait="tut.wait_swaps"),
    Step("open_g2", _open(G2, _my(SPEAK))),
    Step("open_still", _open(STILL, None)),
    Step("open_g1", _open(G1, _my(STILL))),
    Step("discard", _end(Phase.DISCARD)),
    Step("draw1", _draw(1)),
    Step("move", _move(G1, SPEAK), wait="tut.wait_round1"),
    Step("end_move", _end(Phase.MOVE)),
    Step("attack", _target(VITO, STILL), show=_show(YOU, G2)),
    Step("attack_add", _attacker(G2)),
    Step("launch", _launch),
    Step("bribe", _bribe, wait="tut.wait_police"),
    Step("drive_by", _drive_by, wait="tut.wait_attack"),
    Step("end_attack", _end(Phase.ATTACK), wait="tut.wait_drive_by"),
    Step("open_g3", _open(G3, _my_hideout)),
    Step("hideout", _end(Phase.HIDEOUT)),
    Step("draw3", _draw(3)),
    Step("return", _move(G2, SPEAK), wait="tut.wait_round2"),
    Step("end_move2", _end(Phase.MOVE)),
    Step("raid", _lucia_hideout, show=_show(YOU, G3)),
    Step("raid_add3", _attacker(G3)),
    Step("raid_add1", _attacker(G1)),
    Step("raid_launch", _launch),
    Step("countdown", _any_end, wait="tut.wait_ransom", free=True),
)

# --- the opponents' fixed moves -------------------------------------------------------

Script = Callable[[GameState], Action | None]


def _first_turn(st: GameState, seat: int) -> bool:
    return st.first_round and st.phase is Phase.OPEN and st.active == seat and st.window is None


def _opp_top(seat: int) -> Script:
    """Open the Bootlegger on the Hideout (R-OPEN-4), in the first round."""

    def move(st: GameState) -> Action | None:
        card = in_hand(st, seat, BOOT)
        if not _first_turn(st, seat) or card is None or st.seats[seat].top is not None:
            return None
        return OpenCard(card, st.seats[seat].hideout)

    return move


def _vito_still(st: GameState) -> Action | None:
    card = in_hand(st, VITO, STILL)
    if not _first_turn(st, VITO) or card is None or building(st, VITO, STILL) is not None:
        return None
    return OpenCard(card, None)


def _lucia_guard(st: GameState) -> Action | None:
    card, top = in_hand(st, LUCIA, G1), st.seats[LUCIA].top
    if not _first_turn(st, LUCIA) or card is None or top is None:
        return None
    return None if st.seats[LUCIA].buildings.get(top) else OpenCard(card, top)


def _vito_police(st: GameState) -> Action | None:
    card = in_hand(st, VITO, POLICE)
    if card is None or st.window is None or st.to_act != VITO:
        return None
    return StopAttack(card) if declared_attack(st) is not None else None


def opponent_move(st: GameState, seat: int, legal: list[Action]) -> Action:
    """What a scripted opponent plays now (from its own view `st`): its first scripted
    move that fits the position and is legal, else the quiet choice (keep the hand,
    pass, end the phase)."""
    for move in OPPONENTS.get(seat, ()):
        a = move(st)
        if a is not None and engine.canonical(st, a) in legal:
            return engine.canonical(st, a)
    return quiet_move(legal)


def quiet_move(legal: list[Action]) -> Action:
    """Keep the hand, pass, end the phase; a HIDDEN gangster with no room goes to the
    discard pile (R-MOVE-2). The opponents' default, and the learner's in the fast end."""
    for quiet in (Mulligan(()), Pass(), EndPhase()):
        if quiet in legal:
            return quiet
    return next((a for a in legal if isinstance(a, DiscardGangster)), legal[0])


OPPONENTS: dict[int, tuple[Script, ...]] = {
    VITO: (_opp_top(VITO), _vito_still, _vito_police),
    LUCIA: (_opp_top(LUCIA), _lucia_guard),
}
