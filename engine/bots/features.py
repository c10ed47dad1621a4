"""Evaluation: what a seat's position is worth, in score points.

Everything here reads a state as one seat sees it (hidden cards are UNKNOWN,
-1) and is shared by every level: the heuristics rank moves with it and the
search scores the positions its rollouts reach. Score points are the unit
(R-END-SCORE: a coin, a card's number and a tenth of a trophy all weigh 1).
"""

from __future__ import annotations

import math
from typing import Final

from engine.cards import HIDEOUT_INCOME, KIND, N_CARDS, VALUE, Kind
from engine.state import COUNTDOWN_TOKENS, GameState, SeatState

TROPHY: Final = 10  # R-END-SCORE-1
ELIM_BONUS: Final = 8.0  # beyond the trophy: one rival fewer, and half-way to a war win
TEMPERATURE: Final = 6.0  # score points that make one seat e times likelier to win
# `calibrated_share`'s temperature is this times (1 + rounds left): fitted by maximum
# likelihood to who won Normal self-play games (3-5 seats) from every turn's start
# (11,000 games first; `noirburg_sim.calibrate --games 10000` gives 5.67); TEMPERATURE's
# 6 is about that fit with under a round left.
CALIBRATED_TEMPERATURE: Final = 5.6

# What a card in hand is worth before it is played (a rough average of its uses).
_REACTION_VALUE: Final = {
    Kind.POLICE: 2.5,
    Kind.BRIBE: 1.0,
    Kind.DRIVE_BY: 2.0,
    Kind.TURNCOAT: 2.5,
    Kind.POKER_NIGHT: 2.0,
}

# P(sum of k d6 >= need), k = 0..5, need = 0..31 (Drive-bys, R-DRIVEBY-1/2).
_DICE_AT_LEAST: Final[list[list[float]]] = []


def _build_dice_table() -> None:
    dist = [1.0]  # distribution of the sum of k dice
    for _k in range(6):
        tail = [sum(dist[s] for s in range(n, len(dist))) for n in range(32)]
        _DICE_AT_LEAST.append([min(1.0, t) for t in tail])
        nxt = [0.0] * (len(dist) + 6)
        for s, p in enumerate(dist):
            if p:
                for r in range(1, 7):
                    nxt[s + r] += p / 6
        dist = nxt


_build_dice_table()


def dice_at_least(k: int, need: int) -> float:
    """P(k six-sided dice sum to at least `need`)."""
    if need <= 0:
        return 1.0
    if need > 31:
        return 0.0
    return _DICE_AT_LEAST[min(k, 5)][need]


# --- per-seat facts ----------------------------------------------------------------------


def income(s: SeatState) -> int:
    """R-COLLECT-1: what the seat collects at its next phase A."""
    if not s.alive:
        return 0
    return HIDEOUT_INCOME + sum(VALUE[b] for b in s.buildings if b != s.hideout)


def table_points(s: SeatState) -> int:
    """R-END-SCORE-1/2 without the money: Hideout, opened cards, trophies."""
    if not s.alive:
        return TROPHY * len(s.trophies)
    pts = HIDEOUT_INCOME + TROPHY * len(s.trophies)
    for b, gs in s.buildings.items():
        if b != s.hideout:
            pts += VALUE[b]
        for g in gs:
            pts += VALUE[g]
    for g in s.hidden:
        pts += VALUE[g]
    return pts


def hideout_defence(s: SeatState) -> int:
    """R-HIDE-ATK-4: the sum of every number in the Hideout stack."""
    if s.hideout is None:
        return 0
    d = HIDEOUT_INCOME + s.load(s.hideout)
    if s.top is not None:
        d += VALUE[s.top] + s.load(s.top)
    return d


def muscle(s: SeatState) -> int:
    """The strength a seat can attack with on its next turn (HIDDEN ones come back)."""
    m = 0
    for gs in s.buildings.values():
        for g in gs:
            m += VALUE[g]
    for g in s.hidden:
        m += VALUE[g]
    return m


def has_casino(s: SeatState) -> bool:
    return any(VALUE[b] == 4 for b in s.buildings if b != s.hideout)


