"""Is a parsed state one the engine could have produced? Checks for loaded saves.

`from_json` turns any well-shaped JSON into a `GameState`; a hand-edited or
damaged save can still hold a seat index past the table, a Business as a
trophy or money added together with `money_in_play`, and the app would then
die far from the file that caused it. These checks name every such problem
so the loader can refuse the file instead. Pure and stdlib-only; nothing here
changes a state.
"""

from __future__ import annotations

from typing import Any

from engine.cards import FRAME_FORMS, KIND, N_CARDS, Kind
from engine.codec import decode_state, to_json
from engine.invariants import check_invariants
from engine.migrate import migrate_v1
from engine.rng import MASK
from engine.state import (
    COUNTDOWN_TOKENS,
    INPUT_ERRORS,
    MAX_DISCARDS,
    MONEY_IN_PLAY,
    RULES_VERSION,
    SEAT_RANGE,
    GameState,
    PendingAttack,
    PendingCard,
    PendingDriveBy,
    PendingEndTurn,
    PendingPolice,
    Phase,
    SaveFormatError,
    Window,
    input_error,
)

WIN_METHODS = ("war", "last_standing", "money", "countdown")
MAX_TURNS = 100_000  # far beyond any real game; keeps arithmetic on turns sane


def _seat_ok(state: GameState, seat: object) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.n


def _card_ok(card: object) -> bool:
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < N_CARDS


def _window_problems(state: GameState, frame: Window) -> list[str]:
    out: list[str] = []
    if not frame.order or not all(_seat_ok(state, s) for s in frame.order):
        out.append("a reaction window asks seats that do not exist")
    elif not 0 <= frame.pos < len(frame.order):
        out.append("a reaction window points past its seats")
    if not _seat_ok(state, frame.opener):
        out.append("a reaction window was opened by a seat that does not exist")
    return out


def _attack_problems(state: GameState, frame: PendingAttack) -> list[str]:
    out: list[str] = []
    if not _seat_ok(state, frame.attacker):
        out.append("an attack by a seat that does not exist")
    # the target may have left the table while the attack waits (a Drive-by in
    # the reaction window destroyed it), so only a known building is required
    owner = state.owner_of(frame.target) if _card_ok(frame.target) else None
    if not _card_ok(frame.target) or KIND[frame.target] == Kind.GANGSTER:
        out.append(f"an attack on card {frame.target}, which is not a building")
    elif owner is not None and frame.hideout != (frame.target == state.seats[owner].hideout):
        out.append("an attack's Hideout flag does not match its target")
    if not frame.gangsters or not all(
        _card_ok(g) and KIND[g] == Kind.GANGSTER for g in frame.gangsters
    ):
        out.append("an attack without real gangsters")
    return out


def _police_problems(state: GameState, frame: PendingPolice) -> list[str]:
    out: list[str] = []
    if not _seat_ok(state, frame.player):
        out.append("a Police card played by a seat that does not exist")
    if not _card_ok(frame.card) or not all(_card_ok(b) for b in frame.bribes):
        out.append("a Police chain holds unknown cards")
    # Police (a) waits in its answer window, where a Drive-by may destroy its
    # Business (R-POLICE-1, I-REACT-WINDOW): as for an attack's target, only a real
    # Business card is required, not one still on a table
    if frame.business is not None and (
        not _card_ok(frame.business) or KIND[frame.business] != Kind.BUSINESS
    ):
        out.append("a Police card aimed at a card that is not a Business")
    return out


def _drive_by_problems(state: GameState, frame: PendingDriveBy) -> list[str]:
    out: list[str] = []
    if not _seat_ok(state, frame.player):
        out.append("a Drive-by by a seat that does not exist")
    if not frame.cards or not all(_card_ok(c) for c in frame.cards):
        out.append("a Drive-by holds unknown cards")
    if not _card_ok(frame.target) or KIND[frame.target] != Kind.BUSINESS:
        out.append("a Drive-by aimed at a card that is not a Business")
    return out


