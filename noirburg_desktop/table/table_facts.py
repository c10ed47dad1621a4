"""What the table reads off its session and mode: the questions, never a change.

`TableFacts` is the base of the table's controller (`asking.AskingFlow`, then
`controller.TableController`): whose hand the device may show, whether the holder
may act, the status line and the main button. The decisions themselves are the
pure functions of `flow`; these methods read the facts into its snapshots. They
are methods of the controller, not a part it owns, because a seat of a hosted game
(`netplay.remote_table`) overrides the few it answers differently (`is_human`,
`my_turn`, `legal`, `game_over`).
"""

from __future__ import annotations

import engine
from engine import Phase
from engine.actions import Action, Draw, EndPhase
from noirburg_desktop.session import GameSession
from noirburg_desktop.table.ai_pacing import AIPacer
from noirburg_desktop.table.animation import Bar, Presenter
from noirburg_desktop.table.flow import (
    ButtonFace,
    ButtonFacts,
    TurnFacts,
    button_face,
    may_act,
    turn_status,
)
from noirburg_desktop.table.handoff import Handoff
from noirburg_desktop.table.modes import (
    HandingOff,
    Mode,
    NamingClaimant,
    Noting,
    answering,
    poll_queue,
)
from noirburg_desktop.table.texts import t
from noirburg_desktop.words.wording import refusal_text


def parse_colour(text: str) -> tuple[int, int, int]:
    s = text.lstrip("#")
    try:
        return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16))
    except (ValueError, IndexError):
        return (200, 200, 200)


class TableFacts:
    """The table's questions, answered from the session, the mode and the device holder."""

    session: GameSession
    presenter: Presenter
    pacer: AIPacer
    mode: Mode  # what the table waits for (see `modes`)
    holder: int | None  # whose hand the device may show
    humans: list[int]
    answer_left: float | None  # one human asked: seconds before they pass (None: no clock)
    # `_end_ends_turn`'s answer for one position: (state, actions made, answer)
    _ends_turn_memo: tuple[engine.GameState, int, bool] | None = None

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

    def turn_facts(self) -> TurnFacts:
        """Who the engine waits on and what covers the table, for `flow`."""
        st = self.state
        return TurnFacts(
            phase=st.phase,
            active=st.active,
            to_act=st.to_act,
            to_act_human=self.is_human(st.to_act),
            holder=self.holder,
            covered=self.handoff is not None or bool(self.note),
            history_blocked=self.session.blocked,
            window=st.window is not None,
            claimant=self.claimant,
            bars_pending=self.bars_pending(),
        )

    def my_turn(self) -> bool:
        """The holder may act now through the table (drag, keys): `flow.may_act`."""
        return may_act(self.turn_facts())

    def legal(self) -> list[Action]:
        return engine.legal_actions(self.state) if self.my_turn() else []

    def thinking_seat(self, after: float) -> int | None:
        return self.pacer.thinking_seat(after, self.state.window is not None)

    def status(self) -> str:
        """Whose turn / who must decide, without naming anyone a window is asking."""
        said = turn_status(self.turn_facts())
        return t(said.key, name=self.name(said.seat))

    def button_face(self) -> ButtonFace:
        """The main button now (`flow.button_face`)."""
        st = self.state
        return button_face(
            ButtonFacts(
                game_over=self.game_over,
                my_turn=self.my_turn(),
                window=st.window is not None,
                answer_left=self.answer_left,
                claimant_asked=self.claimant == st.to_act,
                phase=st.phase,
                attacking=st.attack_target is not None,
                # (only phase G lists it: the engine is not asked in the other phases)
                free_draw=st.phase is Phase.DRAW and self.free_draw() is not None,
                end_refusal=self._end_refusal,
                ends_turn=self._end_ends_turn,
            )
        )

    def next_label(self) -> tuple[str, bool]:
        """The main button: what Space/Enter does now, and whether it may be pressed."""
        face = self.button_face()
        if face.seconds is not None:
            return t(face.key, s=face.seconds), face.enabled
        return t(face.key), face.enabled

    def next_blocked(self) -> str:
        """Why "Next phase" cannot be pressed now, in the engine's words, or ""."""
        return self.button_face().blocked

    def _end_refusal(self) -> str:
        """The engine's refusal of "Next phase" here, asked of a copy ("" when legal)."""
        if EndPhase() in self.legal():
            return ""
        try:
            engine.apply(self.state.clone(), EndPhase())
        except engine.IllegalAction as exc:
            return refusal_text(exc)
        return ""

    def _end_ends_turn(self) -> bool:
        """Whether the engine, given "Next phase" now, hands the turn on (or ends the
        game): applied once to a copy, remembered for this position (the button is
        drawn every frame)."""
        st = self.state
        done = len(self.session.actions)
        kept = self._ends_turn_memo
        if kept is not None and kept[0] is st and kept[1] == done:
            return kept[2]
        ends = False
        if EndPhase() in self.legal():
            after = st.clone()
            try:
                engine.apply(after, EndPhase())
            except engine.IllegalAction:  # a seat's view the engine cannot run on
                pass
            else:
                ends = after.phase is Phase.GAME_OVER or after.active != st.active
        self._ends_turn_memo = (st, done, ends)
        return ends

    def free_draw(self) -> Draw | None:
        """Phase G's main action: the one free card (R-DRAW-1), when the engine lists it.
        Drawing ends the turn (R-DRAW-2), so Space never throws the free card away."""
        for a in self.legal():
            if isinstance(a, Draw) and a.count == 1 and a.price == 0:
                return a
        return None

    # --- the mode ------------------------------------------------------------------
    @property
    def handoff(self) -> Handoff | None:
        """The hand-off screen covering the table, if any."""
        return self.mode.handoff if isinstance(self.mode, HandingOff) else None

    @property
    def note(self) -> str:
        """The private note for the device holder ("nothing to play"), if any."""
        return self.mode.text if isinstance(self.mode, Noting) else ""

    @property
    def claimant(self) -> int | None:
        """The human the table waits on in a reaction window."""
        return answering(self.mode)

    @property
    def choosing_claim(self) -> bool:
        """The bar stands still until a seat number names who claims it."""
        return isinstance(self.mode, NamingClaimant)

    @property
    def poll(self) -> tuple[int, ...] | None:
        """The humans an "always ask" poll has still to ask (None: no poll)."""
        return poll_queue(self.mode)