def rounds_left(state: GameState) -> float:
    """How many more turns each seat can expect (R-END-COUNT)."""
    if state.countdown_keeper is not None:
        return max(0.5, COUNTDOWN_TOKENS - state.countdown_tokens - 0.5)
    richest = -1  # max() over a generator: a list and a builtin call when compiled
    for s in state.seats:
        if s.alive and s.money > richest:
            richest = s.money
    if richest < 0:  # no living seat with money >= 0: max() as before (or its error)
        richest = max(s.money for s in state.seats if s.alive)
    third = -(-state.money_in_play // 3)  # math.ceil(money_in_play / 3), in integers
    return 4.0 + max(0.0, (third - richest) / 5.0)


def elimination_odds(money: int, top_value: int) -> float:
    """P(d6 + top > money): a breached Hideout whose owner cannot pay (R-HIDE-ATK-7)."""
    bad = 6 - (money - top_value)
    return min(6, max(0, bad)) / 6


def threat(state: GameState, seat_i: int) -> int:
    """The strongest attack any rival could bring against this seat next round."""
    best = 0
    for j, s in enumerate(state.seats):
        if j != seat_i and s.alive:
            m = muscle(s)
            if m > best:
                best = m
    return best


def threats(state: GameState) -> list[int]:
    """`threat` for every seat at once: each seat's muscle is counted one time."""
    m = [muscle(s) if s.alive else 0 for s in state.seats]
    out = []
    for i in range(len(m)):
        out.append(max((v for j, v in enumerate(m) if j != i), default=0))
    return out


def hand_card_value(c: int, s: SeatState) -> float:
    """What holding card `c` is worth to seat `s` (UNKNOWN cards: an average draw)."""
    if c < 0:
        return 2.2
    k = KIND[c]
    v = VALUE[c]
    if k == Kind.BUSINESS:
        return 2.0 + 1.2 * v
    if k == Kind.GANGSTER:
        if v == 4 and not has_casino(s):
            return 1.0
        return 1.5 + 0.6 * v
    return _REACTION_VALUE.get(k, 1.0)


def _hand_values(casino: bool) -> list[float]:
    """`hand_card_value` of every card for a seat with/without a Casino, then UNKNOWN."""
    seat = SeatState()
    if casino:
        big = next(c for c in range(N_CARDS) if KIND[c] == Kind.BUSINESS and VALUE[c] == 4)
        seat.buildings[big] = ()
    return [hand_card_value(c, seat) for c in range(N_CARDS)] + [hand_card_value(-1, seat)]


_HAND_VALUES: Final = (_hand_values(False), _hand_values(True))


def exposure(state: GameState, seat_i: int, danger: int | None = None) -> float:
    """Expected loss from rivals' attacks before this seat's next turn (`danger`:
    the seat's `threat`, when the caller already knows it)."""
    s = state.seats[seat_i]
    if not s.alive:
        return 0.0
    if danger is None:
        danger = threat(state, seat_i)
    return _exposure(s, danger, _Table(s))


class _Table:
    """What `seat_value` needs from a living seat's table, counted in one pass (the
    same integer sums as `muscle`, `table_points`, `income`, `hideout_defence`)."""

    __slots__ = ("muscle", "points", "income", "casino", "defence", "exposed")

    def __init__(self, s: SeatState) -> None:
        # ints, not `int | None`: compiled, comparing with an optional is a generic call
        hideout = -1 if s.hideout is None else s.hideout
        top = -1 if s.top is None else s.top
        muscle = 0
        businesses = 0  # the numbers of the Businesses (the Hideout excluded)
        casino = False
        defence = 0
        exposed: list[tuple[int, int]] = []  # (number, load) of the unshielded Businesses
        for b, gs in s.buildings.items():
            load = 0
            for g in gs:
                load += VALUE[g]
            muscle += load
            if b == hideout:
                defence += HIDEOUT_INCOME + load
                continue
            v = VALUE[b]
            businesses += v
            if v == 4:
                casino = True
            if b == top:
                defence += v + load
            else:
                exposed.append((v, load))
        for g in s.hidden:
            muscle += VALUE[g]
        self.muscle = muscle
        self.points = HIDEOUT_INCOME + TROPHY * len(s.trophies) + businesses + muscle
        self.income = HIDEOUT_INCOME + businesses
        self.casino = casino
        self.defence = defence if s.hideout is not None else 0
        self.exposed = exposed


def _exposure(s: SeatState, danger: int, t: _Table) -> float:
    if danger == 0:
        return 0.0
    cost = 0.0
    top_v = VALUE[s.top] if s.top is not None else 0
    if danger >= t.defence:
        p_elim = elimination_odds(s.money, top_v)
        stake = p_elim * (s.money + t.points + 12.0) + (1 - p_elim) * (3.5 + 2 * top_v)
        cost += 0.45 * stake
    for v, load in t.exposed:
        if danger >= load + v:
            cost += 0.25 * (2.5 * v)
    return cost


def seat_value(state: GameState, seat_i: int, rounds: float, danger: int | None = None) -> float:
    """Expected final score of a seat, roughly: points now, income to come, hand, risk."""
    s = state.seats[seat_i]
    if not s.alive:
        return TROPHY * len(s.trophies) - 20.0
    if danger is None:
        danger = threat(state, seat_i)
    return _seat_value(s, rounds, danger, _Table(s))


def _seat_value(s: SeatState, rounds: float, danger: int, t: _Table) -> float:
    val = float(s.money + t.points)
    val += 0.75 * t.income * rounds
    table = _HAND_VALUES[t.casino]
    hand = sum([table[c] for c in s.hand])  # c = -1 (UNKNOWN) reads the last entry
    val += hand * min(1.0, rounds / 3)
    val -= _exposure(s, danger, t)
    val += 4.0 * len(s.trophies)  # one more trophy wins a war (R-END-WAR-1)
    return val


def seat_values(state: GameState) -> list[float]:
    """`seat_value` of every seat, sharing the work (rounds left, each table counted
    once, the threats from the muscles) between them."""
    rounds = rounds_left(state)
    seats = state.seats
    tables = [_Table(s) if s.alive else None for s in seats]
    muscles = [t.muscle if t is not None else 0 for t in tables]
    out = []
    for i, s in enumerate(seats):
        t = tables[i]
        if t is None:
            out.append(TROPHY * len(s.trophies) - 20.0)
            continue
        danger = 0
        for j, m in enumerate(muscles):
            if j != i and m > danger:
                danger = m
        out.append(_seat_value(s, rounds, danger, t))
    return out


def win_share(state: GameState, seat_i: int) -> float:
    """A soft chance of winning: 1/0 when the game is over, else softmax of values."""
    return _share(state, seat_i, TEMPERATURE)


def calibrated_share(state: GameState, seat_i: int) -> float:
    """`win_share` at the temperature measured on self-play: the further the end, the
    less today's lead decides (`CALIBRATED_TEMPERATURE`)."""
    return _share(state, seat_i, CALIBRATED_TEMPERATURE * (1.0 + rounds_left(state)))


def _share(state: GameState, seat_i: int, temperature: float) -> float:
    if state.win_method is not None:
        if seat_i in state.winners:
            return 1.0 / len(state.winners)
        return 0.0
    values = seat_values(state)
    top = max(values)
    total = 0.0
    mine = 0.0
    for i, v in enumerate(values):
        if not state.seats[i].alive:
            continue
        e = math.exp((v - top) / temperature)
        total += e
        if i == seat_i:
            mine = e
    return mine / total if total else 0.0


def rival_weights(state: GameState, me: int) -> dict[int, float]:
    """How much hurting each living rival is worth to `me`: most when the rival
    leads. Every seat is valued once per call (this runs at most rollout steps)."""
    values = seat_values(state)
    rivals = [i for i, s in enumerate(state.seats) if s.alive and i != me]
    if not rivals:
        return {}
    bar = max([values[i] for i in rivals]) - 0.5
    return {i: 0.7 if values[i] >= bar else 0.35 for i in rivals}
