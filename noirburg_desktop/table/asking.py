"""Who the table waits on out of turn, and what covers it: the mode's transitions.

The values are in `modes`; this is where they change. When the table asks is the
Settings' reaction policy (`prompting`): by default only when what a person owns
is threatened and they hold an answer; they can always jump in (R, or grabbing a
lit reaction card holds the table). With 2+ humans, reaction windows look the
same whether or not anyone can react: a claim bar for a fixed time after every
window whose action threatens a human seat (public), a silent beat after the
others; a human the engine asks who did not claim passes when it ends (claiming
is how a human reacts), and a claim always ends in that human's private screen,
whether or not they have anything to play. With one human there is no bar: the
engine asks them and the table waits for them (a threat they can answer), or
passes for them once the window's story has been told. With "Ask at every
chance" every window gets the bar and is followed by a poll of all the humans
but its opener, in turn order (see `modes.Polling`).

`AskingFlow` is a part of `TableController` (its base class), kept apart
because it is one concept: it reads the table through `table_facts.TableFacts`
(its own base), and the few steps it takes (apply, a toast, an AI's answer) are
declared at the end and supplied by the controller.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import engine
from engine.actions import Action, Pass
from noirburg_desktop.table.flow import AskFacts, question
from noirburg_desktop.table.handoff import Handoff
from noirburg_desktop.table.modes import (
    Answering,
    Flow,
    HandingOff,
    Mode,
    NamingClaimant,
    Noting,
    Polling,
    Watching,
    answering,
    flow_of,
    with_flow,
)
from noirburg_desktop.table.prompting import Ask, lone_ask
from noirburg_desktop.table.table_facts import TableFacts
from noirburg_desktop.table.texts import t


class AskingFlow(TableFacts):
    use_bars: bool  # 2+ humans share the device (see `pacing.uses_bars`)
    version: int
    always_ask: bool
    reactions: str  # the Settings' policy: "threats", "always" or "never" (`prompting`)
    pass_turn: int | None  # one human: pass whenever asked until this turn ends
    bar_seconds: float  # the Settings' reaction window (0: wait for me)
    answer_timed: bool  # False in the lesson: it waits for the move it teaches
    answer_hold: bool  # the player is handling a card: the clock stands still
    asked: Ask | None  # one human answering: why the table waits on them
    # The guided game decides itself whether a window is its reaction step (True: ask,
    # without a clock; False: pass), whatever the Settings say. None in a normal game.
    lesson_ask: Callable[[], bool] | None
    hold_req: bool  # one human pressed R: hold at their next chance to react
    drag_hold: bool  # one human is handling a reaction card (the scene says so)
    hold_armed: bool  # hotseat: R with no bar up: the next bar waits for a claim

    def _init_asking(self, reactions: str) -> None:
        """Nobody asked, nothing held; called once `humans`, `use_bars` and
        `bar_seconds` are known."""
        self.reactions = reactions
        self.always_ask = reactions == "always"  # hotseat: poll the humans after each bar
        self.pass_turn = None
        # One human asked to react: no clock yet; the scene holds the clock while they
        # handle a card, and the lesson turns it off.
        self.answer_left = None
        self.answer_timed = True
        self.answer_hold = False
        self.asked = None
        self.lesson_ask = None
        self.hold_req = False
        self.drag_hold = False
        self.hold_armed = False
        # Hotseat: a loud (claim) bar runs the Settings' reaction window; "wait for me"
        # (0) stands until it is claimed or waved on (Space).
        self.presenter.bar_seconds = (self.bar_seconds or math.inf) if self.use_bars else 0.0

    # --- the mode ------------------------------------------------------------------
    def _set_mode(self, mode: Mode) -> None:
        """Every change of mode redraws the table (its button and advice depend on it)."""
        if mode != self.mode:
            self.mode = mode
            self.version += 1
            if answering(mode) is None:
                self.answer_left = None  # the reaction clock lives only while someone answers
                if self.asked is not None and self.asked.how == "held":
                    self.hold_req = False  # a hold covers one decision
                self.asked = None

    def _set_flow(self, flow: Flow) -> None:
        self._set_mode(with_flow(self.mode, flow))

    # --- claims (reaction bar) -----------------------------------------------------
    def release_claim(self) -> None:
        """Nobody answers any more: the table watches again (the guided game's quick
        end plays the learner's moves for them)."""
        if answering(self.mode) is not None:
            self._set_flow(Watching())

    def claim(self, seat: int | None = None) -> None:
        """R / click on the bar. With one human there is no bar: R holds the table (see
        `hold`). In hotseat a claim names its seat; with no bar up, R arms a hold: the
        next bar (every window has one, loud or silent) waits for the claim."""
        if not self.humans:
            return
        if not self.use_bars:
            self.hold()
            return
        if self.presenter.bar is None:
            if seat is None and isinstance(self.mode, Watching) and not self.game_over:
                self.hold_armed = not self.hold_armed
                self.presenter.stop_at_bar = self.hold_armed
                self.set_toast(t("table.hold_armed" if self.hold_armed else "table.hold_off"))
            return
        if not isinstance(self.mode, Watching | NamingClaimant):
            return  # someone answers already, or a poll is going round
        if seat is None and len(self.humans) == 1:
            seat = self.humans[0]
        if seat is None:
            self._set_mode(NamingClaimant())  # the bar stands still meanwhile
            return
        if seat not in self.humans or not self.state.seats[seat].alive:
            return
        self._set_mode(Answering(seat))
        self.presenter.end_bar()

    def _claim_step(self, seat: int) -> bool:
        """Bring the engine to the claimant `seat`, or tell them privately there is
        nothing. Returns True when it changed something."""
        st = self.state
        w = st.window
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
        self._set_flow(Watching())
        msg = t("table.nothing_now", name=self.name(seat))
        if self.holder != seat and len(self.humans) > 1:
            self._hand_to(seat, "react", msg)
        else:
            self._set_mode(Noting(msg, Watching()))
        return True

    # --- hand-off ------------------------------------------------------------------
    def _hand_to(self, seat: int, why: str, message: str = "") -> None:
        """Cover the table until `seat` takes the device; the flow goes on after."""
        handoff = Handoff(seat, self.name(seat), self.colour(seat), why, message)
        self._set_mode(HandingOff(handoff, flow_of(self.mode)))

    def handoff_ready(self) -> None:
        mode = self.mode
        if not isinstance(mode, HandingOff):
            return
        self.holder = mode.handoff.seat
        message = mode.handoff.message
        self._set_mode(Noting(message, mode.then) if message else mode.then)

    def close_note(self) -> None:
        if isinstance(self.mode, Noting):
            self._set_mode(self.mode.then)

    # --- one human: asking, holding ------------------------------------------------
    def hold(self) -> None:
        """R with one human: hold the table at their next chance to react (now, if the
        engine asks them), until they play a reaction or Pass; R again lets go."""
        seat = self.humans[0]
        if self.claimant == seat:
            if self.asked is not None and self.asked.how == "held":
                self.apply(Pass())  # let go: the table goes on
                self.set_toast(t("table.hold_off"))
            return  # asked anyway: the prompt waits already
        if self.game_over or not self.state.seats[seat].alive:
            return
        self.hold_req = not self.hold_req
        self.set_toast(t("table.hold_on" if self.hold_req else "table.hold_off"))

    @property
    def holding(self) -> bool:
        """One human: they hold the table (R, or a reaction card in their hand)."""
        return self.hold_req or self.drag_hold

    def _ask_lone_human(self, seat: int, dt: float = 0.0) -> bool:
        """One human, asked by the engine (they hold a reaction playable now). Held (R,
        a card in hand): wait for them at once. Else, once the window's story has been
        told, ask them if `flow.question` says so (the Settings' policy, `prompting.lone_ask`;
        the lesson decides for itself), or pass for them. The wait lasts the Settings' reaction
        window (none: "wait for me") and stands still while they handle a card or read
        (`answer_hold`). (Answering redraws the table: its button and advice say so.)"""
        if self.claimant == seat:
            if self.asked is not None and self.asked.how == "held" and not self.holding:
                self.apply(Pass())  # the card was put back: the table goes on
                return True
            return self._answer_clock(dt)
        held = self.holding
        if not held and not self.presenter.idle:
            return False  # the window's beat: its story plays, a grabbed card holds it
        ask = question(
            AskFacts(
                held=held,
                lesson=self.lesson_ask,
                passing_turn=self.pass_turn == self.state.turn,
                policy=lambda: lone_ask(self.reactions, self.state),
            )
        )
        if ask is None:
            self.apply(Pass())
            return True
        if self.holder is None:
            self.holder = seat
        self._set_mode(Answering(seat))
        self.asked = ask
        timed = ask.timed and self.answer_timed and self.bar_seconds > 0
        self.answer_left = self.bar_seconds if timed else None
        return False

    def _answer_clock(self, dt: float) -> bool:
        """The lone human's reaction window runs down; at its end they pass."""
        if self.answer_left is None or self.answer_hold:
            return False
        self.answer_left -= dt
        if self.answer_left > 0:
            return False
        self.answer_left = None
        self.apply(Pass())  # ends their answer (modes.after_action)
        self.set_toast(t("table.react_timed_out"))
        return True

    def pass_rest_of_turn(self) -> bool:
        """Shift+Space when asked to react (one human): pass now and whenever asked again
        until this turn is over. False when there is nothing to pass."""
        st = self.state
        if len(self.humans) != 1 or st.window is None or st.to_act != self.humans[0]:
            return False
        self.pass_turn = st.turn
        self.apply(Pass())  # ends their answer (see `modes.after_action`)
        return True

    # --- "always ask" polls ----------------------------------------------------------
    def _bar_ended(self) -> None:
        """A bar went by: a claim still naming its seat is dropped, and with "always
        ask" the poll starts (unless someone claimed the bar)."""
        if isinstance(self.mode, NamingClaimant):
            self._set_mode(Watching())
        self._start_poll()

    def _start_poll(self) -> None:
        bar = self.presenter.last_bar
        if not self.always_ask or not self.humans or self.game_over:
            return
        if not isinstance(self.mode, Watching):
            return  # a claim answers this bar
        w = self.state.window
        opener = w.opener if w is not None else (bar.opener if bar is not None else None)
        start = self.state.active if opener is None else opener
        ring = [(start + k) % self.n for k in range(1, self.n + 1)]
        self._set_mode(Polling(tuple(s for s in ring if s != opener and s in self.humans)))

    def _poll_step(self, dt: float) -> bool:
        """Ask the next polled human: the engine's question, or the private note. One
        asked waits for their answer before the poll goes on (`after_action`)."""
        st = self.state
        w = st.window
        flow = flow_of(self.mode)
        if isinstance(flow, Answering):
            if st.to_act == flow.seat:
                return False  # the one asked is still deciding
            self._set_flow(Polling(flow.poll or ()))
            return True
        assert isinstance(flow, Polling)
        queue = list(flow.queue)
        while queue:
            h = queue.pop(0)
            if not st.seats[h].alive:
                continue
            seat = st.to_act
            if w is not None and seat in w.order and h in w.order[w.pos :]:
                if seat == h:
                    self._set_flow(Answering(h, tuple(queue)))
                    if self.holder != h and len(self.humans) > 1:
                        self._hand_to(h, "react")
                    return True
                if w.order.index(seat) < w.order.index(h):  # someone before h answers first
                    self._set_flow(Polling((h, *queue)))
                    if self.is_human(seat):
                        self.apply(Pass())
                        return True
                    return self._ai_step(seat, dt, wait=False)
            if len(self.humans) > 1:  # the engine will not ask h: the same hand-off, a note
                self._set_flow(Polling(tuple(queue)))
                self._hand_to(h, "react", t("table.nothing_now", name=self.name(h)))
                return True
        self._set_flow(Watching())
        return True

    # --- supplied by TableController ----------------------------------------------
    def apply(self, action: Action) -> list[engine.Event]:
        raise NotImplementedError

    def set_toast(self, text: str) -> None:
        raise NotImplementedError

    def _ai_step(
        self, seat: int, dt: float, wait: bool, pause: bool = True, early: bool = False
    ) -> bool:
        raise NotImplementedError
