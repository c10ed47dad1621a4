"""A game session: who sits where, the house rules, the engine state and the
full action history since the deal.

A save is "seed + options + actions" plus the state they produce, so a loaded
game can be checked by replaying it (`verify_replay`), and every accepted
action is autosaved through a callback the app attaches.

The table scene's whole contract with the rest of the app is:

    session.state                # engine GameState (read it; mutate only via apply)
    session.configs[seat]        # SeatConfig: name, colour ("#rrggbb"), kind
    session.is_human(seat)       # kind == "human"
    session.apply(action)        # -> list[Event]; records + autosaves; IllegalAction passes through
    session.finished             # the game is over (show Results)
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import random
import re
import secrets
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

import engine
from engine import (
    HOUSE_RULES,
    SEAT_RANGE,
    Event,
    GameOptions,
    GameState,
    Phase,
    is_pre_revision,
    load_state,
    new_game,
    to_json,
)
from engine.actions import Action, action_from_json, action_to_json
from engine.bots import AI_LEVELS
from noirburg_desktop import chronicle
from noirburg_desktop.chronicle import TAIL, Chronicle
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.words.reasons import reasons_from_json

log = logging.getLogger(__name__)

SEAT_KINDS = ("human", *AI_LEVELS)
SESSION_FORMAT = 1
SNAPSHOT_VERSION = 1  # the "snapshot" a session written by this app carries (see ReplayCheck)
# Continue opens a game at once and checks its history in the background when its save
# has a snapshot, or has none but a history this long (another tool's 19 MB save: its
# replay alone takes seconds; a game played at the table is a few hundred moves)
DEFER_FROM = 10_000
MAX_NAME = 40
_COLOUR_RE = re.compile(r"#[0-9a-fA-F]{6}")
_GAME_ID_RE = re.compile(r"[0-9a-f]{8,32}")

# Seat colours: distinct on the dark table AND for players with protanopia,
# deuteranopia or tritanopia (every pair at least ΔE2000 20 under each simulated
# view; tests/app/test_colour_vision.py checks it). Six colours for at most six
# seats; every seat also has its own symbol (theme.seat_symbol), so colour is
# never the only cue.
SEAT_COLOURS: tuple[str, ...] = (
    "#c9a227",  # gold
    "#b3362f",  # blood red
    "#3f7fbf",  # steel blue
    "#28d0e8",  # neon cyan
    "#8a8a8a",  # gunmetal
    "#d9d4c7",  # ivory
)


@dataclass(frozen=True)
class SeatConfig:
    """One seat as chosen in the New game screen."""

    name: str
    colour: str = "#c9a227"
    kind: str = "human"

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {self.kind!r}")

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "colour": self.colour, "kind": self.kind}

    @classmethod
    def from_json(cls, data: Any) -> SeatConfig:
        if not isinstance(data, dict):
            raise ValueError("seat is not an object")
        name, colour, kind = data.get("name"), data.get("colour"), data.get("kind")
        if not isinstance(name, str) or not isinstance(colour, str) or not isinstance(kind, str):
            raise ValueError("seat needs a name, a colour and a kind")
        if not name.strip() or len(name) > MAX_NAME or not printable(name):
            raise ValueError("a seat name is empty, too long or holds control characters")
        if not _COLOUR_RE.fullmatch(colour):
            raise ValueError("a seat colour is not #rrggbb")
        return cls(name=name, colour=colour, kind=kind)


def printable(text: str) -> bool:
    """No control, surrogate or unassigned characters: text the fonts can draw
    (a NUL makes pygame's font renderer raise)."""
    return all(unicodedata.category(ch)[0] != "C" for ch in text)


def new_game_id() -> str:
    """A random id naming one game's autosave (each game has its own)."""
    return secrets.token_hex(8)


def options_to_json(options: GameOptions) -> dict[str, Any]:
    return {
        "players": options.players,
        "seed": options.seed,
        **{r.field: getattr(options, r.field) for r in HOUSE_RULES},
        "first_player": options.first_player,
    }


# House rules a save may lack, written before they existed: they read as their default
_ADDED_LATER = frozenset({"ransom_excess"})  # I-RANSOM


def options_from_json(data: Any) -> GameOptions:
    if not isinstance(data, dict):
        raise ValueError("options are not an object")
    first = data.get("first_player")
    ints = [data.get("players"), data.get("seed")] + ([] if first is None else [first])
    house = {
        r.field: data.get(r.field, r.default) if r.field in _ADDED_LATER else data.get(r.field)
        for r in HOUSE_RULES
    }
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in ints) or not all(
        isinstance(v, bool) for v in house.values()
    ):
        raise ValueError("the house rules are damaged")
    return GameOptions(
        players=int(data["players"]),
        seed=int(data["seed"]),
        first_player=None if first is None else int(first),
        **{field: bool(on) for field, on in house.items()},
    )


