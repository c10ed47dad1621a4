"""Fight forecasts for the table: what an attack would do if nobody reacts.

The table shows "strength 5 vs defence 3 → destroyed, you take 2" while a
player assembles an attack, and how exposed each Hideout is. Both run the
engine's own resolution (`combat.resolve_attack`) on a copy of the state and
read its events, so a forecast never disagrees with the rules it forecasts.
Reactions (Police, Drive-by, ...) are not foreseen: the forecast is the fight
as it stands. The only chance in a fight is the ransom die (R-HIDE-ATK-5), so
a breach reports the ransom's whole range.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import combat
from engine.actions import Action
from engine.cards import VALUE
from engine.errors import IllegalAction
from engine.events import Event
from engine.flow import apply
from engine.state import GameState, PendingAttack


@dataclass(frozen=True, slots=True)
class AttackForecast:
    """An attack by `attacker` on `target` (owned by `owner`), if nobody reacts."""

    attacker: int
    owner: int
    target: int
    hideout: bool  # the whole Hideout stack (R-HIDE-ATK-1)
    strength: int  # the attackers' total (R-ATK-4)
    defence: int  # what `strength` must reach: R-ATK-8, or the stack's sum R-HIDE-ATK-4
    damage_back: int  # what the attackers take (R-ATK-7, R-HIDE-ATK-6)
    success: bool  # Business destroyed / Hideout breached
    attackers_lost: tuple[int, ...]
    defenders_lost: tuple[int, ...]
    paid: int  # a destroyed Business's income actually paid (R-ATK-9)
    ransom: tuple[int, int] | None  # a breach: lowest and highest ransom (die 1..6)
    owner_money: int
    knockout: str  # "no", "maybe" (some die rolls) or "yes": the owner cannot pay

    @property
    def short(self) -> bool:
        """The attack falls short of the defence."""
        return not self.success


def declared_attack(state: GameState) -> tuple[int, tuple[int, ...]] | None:
    """The attack declared and waiting on reactions, as the table outlines it: its
    target and its gangsters (in transit, I-TRANSIT); None when there is none."""
    frame = state.pending(PendingAttack)
    if frame is None:
        return None
    return frame.target, tuple(frame.gangsters)


def forecast_attack(
    state: GameState, attacker: int, target: int, gangsters: tuple[int, ...] | list[int]
) -> AttackForecast | None:
    """The fight `attacker`'s `gangsters` would have at `target` (None: no owner)."""
    owner = defender(state, attacker, target)
    if owner is None:
        return None
    return forecast_against(state, attacker, owner, target, gangsters)


def defender(state: GameState, attacker: int, target: int) -> int | None:
    """The seat that defends building `target` against `attacker`: its owner, or
    None when nobody owns it or it is the attacker's own (no fight)."""
    owner = state.owner_of(target)
    if owner is None or owner == attacker:
        return None
    return owner


def forecast_against(
    state: GameState,
    attacker: int,
    owner: int,
    target: int,
    gangsters: tuple[int, ...] | list[int],
) -> AttackForecast:
    """`forecast_attack` once the defender is known (`defender`)."""
    hideout = target == state.seats[owner].hideout
    return _run(state, attacker, owner, target, hideout, tuple(gangsters))


def money_victory_need(state: GameState) -> int | None:
    """R-END-MONEY-1: the coins that win at the end of one's own turn (more than half
    of the money in play), or None when the game is played without the money victory."""
    if not state.options.money_victory:
        return None
    return state.money_in_play // 2 + 1


@dataclass(frozen=True, slots=True)
class HideoutDanger:
    """How exposed `seat`'s Hideout is to the strongest opponent next turn."""

    seat: int
    defence: int
    threat: int  # the strongest total one opponent has (standing and HIDDEN gangsters)
    threat_seat: int | None
    breach: bool  # that opponent could break the defence
    ransom: tuple[int, int]  # ransom range if breached (die 1..6, + the Business on top)
    money: int
    knockout: str  # "no", "maybe", "yes": could that breach put the seat out

    @property
    def hold_need(self) -> int:
        """I-BREACH (strength at least the defence breaks it): the defence to add so that
        the strongest opponent falls short; 0 when it already does."""
        return max(0, self.threat - self.defence + 1) if self.threat_seat is not None else 0

    @property
    def ruin_rolls(self) -> int:
        """Of the six ransom rolls (R-HIDE-ATK-5), how many the seat could not pay
        (R-HIDE-ATK-7: it would be out); 0 without a breach."""
        if not self.breach:
            return 0
        return max(0, min(6, self.ransom[1] - self.money))


