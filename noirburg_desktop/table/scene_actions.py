"""The table scene's intents: what a press, a key or a button asks the controller to do."""

from __future__ import annotations

from collections.abc import Callable

import engine
from engine.actions import Action, Mulligan
from noirburg_desktop.persist.notices import Prompt
from noirburg_desktop.persist.saving import reason_for
from noirburg_desktop.shell.screens import RulesEntry, Screen, SessionEntry, TitleEntry
from noirburg_desktop.table.advice import (
    hint_line,
)
from noirburg_desktop.table.ai_driver import hint_for
from noirburg_desktop.table.button_flow import (
    ButtonState,
    HoldBar,
    Play,
    SkippedPhase,
    ToResults,
    main_intent,
)
from noirburg_desktop.table.scene_base import TableSceneBase
from noirburg_desktop.table.scene_modes import (
    Left,
)
from noirburg_desktop.table.texts import phase_name, t
from noirburg_desktop.words.wording import do_text, refusal_text


class TableActions(TableSceneBase):
    """Plays, the main button, undo, hint, Tab's choice, save and the ways off the table."""

    def _run(self, seq: tuple[Action, ...]) -> None:
        for a in seq:
            if not self._try(a):
                return

    def _try(self, action: Action) -> bool:
        c = self.ctrl
        if not c.my_turn():
            return False
        nudge = self.coach.vet(action) if self.coach is not None else None
        if nudge:
            c.set_toast(nudge)  # legal, but not the lesson's step
            return False
        try:
            c.apply(action)
        except engine.IllegalAction as exc:
            self._refuse(refusal_text(exc))
            return False
        self.kb_action = self.hint_action = None
        self.selected.clear()
        return True

    def _refuse(self, why: str) -> None:
        """The engine's refusal; in the guided game, with a nudge back to the step."""
        if self.coach is not None:
            why = f"{why}\n{self.coach.nudge()}"  # two messages: one line each (playtest 3)
        self.ctrl.set_toast(why)

    def _primary(self, keyboard: bool = False) -> None:
        """The main button (and Space/Enter): always what its label says. Only an
        action picked with Tab, in this very position, replaces it, and only from the
        keyboard (the Hint merely highlights)."""
        c = self.ctrl
        intent = main_intent(self._button_state(keyboard))
        if isinstance(intent, ToResults):  # "See the results", as on the Game over panel
            if not isinstance(self.mode, Left):
                self.mode = Left()
                self._to_results()
        elif isinstance(intent, HoldBar):
            c.presenter.end_bar()  # "wait for me": the bar stands until claimed or waved on
        elif isinstance(intent, Play):
            self._try(intent.action)
        elif isinstance(intent, SkippedPhase):
            c.hold_off_press()  # the next press may end the turn only after a pause
            c.set_phase_note(t("table.skipped_now", phase=phase_name(c.state.phase.value)))

    def _button_state(self, keyboard: bool) -> ButtonState:
        """What the main button's decision reads off the controller, now."""
        c = self.ctrl
        mine = c.my_turn() and not c.game_over
        p = c.presenter
        loud = c.use_bars and p.bar is not None and not p.bar.silent
        waits = not mine and loud and not c.choosing_claim and p.bar_left() == float("inf")
        tab = keyboard and self.kb_action is not None and self.kb_version == c.version
        st = c.state
        return ButtonState(
            game_over=c.game_over,
            my_turn=c.my_turn(),
            bar_waits=waits,
            window=st.window is not None,
            phase=st.phase,
            attacking=st.attack_target is not None,
            guard=mine and c.guard_active(),
            free_draw=c.free_draw() if mine else None,
            tab_action=self.kb_action if tab else None,
            selected=frozenset(self.selected),
        )

    def _toggle(self, cid: int) -> None:
        self.kb_action = None  # a new selection: Enter swaps exactly what is picked
        if cid in self.selected:
            self.selected.discard(cid)
        elif len(self.selected) < self._max_swap():
            self.selected.add(cid)

    def _max_swap(self) -> int:
        """How many opening cards may be swapped (R-SETUP-7), as the engine lists it."""
        return max((len(a.cards) for a in self.ctrl.legal() if isinstance(a, Mulligan)), default=0)

    def _button(self, key: str) -> None:
        if key == "next":
            self._primary()
        elif key == "undo":
            if not self.ctrl.undo():
                self.ctrl.set_toast(t("table.no_undo"))
        elif key == "hint":
            self._hint()
        elif key == "save":
            self._save()
        elif key == "menu":
            self._menu()

    def _hint(self) -> None:
        c = self.ctrl
        if self.coach is not None:  # in the lesson the hint is the lesson's own move
            self.hint_action, self.hint_version = self.coach.wanted(), c.version + 1
            c.set_toast(self.coach.hint())
            self.hint_text = c.toast
            return
        legal = c.legal()
        if not legal:
            c.set_toast(t("table.hint_none"))
            return
        action, reason = hint_for(engine.view(c.state, c.viewer), legal)
        self.hint_action, self.hint_version = action, c.version + 1  # set_toast bumps it
        names = [c.name(i) for i in range(c.n)]
        c.set_toast(hint_line(c.state, c.viewer, action, reason, names, legal))
        self.hint_text = c.toast

    def _cycle(self, step: int) -> None:
        legal = self.ctrl.legal()
        if not legal:
            return
        self.kb_index = (self.kb_index + step) % len(legal)
        self.kb_action = legal[self.kb_index]
        card = getattr(self.kb_action, "card", None)
        self.card_focus.point_at(card if isinstance(card, int) else None)
        self.ctrl.set_toast(t("table.kb_move", move=self._kb_move_text(self.kb_action)))
        self.kb_version = self.ctrl.version

    def _kb_move_text(self, action: Action) -> str:
        """The picked move said to the player ("Draw 4 cards (3 coins)"), not as a log
        line ("draws 4 cards…": read in Turkish as a stranger's move)."""
        st = self.ctrl.state
        return do_text(action, st.seats[self.ctrl.viewer].hideout, st.phase.value)

    def _save(self) -> None:
        if self.ctrl.remote:  # a hosted game is saved by its host, after every move
            self.ctrl.set_toast(t("table.host_saves"))
            return
        try:
            self.app.storage.save(self.ctrl.session)
        except OSError as exc:  # the App's notice explains; the game goes on
            self.ctrl.set_toast(t("save.failing", reason=reason_for(exc, self.app.storage.root)))
            return
        self.ctrl.set_toast(t("table.saved"))

    def _open_rule(self, rule_id: str | None) -> None:
        """A refusal links to its rule: the Rules screen at that ID; Back returns here."""
        self.app.push(self.app.make(Screen.RULES), RulesEntry(rule_id))

    def _new_game(self) -> None:
        # the title asks first: this game, unfinished, is the one Continue points to;
        # the hosting window's player, out of the game, is asked here (leaving stops
        # the host: seen under Xvfb, the others' game stopped at once)
        question = self.before_quit(self._to_new_game)
        if question is not None:
            self.app.ask(question)
        else:
            self._to_new_game()

    def _to_new_game(self) -> None:
        self.app.prompt = None
        self.app.reset_to(self.app.make(Screen.TITLE), TitleEntry(new_game=True))

    def _menu(self) -> None:
        question = self.before_quit(self._to_title)
        if question is not None:
            self.app.ask(question)
        else:
            self._to_title()

    def _to_title(self) -> None:
        self.app.prompt = None
        self.app.reset_to(self.app.make(Screen.TITLE))

    def before_quit(self, leave: Callable[[], None]) -> Prompt | None:
        """The hosting window's table, mid-game, says what leaving does before it
        stops the host (Menu or closing the window)."""
        if not self.ctrl.hosting_mid_game():
            return None

        def stay() -> None:
            self.app.prompt = None

        return Prompt(
            t("net.leave_host_title"),
            t("net.leave_host_text"),
            t("net.leave_host_yes"),
            t("net.leave_host_no"),
            leave,
            stay,
        )

    def _to_results(self) -> None:
        if self.coach is not None:
            self.coach.finish()
        self.app.replace(self.app.make(Screen.RESULTS), SessionEntry(self.ctrl.session))
