"""Who decides now, and who holds the device: the table's game flow.

The controller owns the session while the table is shown. It applies every
action (human gestures, AI decisions, automatic passes), turns the events
into the story the `Presenter` tells, keeps the undo snapshots, and decides
when the device must change hands. Its privacy rules:

* a human's hand is only drawn while that human holds the device;
* the device changes hands only through a hand-off screen;
* with one human at the table there is no bar (nobody to hide a hand from):
  the table stops only when the engine asks that human and the Settings' policy
  says to ask (by default: a threat to what they own that they can answer, see
  `prompting`), or they hold it (R, a grabbed card), and waits for their Play / Pass;
* reaction windows look the same whether or not anyone can react (claims,
  bars and "always ask" polls: see `asking`); what the table waits for is one
  explicit `modes.Mode`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from pygame import Rect

import engine
from engine import Phase
from engine.actions import (
    Action,
    AddAttacker,
    CancelAttack,
    Draw,
    EndPhase,
    Mulligan,
    Pass,
    StartAttack,
)
from engine.cards import KIND, Kind
from engine.threats import Threat, opened_threat
from noirburg_desktop.chronicle import keeps_undo, own_turn
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.session import GameSession
from noirburg_desktop.table import pacing
from noirburg_desktop.table.ai_driver import AIDriver
from noirburg_desktop.table.ai_pacing import AIPacer
from noirburg_desktop.table.animation import (
    Bar,
    Presenter,
    Step,
    plan_bars,
    without_windows,
)
from noirburg_desktop.table.asking import AskingFlow
from noirburg_desktop.table.button_flow import undo_allowed
from noirburg_desktop.table.history import rebuild
from noirburg_desktop.table.modes import (
    Answering,
    HandingOff,
    Mode,
    NamingClaimant,
    Noting,
    Polling,
    Watching,
    after_action,
    flow_of,
)
from noirburg_desktop.table.prompting import loud_window
from noirburg_desktop.table.texts import t
from noirburg_desktop.table.while_away import AwayDigest, AwayNews, own_loss
from noirburg_desktop.words.event_styles import STYLES
from noirburg_desktop.words.reasons import reason_to_json
from noirburg_desktop.words.wording import (
    actor_line,
    card_list,
    coins,
    event_line,
    reason_line,
    refusal_text,
    with_why,
)


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


class TableController(AskingFlow):
    """Game flow for one session; the scene feeds it input and draws what it says."""

    remote = False  # one seat of a hosted game (netplay.remote_table): the host saves it

    def hosting_mid_game(self) -> bool:
        """Leaving this table stops a game others play (the hosting window's table)."""
        return False

    def __init__(
        self,
        session: GameSession,
        *,
        ai_speed: str = "normal",
        bar_seconds: float = 5.0,
        threaded_ai: bool = True,
        rects: Callable[[engine.Event], dict[str, Rect]] | None = None,
        reactions: str = "threats",
        ai: AIDriver | None = None,
    ) -> None:
        self.session = session
        self.presenter = Presenter()
        # `ai`: who decides for the AI seats (the guided game's scripted opponents)
        self.ai = ai or AIDriver(seed=session.seed ^ 0x5EED, threaded=threaded_ai)
        self.pacer = AIPacer(self.ai, self.presenter, ai_speed)
        # Called with (action, events) after every applied action: the tutorial coach
        # and the first-time tips watch the game through this, never by patching the flow.
        self.observers: list[Callable[[Action, list[engine.Event]], None]] = []
        self.bar_seconds = bar_seconds
        self.rects = rects or (lambda ev: {})
        self.log: list[str] = []
        self._why = ""  # an AI's reason, for the next line its move logs
        self.out_watching = False  # the last human out chose to watch the AIs finish
        self.version = 0
        self.holder: int | None = None  # whose hand the device may show (see module doc)
        self.mode: Mode = Watching()  # what the table waits for (see `modes`)
        self.reactions = reactions  # when to ask (Settings → Reactions, see `prompting`)
        self.always_ask = reactions == "always"  # hotseat: poll the humans after each bar
        self.undo_stack: list[Snapshot] = []
        self.toast = ""
        self.toast_t = 0.0
        # (seat, phase) a phase note speaks of ("Now: Discard…"); it goes when they change
        self.toast_phase: tuple[int, Phase] | None = None
        n = self.n
        self.humans = [i for i in range(n) if session.is_human(i)]
        if len(self.humans) == 1:
            self.holder = self.humans[0]
        self.use_bars = pacing.uses_bars(len(self.humans))
        self.pass_turn: int | None = None  # one human: pass whenever asked until this turn ends
        # One human asked to react: seconds left before they pass (None: no clock); the
        # scene holds the clock while they handle a card, and the lesson turns it off.
        self.answer_left: float | None = None
        self.answer_timed = True
        self.answer_hold = False
        self.asked = None  # why the table waits on the one human (`prompting.Ask`)
        self.lesson_ask = None  # the guided game's own "ask now?" (see `asking`)
        self.hold_req = False  # one human: R held the table
        self.drag_hold = False  # one human: a reaction card is in their hand (the scene)
        self.hold_armed = False  # hotseat: R before a bar: the next bar waits for a claim
        # Hotseat: a loud (claim) bar runs the Settings' reaction window; "wait for me"
        # (0) stands until it is claimed or waved on (Space).
        self.presenter.bar_seconds = (bar_seconds or math.inf) if self.use_bars else 0.0
        # Hotseat: the drawer's "you drew" note, shown once no other person can claim
        # the end of the turn (see `_show_drawn`).
        self.drawn_note: tuple[int, list[int]] | None = None
        self.guard_t = -1.0  # time since the holder's main button changed under them
        self.guard_s = pacing.SKIP_GUARD_S  # how long that press guard lasts
        self.late_press_guard = True  # guard the press after others moved (off in the lesson)
        self.rounds = RoundCounter(self.state.first_player, n)  # the log's rounds
        # "While you waited": each human's losses off their turn, told at its start
        self.away = AwayDigest(self.humans, self.state.active)
        self.away_news: AwayNews | None = None
        self.end_news: AwayNews | None = None  # what the Game over panel recalls
        self._check_frames = 0  # frames the table has waited for the history's check
        self._awaiting = session.checking  # the check's verdict is not taken in yet
        if session.checking:  # Continue from a snapshot: the history is checked meanwhile
            self._log_line(f"— {self.name(self.state.active)} —")
            self.set_toast(t("table.checking"))
        elif session.actions:
            self._rebuild_history()  # Continue / Load: the log and undo steps come back
        else:
            self._log_line(f"— {self.name(self.state.active)} —")

    def _await_check(self) -> bool:
        """Continue from a snapshot: the game goes on while the history is replayed in
        the background; True (nothing moves, the note stays up) only once that replay
        found the history broken. When it settles the log and undo steps are rebuilt
        from the replay; if the history gave another position than the snapshot, the
        game goes on from the history's, the moves made meanwhile carried over where
        the engine accepts them, and the player is told (ReplayCheck in session.py)."""
        check = self.session.check
        if check is None or not self._awaiting:
            return False
        self._check_frames += 1
        if self._check_frames >= 2:  # the table is up and drawn: replay the history now
            check.start()
        verdict = check.poll()
        if verdict is None:
            return False
        if verdict == "broken":
            if self.toast != t("table.check_broken"):
                self.set_toast(t("table.check_broken"))
            self.toast_t = 0.0  # the note stays while the table waits
            return True
        self._awaiting = False
        if verdict == "differs":  # another position: what was on its way is dropped
            self.presenter.skip_all()
            self.pacer.cancel()
        self.log = []
        self._rebuild_history()
        if self.toast == t("table.checking"):
            self.set_toast("")
        if verdict == "differs":
            self.set_toast(t("table.check_differs"))
            for r in check.refused:
                why = refusal_text(r.why) if r.why is not None else t("table.check_not_theirs")
                self._log_line(t("table.check_refused", name=self.name(r.seat), why=why))
            if check.refused:
                self.set_toast(t("table.check_differs_refused", n=len(check.refused)))
            self.toast_t = -8.0  # said for longer than an ordinary note
            if self.session.autosave is not None:
                self.session.autosave(self.session)  # the history's position, saved
        self.version += 1
        return False

    def _rebuild_history(self) -> None:
        got = rebuild(self.session, self.viewer, self.holder, self.name)
        self.log = got.log
        self.rounds = got.rounds
        self.undo_stack = [Snapshot(st, n, k) for st, n, k in got.undo]

    def shutdown(self) -> None:
        """The table is closing: stop the AI's worker."""
        self.ai.shutdown()

    # --- facts ---------------------------------------------------------------------
    @property
    def ai_speed(self) -> str:
        return self.pacer.speed

    @ai_speed.setter
    def ai_speed(self, speed: str) -> None:
        self.pacer.speed = speed

    @property
    def think_t(self) -> float:
        return self.pacer.think_t

    @property
    def state(self) -> engine.GameState:
        return self.session.state

    @property
    def n(self) -> int:
        return len(self.session.configs)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.session.configs[seat].name

    def colour(self, seat: int) -> tuple[int, int, int]:
        return parse_colour(self.session.configs[seat].colour)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.session.is_human(seat)

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
        if self.session.blocked:  # the history does not replay (ReplayCheck)
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
        snap = None
        if own_turn(st) and self.is_human(seat) and seat == self.holder:
            snap = Snapshot(st.clone(), len(self.session.actions), len(self.log))
        active_before = st.active
        # Hotseat: whose table the window this action opens threatens (public), for
        # its bar; computed on the position before the action is carried out.
        opened = (
            opened_threat(st, action) if self.use_bars and self.reactions == "threats" else None
        )
        events = self.session.apply(action)
        self._take_away_news(events, seat)
        self._set_mode(after_action(self.mode, seat, isinstance(action, Pass)))
        st = self.state
        if snap is not None and keeps_undo(seat, st, events):
            self.undo_stack.append(snap)
        else:
            self.undo_stack.clear()
        if seat is not None and isinstance(action, (StartAttack, AddAttacker, CancelAttack)):
            self._log_line(actor_line(self.name(seat), action))  # no event says these
        # AI pacing for whatever happens in an AI's turn, even when a human's pass in a
        # window is what lets the AI's attack resolve.
        ai_actor = (seat is not None and not self.is_human(seat)) or not self.is_human(
            active_before
        )
        self._present(events, ai_actor, opened)
        h = self.state.active
        if h != active_before:
            self.toast = ""  # a message about the turn that just ended is stale now
        if self.toast_phase is not None and self.toast_phase != (h, self.state.phase):
            self.toast, self.toast_phase = "", None  # a note about a phase that is over
        if seat == self.holder:
            self.clear_guard()  # a move of their own: they see where they are
        if self.is_human(h) and self.state.phase is not Phase.GAME_OVER:
            self._note_skips(events, h, action if seat == h else None)
        self._guard_main_button(seat, action)
        if isinstance(action, Draw) and (st.turn_ending or st.active != active_before):
            self._show_drawn(seat, events)
        self.version += 1
        for observer in self.observers:
            observer(action, events)
        return events

    def _show_drawn(self, seat: int | None, events: list[engine.Event]) -> None:
        """Hotseat: the hand hides the moment a turn ends, and a draw ends it, so the
        drawer reads what they drew in a private note before the device moves on. Not
        while the end of the turn may still be claimed by another person (a bar or a
        beat on the shared screen): the note waits for it (`_drawn_note_step`)."""
        if seat is None or seat != self.holder or len(self.humans) < 2:
            return
        cards = [c for e in events if e.kind == "draw" and e.seat == seat for c in e.cards]
        if cards:
            self.drawn_note = (seat, cards)

    def _drawn_note_step(self) -> bool:
        """Show the drawer's note once the shared screen is theirs again: nobody is
        claiming or answering, no bar or beat is up; handed back to them if the device
        moved meanwhile. It says the turn is over only once it is."""
        if self.drawn_note is None or self.bars_pending():
            return False
        if not isinstance(self.mode, Watching):
            return False
        seat, cards = self.drawn_note
        self.drawn_note = None
        st = self.state
        going_on = st.active == seat and st.phase is not Phase.GAME_OVER
        key = "table.you_drew_others_react" if going_on else "table.you_drew"
        text = t(key, name=self.name(seat), cards=card_list(cards))
        if self.holder != seat:
            self._hand_to(seat, "drawn", text)
        else:
            self._set_mode(Noting(text, flow_of(self.mode)))
        return True

    def _note_skips(self, events: list[engine.Event], seat: int, action: Action | None) -> None:
        """Announce phases the engine skipped (nothing to do there) and arm the guard
        so a "Next phase" click meant for them does not end the phase that follows."""
        st = self.state
        skipped = pacing.skipped_phases(events, seat)
        moved_on = any(e.kind == "phase" and e.seat == seat for e in events)
        own_move = action is not None and not isinstance(action, EndPhase)
        if skipped:
            names = ", ".join(t(f"table.phase.{p}") for p in skipped)
            why = self.skip_reason(seat, skipped) if st.active == seat else None
            if why is None:
                self.set_phase_note(t("table.skipped", phases=names))
            else:
                self.set_phase_note(t("table.skipped_why", phases=names, why=refusal_text(why)))
        elif own_move and moved_on and st.active == seat and st.window is None:
            # The move left nothing else to do in the phase: the engine went on by itself.
            self.set_phase_note(t("table.moved_on", phase=t(f"table.phase.{st.phase.value}")))
        if moved_on and st.active == seat and (skipped or own_move):
            self.guard_t, self.guard_s = 0.0, pacing.SKIP_GUARD_S

    def skip_reason(self, seat: int, skipped: list[str]) -> engine.IllegalAction | None:
        """Why the engine skipped "Open cards" for `seat` although they hold cards
        (playtest: 6 coins and 3 gangsters, no word about the full buildings): the
        engine's own refusal of the first hand card, asked of a copy put back in that
        phase. Skipping changes nothing on the table, so the copy is the table as it
        was then; the app asks, the engine answers (R-GANG-3, R-OPEN-x)."""
        if Phase.OPEN.value not in skipped:
            return None
        then = self.state.clone()
        then.phase = Phase.OPEN
        hand = then.seats[seat].hand
        opened = [c for c in hand if KIND[c] in (Kind.GANGSTER, Kind.BUSINESS)]
        for card in opened + [c for c in hand if c not in opened]:  # what phase D opens
            why = engine.card_refusal(then, seat, card)
            if why is not None:
                return why
        return None

    def _guard_main_button(self, seat: int | None, action: Action) -> None:
        """Arm the press guard when the holder's own turn comes back to them after
        someone else moved (their late Pass must not end a phase), or when their own
        Next phase lands in phase G (a double press must not end the turn)."""
        st = self.state
        if not self.my_turn() or st.window is not None or st.phase is Phase.MULLIGAN:
            return
        if not self.late_press_guard:
            return
        if seat != self.holder:
            self.guard_t, self.guard_s = 0.0, pacing.SKIP_GUARD_S
        elif isinstance(action, EndPhase) and st.phase is Phase.DRAW:
            self.guard_t, self.guard_s = 0.0, pacing.DOUBLE_PRESS_S

    def guard_active(self) -> bool:
        return 0.0 <= self.guard_t < self.guard_s

    def clear_guard(self) -> None:
        self.guard_t = -1.0

    def _present(
        self,
        events: list[engine.Event],
        ai_actor: bool = False,
        opened: Threat | None = None,
    ) -> None:
        items = plan_bars(events) if self.use_bars else without_windows(events)
        first_bar = True  # the window the action itself opened (the only one it threatens)
        beat = 0.0  # the last event's animation: a silent bar lasts as long
        turn_t = self.pacer.turn_t
        pace = pacing.pace_for(self.ai_speed, ai_actor, bool(self.humans), turn_t)
        if ai_actor and self.humans:  # one long story (a Poker Night's dice) must fit too
            kinds = [x.kind for x in items if isinstance(x, engine.Event)]
            story = sum(STYLES[k].seconds for k in kinds) * pace
            pace *= pacing.story_fit(self.ai_speed, turn_t, story)
        for item in items:
            if isinstance(item, Bar):
                threat = opened if first_bar else None
                first_bar = False
                if loud_window(self.reactions, threat, self.humans):
                    target = threat.target if threat is not None else None
                    bar = replace(item, target=target)
                    self.presenter.push(Step(bar, "", self.presenter.bar_seconds))
                else:  # the window's beat: R claims it, nothing is drawn
                    self.presenter.push(Step(replace(item, silent=True), "", beat))
                continue
            assert isinstance(item, engine.Event)  # plan_bars adds Bars, passes events on
            ev = item.for_seat(self.viewer)
            line = event_line(ev, self.name, self.rounds)
            if ev.kind != "phase":
                self._log_line(line)
            dur = STYLES[ev.kind].seconds * pace
            loss = ai_actor and own_loss(ev, self.humans)
            if loss:  # never squeezed by the AI turn's budget: the person must see it
                full = STYLES[ev.kind].seconds * pacing.AI_PACE.get(self.ai_speed, 0.0)
                dur = max(dur, full)
            beat = dur
            self.presenter.push(Step(ev, line, dur, self.rects(ev), own_loss=loss))

    def _take_away_news(self, events: list[engine.Event], acted: int | None) -> None:
        """Keep what happened to each human's things off their turn; at the start of
        their turn, that seat's news (until dismissed or the turn ends)."""
        news = self.away.record(
            events,
            self.state,
            lambda ev: event_line(ev, self.name),
            lambda ev: t(
                "table.away.you_paid", target=self.name(ev.target), coins=coins(ev.amount)
            ),
        )
        if self.game_over and self.end_news is None and self.humans:
            seat = self.holder if self.holder in self.humans else self.humans[0]
            self.end_news = self.away.last_news(seat, self.state)  # how they lost (#20)
        if news is not None:
            self.away_news = news if (news.lines or news.coins) else None
        elif self.away_news is not None and (
            self.state.active != self.away_news.seat or acted == self.away_news.seat
        ):
            self.away_news = None  # their turn is over, or they have started it

    def dismiss_away_news(self) -> None:
        self.away_news = None

    def _log_line(self, line: str) -> None:
        if self._why and not line.startswith("\u2014"):
            line, self._why = with_why(line, self._why), ""  # the AI's move: one line
        self.log.append(line)
        if len(self.log) > 400:
            del self.log[:100]

    # --- undo ----------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return undo_allowed(len(self.undo_stack), self.my_turn())

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        snap = self.undo_stack.pop()
        self.session.state = snap.state
        del self.session.actions[snap.n_actions :]
        for i in [i for i in self.session.reasons if i >= snap.n_actions]:
            del self.session.reasons[i]
        del self.log[snap.n_log :]
        self.presenter.skip_all()
        self.pacer.cancel()
        if self.toast_phase is not None:
            self.toast, self.toast_phase = "", None  # it spoke of the position undone
        if self.session.autosave is not None:
            self.session.autosave(self.session)
        self.version += 1
        return True

    # --- the frame tick ------------------------------------------------------------
    def update(self, dt: float) -> None:
        bars_before = self.presenter.finished_bars
        if self.guard_t >= 0.0:
            self.guard_t += dt
        active, timed = self.state.active, self.pacer.turn_of
        self.pacer.tick(dt, active, self.is_human(timed), self.is_human(active))
        # A claim started inside the bar is never dropped: the bar waits for the seat number.
        self.presenter.hold = self.choosing_claim
        if self.poll is None:  # the story waits while the table is polled
            self.presenter.update(dt)
        if self.presenter.finished_bars != bars_before:
            self._bar_ended()
        if self.presenter.stop_at_bar and self.presenter.bar is not None:
            # Hotseat, R before the bar: it waits for the seat number now.
            self.presenter.stop_at_bar = self.hold_armed = False
            if isinstance(self.mode, Watching):
                self._set_mode(NamingClaimant())
        if self.toast:
            self.toast_t += dt
            if self.toast_t > 4.0:
                self.toast = ""
        if self._await_check():  # Continue from a snapshot: nothing moves until checked
            return
        if isinstance(self.mode, HandingOff | Noting) or self.game_over or self.waiting_out():
            return
        for _ in range(8):  # several quick steps (auto-passes) may happen in one frame
            if not self._advance(dt) or self.waiting_out():
                break
            dt = 0.0
            self.presenter.update(0.0)  # zero-length steps (instant speed) finish now

    def waiting_out(self) -> bool:
        """Every human at the table is out and has not chosen to watch yet: the AIs wait
        for Watch / New game / Results (playtest 3: at Instant they finished the game
        behind the "You are out" panel, which then jumped to the results)."""
        st = self.state
        if not self.humans or self.out_watching or self.game_over:
            return False
        return not any(st.seats[h].alive for h in self.humans)

    def _advance(self, dt: float) -> bool:
        st = self.state
        seat = st.to_act
        mode = self.mode
        if isinstance(mode, HandingOff | Noting):
            return False
        if isinstance(mode, Polling) or (isinstance(mode, Answering) and mode.poll is not None):
            return self._poll_step(dt)
        if self._drawn_note_step():
            return True
        if seat is None:
            return False
        if isinstance(mode, Answering) and self._claim_step(mode.seat):
            return True
        if self.handoff is not None:
            return False
        human = self.is_human(seat)
        if st.window is not None:
            return self._window_step(seat, human, dt)
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

    def _window_step(self, seat: int, human: bool, dt: float) -> bool:
        """`seat` is asked in a reaction window: ask the lone human, let the bar run
        out, or let the AI answer."""
        if human and not self.use_bars:
            return self._ask_lone_human(seat, dt)
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

    def _log_reason(self, seat: int, action: Action, reason: str) -> None:
        """The bot's one-line why, logged just before its action, for actions everyone sees
        anyway (never a pass, an opening swap or a phase end, whose reasons could hint at
        a hidden hand)."""
        if reason and not isinstance(action, (EndPhase, Pass, Mulligan, AddAttacker)):
            self._why = reason  # folded into the move's first log line (`_log_line`)
            self.session.reasons[len(self.session.actions)] = reason_to_json(reason)

    def _ai_step(
        self, seat: int, dt: float, wait: bool, pause: bool = True, early: bool = False
    ) -> bool:
        """Apply `seat`'s bot decision once `AIPacer` says it is time (see there)."""
        level = self.session.configs[seat].kind
        d = self.pacer.decide(seat, self.state, level, dt, wait, pause, early)
        if d is None:
            return False
        try:
            self._log_reason(seat, d.action, d.reason)
            self.apply(d.action)
        except engine.IllegalAction:
            self._why = ""
            self.session.reasons.pop(len(self.session.actions), None)  # not its action
            legal = engine.legal_actions(self.state)
            self.apply(legal[-1] if legal else EndPhase())
        if self._why:  # a move no line tells: its reason alone
            self._log_line(reason_line(self.name(seat), self._why))
        return True

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
        return self.pacer.thinking_seat(after, self.state.window is not None)

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
        if self.game_over:  # the same as the Game over panel's button
            return t("table.end_results"), True
        if not self.my_turn():
            return t("table.waiting"), False
        if st.window is not None:
            if self.answer_left is not None and self.claimant == st.to_act:
                return t("table.pass_in", s=max(1, math.ceil(self.answer_left))), True
            return t("table.pass"), True
        if st.phase is Phase.MULLIGAN:
            return t("table.keep_hand"), True
        if st.attack_target is not None:
            return t("table.launch"), True
        if st.phase is Phase.DRAW:
            if self.free_draw() is not None:
                return t("table.draw_free_end"), True
            return t("table.end_turn"), True
        return t("table.next"), not self.next_blocked()

    def next_blocked(self) -> str:
        """Why "Next phase" cannot be pressed now, in the engine's words (R-MOVE-2/3:
        HIDDEN gangsters to place, a building over capacity), or "" when it can."""
        st = self.state
        if not self.my_turn() or st.window is not None or st.attack_target is not None:
            return ""
        if st.phase in (Phase.MULLIGAN, Phase.DRAW, Phase.GAME_OVER):
            return ""
        if EndPhase() in self.legal():
            return ""
        try:
            engine.apply(st.clone(), EndPhase())
        except engine.IllegalAction as exc:
            return refusal_text(exc)
        return ""

    def free_draw(self) -> Draw | None:
        """Phase G's main action: the one free card (R-DRAW-1), when the engine lists it.
        Drawing ends the turn (R-DRAW-2), so Space never throws the free card away."""
        for a in self.legal():
            if isinstance(a, Draw) and a.count == 1 and a.price == 0:
                return a
        return None
