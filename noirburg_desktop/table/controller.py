"""Who decides now, and who holds the device: the table's game flow.

The controller owns the session while the table is shown. It applies every
action (human gestures, AI decisions, automatic passes), turns the events
into the story the `Presenter` tells, keeps the undo snapshots, and decides
when the device must change hands. Its privacy rules:

* a human's hand is only drawn while that human holds the device;
* the device changes hands only through a hand-off screen;
* with one human at the table there is no bar (nobody to hide a hand from):
  the table stops only when the engine asks that human, and waits for their
  Play / Pass (see `pacing`);
* with 2+ humans, reaction windows look the same whether or not anyone can
  react: a bar for a fixed time after every event that could open one; a human the engine is
  asking who did not claim the bar passes when it ends (claiming is how a
  human reacts), and a claim always ends in that human's private screen,
  whether or not they have anything to play;
* with "always ask" on (settings key `always_ask_reactions`), every bar is
  followed by a poll of all the humans but its opener, in turn order: each
  gets the same hand-off, then either the engine's question or a private
  "nothing to play" note. The story pauses during a poll, so the number of
  screens never depends on who holds what.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine
from engine import Phase
from engine.actions import (
    Action,
    AddAttacker,
    CancelAttack,
    EndPhase,
    Mulligan,
    Pass,
    StartAttack,
)
from noirburg_desktop.table import pacing
from noirburg_desktop.table.ai_driver import AIDriver, Decision
from noirburg_desktop.table.animation import (
    BASE_S,
    Bar,
    Presenter,
    Step,
    plan_bars,
    without_windows,
)
from noirburg_desktop.table.handoff import Handoff
from noirburg_desktop.table.texts import t
from noirburg_desktop.wording import actor_line, event_line, reason_line

BARRIER_KINDS = frozenset({"draw", "die", "reshuffle", "mulligan_draw", "turncoat_take"})


def parse_colour(text: str) -> tuple[int, int, int]:
    s = text.lstrip("#")
    try:
        return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16))
    except (ValueError, IndexError):
        return (200, 200, 200)


@dataclass
class Snapshot:
    state: engine.GameState
    n_actions: int
    n_log: int


class TableController:
    """Game flow for one session; the scene feeds it input and draws what it says."""

    def __init__(
        self,
        session: Any,
        *,
        ai_speed: str = "normal",
        bar_seconds: float = 5.0,
        threaded_ai: bool = True,
        rects: Callable[[object], dict[str, Any]] | None = None,
        always_ask: bool = False,
        auto_pass: bool = False,
    ) -> None:
        self.session = session
        self.presenter = Presenter()
        self.ai = AIDriver(seed=int(getattr(session, "seed", 0)) ^ 0x5EED, threaded=threaded_ai)
        self.ai_speed = ai_speed
        self.bar_seconds = bar_seconds
        self.rects = rects or (lambda ev: {})
        self.log: list[str] = []
        self.version = 0
        self.holder: int | None = None
        self.handoff: Handoff | None = None
        self.note: str = ""  # private message for the holder ("nothing to play")
        self.claimant: int | None = None
        self.choosing_claim = False
        self.always_ask = always_ask
        self.poll: list[int] | None = None  # humans still to ask after the last bar
        self.undo_stack: list[Snapshot] = []
        self.ai_wait = 0.0
        self.held: Decision | None = None  # an AI decision waiting for its delay
        self.turn_of = -1  # whose turn `turn_t` times (AI pacing has a per-turn budget)
        self.turn_t = 0.0
        self.turn_started = False
        self.think_t = 0.0  # how long the AI in flight has been thinking
        self.toast = ""
        self.toast_t = 0.0
        # (seat, phase) a phase note speaks of ("Now: Discard…"); it goes when they change
        self.toast_phase: tuple[int, Phase] | None = None
        n = self.n
        self.humans = [i for i in range(n) if session.is_human(i)]
        if len(self.humans) == 1:
            self.holder = self.humans[0]
        self.use_bars = pacing.uses_bars(len(self.humans))
        self.auto_pass = auto_pass  # one human: pass at once whenever asked to react
        self.pass_turn: int | None = None  # one human: pass whenever asked until this turn ends
        self.presenter.bar_seconds = bar_seconds if self.use_bars else 0.0
        self.guard_t = -1.0  # time since the engine moved the holder past a phase itself
        if session.actions:
            self._rebuild_history()  # Continue / Load: the log and undo steps come back
        else:
            self._log_line(f"— {self.name(self.state.active)} —")

    def _rebuild_history(self) -> None:
        from noirburg_desktop.table.history import rebuild

        def undoable(st: engine.GameState, seat: int | None, _ev: object) -> bool:
            return st.to_act == seat and st.window is None and st.active == seat

        got = rebuild(self.session, self.viewer, self.holder, self.name, undoable, BARRIER_KINDS)
        self.log = got.log
        self.undo_stack = [Snapshot(st, n, k) for st, n, k in got.undo]

    # --- facts ---------------------------------------------------------------------
    @property
    def state(self) -> engine.GameState:
        return self.session.state  # type: ignore[no-any-return]

    @property
    def n(self) -> int:
        return len(self.session.configs)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return str(self.session.configs[seat].name)

    def colour(self, seat: int) -> tuple[int, int, int]:
        return parse_colour(self.session.configs[seat].colour)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and bool(self.session.is_human(seat))

    @property
    def viewer(self) -> int:
        """The seat drawn at the bottom: the device holder, else the first human."""
        if self.holder is not None:
            return self.holder
        return self.humans[0] if self.humans else 0

    @property
    def show_hand(self) -> bool:
        if self.handoff is not None:
            return False
        if not self.humans:
            return True  # an all-AI game is a spectacle: nothing to hide from anyone
        if self.holder is None or self.holder != self.viewer:
            return False
        if len(self.humans) == 1:
            return True
        return self.holds_the_floor(self.holder)

    def holds_the_floor(self, seat: int) -> bool:
        """Hotseat: `seat`'s hand may show only during its own turn, its opening swap
        or a reaction it claimed; the moment its turn ends it is hidden, also while
        AI seats play on."""
        st = self.state
        if st.phase is Phase.MULLIGAN:
            return st.to_act == seat
        if self.claimant == seat or (st.window is not None and st.to_act == seat):
            return self.claimant == seat
        return st.active == seat and not st.turn_ending and st.window is None

    @property
    def game_over(self) -> bool:
        return bool(self.state.phase is Phase.GAME_OVER)

    def bars_pending(self) -> bool:
        p = self.presenter
        return p.bar is not None or any(isinstance(s.item, Bar) for s in p.queue)

    def my_turn(self) -> bool:
        """The holder may act now through the table (drag, keys)."""
        st = self.state
        seat = st.to_act
        if seat is None or self.handoff is not None or self.note or seat != self.holder:
            return False
        if not self.is_human(seat):
            return False
        if st.window is not None:
            return self.claimant == seat
        return not self.bars_pending()

    def legal(self) -> list[Action]:
        return engine.legal_actions(self.state) if self.my_turn() else []

    # --- applying ------------------------------------------------------------------
    def apply(self, action: Action) -> list[engine.Event]:
        """Apply for the seat to act; IllegalAction propagates with the state unchanged."""
        st = self.state
        seat = st.to_act
        own_turn = seat is not None and st.window is None and st.phase is not Phase.MULLIGAN
        snap = None
        if own_turn and self.is_human(seat) and seat == self.holder:
            snap = Snapshot(st.clone(), len(self.session.actions), len(self.log))
        active_before = st.active
        events = self.session.apply(action)
        if self.poll is not None and not isinstance(action, Pass):
            self.poll = None  # a reaction changed the situation: its own bar polls again
        st = self.state
        if (
            snap is not None
            and not any(e.kind in BARRIER_KINDS for e in events)
            and (st.to_act == seat and st.window is None and st.active == seat)
        ):
            self.undo_stack.append(snap)
        else:
            self.undo_stack.clear()
        if seat is not None and isinstance(action, (StartAttack, AddAttacker, CancelAttack)):
            self._log_line(actor_line(self.name(seat), action))  # no event says these
        if seat is not None and seat == self.claimant:
            self.claimant = None  # answered: a claim covers one decision, never the next
        # AI pacing for whatever happens in an AI's turn, even when a human's pass in a
        # window is what lets the AI's attack resolve.
        ai_actor = (seat is not None and not self.is_human(seat)) or not self.is_human(
            active_before
        )
        self._present(events, ai_actor)
        h = self.state.active
        if h != active_before:
            self.toast = ""  # a message about the turn that just ended is stale now
        if self.toast_phase is not None and self.toast_phase != (h, self.state.phase):
            self.toast, self.toast_phase = "", None  # a note about a phase that is over
        if self.is_human(h) and self.state.phase is not Phase.GAME_OVER:
            self._note_skips(events, h, action if seat == h else None)
        self.version += 1
        return events

    def _note_skips(self, events: list[engine.Event], seat: int, action: Action | None) -> None:
        """Announce phases the engine skipped (nothing to do there) and arm the guard
        so a "Next phase" click meant for them does not end the phase that follows."""
        st = self.state
        skipped = pacing.skipped_phases(events, seat)
        moved_on = any(e.kind == "phase" and e.seat == seat for e in events)
        own_move = action is not None and not isinstance(action, EndPhase)
        if skipped:
            names = ", ".join(t(f"table.phase.{p}") for p in skipped)
            self.set_phase_note(t("table.skipped", phases=names))
        elif own_move and moved_on and st.active == seat and st.window is None:
            # The move left nothing else to do in the phase: the engine went on by itself.
            self.set_phase_note(t("table.moved_on", phase=t(f"table.phase.{st.phase.value}")))
        if moved_on and st.active == seat and (skipped or own_move):
            self.guard_t = 0.0

    def guard_active(self) -> bool:
        return 0.0 <= self.guard_t < pacing.SKIP_GUARD_S

    def clear_guard(self) -> None:
        self.guard_t = -1.0

    def _present(self, events: list[engine.Event], ai_actor: bool = False) -> None:
        items = plan_bars(events) if self.use_bars else without_windows(events)
        pace = pacing.pace_for(self.ai_speed, ai_actor, bool(self.humans), self.turn_t)
        if ai_actor and self.humans:  # one long story (a Poker Night's dice) must fit too
            story = sum(BASE_S.get(getattr(x, "kind", ""), 0.0) for x in items) * pace
            pace *= pacing.story_fit(self.ai_speed, self.turn_t, story)
        for item in items:
            if isinstance(item, Bar):
                self.presenter.push(Step(item, "", self.presenter.bar_seconds))
                continue
            ev = item.for_seat(self.viewer)
            line = event_line(ev, self.name, self.n)
            if ev.kind != "phase":
                self._log_line(line)
            dur = BASE_S.get(ev.kind, 0.0) * pace
            self.presenter.push(Step(ev, line, dur, self.rects(ev)))

    def _log_line(self, line: str) -> None:
        self.log.append(line)
        if len(self.log) > 400:
            del self.log[:100]

    # --- undo ----------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack) and self.my_turn()

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        snap = self.undo_stack.pop()
        self.session.state = snap.state
        del self.session.actions[snap.n_actions :]
        del self.log[snap.n_log :]
        self.presenter.skip_all()
        self.ai.cancel()
        self.held = None
        if self.toast_phase is not None:
            self.toast, self.toast_phase = "", None  # it spoke of the position undone
        if getattr(self.session, "autosave", None) is not None:
            self.session.autosave(self.session)
        self.version += 1
        return True

    # --- claims (reaction bar) -----------------------------------------------------
    def claim(self, seat: int | None = None) -> None:
        """R / click on the bar. With one human the claim is theirs; else ask which."""
        if self.presenter.bar is None or not self.humans or self.claimant is not None:
            return
        if seat is None and len(self.humans) == 1:
            seat = self.humans[0]
        if seat is None:
            self.choosing_claim = True
            return
        if seat not in self.humans or not self.state.seats[seat].alive:
            return
        self.choosing_claim = False
        self.claimant = seat
        self.presenter.end_bar()

    def _claim_step(self) -> bool:
        """Bring the engine to the claimant, or tell them privately there is nothing.
        Returns True when it changed something."""
        seat = self.claimant
        st = self.state
        w = st.window
        if seat is None:
            return False
        if w is not None and seat in w.order[w.pos :]:
            asked = st.to_act
            if asked == seat:
                if self.holder != seat:
                    self._hand_to(seat, "react")
                return False
            if self.is_human(asked):
                self.apply(Pass())  # unclaimed humans ahead of the claimant pass
                return True
            return False  # an AI ahead decides first (update does it without waiting)
        # The engine is not asking the claimant: say so, privately.
        self.claimant = None
        msg = t("table.nothing_now", name=self.name(seat))
        if self.holder != seat and len(self.humans) > 1:
            self._hand_to(seat, "react", msg)
        else:
            self.note = msg
        return True

    # --- hand-off ------------------------------------------------------------------
    def _hand_to(self, seat: int, why: str, message: str = "") -> None:
        self.handoff = Handoff(seat, self.name(seat), self.colour(seat), why, message)
        self.version += 1

    def handoff_ready(self) -> None:
        h = self.handoff
        if h is None:
            return
        self.handoff = None
        self.holder = h.seat
        self.note = h.message
        self.version += 1

    def close_note(self) -> None:
        self.note = ""
        self.version += 1

    # --- the frame tick ------------------------------------------------------------
    def update(self, dt: float) -> None:
        bars_before = self.presenter.finished_bars
        if self.guard_t >= 0.0:
            self.guard_t += dt
        self._time_turn(dt)
        # A claim started inside the bar is never dropped: the bar waits for the seat number.
        self.presenter.hold = self.choosing_claim
        if self.poll is None:  # the story waits while the table is polled
            self.presenter.update(dt)
        if self.presenter.finished_bars != bars_before:
            self.choosing_claim = False
            self._start_poll()
        self.think_t = self.think_t + dt if self.ai.busy else 0.0
        if self.toast:
            self.toast_t += dt
            if self.toast_t > 4.0:
                self.toast = ""
        if self.handoff is not None or self.note or self.game_over:
            return
        for _ in range(8):  # several quick steps (auto-passes) may happen in one frame
            if not self._advance(dt):
                break
            dt = 0.0
            self.presenter.update(0.0)  # zero-length steps (instant speed) finish now

    def _advance(self, dt: float) -> bool:
        st = self.state
        seat = st.to_act
        if self.handoff is not None or self.note:
            return False
        if self.poll is not None:
            return self._poll_step(dt)
        if seat is None:
            return False
        if self.claimant is not None and self._claim_step():
            return True
        if self.handoff is not None:
            return False
        human = self.is_human(seat)
        if st.window is not None:
            if human and not self.use_bars:
                return self._ask_lone_human(seat)
            if human:
                if self.claimant == seat:
                    return False
                if self.bars_pending():
                    return False
                self.apply(Pass())  # the bar went by unclaimed (see module doc)
                return True
            # The engine stops only at seats holding a reaction, so an AI asked in a
            # window must not pause the table (no "think" delay) or it tells everyone.
            # It also starts thinking while the bar still runs, so its think time hides
            # inside the bar, which lasts the same whoever is asked.
            # With one human nothing is hidden: the AI answers at once, the story catches up.
            wait = self.use_bars and self.claimant is None
            return self._ai_step(seat, dt, wait=wait, pause=False, early=True)
        if human:
            if self.holder != seat and len(self.humans) > 1:
                why = "mulligan" if st.phase is Phase.MULLIGAN else "turn"
                if not self.bars_pending():
                    self._hand_to(seat, why)
                return False
            if self.holder is None:
                self.holder = seat
                self.version += 1
            return False
        return self._ai_step(seat, dt, wait=True)

    def _ask_lone_human(self, seat: int) -> bool:
        """One human, asked by the engine (they hold a reaction playable now): once the
        story has caught up, wait for their Play / Pass, or pass for them (auto-pass)."""
        if self.claimant == seat or not self.presenter.idle:
            return False
        if self.auto_pass or self.pass_turn == self.state.turn:
            self.apply(Pass())
            return True
        self.claimant = seat
        if self.holder is None:
            self.holder = seat
        self.set_toast(t("table.react_prompt"))
        return False

    def pass_rest_of_turn(self) -> bool:
        """Shift+Space when asked to react (one human): pass now and whenever asked again
        until this turn is over. False when there is nothing to pass."""
        st = self.state
        if len(self.humans) != 1 or st.window is None or st.to_act != self.humans[0]:
            return False
        self.pass_turn = st.turn
        self.claimant = None
        self.apply(Pass())
        return True

    # --- "always ask" polls ----------------------------------------------------------
    def _start_poll(self) -> None:
        bar = self.presenter.last_bar
        if not self.always_ask or not self.humans or self.game_over or self.claimant is not None:
            return
        w = self.state.window
        opener = w.opener if w is not None else (bar.opener if bar is not None else None)
        start = self.state.active if opener is None else opener
        ring = [(start + k) % self.n for k in range(1, self.n + 1)]
        self.poll = [s for s in ring if s != opener and s in self.humans]

    def _poll_step(self, dt: float) -> bool:
        """Ask the next polled human: the engine's question, or the private note."""
        assert self.poll is not None
        st = self.state
        w = st.window
        while self.poll:
            h = self.poll[0]
            if not st.seats[h].alive:
                self.poll.pop(0)
                continue
            seat = st.to_act
            if w is not None and seat in w.order and h in w.order[w.pos :]:
                if seat == h:
                    self.poll.pop(0)
                    self.claimant = h
                    if self.holder != h and len(self.humans) > 1:
                        self._hand_to(h, "react")
                    return True
                if w.order.index(seat) < w.order.index(h):  # someone before h answers first
                    if self.is_human(seat):
                        self.apply(Pass())
                        return True
                    return self._ai_step(seat, dt, wait=False)
            self.poll.pop(0)  # the engine will not ask h: the same hand-off, then a note
            if len(self.humans) > 1:
                self._hand_to(h, "react", t("table.nothing_now", name=self.name(h)))
                return True
        if self.claimant is not None and st.to_act == self.claimant:
            return False  # the last one asked is still deciding
        self.poll = None
        return True

    def _log_reason(self, seat: int, action: Action, reason: str) -> None:
        """The bot's one-line why, logged just before its action, for actions everyone sees
        anyway (never a pass, an opening swap or a phase end, whose reasons could hint at
        a hidden hand)."""
        if reason and not isinstance(action, (EndPhase, Pass, Mulligan, AddAttacker)):
            self._log_line(reason_line(self.name(seat), reason))

    def _time_turn(self, dt: float) -> None:
        """An AI turn's budget runs from its first move, not while the story of the turn
        before catches up; a human's own story is hurried once their turn is over."""
        active = self.state.active
        if active != self.turn_of:
            if self.is_human(self.turn_of) and not self.is_human(active):
                self.presenter.hurry(pacing.AFTER_TURN_SCALE)
            self.turn_of, self.turn_t, self.turn_started = active, 0.0, False
        if self.presenter.idle:
            self.turn_started = True
        if self.turn_started:
            self.turn_t += dt

    def _ai_step(
        self, seat: int, dt: float, wait: bool, pause: bool = True, early: bool = False
    ) -> bool:
        """`wait`: let the story finish first; `pause`: then the speed setting's delay
        before a visible move (ending a phase or passing shows nothing and waits for
        nothing); `early`: start thinking meanwhile. The bot thinks during the delay."""
        if wait and not self.presenter.idle:
            self.ai_wait = 0.0
            if early and not self.ai.busy and self.held is None:
                self._request(seat)
            return False
        self.ai_wait += dt
        d = self.held
        if d is None:
            d = self.ai.poll()
            if d is None and not self.ai.busy:
                self._request(seat)
                # At Instant a quick bot's answer is taken in this same frame.
                d = self.ai.poll(0.01 if self.ai_speed == "instant" else 0.0)
            if d is None:
                return False
            self.held = d
        if d.seat != self.state.to_act:
            self.held = None
            return False
        delay = pacing.ai_delay(self.ai_speed, self.turn_t) if wait and pause else 0.0
        if not pacing.is_quiet(d.action) and self.ai_wait < delay:
            return False
        self.held = None
        try:
            self._log_reason(seat, d.action, d.reason)
            self.apply(d.action)
        except engine.IllegalAction:
            legal = engine.legal_actions(self.state)
            self.apply(legal[-1] if legal else EndPhase())
        self.ai_wait = 0.0
        return True

    def _request(self, seat: int) -> None:
        """Ask `seat`'s bot to decide from its own view (in the background)."""
        level = str(self.session.configs[seat].kind)
        view = engine.view(self.state, seat)
        self.ai.request(seat, level, view, engine.legal_actions(self.state))

    def set_toast(self, text: str) -> None:
        self.toast = text
        self.toast_t = 0.0
        self.toast_phase = None

    def set_phase_note(self, text: str) -> None:
        """A toast about the phase the player is in now: cleared once that phase is over
        (or undone), so "Now: Discard" never lingers into the draw."""
        self.set_toast(text)
        self.toast_phase = (self.state.active, self.state.phase)
        self.version += 1

    def thinking_seat(self, after: float) -> int | None:
        """The AI seat to tag "thinking…" once it has thought `after` seconds; never in a
        reaction window, where being asked at all shows that the seat holds a reaction."""
        if not self.ai.busy or self.think_t <= after or self.state.window is not None:
            return None
        return self.ai.seat

    def status(self) -> str:
        """Whose turn / who must decide, without naming anyone a window is asking."""
        st = self.state
        if st.phase is Phase.GAME_OVER:
            return t("table.game_over")
        if st.phase is Phase.MULLIGAN:
            return t("table.to_decide", name=self.name(st.to_act))
        return t("table.turn_of", name=self.name(st.active))

    def next_label(self) -> tuple[str, bool]:
        """The main button: what Space/Enter does now."""
        st = self.state
        if not self.my_turn():
            return t("table.waiting"), False
        if st.window is not None:
            return t("table.pass"), True
        if st.phase is Phase.MULLIGAN:
            return t("table.keep_hand"), True
        if st.attack_target is not None:
            return t("table.launch"), True
        if st.phase is Phase.DRAW:
            return t("table.end_turn"), True
        return t("table.next"), True
