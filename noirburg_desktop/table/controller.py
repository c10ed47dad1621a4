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

It reads the table through `table_facts` (whose decisions are the pure functions of
`flow`) and owns one part per side concern: the press guard (`press_guard`), the
skipped-phase notes (`skip_notes`), the drawer's note (`drawn_note`), the "While you
waited" news (`away_keeper`), Continue's background check (`history_check`); the
story of each action is told by `telling`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
from engine.threats import Threat, opened_threat
from noirburg_desktop.chronicle import keeps_undo, own_turn
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.session import GameSession
from noirburg_desktop.table import pacing
from noirburg_desktop.table.ai_driver import AIDriver
from noirburg_desktop.table.ai_pacing import AIPacer
from noirburg_desktop.table.animation import (
    Presenter,
)
from noirburg_desktop.table.asking import AskingFlow
from noirburg_desktop.table.away_keeper import AwayKeeper
from noirburg_desktop.table.drawn_note import DrawnNote
from noirburg_desktop.table.flow import (
    UndoFacts,
    may_undo,
)
from noirburg_desktop.table.history import rebuild
from noirburg_desktop.table.history_check import HistoryWait
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
from noirburg_desktop.table.press_guard import PressGuard
from noirburg_desktop.table.skip_notes import skip_note
from noirburg_desktop.table.table_facts import parse_colour as parse_colour  # scenes.replay
from noirburg_desktop.table.telling import Audience, tell
from noirburg_desktop.table.texts import t
from noirburg_desktop.table.while_away import AwayNews
from noirburg_desktop.words.reasons import reason_to_json
from noirburg_desktop.words.wording import (
    actor_line,
    event_line,
    reason_line,
    with_why,
)


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
        self._init_asking(reactions)
        self.drawn = DrawnNote()  # hotseat: the drawer's "you drew", once it may show
        self.guard = PressGuard()  # the main button changed under the holder's hand
        self.late_press_guard = True  # guard the press after others moved (off in the lesson)
        self.rounds = RoundCounter(self.state.first_player, n)  # the log's rounds
        # "While you waited": each human's losses off their turn, told at its start
        self.away = AwayKeeper(self.humans, self.state.active)
        self.history_wait = HistoryWait(session.checking)  # Continue: the history's check
        if session.checking:  # Continue from a snapshot: the history is checked meanwhile
            self._log_line(f"— {self.name(self.state.active)} —")
            self.set_toast(t("table.checking"))
        elif session.actions:
            self._rebuild_history()  # Continue / Load: the log and undo steps come back
        else:
            self._log_line(f"— {self.name(self.state.active)} —")

    def _rebuild_history(self) -> None:
        got = rebuild(self.session, self.viewer, self.holder, self.name)
        self.log = got.log
        self.rounds = got.rounds
        self.undo_stack = [Snapshot(st, n, k) for st, n, k in got.undo]

    def shutdown(self) -> None:
        """The table is closing: stop the AI's worker."""
        self.ai.shutdown()

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
            self.drawn.keep(seat, events, self.holder, len(self.humans))
        self.version += 1
        for observer in self.observers:
            observer(action, events)
        return events

    def _drawn_note_step(self) -> bool:
        """Show the drawer's note (`drawn_note`) once the shared screen is theirs again:
        nobody is claiming or answering, no bar or beat is up; handed back to them if
        the device moved meanwhile."""
        if self.drawn.pending is None or self.bars_pending():
            return False
        if not isinstance(self.mode, Watching):
            return False
        seat, text = self.drawn.take(self.state, self.name)
        if self.holder != seat:
            self._hand_to(seat, "drawn", text)
        else:
            self._set_mode(Noting(text, flow_of(self.mode)))
        return True

    def _note_skips(self, events: list[engine.Event], seat: int, action: Action | None) -> None:
        """Announce phases the engine skipped (nothing to do there) and arm the guard
        so a "Next phase" click meant for them does not end the phase that follows."""
        note = skip_note(events, self.state, seat, action)
        if note.text:
            self.set_phase_note(note.text)
        if note.guard:
            self.guard.arm(pacing.SKIP_GUARD_S)

    def _guard_main_button(self, seat: int | None, action: Action) -> None:
        """Arm the press guard for the holder's next press (see `press_guard`)."""
        st = self.state
        if not self.my_turn() or st.window is not None or st.phase is Phase.MULLIGAN:
            return
        if self.late_press_guard:  # off in the lesson: it vets every press itself
            ended = isinstance(action, EndPhase)
            self.guard.after_move(
                others_moved=seat != self.holder, ended_phase=ended, phase=st.phase
            )

    def main_ends_turn(self) -> bool:
        """The main button now ends the holder's turn (phase G: the draw ends it,
        R-DRAW-2), so a press in a burst must not reach it (`press_guard`)."""
        st = self.state
        return (
            self.my_turn()
            and st.phase is Phase.DRAW
            and st.window is None
            and st.attack_target is None
        )

    def guard_active(self) -> bool:
        return self.guard.active

    def clear_guard(self) -> None:
        self.guard.clear()

    def hold_off_press(self) -> None:
        """A main-button press was held off by the guard (see `PressGuard.held_off`)."""
        self.guard.held_off()

    def _present(
        self,
        events: list[engine.Event],
        ai_actor: bool = False,
        opened: Threat | None = None,
    ) -> None:
        """Tell `events` on the table and in the log (`telling`)."""
        seen = Audience(
            self.viewer,
            self.humans,
            self.use_bars,
            self.reactions,
            self.ai_speed,
            self.pacer.turn_t,
        )
        tell(
            events,
            self.presenter,
            seen,
            ai_actor=ai_actor,
            opened=opened,
            word=lambda ev: event_line(ev, self.name, self.rounds),
            log=self._log_line,
            rects=self.rects,
        )

    def _take_away_news(self, events: list[engine.Event], acted: int | None) -> None:
        holder, over = self.holder, self.game_over
        self.away.take(
            events, self.state, acted=acted, holder=holder, game_over=over, name=self.name
        )

    @property
    def away_news(self) -> AwayNews | None:
        """A human's "While you waited" news at the start of their turn (`away_keeper`)."""
        return self.away.news

    def dismiss_away_news(self) -> None:
        self.away.news = None

    @property
    def end_news(self) -> AwayNews | None:
        """What the Game over panel recalls: how the player at the screen lost."""
        return self.away.end_news

    @end_news.setter
    def end_news(self, news: AwayNews | None) -> None:
        self.away.end_news = news

    def _log_line(self, line: str) -> None:
        if self._why and not line.startswith("\u2014"):
            line, self._why = with_why(line, self._why), ""  # the AI's move: one line
        self.log.append(line)
        if len(self.log) > 400:
            del self.log[:100]

    # --- undo ----------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return may_undo(UndoFacts(len(self.undo_stack), self.my_turn()))

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
        self.guard.tick(dt)
        if self.late_press_guard:  # off in the lesson: it vets every press itself
            self.guard.see_meaning(self.my_turn(), self.main_ends_turn())
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
        if self.history_wait.step(self):  # Continue from a snapshot: nothing moves until checked
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
