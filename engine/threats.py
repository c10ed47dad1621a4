"""What a reaction window is about: the action waiting in it, whose own table it
threatens, and which of the asked seat's actions answer that threat (issue 20).

The engine opens a reaction window at every moment a reaction may be played
(I-REACT-WINDOW); most of them threaten nobody. The table asks a person to react
only when the action waiting in the window is about to hurt what they own and a
card they hold answers it, and it decides that from these functions, never from
rules of its own. A threat is read off the pending action and the table, which
every seat sees, so it tells nothing about anybody's hand; attacks are judged by
the engine's own fight forecast (`engine.predict`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, PlayBribe, PlayPolice, PlayTurncoat, StopAttack
from engine.cards import Kind
from engine.families import EFFECTS
from engine.families.base import below_window
from engine.legality import canonical, legal_actions
from engine.predict import AttackForecast, defender, forecast_against
from engine.state import (
    GameState,
    PendingAttack,
    PendingCard,
    PendingDriveBy,
    PendingPolice,
)


@dataclass(frozen=True, slots=True)
class Threat:
    """What the action waiting under the open reaction window (I-REACT-WINDOW) is
    about to do to one seat's own table if nobody answers, and the reaction card that
    answers it. Built from the pending action and the table alone, which every seat
    sees, so it tells nothing about anybody's hand. `kind`:

    * "attack": an attack declared on `seat`'s Business or Hideout `target`
      (`hideout`: the whole stack, R-HIDE-ATK-1, with its ransom R-HIDE-ATK-5/7) that,
      as the fight stands (`forecast`), destroys, breaches or kills a defender; Police
      stop it (R-POLICE-1(b), R-REACT-2). Also when a Bribe has just cancelled the
      Police that stopped it (I-BRIBE-CHAIN): then a Bribe answers;
    * "raid": Police sending the gangsters on `seat`'s Business `target` into
      hiding (R-POLICE-1(a)); a Bribe cancels it (R-BRIBE-1);
    * "stop": Police stopping `seat`'s own attack on `target` (R-POLICE-1(b)), an
      attack that would achieve something as the fight stands; a Bribe cancels the
      Police (R-BRIBE-1);
    * "driveby": `dice` Drive-bys declared on `seat`'s Business `target`
      (R-DRIVEBY-1/2); Police there send its gangsters into hiding before the roll
      (R-POLICE-1(a); a joining Drive-by is no defence);
    * "turncoat": a Turncoat taking `seat`'s gangster `target` (R-TURNCOAT-1); their
      own Turncoat on it takes it into their hand first (R-REACT-3).

    `by` is the seat whose action threatens; `forecast` the fight as it stands for
    "attack" and "stop" (what happens if nobody answers, or if the answer lets the
    attack go ahead)."""

    kind: str
    seat: int
    by: int
    target: int
    answer: Kind  # the reaction card kind that answers it
    hideout: bool = False
    dice: int = 0
    forecast: AttackForecast | None = None
    # The Bribes played on the Police of this threat so far (I-BRIBE-CHAIN): a "stop"
    # or "raid" with bribes > 0 stands again because a Bribe answered a Bribe.
    bribes: int = 0


def threat(state: GameState) -> Threat | None:
    """What the action waiting in the open reaction window threatens (see `Threat`);
    None when no window is open or it is about nobody's table (a Poker Night, a
    resolved fight, the end of a turn, a raid cancelled by a Bribe, one's own card)."""
    return _threat_of(state, below_window(state))


def opened_threat(state: GameState, action: Action) -> Threat | None:
    """The threat of the window that `action` (legal for `state.to_act`) opens, read
    right after it is played and before anyone is asked (the window may close at once
    when nobody can answer, so it is never seen in a resting position). None for an
    action that opens no window, or one about nobody's table."""
    effect = EFFECTS.get(type(action))
    if effect is None or effect.opens is None:
        return None
    seat = state.to_act
    if seat is None:
        return None
    s = state.clone()
    effect.run(s, seat, canonical(s, action), [])
    frame = s.stack[-2] if effect.answers and len(s.stack) >= 2 else s.stack[-1]
    return _threat_of(s, frame)


