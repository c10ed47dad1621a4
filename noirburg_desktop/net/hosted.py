"""The hosted game: the authority, without sockets.

It holds the only GameState (inside the app's GameSession, autosaved after every
action like a local game), the seat tokens, each seat's own log, and decides what
each seat is told and asked. `host.py` moves its messages over the network and runs
the AIs; tests drive it directly. Every intent is checked here: the token against
the seat, the state id against the game, the action against `legal_actions` (the
engine refuses anything else with its own reason, the state unchanged).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine
from engine import Event, IllegalAction, Phase, legal_actions, to_json, view
from engine.actions import Action, Pass, action_from_json, action_to_json
from noirburg_desktop import version
from noirburg_desktop.net import protocol as p
from noirburg_desktop.net import reasons as r
from noirburg_desktop.net.hosted_seat import (
    Seat,
    clean_name,
    seat_from_json,
    seat_to_json,
    token_digest,
)
from noirburg_desktop.net.seatview import action_from_wire, event_to_json
from noirburg_desktop.persist import safefs
from noirburg_desktop.persist.storage import MAX_SAVE_BYTES, write_json_atomic
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig

HOSTED_FILE = "hosted.json"
HOSTED_FORMAT = 1


Outgoing = tuple[int, p.HostMessage]  # (seat, message)


class HostedGame:
    """One game hosted for remote seats (and AI seats)."""

    def __init__(
        self,
        players: int,
        seed: int,
        *,
        remote: int | None = None,
        data_dir: Path | None = None,
        grace: float = 60.0,
        window_timeout: float = 30.0,
        window_grace: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        app_version: str | None = None,
        house_rules: dict[str, Any] | None = None,
        ai_names: list[str] | None = None,
    ) -> None:
        """`remote` seats (the first ones; default all) are joined over the network,
        the rest are AI seats from the start. `house_rules`: GameSession.new's keyword
        arguments (money_victory, poker_always_to_box, ransom_excess, first_player).
        `ai_names`: the AI seats' names, in order (the hosting window words them)."""
        if players not in engine.SEAT_RANGE:
            raise ValueError("NOIR is played by 3 to 6 players")
        remote = players if remote is None else remote
        self.players, self.seed = players, seed
        self.seats = [Seat(remote=i < remote) for i in range(players)]
        names = iter(ai_names or [])
        for i, s in enumerate(self.seats):
            if not s.remote:
                s.name = clean_name(next(names, ""), i)
        self.data_dir = data_dir
        self.grace, self.window_timeout = grace, window_timeout
        self.window_grace = window_grace
        self.clock = clock
        self.app_version = app_version if app_version is not None else version()
        self.house_rules = dict(house_rules or {})
        self.session: GameSession | None = None
        self.game_id = secrets.token_hex(8)
        self.logs: list[list[list[Any]]] = [[] for _ in range(players)]
        self.outbox: list[Outgoing] = []
        self.asked_since = clock()  # when the current question was put
        self.save_error: str | None = None
        # The hosting window's lobby deals only when its host presses Start (`release`);
        # the headless server deals as soon as every remote seat is taken.
        self.hold = False

    # --- facts -----------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.session is not None

    @property
    def over(self) -> bool:
        return self.session is not None and self.session.finished

    @property
    def state_id(self) -> int:
        return len(self.session.actions) if self.session is not None else -1

    @property
    def took_over(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.marked]

    def lobby(self) -> p.Lobby:
        return p.Lobby(
            seats=[
                p.SeatInfo(seat=i, name=s.name, connected=s.connected or not s.remote, ai=s.ai)
                for i, s in enumerate(self.seats)
            ],
            started=self.started,
            waiting_for=sum(1 for s in self.seats if not s.taken),
            ai_took_over=self.took_over,
        )

    # --- joining ---------------------------------------------------------------

    def join(self, name: str, token: str | None) -> tuple[int, str] | p.Goodbye:
        """A seat for this player (theirs again when `token` is theirs), or why not."""
        if token is not None:
            digest = token_digest(token)
            for i, s in enumerate(self.seats):
                if s.digest and secrets.compare_digest(s.digest, digest):
                    return i, token
            return p.Goodbye(code="bad_token", reason=r.wire(r.bad_token()))
        for i, s in enumerate(self.seats):
            if not s.taken:
                token = secrets.token_hex(16)
                s.digest, s.name = token_digest(token), clean_name(name, i)
                self._save()
                return i, token
        return p.Goodbye(code="full", reason=r.wire(r.game_full()))

    def connect(self, seat: int) -> None:
        """The seat's player is here: it gets its whole picture (and its seat back)."""
        s = self.seats[seat]
        s.connected = True
        if s.took_over and s.remote:
            s.took_over = False  # the player is back; the game stays marked in the lobby
            s.away_since = 0.0
        self._to_all(self.lobby())
        if not self.started and not self.hold and all(x.taken for x in self.seats):
            self.deal()
        elif self.started:
            self.outbox.append((seat, self.update_for(seat, [], resync=True)))
            if self.over:  # it missed the ending while away
                self.outbox.append((seat, self.game_over()))

    def release(self) -> bool:
        """The host pressed Start: deal now if every seat is taken (True when dealt)."""
        self.hold = False
        if self.started or not all(x.taken for x in self.seats):
            return False
        self.deal()
        return True

    def disconnect(self, seat: int) -> None:
        s = self.seats[seat]
        s.connected = False
        s.away_since = self.clock()
        self._to_all(self.lobby())

    def deal(self) -> None:
        configs = [
            SeatConfig(name=s.name, colour=SEAT_COLOURS[i], kind="human" if s.remote else "normal")
            for i, s in enumerate(self.seats)
        ]
        self.session = GameSession.new(configs, seed=self.seed, **self.house_rules)
        self.session.game_id = self.game_id
        self.session.autosave = self.autosave
        self.asked_since = self.clock()
        self._save()
        self._to_all(self.lobby())
        for i in range(self.players):
            self.outbox.append((i, self.update_for(i, [], resync=True)))

    # --- what a seat sees and is asked ---------------------------------------------

    def question(self, seat: int) -> p.Question | None:
        session = self.session
        if session is None or session.finished:
            return None
        state = session.state
        asked = state.to_act
        w = state.window
        if w is not None:
            if seat != asked and seat not in w.order:
                return None
            legal = legal_actions(state) if seat == asked else []
            return p.Question(
                kind="window",
                legal=[action_to_json(a) for a in legal],
                deadline=self.window_timeout,
            )
        if seat != asked:
            return None
        kind = "mulligan" if state.phase is Phase.MULLIGAN else "turn"
        deadline = 0.0 if self.seats[seat].connected else self.grace
        legal = legal_actions(state)
        return p.Question(kind=kind, legal=[action_to_json(a) for a in legal], deadline=deadline)

    def view_json(self, seat: int) -> dict[str, Any]:
        """`engine.view` as JSON; in a window, the window asks this seat in its view,
        whoever the engine really asks (so the timing of a reaction leaks nothing)."""
        assert self.session is not None
        data = to_json(view(self.session.state, seat))
        stack = data["stack"]
        if stack and stack[-1].get("frame") == "window":
            order = stack[-1]["order"]
            stack[-1]["pos"] = order.index(seat) if seat in order else 0
        return data

    def update_for(self, seat: int, events: list[Event], resync: bool = False) -> p.Update:
        log = self.logs[seat]
        if resync:
            sent = log[-p.MAX_LOG :]
        else:
            sent = [event_to_json(e.for_seat(seat)) for e in events]
        return p.Update(
            state_id=self.state_id,
            view=self.view_json(seat),
            events=sent,
            question=self.question(seat),
            resync=resync,
        )

    # --- intents ---------------------------------------------------------------

    def submit(self, seat: int, act: p.Act) -> bool:
        """Carry out `seat`'s intent, or queue a Refused (then its picture again).
        True when the game moved."""
        s = self.seats[seat]
        session = self.session
        if session is None:
            return self._refuse(seat, "not_started", "", r.not_started())
        if not secrets.compare_digest(token_digest(act.token), s.digest):
            return self._refuse(seat, "bad_token", "", r.forged())
        if act.state_id != self.state_id:
            return self._refuse(seat, "stale", "", r.stale(act.state_id, self.state_id))
        try:
            action = action_from_wire(act.action)
        except ValueError as exc:
            return self._refuse(seat, "malformed", "I-INPUT", r.malformed(str(exc)))
        state = session.state
        if state.to_act != seat:
            w = state.window
            if w is not None and seat in w.order:
                return self._refuse(seat, "illegal", "", r.not_a_choice())
            return self._refuse(seat, "not_your_turn", "", r.not_your_turn())
        if s.took_over:
            s.took_over = False  # the player acts again: the seat is theirs
        return self._apply(seat, action)

    def apply_ai(self, seat: int, state_id: int, action: Action) -> bool:
        """An AI's choice, made on `state_id` (dropped if the game moved meanwhile)."""
        if self.session is None or state_id != self.state_id or self.session.state.to_act != seat:
            return False
        if not self.seats[seat].ai:  # its player came back while the AI was thinking
            return False
        return self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> bool:
        assert self.session is not None
        try:
            events = self.session.apply(engine.canonical(self.session.state, action))
        except IllegalAction as exc:  # the engine's own reason; the state is unchanged
            return self._refuse(seat, "illegal", exc.rule, exc.message)
        except (TypeError, ValueError, KeyError, IndexError) as exc:  # what the parser let by
            return self._refuse(seat, "malformed", "I-INPUT", r.malformed(type(exc).__name__))
        self.asked_since = self.clock()
        for i in range(self.players):
            self.logs[i].extend(event_to_json(e.for_seat(i)) for e in events)
            self.outbox.append((i, self.update_for(i, events)))
        if self.session.finished:
            self.outbox.extend((i, self.game_over()) for i in range(self.players))
        return True

    def _refuse(self, seat: int, code: str, rule: str, reason: str) -> bool:
        """Answer with the reason only: the seat's picture has not changed (sending it
        again would let a client make the host talk without end)."""
        refusal = p.Refused(code=code, rule=rule, reason=r.wire(reason), state_id=self.state_id)
        self.outbox.append((seat, refusal))
        return False

    def game_over(self) -> p.GameOver:
        assert self.session is not None
        state = self.session.state
        return p.GameOver(
            winners=list(state.winners),
            method=state.win_method or "",
            state=to_json(state),
            ai_took_over=self.took_over,
        )

    # --- the host's own moves: away seats and AIs ----------------------------------

    def ai_turn(self) -> int | None:
        """The seat an AI must play now, if any."""
        if self.session is None or self.session.finished:
            return None
        seat = self.session.state.to_act
        if seat is None or not self.seats[seat].ai:
            return None
        return seat

    def tick(self) -> bool:
        """Pass the windows of away seats (and of idle ones after the window timeout);
        hand a seat away longer than the grace period to an AI. True when it moved."""
        session = self.session
        if session is None or session.finished:
            return False
        state = session.state
        seat = state.to_act
        if seat is None:
            return False
        s = self.seats[seat]
        if s.ai:
            return False
        now = self.clock()
        if state.window is not None:
            idle = self.window_timeout > 0 and now - self.asked_since > self.window_timeout
            # away before the window opened: it passes at once; dropped while asked:
            # a few seconds to come back (a reconnect gets the same question)
            gone = not s.connected and (
                s.away_since <= self.asked_since or now - s.away_since > self.window_grace
            )
            if gone or idle:
                return self._apply(seat, Pass())
            return False
        if not s.connected and now - max(s.away_since, self.asked_since) > self.grace:
            s.took_over = s.marked = True
            self._to_all(self.lobby())
            return True
        return False

    # --- persistence -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": HOSTED_FORMAT,
            "game_id": self.game_id,
            "players": self.players,
            "seed": self.seed,
            "seats": [seat_to_json(s) for s in self.seats],
            "session": self.session.to_json() if self.session is not None else None,
        }

    def _save(self) -> None:
        if self.data_dir is None:
            return
        try:
            write_json_atomic(self.data_dir / HOSTED_FILE, self.to_json(), MAX_SAVE_BYTES)
            self.save_error = None
        except OSError as exc:
            self.save_error = safefs.shown(exc)

    def autosave(self, session: GameSession) -> None:
        """GameSession's autosave hook: after every action."""
        self._save()

    def resume(self, data: Any) -> None:
        """Take over a game from its autosave (ValueError when it is not one)."""
        if not isinstance(data, dict) or data.get("format") != HOSTED_FORMAT:
            raise ValueError("not a hosted game")
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != self.players:
            raise ValueError(f"not a game of {self.players} players")
        game_id = data.get("game_id")
        if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 32:
            raise ValueError("a damaged game id")
        restored = [seat_from_json(raw, i) for i, raw in enumerate(seats)]
        session = None
        if data.get("session") is not None:
            if not isinstance(data["session"], dict):
                raise ValueError("a damaged game")
            session = GameSession.from_json(data["session"])
            if session.players != self.players:
                raise ValueError(f"not a game of {self.players} players")
        seed = data.get("seed")
        self.seed = seed if type(seed) is int else self.seed
        self.game_id, self.seats = game_id, restored
        if session is not None:
            self._adopt(session)
        # every seat counts as dropped while asked: window_grace (a window) or grace
        # (its own decision) to come back before it is passed or handed to an AI
        self.asked_since = self.clock()
        for s in self.seats:
            s.away_since = self.asked_since + 1e-6

    def _adopt(self, session: GameSession) -> None:
        """Rebuild every seat's log by replaying the history (the events are not saved)."""
        state = session.start_state()
        self.logs = [[] for _ in range(self.players)]
        for entry in session.actions:
            events = engine.apply(state, action_from_json(entry))
            for i in range(self.players):
                self.logs[i].extend(event_to_json(e.for_seat(i)) for e in events)
        self.session = session
        session.autosave = self.autosave
        self.asked_since = self.clock()

    def load(self) -> bool:
        """Resume from `data_dir`'s autosave if there is one; a damaged one is set
        aside (never deleted) and the game starts afresh. True when resumed."""
        if self.data_dir is None:
            return False
        path = self.data_dir / HOSTED_FILE
        try:
            self.resume(safefs.read_json(path, MAX_SAVE_BYTES))
        except FileNotFoundError:
            return False
        except (OSError, ValueError) as exc:
            self.save_error = safefs.shown(exc)
            safefs.set_aside(path)
            return False
        return True

    def _to_all(self, message: p.HostMessage) -> None:
        self.outbox.extend((i, message) for i in range(self.players))