@dataclass
class GameSession:
    """Everything needed to resume, replay or rematch one game."""

    configs: list[SeatConfig]
    options: GameOptions
    state: GameState
    actions: list[dict[str, Any]] = field(default_factory=list)
    seed: int = 0
    game_id: str = field(default_factory=new_game_id)
    # The position the action history starts from, as engine JSON; None is the
    # deal itself (seed + options). A game saved before the revised rules
    # (RULES.md §6) resumes from its migrated position, since its old history
    # no longer replays under the rules it now plays by.
    origin: dict[str, Any] | None = None
    # The bots' logged reasons as JSON, by the index of the action each explains
    # (noirburg_desktop/words/reasons.py): the rebuilt log shows them again.
    reasons: dict[int, dict[str, Any]] = field(default_factory=dict)
    # called after each move; what it returns (Storage.autosave's path) is not used
    autosave: Callable[[GameSession], object] | None = field(
        default=None, repr=False, compare=False
    )
    # The rounds of the history so far (I-ROUND), counted by the replay that checks
    # a loaded game and kept up by `apply`, so `round` never replays the game again.
    _rounds: RoundCounter | None = field(default=None, repr=False, compare=False)
    # (file, its version, actions then) when the session was read from a save file:
    # the autosave check (`Saver.open`) need not read that file a second time
    source: tuple[str, tuple[int, int, int] | None, int] | None = field(
        default=None, repr=False, compare=False
    )
    # What the one replay that checked a loaded game kept (chronicle.read): the table
    # rebuilds its log, undo steps and rounds from it, not by replaying the game again
    _told: Chronicle | None = field(default=None, repr=False, compare=False)
    # A session opened at once from its save's snapshot (Continue): the full replay
    # of its history runs in the background while the game goes on (ReplayCheck).
    check: ReplayCheck | None = field(default=None, repr=False, compare=False)
    # `origin` as `from_json` validated it (load_state), so it is not parsed twice
    _origin_state: GameState | None = field(default=None, repr=False, compare=False)

    # --- construction --------------------------------------------------------

    @classmethod
    def new(
        cls,
        configs: list[SeatConfig],
        *,
        seed: int | None = None,
        first_player: int | None = None,
        **house_rules: bool,
    ) -> GameSession:
        """Deal a fresh game. `seed=None` picks one at random (and records it);
        `house_rules`: engine.HOUSE_RULES fields (the rest keep their defaults)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        options = GameOptions(
            players=len(configs), seed=seed, first_player=first_player, **house_rules
        )
        return cls(list(configs), options, new_game(options), [], seed, new_game_id())

    def rematch(self, seed: int | None = None) -> GameSession:
        """Same seats and house rules, a new shuffle (and a random first player
        unless one was chosen)."""
        return GameSession.new(
            list(self.configs),
            seed=seed,
            first_player=self.options.first_player,
            **{r.field: getattr(self.options, r.field) for r in HOUSE_RULES},
        )

    # --- facts for the UI ----------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.configs)

    @property
    def round(self) -> int:
        """1-based round number: every player still in plays once a round (I-ROUND).
        Counted over the history, since a knock-out shortens the rounds after it."""
        if self._rounds is None and self.checking:
            return self._provisional_round()  # counted by the background replay
        if self._rounds is None:
            self._replayed()  # a session built by hand: count its history once
        assert self._rounds is not None
        return max(1, self._rounds.round)

    def _provisional_round(self) -> int:
        """The round while the background replay counts it (a save without a snapshot):
        the engine's turns over the seats, exact until someone is knocked out."""
        return max(1, self.state.turn // max(1, self.state.n) + 1)

    @property
    def finished(self) -> bool:
        return bool(self.state.phase is Phase.GAME_OVER)

    def is_human(self, seat: int) -> bool:
        return self.configs[seat].is_human

    # --- play ------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply `action` through the engine, record it and autosave.

        IllegalAction propagates unchanged (and nothing is recorded), so the
        table can bounce the gesture back with the engine's reason.
        """
        if self.blocked:  # the history does not replay: the table says so, nobody plays
            raise RuntimeError("the game's history does not replay")
        seat = self.state.to_act
        events = engine.apply(self.state, action)
        if self.check is not None and not self.check.settled:
            self.check.made(len(self.actions), seat)  # a move made during the check
        self.actions.append(action_to_json(action))
        if self._rounds is not None:
            self._rounds.see(events)
        if self.autosave is not None:
            self.autosave(self)
        return events

    # --- persistence -----------------------------------------------------------

    @property
    def checking(self) -> bool:
        """The history is still being replayed in the background, or that replay
        found it broken (see ReplayCheck): the table's log waits for it."""
        return self.check is not None and self.check.result in (None, "broken")

    @property
    def blocked(self) -> bool:
        """Nobody may move: the background replay found the history broken."""
        return self.check is not None and self.check.result == "broken"

    def snapshot_json(self, state_json: dict[str, Any]) -> dict[str, Any]:
        """What lets Continue open the game at once: the rounds counted so far and a
        digest tying the final state (`state_json`, the save's "state") to the history
        (its length and last TAIL actions) and the house rules. Checked on load; the
        whole history is still replayed, in the background (`ReplayCheck`)."""
        self.round  # noqa: B018 - counts the history's rounds once if not known yet
        assert self._rounds is not None
        rounds = [self._rounds.round, self._rounds._last]
        return {
            "v": SNAPSHOT_VERSION,
            "actions": len(self.actions),
            "rounds": rounds,
            "digest": self._digest(state_json, rounds),
        }

    def _digest(self, state_json: Any, rounds: Any) -> str:
        body = json.dumps(
            [
                SNAPSHOT_VERSION,
                options_to_json(self.options),
                self.origin,
                state_json,
                rounds,
                len(self.actions),
                self.actions[-TAIL:],
            ],
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=True,
            allow_nan=False,
        )
        return hashlib.sha256(body.encode("ascii")).hexdigest()

    def to_json(self) -> dict[str, Any]:
        state_json = engine.to_json(self.state)
        # During the check the snapshot chains on the one the game was opened from
        # (its digest covers the moves made since): the next Continue opens at once
        # and checks the whole history again, so a file written now is never one
        # that fails its own digest, and holds every move made.
        # (None while a save without one is checked: its rounds are not counted yet)
        unknown = self.checking and self._rounds is None
        snapshot = None if self.blocked or unknown else self.snapshot_json(state_json)
        return {
            "format": SESSION_FORMAT,
            "game_id": self.game_id,
            "seats": [c.to_json() for c in self.configs],
            "options": options_to_json(self.options),
            "seed": self.seed,
            "actions": list(self.actions),
            "state": state_json,
            **({"snapshot": snapshot} if snapshot is not None else {}),
            **({"origin": self.origin} if self.origin is not None else {}),
            **({"reasons": {str(i): r for i, r in self.reasons.items()}} if self.reasons else {}),
        }

    @classmethod
    def from_json(
        cls, data: dict[str, Any], *, defer: bool = False, whole: bool = False
    ) -> GameSession:
        """Parse `to_json` output; raises ValueError (with a reason) on damage.

        Every field is checked (types, ranges, references, the engine's own
        invariants) and the action history must replay to the stored state, so
        a session that comes out of here is one the engine really produced and
        no scene can trip over it.

        `defer` (Continue): a game in progress whose save carries a snapshot whose
        digest matches is returned at once, its state checked by the engine's
        validator, and the replay of its history runs in the background
        (`session.check`); the session refuses moves until that check settles.
        So is a save without a snapshot whose history is at least DEFER_FROM long
        (another tool's), its state checked by the engine's validator and its round
        provisional until the background replay has counted it. Any other save (a
        short one without a snapshot, a digest that does not match, a finished game)
        is checked here in full, as before.

        `whole` (a save opened for Replay): the replay that checks it keeps every
        position (`chronicle.read(whole=True)`), for Replay to step through."""
        seats, actions = _seats_and_actions(data)
        configs = [SeatConfig.from_json(s) for s in seats]
        try:
            options = options_from_json(data.get("options"))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"the house rules are damaged ({exc})") from exc
        raw_state = data.get("state")
        origin = data.get("origin")
        start: GameState | None = None  # `origin` as checked here: not parsed again
        if is_pre_revision(raw_state):
            # saved before the revised rules: resume from the migrated position
            state = load_state(raw_state)
            actions, origin, start = [], to_json(state), state.clone()
        else:
            state = load_state(raw_state)
            if origin is not None:
                start = load_state(origin)  # the same checks as the current position
                if start.options != state.options:
                    raise ValueError("the starting position does not match the game")
        if state.n != len(configs) or options.players != len(configs):
            raise ValueError("the seats do not match the game state")
        if state.options != options:
            raise ValueError("the house rules do not match the game state")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed != options.seed:
            raise ValueError("the seed is damaged")
        game_id = data.get("game_id")
        if game_id is None:  # saves from before one autosave per game
            game_id = new_game_id()
        elif not isinstance(game_id, str) or not _GAME_ID_RE.fullmatch(game_id):
            raise ValueError("the game id is damaged")
        session = cls(configs, options, state, list(actions), seed, game_id, origin)
        session._origin_state = start
        session.reasons = reasons_from_json(data.get("reasons"), len(actions))
        if defer and not session.finished:
            snap = data.get("snapshot")
            long = snap is None and len(session.actions) >= DEFER_FROM
            if long or session._trust_snapshot(snap):
                session.check = ReplayCheck(session, start=False)  # the table starts it
                return session
        if not session.verify_replay(whole=whole):
            raise ValueError("the action history does not replay to the saved position")
        return session

    def _trust_snapshot(self, snap: Any) -> bool:
        """The save's snapshot is whole and its digest ties it to this history and
        state: take its round count (checked again by the background replay)."""
        if not isinstance(snap, dict) or snap.get("v") != SNAPSHOT_VERSION:
            return False
        rounds = snap.get("rounds")
        if (
            snap.get("actions") != len(self.actions)
            or not isinstance(rounds, list)
            or len(rounds) != 2
            or not all(isinstance(r, int) and not isinstance(r, bool) for r in rounds)
            or not 0 <= rounds[0] <= len(self.actions) + 1
            or not -1 <= rounds[1] < self.players
        ):
            return False
        try:
            digest = self._digest(engine.to_json(self.state), rounds)
        except (TypeError, ValueError):
            return False
        if snap.get("digest") != digest:
            return False
        counter = RoundCounter(self.state.first_player, self.state.n)
        counter.round, counter._last = rounds
        self._rounds = counter
        return True

    def start_state(self) -> GameState:
        """The position the action history starts from: the deal, or `origin`."""
        if self._origin_state is not None:
            return self._origin_state.clone()  # validated once, when the save was read
        if self.origin is not None:
            return engine.from_json(self.origin)
        return engine.new_game(self.options)

    def replay(self) -> GameState:
        """Rebuild the state from the seed (or `origin`) and the action history alone
        (and count its rounds on the way)."""
        return self._replayed()

    def _replayed(self, whole: bool = False) -> GameState:
        told = chronicle.read(self.start_state(), self.actions, self.humans, whole=whole)
        # the session's counter goes on with each move; the chronicle's when extended
        self._rounds, self._told = copy.copy(told.end_rounds), told
        return told.end

    @property
    def humans(self) -> frozenset[int]:
        """The human seats: the ones whose moves the table may take back."""
        return frozenset(i for i, c in enumerate(self.configs) if c.is_human)

    def chronicle(self) -> Chronicle:
        """The history as the table tells it (its log, undo steps and rounds): what the
        replay that checked the game kept, walked on over the moves made since; a
        session built by hand is replayed once here."""
        if self.checking:
            raise RuntimeError("the game's history is still being checked")
        told = self._told
        if told is None or told.length > len(self.actions):
            self._replayed()
            told = self._told
            assert told is not None
        elif told.length < len(self.actions):
            told.extend(self.actions)
        return told

    def positions(self) -> Chronicle | None:
        """Every move with its position, when the replay that checked this save kept
        them (`from_json(whole=True)`: Load → Replay) and no move was made since."""
        told = self._told
        if told is None or not told.whole or told.length != len(self.actions):
            return None
        return told

    def verify_replay(self, whole: bool = False) -> bool:
        """True when replaying the history reproduces the stored state exactly
        (same seed + same actions => identical JSON). `whole`: see `chronicle.read`."""
        try:
            replayed = self._replayed(whole)
        except Exception:  # any damage in the history means "does not replay"
            return False
        return bool(engine.to_json(replayed) == engine.to_json(self.state))