def danger_after(state: GameState, seat: int, action: Action) -> HideoutDanger | None:
    """`hideout_danger` for `seat` once `action` is played (on a copy); None when the
    engine refuses the action or `seat` has no Hideout after it."""
    after = state.clone()
    try:
        apply(after, action)
    except IllegalAction:
        return None
    return hideout_danger(after, seat)


def safer_choice(
    state: GameState, seat: int, action: Action, legal: list[Action]
) -> tuple[Action, HideoutDanger] | None:
    """Among `legal` (the moves `seat` has now), the one that leaves its Hideout least
    likely to cost the game, if it is safer than `action` by this same measure: fewer
    ransom rolls it could not pay (R-HIDE-ATK-7), then no breach at all (I-BREACH),
    then a lower top ransom (R-HIDE-ATK-5: a Business on top adds its value), then more
    coins kept. None when nothing is strictly safer (or `action` leaves nothing to
    fear): a choice that only trades one ransom for a higher one is never suggested."""
    base = danger_after(state, seat, action)
    if base is None:
        return None
    best: tuple[tuple[int, bool, int, int], Action, HideoutDanger] | None = None
    for a in legal:
        if a == action:
            continue
        d = danger_after(state, seat, a)
        if d is None:
            continue
        key = _danger_key(d)
        if best is None or key < best[0]:
            best = (key, a, d)
    if best is None or best[0][:3] >= _danger_key(base)[:3]:
        return None
    return best[1], best[2]


def _danger_key(d: HideoutDanger) -> tuple[int, bool, int, int]:
    """Smaller is safer: unpayable rolls, a breach, the top ransom, coins kept."""
    return (d.ruin_rolls, d.breach, d.ransom[1] if d.breach else 0, -d.money)


def hideout_danger(state: GameState, seat: int) -> HideoutDanger | None:
    """The strongest attack any living opponent could bring on `seat`'s Hideout,
    counting the gangsters they have HIDDEN (back on the table in their phase B)."""
    me = state.seats[seat]
    if not me.alive or me.hideout is None:
        return None
    best: tuple[int, int] | None = None
    for i, s in enumerate(state.seats):
        if i == seat or not s.alive:
            continue
        total = sum(VALUE[g] for gs in s.buildings.values() for g in gs) + sum(
            VALUE[g] for g in s.hidden
        )
        if total and (best is None or total > best[1]):
            best = (i, total)
    if best is None:
        f = _run(state, None, seat, me.hideout, True, ())
        return HideoutDanger(
            seat, f.defence, 0, None, False, _ransom_range(state, seat), me.money, "no"
        )
    opp, total = best
    f = _run(state, opp, seat, me.hideout, True, None)
    lo_hi = f.ransom if f.ransom is not None else _ransom_range(state, seat)
    return HideoutDanger(seat, f.defence, total, opp, f.success, lo_hi, me.money, f.knockout)


# --- the simulation ------------------------------------------------------------------------


def _run(
    state: GameState,
    attacker: int | None,
    owner: int,
    target: int,
    hideout: bool,
    gangsters: tuple[int, ...] | None,
) -> AttackForecast:
    """Resolve on a copy. `gangsters=None`: every gangster the attacker has, HIDDEN
    ones stood up first; `attacker=None`: nobody attacks (just read the defence)."""
    s = state.clone()
    s.stack = []
    a = attacker if attacker is not None else owner
    if attacker is None:
        gangsters = ()
    elif gangsters is None:
        aseat = s.seats[attacker]
        if aseat.hidden and aseat.hideout is not None:
            h = aseat.hideout
            aseat.buildings[h] = aseat.buildings[h] + tuple(aseat.hidden)
            aseat.hidden = []
        gangsters = tuple(g for gs in aseat.buildings.values() for g in gs)
    strength = sum(VALUE[g] for g in gangsters)
    defence, back = _defence(state, owner, target, hideout)
    money = state.seats[owner].money
    if not gangsters:
        return AttackForecast(
            a, owner, target, hideout, 0, defence, back, False, (), (), 0, None, money, "no"
        )
    for g in gangsters:  # I-TRANSIT: declared attackers leave their buildings (attack._launch)
        combat.remove_gangster(s, a, g)
    ev: list[Event] = []
    combat.resolve_attack(s, PendingAttack(a, target, hideout, gangsters), ev)
    lost_a = tuple(g for e in ev if e.kind == "kill" and e.seat == a for g in e.cards)
    lost_d = tuple(g for e in ev if e.kind == "kill" and e.seat == owner for g in e.cards)
    success = any(e.kind in ("breach", "destroy") and e.seat == owner for e in ev)
    paid = sum(e.amount for e in ev if e.kind == "pay" and e.seat == owner and not hideout)
    ransom = None
    knockout = "no"
    if hideout and success:
        die = next(e.amount for e in ev if e.kind == "die")
        owed = next(e.amount for e in ev if e.kind == "ransom")
        ransom = (owed - die + 1, owed - die + 6)
        knockout = "yes" if money < ransom[0] else ("maybe" if money < ransom[1] else "no")
    return AttackForecast(
        a,
        owner,
        target,
        hideout,
        strength,
        defence,
        back,
        success,
        lost_a,
        lost_d,
        paid,
        ransom,
        money,
        knockout,
    )


