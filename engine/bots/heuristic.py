"""The heuristic player behind Easy and Normal: one rule of thumb per decision kind.

It values income (Businesses first, the biggest it can pay for), defends the
Hideout (gangsters on it, a Business on top), punishes weak targets (attacks
planned by `tactics`), keeps money back for drawing and for a ransom (R-OPEN-6),
and answers reaction windows (Police, Bribe chains, Drive-by stacking). Easy is
the same player with fewer tricks and some noise.
"""

from __future__ import annotations

import random
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Final

from engine.actions import (
    Action,
    Discard,
    Draw,
    JoinDriveBy,
    MoveGangster,
    MoveHideout,
    Mulligan,
    OpenCard,
    PlayBribe,
    PlayDriveBy,
    PlayPokerNight,
    PlayPolice,
    PlayTurncoat,
    StopAttack,
)
from engine.bots.features import (
    dice_at_least,
    hand_card_value,
    hideout_defence,
    rival_weights,
    rounds_left,
    threat,
)
from engine.bots.tactics import AttackPlan, plan_attacks
from engine.cards import HIDEOUT_INCOME, KIND, VALUE, Kind
from engine.combat import weakest_first
from engine.families.base import (  # the interned actions: no dataclass built per choice
    ADD,
    CANCEL,
    DISCARD_GANGSTER,
    DRAW,
    END_PHASE,
    KEEP,
    LAUNCH,
    PASS,
    START,
)
from engine.legality import over_capacity
from engine.messages import CardRef
from engine.messages import msg as _msg
from engine.messages import msgn as _msgn
from engine.state import (
    GameState,
    PendingAttack,
    PendingCard,
    PendingDriveBy,
    PendingPolice,
    Phase,
    Window,
)
from engine.state import WindowKind as WK

Choice = tuple[Action, str]

# Reasons are for people. A search's rollouts ask Normal tens of thousands of times
# per decision and read no reason, so while QUIET is set (per thread: the app's
# hint stays worded while Hard thinks) the reasons are left unworded ("").
QUIET: Final[ContextVar[bool]] = ContextVar("noirburg_quiet_reasons", default=False)


def msg(template: str, **params: Any) -> str:
    """`engine.messages.msg`, or "" while QUIET."""
    return "" if QUIET.get() else _msg(template, **params)


def msgn(singular: str, plural: str, n: int, **params: Any) -> str:
    """`engine.messages.msgn`, or "" while QUIET."""
    return "" if QUIET.get() else _msgn(singular, plural, n, **params)


# Enum members read once: in Python 3.11 each `Phase.OPEN` costs a class-attribute
# lookup through the enum machinery, and Normal asks these at every rollout step.
# (Final, one a line: a constant unpacked from a tuple cannot be Final, and a compiled
# module reads a non-Final one from its globals dict at every use)
_MULLIGAN: Final = Phase.MULLIGAN
_MOVE: Final = Phase.MOVE
_ATTACK: Final = Phase.ATTACK
_OPEN: Final = Phase.OPEN
_HIDEOUT: Final = Phase.HIDEOUT
_DISCARD: Final = Phase.DISCARD
_TRICK_PHASES: Final = (_MOVE, _ATTACK, _OPEN)
_ATTACK_WINDOW: Final = WK.ATTACK
_POLICE_WINDOW: Final = WK.POLICE
_DRIVE_BY_WINDOW: Final = WK.DRIVE_BY
_BUSINESS: Final = Kind.BUSINESS
_TURNCOAT: Final = Kind.TURNCOAT


@dataclass(frozen=True, slots=True)
class Style:
    """The knobs that separate the levels."""

    noise: float = 0.0  # chance of a random legal move
    attack_bar: float = 1.0  # an attack must be worth this many points
    hideout_attacks: bool = True
    tricks: bool = True  # Police before an attack, Turncoat, Drive-by, Poker Night
    defends: bool = True  # Police to stop attacks, Bribes
    reserve: bool = True  # keeps money for a ransom and for drawing


NORMAL: Final = Style()
EASY: Final = Style(noise=0.1, attack_bar=3.0, hideout_attacks=False, tricks=False, reserve=False)