def _card_frame_problems(state: GameState, frame: PendingCard) -> list[str]:
    form = FRAME_FORMS[frame.kind]
    out: list[str] = []
    player, *played = frame.args
    if not _seat_ok(state, player):
        out.append(f"{form.title} played by a seat that does not exist")
    if not all(_card_ok(c) for c in played):
        out.append(f"{form.title} holds unknown cards")
    elif form.target is not None and any(KIND[c] != form.target for c in played[1:]):
        out.append(f"{form.title} aimed at a card that is not a {form.target.name.lower()}")
    return out


def _end_turn_problems(state: GameState, frame: PendingEndTurn) -> list[str]:
    if not _seat_ok(state, frame.seat):
        return ["a turn end for a seat that does not exist"]
    return []


def _frame_problems(state: GameState, frame: object) -> list[str]:
    """Seat and card references inside one pending frame."""
    if isinstance(frame, Window):
        return _window_problems(state, frame)
    if isinstance(frame, PendingAttack):
        return _attack_problems(state, frame)
    if isinstance(frame, PendingPolice):
        return _police_problems(state, frame)
    if isinstance(frame, PendingDriveBy):
        return _drive_by_problems(state, frame)
    if isinstance(frame, PendingCard):
        return _card_frame_problems(state, frame)
    if isinstance(frame, PendingEndTurn):
        return _end_turn_problems(state, frame)
    return []


def validate_state(state: GameState) -> list[str]:
    """Every broken range, reference or invariant in `state` (empty when sound)."""
    n = state.n
    if n not in SEAT_RANGE or state.options.players != n:
        return [f"{n} seats in a game of {state.options.players} players (3 to 6 allowed)"]
    problems = _setup_problems(state)
    problems += _turn_problems(state)
    problems += _seat_problems(state)
    problems += _ending_problems(state)
    for frame in state.stack:
        problems.extend(_frame_problems(state, frame))
    if not problems:  # the §5 checks index by card id, so only once references are sound
        problems.extend(check_invariants(state))
    return problems


def _setup_problems(state: GameState) -> list[str]:
    """The table's size, seats, turn counter and dice."""
    problems: list[str] = []
    n = state.n
    if state.money_in_play != MONEY_IN_PLAY[n]:
        want = MONEY_IN_PLAY[n]
        problems.append(f"money in play is {state.money_in_play}, not {want} (R-SETUP-2)")
    for name, index in (("active", state.active), ("first player", state.first_player)):
        if not _seat_ok(state, index):
            problems.append(f"the {name} seat {index} does not exist")
    fp = state.options.first_player
    if fp is not None and fp != state.first_player:
        problems.append("the chosen first player does not match the state")
    if not 0 <= state.mulligan_pos <= n:
        problems.append(f"mulligan position {state.mulligan_pos} is out of range")
    if not 0 <= state.turn <= MAX_TURNS:
        problems.append(f"turn {state.turn} is out of range")
    if not 0 <= state.rng <= MASK:
        problems.append("the dice generator state is out of range")
    return problems


def _turn_problems(state: GameState) -> list[str]:
    """This turn's counters, the countdown and the attack being assembled."""
    problems: list[str] = []
    if not 0 <= state.discarded_this_turn <= MAX_DISCARDS:
        problems.append(f"{state.discarded_this_turn} discards this turn (R-DISCARD-1)")
    keeper = state.countdown_keeper
    if keeper is not None and not _seat_ok(state, keeper):
        problems.append(f"the countdown keeper {keeper} does not exist")
    if not 0 <= state.countdown_tokens <= COUNTDOWN_TOKENS:
        problems.append(f"{state.countdown_tokens} countdown tokens")
    if not 0 <= state.countdown_turn <= max(state.turn, 0):
        problems.append("the countdown started after the current turn")
    if not all(_card_ok(c) for c in state.attacked):
        problems.append("unknown cards among the attacked ones")
    if state.attack_target is not None and not _card_ok(state.attack_target):
        problems.append("the attack being assembled aims at an unknown card")
    if not all(_card_ok(g) for g in state.attack_gangsters):
        problems.append("the attack being assembled holds unknown cards")
    return problems