def _defence(state: GameState, owner: int, target: int, hideout: bool) -> tuple[int, int]:
    """(what the attack must reach, what the defenders deal back), read from the
    engine's own fight: a Hideout's "hold"/"breach" event carries its defence; a
    Business falls at its defenders' strength plus its income (R-ATK-8)."""
    seat = state.seats[owner]
    if not hideout:
        back = seat.load(target)
        return back + VALUE[target], back
    s = state.clone()
    s.stack = []
    ev: list[Event] = []
    probe = (owner + 1) % state.n
    combat._hideout_attack(s, probe, owner, [], ev)
    defence = next(e.amount for e in ev if e.kind in ("hold", "breach"))
    top = seat.top
    back = defence - (VALUE[top] if top is not None else 0)
    return defence, back


def _ransom_range(state: GameState, owner: int) -> tuple[int, int]:
    top = state.seats[owner].top
    extra = VALUE[top] if top is not None else 0
    return (1 + extra, 6 + extra)


@dataclass(frozen=True, slots=True)
class Homecoming:
    """Where `seat`'s attackers go after the fight (the hidden-gangster trap).

    Attackers that survive become HIDDEN and come back in their owner's next phase B
    onto Businesses only, never onto the Hideout (R-MOVE-2, I-MOVE-HIDEOUT); those no
    Business has room for are discarded. A newcomer who attacks with the Hideout's
    gangsters while every Business is full loses them without a fight.
    """

    seat: int
    from_hideout: tuple[int, ...]  # attackers leaving the Hideout for good (I-MOVE-HIDEOUT)
    stranded: tuple[int, ...]  # returning gangsters no Business can take (R-MOVE-2)
    room: int  # free strength on the Businesses once the attackers have left


def homecoming(state: GameState, seat: int, attackers: tuple[int, ...] | list[int]) -> Homecoming:
    """What happens to `attackers` (gangsters of `seat` expected to survive the fight,
    e.g. those a forecast does not lose) and to `seat`'s HIDDEN gangsters in its next
    phase B, if its table stays as it is: the arrangement that brings the most of them
    back (then the most strength) onto the room its Businesses have once the attackers
    are gone. The player may still discard a standing gangster to make room
    (I-MOVE-FREE); `stranded` is what is lost without doing so."""
    s = state.seats[seat]
    going = set(attackers)
    free: list[int] = []
    from_hideout: list[int] = []
    for b, gs in s.buildings.items():
        if b == s.hideout:
            from_hideout += [g for g in gs if g in going]
            continue
        free.append(s.capacity(b) - sum(VALUE[g] for g in gs if g not in going))
    returning = list(attackers)
    returning += [g for g in s.hidden if g not in going]
    placed = _best_placement(sorted(returning, key=lambda g: -VALUE[g]), free)
    stranded = tuple(g for g in returning if g not in placed)
    return Homecoming(seat, tuple(from_hideout), stranded, sum(max(0, r) for r in free))


def _best_placement(gangsters: list[int], free: list[int]) -> set[int]:
    """The most gangsters (then the most strength) that fit in the bins `free`
    (a search: a seat has a handful of Businesses and returning gangsters)."""
    room = [max(0, r) for r in free]
    return set(_place(gangsters, 0, room, [], (0, 0, []))[2])


def _place(
    gangsters: list[int],
    i: int,
    room: list[int],
    chosen: list[int],
    best: tuple[int, int, list[int]],
) -> tuple[int, int, list[int]]:
    if i == len(gangsters):
        count, strength = len(chosen), sum(VALUE[g] for g in chosen)
        if (count, strength) > (best[0], best[1]):
            return count, strength, chosen[:]
        return best
    if len(chosen) + len(gangsters) - i < best[0]:
        return best  # cannot beat the best count any more
    g = gangsters[i]
    tried: set[int] = set()
    for j in range(len(room)):
        r = room[j]
        if r >= VALUE[g] and r not in tried:  # bins with equal room are alike
            tried.add(r)
            room[j] -= VALUE[g]
            chosen.append(g)
            best = _place(gangsters, i + 1, room, chosen, best)
            chosen.pop()
            room[j] += VALUE[g]
    return _place(gangsters, i + 1, room, chosen, best)