class HeuristicBot:
    level = "normal"

    def __init__(self, style: Style = NORMAL, level: str = "normal") -> None:
        self.style = style
        self.level = level
        self.last_plan: AttackPlan | None = None  # the plan behind the last StartAttack
        self._weights: dict[int, float] | None = None  # rival weights, within one choose()
        self._plans: list[AttackPlan] | None = None  # attack plans, within one choose()
        self._choosing = False

    def decide(self, view: GameState, legal: list[Action], rng: random.Random) -> Choice:
        if len(legal) == 1:
            return legal[0], msg("the only move")
        if self.style.noise and rng.random() < self.style.noise:
            return rng.choice(legal), msg("plays a hunch")
        return self.choose(view, legal)

    # --- dispatch ----------------------------------------------------------------------

    def choose(self, state: GameState, legal: list[Action]) -> Choice:
        """Normal's move and its reason. The rival weights and the attack plans are
        computed once per call: tricks and attacks ask for them on the same, unchanged
        state (a Police first, then the attack itself)."""
        self._weights = None
        self._plans = None
        self._choosing = True
        try:
            return self._choose(state, legal)
        finally:
            self._weights = None
            self._plans = None
            self._choosing = False

    def reads_free_reactions(self, state: GameState) -> bool:
        """Whether `choose` at `state` may read a free use of a reaction card (a
        Police, Drive-by, Turncoat or Poker Night any decision allows). When it may
        not, `choose(state, legal_without_free_reactions(state))` is its choice on the
        whole of `legal_actions(state)` (if that shorter list offers two moves or
        more; in a window it holds with one too: with no answer Normal passes), and
        a search's rollouts spare listing every target at each step. It follows
        `_choose` branch by branch (tests/bots/test_heuristic_reads.py checks it)."""
        if state.phase is _MULLIGAN:
            return True
        w = state.window
        if w is not None:  # only covering from a Drive-by or keeping a gangster does
            if not self.style.defends:
                return False
            stack = state.stack
            below = stack[-2] if len(stack) >= 2 else None
            return isinstance(below, PendingDriveBy) or (
                isinstance(below, PendingCard) and below.kind is _TURNCOAT
            )
        me = state.to_act
        assert me is not None
        return (
            self.style.tricks
            and state.attack_target is None
            and not state.seats[me].hidden
            and state.phase in _TRICK_PHASES  # `_tricks` answers None in the others
        )

    def _rival_weights(self, state: GameState, me: int) -> dict[int, float]:
        if not self._choosing:
            return rival_weights(state, me)
        if self._weights is None:
            self._weights = rival_weights(state, me)
        return self._weights

    def _plan_attacks(self, state: GameState, me: int) -> list[AttackPlan]:
        """`plan_attacks` on the state being decided (once per choose: read, never changed)."""
        if not self._choosing:
            return plan_attacks(state, me, self._rival_weights(state, me))
        if self._plans is None:
            self._plans = plan_attacks(state, me, self._rival_weights(state, me))
        return self._plans

    def _choose(self, state: GameState, legal: list[Action]) -> Choice:
        me = state.to_act
        assert me is not None
        if state.phase is _MULLIGAN:
            return self._mulligan(state, me, legal)
        w = state.window
        if w is not None:
            return self._window(state, me, w, legal)
        seat = state.seats[me]
        if self.style.tricks and state.attack_target is None and not seat.hidden:
            trick = self._tricks(state, me, legal)
            if trick is not None:
                return trick
        phase = state.phase
        if phase is _MOVE:
            return self._move(state, me, legal)
        if phase is _ATTACK:
            return self._attack(state, me, legal)
        if phase is _OPEN:
            return self._open(state, me, legal)
        if phase is _HIDEOUT:
            return self._hideout(state, me, legal)
        if phase is _DISCARD:
            return self._discard(state, me, legal)
        return self._draw(state, me, legal)

    # --- R-SETUP-7 -----------------------------------------------------------------------

    def _mulligan(self, state: GameState, me: int, legal: list[Action]) -> Choice:
        seat = state.seats[me]
        ranked = sorted(seat.hand, key=lambda c: (hand_card_value(c, seat), c))
        weak = tuple(c for c in ranked[:2] if hand_card_value(c, seat) < 2.0)
        if not seat.hand or not any(KIND[c] == Kind.BUSINESS for c in seat.hand):
            weak = tuple(c for c in ranked[:2] if KIND[c] != Kind.BUSINESS)
        for a in legal:
            if isinstance(a, Mulligan) and sorted(
                VALUE[c] * 10 + KIND[c] for c in a.cards
            ) == sorted(VALUE[c] * 10 + KIND[c] for c in weak):
                if not a.cards:
                    break
                cards = tuple(CardRef(c) for c in a.cards)
                return a, msg("swaps {cards}: the least useful to start with", cards=cards)
        return KEEP, msg("keeps a playable opening hand")

    # --- reaction windows (I-REACT-WINDOW) ------------------------------------------------

    def _window(self, state: GameState, me: int, w: Window, legal: list[Action]) -> Choice:
        below = state.stack[-2] if len(state.stack) >= 2 else None
        if w.kind is _ATTACK_WINDOW and isinstance(below, PendingAttack) and self.style.defends:
            stop = next((a for a in legal if isinstance(a, StopAttack)), None)
            if stop is not None:
                loss = self._attack_loss(state, me, below)
                if loss >= 3.0:
                    return stop, msg(
                        "calls the Police: the attack would cost about {loss:.0f}", loss=loss
                    )
        if w.kind is _POLICE_WINDOW and isinstance(below, PendingPolice) and self.style.defends:
            bribe = next((a for a in legal if isinstance(a, PlayBribe)), None)
            if bribe is not None and self._police_hurts(state, me, below):
                if len(below.bribes) % 2:  # the Police stands cancelled: this Bribe answers it
                    return bribe, msg("answers the Bribe: the Police goes ahead after all")
                return bribe, msg("bribes the Police that would hurt it")
        if w.kind is _DRIVE_BY_WINDOW and isinstance(below, PendingDriveBy) and self.style.tricks:
            join = self._join_drive_by(state, me, below, legal)
            if join is not None:
                return join
        if isinstance(below, PendingDriveBy) and self.style.defends:
            cover = self._cover_from_drive_by(state, me, below, legal)
            if cover is not None:
                return cover
        if isinstance(below, PendingCard) and below.kind is Kind.TURNCOAT and self.style.defends:
            back = self._keep_from_turncoat(state, me, below, legal)
            if back is not None:
                return back
        return PASS, msg("lets it happen")

    def _cover_from_drive_by(
        self, state: GameState, me: int, d: PendingDriveBy, legal: list[Action]
    ) -> Choice | None:
        """A Drive-by on my own Business: Police (a) sends its guards into hiding before
        the roll (I-REACT-WINDOW), so the dice find only the Business."""
        if state.owner_of(d.target) != me:
            return None
        guards = state.seats[me].buildings.get(d.target, ())
        at_risk = sum(VALUE[g] for g in guards if dice_at_least(len(d.cards), VALUE[g]) >= 0.5)
        if at_risk < 2:
            return None
        for a in legal:
            if isinstance(a, PlayPolice) and a.business == d.target:
                return a, msg("hides its guards from the Drive-by (Police before the roll)")
        return None

    def _keep_from_turncoat(
        self, state: GameState, me: int, t: PendingCard, legal: list[Action]
    ) -> Choice | None:
        """A rival's Turncoat on my gangster: my own Turncoat takes it back to my hand
        first (R-TURNCOAT-1, own gangsters allowed), and the rival's finds nothing."""
        g = t.target
        if g is None or t.player == me or state.gangster_owner(g) != me or VALUE[g] < 2:
            return None
        for a in legal:
            if isinstance(a, PlayTurncoat) and a.gangster == g:
                return a, msg("takes its own {card} back before it turns", card=CardRef(g))
        return None

    def _attack_loss(self, state: GameState, me: int, atk: PendingAttack) -> float:
        """What the pending attack costs `me` (0 when it is not aimed at me)."""
        if atk.stopped:
            return 0.0
        owner = state.owner_of(atk.target)
        if owner != me:
            return 0.0
        s = state.seats[me]
        power = sum(VALUE[g] for g in atk.gangsters)
        if atk.hideout:
            if power >= hideout_defence(s):
                top_v = VALUE[s.top] if s.top is not None else 0
                return 8.0 + 3 * top_v if s.money >= 6 + top_v else 40.0
            defenders = list(s.buildings[atk.target])
            if s.top is not None:
                defenders += list(s.buildings[s.top])
            return float(sum(VALUE[g] for g in weakest_first(power, defenders)))
        gs = s.buildings[atk.target]
        killed = sum(VALUE[g] for g in weakest_first(power, gs))
        v = VALUE[atk.target]
        if power >= sum(VALUE[g] for g in gs) + v:
            return killed + v * 2.5 + min(v, s.money)
        return float(killed)

    def _police_hurts(self, state: GameState, me: int, p: PendingPolice) -> bool:
        standing = len(p.bribes) % 2 == 0  # I-BRIBE-CHAIN
        if p.business is None:
            atk = state.pending(PendingAttack)
            victim = atk.attacker if atk is not None else None
            helped = state.owner_of(atk.target) if atk is not None else None
        else:
            victim = state.owner_of(p.business)
            helped = p.player
        if standing:
            return victim == me
        return helped == me

    def _join_drive_by(
        self, state: GameState, me: int, d: PendingDriveBy, legal: list[Action]
    ) -> Choice | None:
        owner = state.owner_of(d.target)
        if owner is None or owner == me:
            return None
        s = state.seats[owner]
        need = sum(VALUE[g] for g in s.buildings[d.target]) + VALUE[d.target]
        now = dice_at_least(len(d.cards), need)
        for a in legal:
            if isinstance(a, JoinDriveBy) and len(a.cards) == 1:
                after = dice_at_least(len(d.cards) + 1, need)
                if now < 0.5 and after >= 0.75 and VALUE[d.target] >= 3:
                    return a, msg("adds a Drive-by to finish the Business off")
        return None

    # --- own-turn reactions ---------------------------------------------------------------

    def _tricks(self, state: GameState, me: int, legal: list[Action]) -> Choice | None:
        seat = state.seats[me]
        phase = state.phase
        if phase not in _TRICK_PHASES:
            return None
        poker = None
        weighed = False  # a trick that asks who leads (Turncoat, Drive-by, Police)
        for a in legal:  # exact types (`apply` takes no subclass, I-INPUT): isinstance
            t = type(a)  # against a tuple of classes costs a generic call per action
            if t is PlayPokerNight:
                if poker is None:
                    poker = a
            elif t is PlayTurncoat or t is PlayDriveBy or t is PlayPolice:
                weighed = True
        if poker is not None:
            joiners = sum(
                1 for i, s in enumerate(state.seats) if i != me and s.alive and s.money >= 2
            )
            safe = seat.money >= 4 or hideout_defence(seat) > threat(state, me)
            if joiners >= 2 and safe:
                return poker, msg(
                    "hosts a Poker Night: {n} players ante, host rolls twice", n=joiners + 1
                )
        if not weighed:
            return None
        # the rival weights are asked for (once per choose) only where a rival is hit
        turn = self._turncoat(state, me, legal)
        if turn is not None:
            return turn
        drive = self._drive_by(state, me, legal)
        if drive is not None:
            return drive
        if phase is _ATTACK:
            return self._police_first(state, me, legal)
        return None

    def _turncoat(self, state: GameState, me: int, legal: list[Action]) -> Choice | None:
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, PlayTurncoat):
                owner = state.gangster_owner(a.gangster)
                if owner is None or owner == me:
                    continue  # own gangsters: only to save them (see _keep_from_turncoat)
                weights = self._rival_weights(state, me)
                score = VALUE[a.gangster] * (1 + weights.get(owner, 0.4))
                if best is None or score > best[0]:
                    best = (score, a)
        if best is not None and best[0] >= 3.0:
            a = best[1]
            assert isinstance(a, PlayTurncoat)
            return a, msg("turns a rival's {card}", card=CardRef(a.gangster))
        return None

    def _drive_by(self, state: GameState, me: int, legal: list[Action]) -> Choice | None:
        future = 0.75 * min(rounds_left(state), 4.0)
        best: tuple[float, PlayDriveBy] | None = None
        targets: dict[int, tuple[int, int] | None] = {}  # (owner, guards) per target
        for a in legal:
            if isinstance(a, PlayDriveBy):
                if a.target not in targets:  # one Business, many ways to shoot it
                    owner = state.owner_of(a.target)
                    if owner is None or owner == me:
                        targets[a.target] = None  # R-DRIVEBY-1 allows its own; never pays
                    else:
                        gs = state.seats[owner].buildings[a.target]
                        targets[a.target] = (owner, sum(VALUE[g] for g in gs))
                known = targets[a.target]
                if known is None:
                    continue
                owner, guards = known
                v = VALUE[a.target]
                need = guards + v
                p = dice_at_least(len(a.cards), need)
                weights = self._rival_weights(state, me)
                gain = weights.get(owner, 0.4) * p * (v + v * future + guards)
                score = gain - 2.0 * len(a.cards)
                if best is None or score > best[0]:
                    best = (score, a)
        if best is not None and best[0] > 1.0:
            return best[1], msg("sends a Drive-by at {card}", card=CardRef(best[1].target))
        return None

    def _police_first(self, state: GameState, me: int, legal: list[Action]) -> Choice | None:
        """Police (a) on a defended Business, then attack it bare (R-POLICE-1)."""
        police = [a for a in legal if isinstance(a, PlayPolice)]
        if not police:
            return None
        weights = self._rival_weights(state, me)
        plans = self._plan_attacks(state, me)
        base = plans[0].value if plans else 0.0
        best: tuple[float, Action] | None = None
        for a in police:
            owner = state.owner_of(a.business)
            if owner is None or owner == me or a.business in state.attacked:
                continue
            trial = state.clone()
            s = trial.seats[owner]
            s.hidden.extend(s.buildings[a.business])
            s.buildings[a.business] = ()
            for p in plan_attacks(trial, me, weights):
                worth = p.value - 2.5 > max(base, self.style.attack_bar)
                if p.target == a.business and worth and (best is None or p.value > best[0]):
                    best = (p.value, a)
        if best is not None:
            return best[1], msg(
                "calls the Police on the defenders first, to attack the Business bare"
            )
        return None

    # --- phase B -------------------------------------------------------------------------

    def _move(self, state: GameState, me: int, legal: list[Action]) -> Choice:
        seat = state.seats[me]
        for b in over_capacity(seat):  # R-MOVE-3: make room before the phase ends
            weakest = min(seat.buildings[b], key=lambda c: (VALUE[c], c))
            for a in legal:
                if (
                    isinstance(a, MoveGangster)
                    and a.gangster == weakest
                    and seat.load(a.to) + VALUE[weakest] <= seat.capacity(a.to)
                ):
                    return a, msg("makes room on {card}", card=CardRef(b))
            return DISCARD_GANGSTER[weakest], msg(
                "{card} is over capacity (R-MOVE-3)", card=CardRef(b)
            )
        if not seat.hidden:
            return END_PHASE, msg("leaves its gangsters where they stand")
        g = max(seat.hidden, key=lambda c: (VALUE[c], c))
        danger = threat(state, me)
        best: tuple[float, Action] | None = None
        for a in legal:
            if (
                isinstance(a, MoveGangster)
                and a.gangster == g
                and seat.load(a.to) + VALUE[g] <= seat.capacity(a.to)  # keep R-GANG-3
            ):
                b = a.to
                if b == seat.hideout:
                    score = 5.0 if hideout_defence(seat) <= danger else 1.5
                elif b == seat.top:
                    score = 3.0
                else:
                    score = 1.0 + 0.4 * VALUE[b] + (1.5 if not seat.buildings[b] else 0.0)
                if best is None or score > best[0]:
                    best = (score, a)
        if best is not None:
            a = best[1]
            assert isinstance(a, MoveGangster)
            return a, msg(
                "brings {card} back to guard {building}", card=CardRef(g), building=CardRef(a.to)
            )
        return DISCARD_GANGSTER[g], msg("has no room left for {card} (R-MOVE-3)", card=CardRef(g))

    # --- phase C -------------------------------------------------------------------------

    def plans(self, state: GameState, me: int) -> list[AttackPlan]:
        plans = self._plan_attacks(state, me)
        if not self.style.hideout_attacks:
            hideouts = {s.hideout for s in state.seats}
            plans = [p for p in plans if p.target not in hideouts]
        return plans

    def _attack(self, state: GameState, me: int, legal: list[Action]) -> Choice:
        target = state.attack_target
        if target is None:
            for p in self.plans(state, me):
                if p.value < self.style.attack_bar:
                    break
                a = START[p.target]
                if a in legal:
                    self.last_plan = p
                    return a, msg(
                        "attacks {card}: {why} (worth ~{value:.0f})",
                        card=CardRef(p.target),
                        why=p.why,
                        value=p.value,
                    )
            return END_PHASE, msg("sees no attack worth the risk")
        drafted = state.attack_gangsters
        plan = next((p for p in self.plans(state, me) if p.target == target), None)
        if plan is None:
            if drafted and LAUNCH in legal:
                return LAUNCH, msg("attacks with what is drafted")
            return CANCEL, msg("calls the attack off")
        for g in plan.gangsters:
            if g not in drafted and ADD[g] in legal:
                return ADD[g], msg(
                    "sends {card} against {target}", card=CardRef(g), target=CardRef(target)
                )
        return LAUNCH, msg(
            "launches the attack on {target}: {why}", target=CardRef(target), why=plan.why
        )

    # --- phase D -------------------------------------------------------------------------

    def _keep(self, state: GameState, me: int) -> int:
        """Coins to keep back after opening (R-OPEN-6)."""
        if not self.style.reserve:
            return 0
        rounds = rounds_left(state)
        if rounds <= 1.0:
            return 0
        return 1

    def _open(self, state: GameState, me: int, legal: list[Action]) -> Choice:
        seat = state.seats[me]
        spend = seat.money - self._keep(state, me)
        room: dict[int, int] | None = None  # free room per building, once a gangster asks
        free_room = hidden_need = 0
        hideout_guard: float | None = None  # the Hideout's need of a guard, once asked
        best: tuple[float, OpenCard] | None = None
        for a in legal:
            if not isinstance(a, OpenCard):
                continue
            c = a.card
            v = VALUE[c]
            cost = max(0, v - 1)
            if cost > 0 and cost > spend:
                continue
            if KIND[c] is _BUSINESS:
                score = 10.0 + v
                if a.on is not None:
                    score += 0.5
            else:
                if room is None:
                    room = {b: seat.capacity(b) - seat.load(b) for b in seat.buildings}
                    free_room = sum(room.values())
                    hidden_need = sum(VALUE[g] for g in seat.hidden)
                if free_room - v < hidden_need:
                    continue
                b = a.on
                assert b is not None
                if b == seat.hideout:
                    if hideout_guard is None:
                        weak = hideout_defence(seat) <= threat(state, me) + 1
                        hideout_guard = 6.0 if weak else 3.0
                    score = hideout_guard + v
                elif b == seat.top:
                    score = 4.5 + v
                else:
                    score = (4.0 if not seat.buildings[b] else 2.0) + v + 0.3 * VALUE[b]
                score -= 0.01 * (room[b] - v)  # snug fit first
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None:
            a = best[1]
            if KIND[a.card] is _BUSINESS:
                if a.on is not None:
                    return a, msg("opens {card} on its Hideout for income", card=CardRef(a.card))
                return a, msg("opens {card} for income", card=CardRef(a.card))
            assert a.on is not None
            return a, msg(
                "opens {card} to guard {building}", card=CardRef(a.card), building=CardRef(a.on)
            )
        return END_PHASE, msg("keeps its money back for drawing (R-OPEN-6)")

    # --- phase E -------------------------------------------------------------------------

    def _hideout(self, state: GameState, me: int, legal: list[Action]) -> Choice:
        seat = state.seats[me]
        assert seat.hideout is not None
        base = HIDEOUT_INCOME + seat.load(seat.hideout)
        now = hideout_defence(seat)
        best: tuple[int, Action] | None = None
        for a in legal:
            if isinstance(a, MoveHideout) and a.under is not None:
                d = base + VALUE[a.under] + seat.load(a.under)
                if d > now and (best is None or d > best[0]):
                    best = (d, a)
        if best is not None:
            a = best[1]
            assert isinstance(a, MoveHideout) and a.under is not None
            return a, msg(
                "moves the Hideout under {card}: defence {n}", card=CardRef(a.under), n=best[0]
            )
        return END_PHASE, msg("keeps the Hideout where it is")

    # --- phase F -------------------------------------------------------------------------

    def _discard(self, state: GameState, me: int, legal: list[Action]) -> Choice:
        seat = state.seats[me]
        if rounds_left(state) > 1.5 and len(seat.hand) >= 5 and state.discarded_this_turn < 2:
            worst = min(
                (a for a in legal if isinstance(a, Discard)),
                key=lambda a: hand_card_value(a.card, seat),
                default=None,
            )
            if worst is not None and hand_card_value(worst.card, seat) < 1.5:
                return worst, msg(
                    "discards {card} to draw something better", card=CardRef(worst.card)
                )
        return END_PHASE, msg("keeps its hand")

    # --- phase G -------------------------------------------------------------------------

    def _draw(self, state: GameState, me: int, legal: list[Action]) -> Choice:
        seat = state.seats[me]
        counts = [a.count for a in legal if isinstance(a, Draw)]
        if not counts:
            return END_PHASE, msg("cannot draw")
        keep = 0
        if self.style.reserve:
            top_v = VALUE[seat.top] if seat.top is not None else 0
            if hideout_defence(seat) <= threat(state, me):
                keep = 4 + top_v  # a ransom is d6 + the Business on top (I-RANSOM)
            if rounds_left(state) <= 1.0:
                return DRAW[1], msg("draws the one free card: the game is nearly over")
        k = max(1, min(max(counts), 1 + max(0, seat.money - keep)))
        while k not in counts:
            k -= 1
        cost = k - 1
        return DRAW[k], msgn("draws {k} for {n} coin", "draws {k} for {n} coins", cost, k=k)