def _seat_problems(state: GameState) -> list[str]:
    """Each seat's trophies, Hideout and, once out, empty hands (I-ELIM)."""
    problems: list[str] = []
    for i, seat in enumerate(state.seats):
        if any(not _card_ok(c) or KIND[c] != Kind.HIDEOUT for c in seat.trophies):
            problems.append(f"seat {i}: a trophy that is not a Hideout (R-END-SCORE-1)")
        if seat.hideout is not None and (
            not _card_ok(seat.hideout)
            or KIND[seat.hideout] != Kind.HIDEOUT
            or seat.hideout not in seat.buildings
        ):
            problems.append(f"seat {i}: the Hideout is not a Hideout on its table")
        if not seat.alive and (seat.hand or seat.buildings or seat.hidden or seat.hideout):
            problems.append(f"seat {i}: out of the game but still holding cards (I-ELIM)")
    return problems


def _ending_problems(state: GameState) -> list[str]:
    """Who is still playing, and the winners of a finished game only."""
    problems: list[str] = []
    if state.phase is not Phase.GAME_OVER and len(state.alive_seats()) < 2:
        problems.append("fewer than two players left in a game that goes on")
    playing = state.phase is not Phase.MULLIGAN and state.phase is not Phase.GAME_OVER
    if playing and _seat_ok(state, state.active) and not state.seats[state.active].alive:
        problems.append("the active seat is out of the game")
    if state.phase is Phase.GAME_OVER:
        if not state.winners or state.win_method not in WIN_METHODS:
            problems.append("a finished game without winners or a way of winning")
        if state.stack:
            problems.append("a finished game with business still pending")
    elif state.winners or state.win_method is not None:
        problems.append("winners in a game that is not over")
    if not all(_seat_ok(state, w) for w in state.winners) or len(set(state.winners)) != len(
        state.winners
    ):
        problems.append("the winners are not seats of this game")
    return problems


def same_json(a: Any, b: Any) -> bool:
    """Equal JSON values of equal types (`==` alone takes true for 1 and 1.0 for 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def is_pre_revision(data: Any) -> bool:
    """A state saved before the §6 rule revisions (format 1, rules "noir-1"):
    `load_state` migrates it, and its action history no longer replays."""
    return isinstance(data, dict) and data.get("format") == 1


def load_state(data: Any) -> GameState:
    """Parse a saved state strictly: it must be in the exact form `to_json` writes
    (no "3" for 3, no 1.5 for 1, no extra fields) and pass `validate_state`.
    A format-1 state (before the rule revisions) is migrated first and the
    migrated document is held to the same standard. Raises SaveFormatError
    naming the first problems, and nothing else whatever `data` holds."""
    try:
        return _load_state(data)
    except INPUT_ERRORS as exc:
        raise input_error("game state", exc) from exc


def _load_state(data: Any) -> GameState:
    if is_pre_revision(data):
        data = migrate_v1(data)
    rules = data.get("rules") if isinstance(data, dict) else None
    if isinstance(data, dict) and rules != RULES_VERSION:
        shown = rules if isinstance(rules, str) and rules.isprintable() else "?"
        raise SaveFormatError(
            f"saved under the rules {shown[:20]!r}; this version plays {RULES_VERSION!r}"
        )
    state = decode_state(data)
    _check_reachable(state)  # once: the shape check below needs no second pass
    if not same_json(to_json(state), data):
        raise SaveFormatError("damaged game state (fields of the wrong type or shape)")
    return state


def from_json(data: object) -> GameState:
    """Parse `to_json` output; raises SaveFormatError with a readable reason (and
    nothing else, whatever `data` holds: typed `object` so that the compiled build
    does not refuse a non-dict with a TypeError before this function runs)."""
    try:
        state = decode_state(data)
        _check_reachable(state)
        return state
    except INPUT_ERRORS as exc:
        raise input_error("game state", exc) from exc


def _check_reachable(state: GameState) -> None:
    """Reject states the engine could never reach (a hand-edited or corrupt save):
    seat counts, seat and card references, trophies, pending frames, conservation."""
    problems = validate_state(state)
    if problems:
        raise SaveFormatError("inconsistent game state: " + "; ".join(problems[:3]))