@dataclass(frozen=True)
class Refused:
    """A move made during the check that could not be carried over to the history's
    position ("differs"): the move, the seat that made it, and the engine's refusal
    (None: it is no longer that seat's move there)."""

    action: Action
    seat: int | None
    why: engine.IllegalAction | None


class ReplayCheck:
    """The full replay of a session opened from its snapshot, in a background thread
    (the engine stays pure: this thread only calls it). The history is the source of
    truth. The game goes on meanwhile: the moves made are recorded (`made`) and
    autosaved as usual. `poll()` (the table calls it every frame) settles the check
    on the main thread, once:

    - "ok": the history replays to the snapshot (state and rounds): the session keeps
      the replay's chronicle, for the table's log, undo steps and rounds;
    - "differs": it replays, to another position: the session takes the replayed
      state and rounds, and the moves made meanwhile are applied again on it, in
      order, each by the seat that made it, those the engine accepts; the others are
      listed in `refused` with the engine's reason (the table tells the player);
    - "broken": the history does not replay at all: the session refuses play from
      then on (the table says so); the moves made meanwhile stay in the session and
      in its autosave, which is not written again.
    """

    def __init__(self, session: GameSession, *, start: bool = True) -> None:
        self.session = session
        self.result: str | None = None  # set once by poll()
        self.refused: list[Refused] = []  # "differs": the moves not carried over
        self._actions = list(session.actions)
        self._snapshot = engine.to_json(session.state)
        r = session._rounds
        self._snap_rounds = None if r is None else (r.round, r._last)
        self._seats: dict[int, int | None] = {}  # index of a move made meanwhile -> its seat
        self._out: Chronicle | BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="replay-check", daemon=True)
        if start:
            self.start()

    def start(self) -> None:
        """Start the replay (once); the table starts it after its first frame, so the
        thread does not share the interpreter with building and drawing the table."""
        if self._thread.ident is None:
            self._thread.start()

    def made(self, index: int, seat: int | None) -> None:
        """The move at `index` of the history was made during the check, by `seat`."""
        self._seats[index] = seat

    def _run(self) -> None:
        try:
            self._out = chronicle.read(
                self.session.start_state(), self._actions, self.session.humans
            )
        except BaseException as exc:  # any damage in the history: "broken"
            self._out = exc
        self._done.set()

    @property
    def settled(self) -> bool:
        return self.result is not None

    def wait(self, timeout: float | None = None) -> str | None:
        """Block until the replay is done (tests, a headless run), then settle it."""
        self.start()
        self._done.wait(timeout)
        return self.poll()

    def poll(self) -> str | None:
        """None while the replay runs (or is not started); then its verdict (settled
        on the first call after the replay ended)."""
        if self.result is not None or not self._done.is_set():
            return self.result
        out = self._out
        self._out = None
        s = self.session
        base = len(self._actions)
        if not isinstance(out, Chronicle):
            log.warning("the history of game %s does not replay: play refused", s.game_id)
            self.result = "broken"
            return self.result
        s._told = out
        state, rounds = out.end, out.end_rounds
        counted = self._snap_rounds is None  # no snapshot: the replay counts the rounds
        if engine.to_json(state) == self._snapshot and (
            counted or (rounds.round, rounds._last) == self._snap_rounds
        ):
            self.result = "ok"
            if counted:  # and the moves made meanwhile, walked on from the replay's end
                s._rounds = copy.copy(s.chronicle().end_rounds)
            elif len(s.actions) == base:  # (moves made meanwhile: their count goes on)
                s._rounds = copy.copy(rounds)
            return self.result
        meanwhile = s.actions[base:]
        del s.actions[base:]
        # the session's own copies: the chronicle walks on from its end when extended
        state, rounds = state.clone(), copy.copy(rounds)
        s.state, s._rounds = state, rounds
        reasons = {i: r for i, r in s.reasons.items() if i < base}
        for i, data in enumerate(meanwhile, start=base):
            action = action_from_json(data)
            seat = self._seats.get(i)
            if state.to_act != seat:
                self.refused.append(Refused(action, seat, None))
                continue
            try:
                rounds.see(engine.apply(state, action))
            except engine.IllegalAction as exc:
                self.refused.append(Refused(action, seat, exc))
                continue
            if i in s.reasons:
                reasons[len(s.actions)] = s.reasons[i]
            s.actions.append(data)
        s.reasons = reasons
        log.warning(
            "the history of game %s replays to another position: it wins; %d of the %d "
            "moves made meanwhile carried over",
            s.game_id,
            len(meanwhile) - len(self.refused),
            len(meanwhile),
        )
        self.result = "differs"
        return self.result


def _seats_and_actions(data: object) -> tuple[list[Any], list[Any]]:
    """A save's seat list and action history, refused with a reason when damaged."""
    if not isinstance(data, dict):
        raise ValueError("the session is not an object")
    if data.get("format") != SESSION_FORMAT:
        raise ValueError(f"session format {data.get('format')!r} is not supported")
    seats = data.get("seats")
    actions = data.get("actions")
    if not isinstance(seats, list) or len(seats) not in SEAT_RANGE:
        raise ValueError("the save needs 3 to 6 seats")
    if not isinstance(actions, list) or not all(map(isinstance, actions, repeat(dict))):
        raise ValueError("the action history is damaged")
    return seats, actions