def threat_answers(state: GameState) -> list[Action]:
    """The legal actions of `state.to_act` that answer the threat to their own table
    (see `Threat`; a subset of `legal_actions`). Empty when the window threatens
    somebody else's table or nothing, or when they hold no card that answers it."""
    th = threat(state)
    if th is None or th.seat != state.to_act:
        return []
    legal = legal_actions(state)
    if th.answer is Kind.BRIBE:
        return [a for a in legal if isinstance(a, PlayBribe)]
    if th.answer is Kind.TURNCOAT:
        return [a for a in legal if isinstance(a, PlayTurncoat) and a.gangster == th.target]
    if th.kind == "driveby":
        return [a for a in legal if isinstance(a, PlayPolice) and a.business == th.target]
    return [a for a in legal if isinstance(a, StopAttack)]


def _threat_of(state: GameState, frame: object) -> Threat | None:
    if isinstance(frame, PendingAttack):
        if frame.stopped:
            return None
        return _attack_threat(state, frame, Kind.POLICE)
    if isinstance(frame, PendingPolice):
        standing = len(frame.bribes) % 2 == 0  # I-BRIBE-CHAIN
        if frame.business is not None:  # a raid, R-POLICE-1(a)
            owner = state.owner_of(frame.business)
            if not standing or owner is None or owner == frame.player:
                return None
            if not state.seats[owner].buildings[frame.business]:
                return None
            bribes = len(frame.bribes)
            return Threat("raid", owner, frame.player, frame.business, Kind.BRIBE, bribes=bribes)
        atk = state.pending(PendingAttack)  # a stop, R-POLICE-1(b)
        if atk is None or atk.stopped:
            return None
        if not standing:  # bribed: the attack goes ahead again
            return _attack_threat(state, atk, Kind.BRIBE)
        if atk.attacker == frame.player or not state.seats[atk.attacker].alive:
            return None
        owner = defender(state, atk.attacker, atk.target)
        f = None if owner is None else _attack_forecast(state, atk, owner)
        if not _harmful(f):
            return None  # the attack would fail for nothing: being stopped spares it
        by, hide = frame.player, atk.hideout
        return Threat(
            "stop", atk.attacker, by, atk.target, Kind.BRIBE, hide, 0, f, len(frame.bribes)
        )
    if isinstance(frame, PendingDriveBy):
        owner = state.owner_of(frame.target)
        if owner is None or owner == frame.player or not state.seats[owner].alive:
            return None
        dice = len(frame.cards)
        return Threat("driveby", owner, frame.player, frame.target, Kind.POLICE, False, dice)
    if isinstance(frame, PendingCard) and frame.kind is Kind.TURNCOAT and frame.target is not None:
        owner = state.gangster_owner(frame.target)
        if owner is None or owner == frame.player:
            return None
        return Threat("turncoat", owner, frame.player, frame.target, Kind.TURNCOAT)
    return None


def _attack_threat(state: GameState, atk: PendingAttack, answer: Kind) -> Threat | None:
    owner = defender(state, atk.attacker, atk.target)
    if owner is None or not state.seats[owner].alive:
        return None
    f = _attack_forecast(state, atk, owner)
    if not _harmful(f):
        return None  # it falls short and kills nobody: stopping it would only spare it
    return Threat("attack", owner, atk.attacker, atk.target, answer, atk.hideout, 0, f)


def _harmful(f: AttackForecast | None) -> bool:
    """The fight as it stands destroys or breaches, or kills a defender (R-ATK-4..9,
    R-HIDE-ATK-4..7). Reactions still to come are not foreseen; one that changes the
    fight opens its own window, after which this one asks again (I-REACT-WINDOW)."""
    return f is None or f.success or bool(f.defenders_lost)


def _attack_forecast(state: GameState, atk: PendingAttack, owner: int) -> AttackForecast | None:
    """The declared fight against `owner` as it stands (its gangsters are in
    transit, I-TRANSIT)."""
    if not state.seats[atk.attacker].alive:
        return None
    return forecast_against(state, atk.attacker, owner, atk.target, atk.gangsters)
