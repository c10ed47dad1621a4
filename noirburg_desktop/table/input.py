"""The table scene's input: pygame events (keys, presses, drags, the wheel) into intents."""

from __future__ import annotations

import pygame

from engine import Phase
from engine.actions import CancelAttack, Draw, EndPhase
from engine.cards import KIND, REACTION_KINDS
from noirburg_desktop.table import pacing
from noirburg_desktop.table.advice import (
    how_to,
    why_not_playable,
)
from noirburg_desktop.table.drag import Drag
from noirburg_desktop.table.intents import (
    Source,
    candidates,
    judge,
    refusal,
)
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.question import ask_for
from noirburg_desktop.table.scene_actions import TableActions
from noirburg_desktop.table.scene_modes import (
    Asking,
    BrowsingDiscard,
    ChoosingDraw,
    Left,
    Playing,
)
from noirburg_desktop.table.targets import drop_target, held_cards, narrow_to_point
from noirburg_desktop.table.texts import card_name, t
from noirburg_desktop.words.wording import rule_in

# Keys that scroll the log, in lines (End returns to the newest).
LOG_KEYS = {pygame.K_PAGEUP: 10, pygame.K_PAGEDOWN: -10, pygame.K_END: -(10**9)}
NUM_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 7)}
NUM_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 7)})


class TableInput(TableActions):
    """Turns the window's events into the table's intents (the key map, presses, drops)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        c = self.ctrl
        self._watch_curtain()
        calm = self.curtain is not None and self.clock - self.curtain_since < pacing.CURTAIN_CALM_S
        if calm and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            return True  # a hand-off or note that just appeared: this input was not for it
        taken = self._panel_event(event)
        if taken is not None:
            return taken
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return True
        if c.note:  # only a click that began on the note closes it (playtest: the
            # release of the click that drew hid the "you drew" note at once)
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.note_pressed = True
            elif event.type == pygame.KEYDOWN or (
                event.type == pygame.MOUSEBUTTONUP and self.note_pressed
            ):
                self.note_pressed = False
                c.close_note()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.note_pressed = False
        if event.type == pygame.MOUSEWHEEL:
            if self.layout is not None and self.layout.log.collidepoint(self.mouse):
                self.scroll_log(3 * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in LOG_KEYS:
            self.scroll_log(LOG_KEYS[event.key])
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        return False

    def _panel_event(self, event: pygame.event.Event) -> bool | None:
        """What `handle_event` returns when a panel over the table takes the event (the
        hand-off, the end or out panel, a tip); None when none does."""
        c = self.ctrl
        if c.handoff is not None:
            if c.handoff.handle(event):
                c.handoff_ready()
                self.selected.clear()
            return True
        if self.end.shown:
            if self.end.handle(event, self.layout) and not isinstance(self.mode, Left):
                self.mode = Left()
                self._to_results()
            return True
        if self.out.shown(c):
            done = self.out.handle(event, self.layout, self._new_game)
            c.out_watching = self.out.view == "watching"  # the AIs play on only then
            return done
        if (
            self.tips is not None
            and self.layout is not None
            and self.tips.handle(event, self.layout)
        ):
            return True
        return None

    def _motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        if self.drag.motion(pos):
            d = self.drag.dragging
            if d is not None:
                self._drag_targets(d)
                self._say_why_nowhere(d)
        card = self.hits.card_at(pos) if self.layout else None
        if self.drag.dragging is not None:
            card = None  # no card's zoom while one is carried (playtest: it stayed up)
        if card != self.hover:
            self.hover, self.hover_t = card, 0.0

    def _key(self, event: pygame.event.Event) -> bool:
        c = self.ctrl
        key, mods = event.key, event.mod
        if isinstance(self.mode, Asking):
            choice = self.mode.question.pick_key(key)
            if choice is not None or key == pygame.K_ESCAPE:
                self.mode = Playing()
            if choice is not None:
                self._run(choice)
            return True
        if key in NUM_KEYS and (c.choosing_claim or c.presenter.bar is not None):
            c.claim(NUM_KEYS[key] - 1)  # a seat number names the claimant, with or without R
            return True
        if key == pygame.K_ESCAPE:
            return self.card_focus.clear() or self._escape()
        if key == pygame.K_F5 and self.coach is not None and self.coach.key("F5"):
            return True  # "Restart lesson"
        plain = not mods & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT)
        if plain and self.card_focus.handle_key(key, self.hits):
            return True
        if self._shortcut(key, mods):
            return True
        return self._play_key(key, mods)

    def _shortcut(self, key: int, mods: int) -> bool:
        """Undo, save, claim, hint, the refusal's rule and Tab's walk through the moves."""
        c = self.ctrl
        ctrl_down = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl_down and key == pygame.K_z:
            if not c.undo():
                c.set_toast(t("table.no_undo"))
            return True
        if ctrl_down and key == pygame.K_s:
            self._save()
            return True
        if key == pygame.K_r:
            c.claim()
            return True
        if key == pygame.K_h:
            self._hint()
            return True
        if key == pygame.K_F1 and rule_in(c.toast):
            self._open_rule(rule_in(c.toast))
            return True
        if key == pygame.K_TAB:
            self._cycle(-1 if mods & pygame.KMOD_SHIFT else 1)
            return True
        return False

    def _play_key(self, key: int, mods: int) -> bool:
        """Space/Enter (the main button, ⇧Space passing the rest of the turn) and the
        draw phase's number keys."""
        c = self.ctrl
        lesson = self.coach is not None  # the lesson vets every pass (a Bribe may be due)
        if (
            key == pygame.K_SPACE
            and mods & pygame.KMOD_SHIFT
            and not lesson
            and c.pass_rest_of_turn()
        ):
            return True  # pass now and for the rest of this turn
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self._primary(keyboard=True)
            return True
        if key in NUM_KEYS and c.state.phase is Phase.DRAW:
            self._try(Draw(NUM_KEYS[key]))
            if isinstance(self.mode, ChoosingDraw):
                self.mode = Playing()
            return True
        if key in (pygame.K_0, pygame.K_KP0) and c.state.phase is Phase.DRAW and c.my_turn():
            self.mode = Playing()
            self._try(EndPhase())  # end the turn without drawing
            return True
        return False

    def _escape(self) -> bool:
        c = self.ctrl
        if self.drag.pressed is not None:
            self.drag.cancel()
        elif isinstance(self.mode, BrowsingDiscard | ChoosingDraw) or self.kb_action is not None:
            if isinstance(self.mode, BrowsingDiscard | ChoosingDraw):
                self.mode = Playing()
            self.kb_action = self.hint_action = None
        elif self.selected:
            self.selected.clear()
        elif c.my_turn() and c.state.attack_target is not None:
            self._try(CancelAttack())
        return True

    def _press(self, pos: tuple[int, int]) -> bool:
        c = self.ctrl
        lay = self.layout
        if lay is None:
            return False
        if self._press_over(pos, lay) or self._press_control(pos, lay):
            return True
        if not c.my_turn():
            self._jump_in(pos)
            return True
        self._pick_up(pos)
        return True

    def _press_over(self, pos: tuple[int, int], lay: TableLayout) -> bool:
        """A press on what lies over the table: the lesson's button, the log's pill,
        the news panel, an open browser, question or draw menu, the claim bar."""
        c = self.ctrl
        if self.coach is not None and self.coach.click(pos):
            return True  # "Restart lesson": this table is gone
        if self.log_marker is not None and self.log_marker.collidepoint(pos):
            self.scroll_log(-(10**9))  # "↓ new lines": back to the newest
            return True
        if self.away_rect is not None and self.away_rect.collidepoint(pos):
            c.dismiss_away_news()  # "While you waited" read: a click on it closes it
            self.away_rect = None
            return True
        mode = self.mode
        if isinstance(mode, BrowsingDiscard):
            self.mode = Playing()
            return True
        if isinstance(mode, Asking):
            choice = mode.question.pick_pos(lay, pos)
            box, _buttons = mode.question.rects(lay)
            if choice is not None or not box.collidepoint(pos):
                self.mode = Playing()  # a click outside the box calls it off
            if choice is not None:
                self._run(choice)
            return True
        if c.presenter.bar is not None and lay.reaction_bar.collidepoint(pos):
            c.claim()
            return True
        if isinstance(mode, ChoosingDraw):
            self.mode = Playing()
            for n, r in self._draw_menu_rects():
                if r.collidepoint(pos):
                    self._try(Draw(n) if n else EndPhase())  # 0: end the turn without drawing
            return True
        return False

    def _press_control(self, pos: tuple[int, int], lay: TableLayout) -> bool:
        """A press on a button, a draw count, the deck or the discard pile."""
        c = self.ctrl
        for key, r in lay.buttons.items():
            if r.collidepoint(pos):
                if key == "next" and self.label_guard.fresh(self.clock):
                    return True  # its words just changed: this click was for the old ones
                self._button(key)
                return True
        for n, r in enumerate(lay.draw_buttons, start=1):
            if r.collidepoint(pos):
                self._try(Draw(n))
                return True
        if lay.deck.collidepoint(pos):
            if c.my_turn() and c.state.phase is Phase.DRAW:
                self.mode = ChoosingDraw()
            return True
        if lay.discard.collidepoint(pos):
            self.mode = BrowsingDiscard()
            return True
        return False

    def _pick_up(self, pos: tuple[int, int]) -> None:
        """On the player's move: a hand card (picked for the mulligan, or taken up), one
        of their gangsters or their hideout, taken up to be dragged."""
        c = self.ctrl
        for cid, r in reversed(self.hits.hand):
            if r.collidepoint(pos):
                if c.state.phase is Phase.MULLIGAN:
                    self._toggle(cid)
                else:
                    self.drag.press(Source("hand", cid), r, pos)
                return
        me = c.viewer
        for g, r in reversed(list(self.hits.gangsters.items())):
            if r.collidepoint(pos) and self.hits.owner.get(g) == me:
                self.drag.press(Source("gangster", g), r, pos)
                return
        hideout = c.state.seats[me].hideout
        rect = self.hits.buildings.get(hideout) if hideout is not None else None
        if hideout is not None and rect is not None and rect.collidepoint(pos):
            self.drag.press(Source("building", hideout), rect, pos)

    def _release(self, pos: tuple[int, int]) -> bool:
        d = self.drag.release()
        if d is not None and d.moved:
            self.hover, self.hover_t = None, 0.0  # a zoom waits for the mouse to move on
        if d is None or not d.moved:
            return True
        c = self.ctrl
        if not c.my_turn():
            self.drag.bounce(d)
            return True
        lay = self.layout
        tgt = drop_target(lay, self.hits, pos, d.targets or {}) if lay is not None else None
        if tgt is None and held_cards(self.hits).collidepoint(pos):
            self.drag.bounce(d)  # put back into the hand: no refusal (playtest shot-51)
            return True
        seqs = candidates(c.state, d.source, tgt) if tgt is not None else []
        ok = narrow_to_point(judge(c.state, seqs), self.hits, pos)
        q = ask_for(c.state, ok)
        if q is not None:
            self.mode = Asking(q)  # R-HIDE-ATK-1: which target; R-DRIVEBY-2: how many
            return True
        if ok:
            self._run(ok[0])
            return True
        why = refusal(c.state, seqs) if seqs else ""
        self._refuse(why or self._no_meaning(d.source, bool(d.targets)))
        self.drag.bounce(d)
        return True

    def _say_why_nowhere(self, d: Drag) -> None:
        """A hand card taken up on the player's move that lights nothing: the engine's
        reason at once, not after the drop (playtest shot-57: no idea where it goes)."""
        c = self.ctrl
        if d.targets or d.source.kind != "hand" or not c.my_turn():
            return
        why = why_not_playable(c.state, c.viewer, d.source.card)
        if why:
            self._refuse(why)

    def _no_meaning(self, src: Source, lit: bool) -> str:
        """Why a drop did nothing when the engine was never asked (dropped on the empty
        table, or on a card it means nothing to): where it can go, or why not now."""
        c = self.ctrl
        name = card_name(src.card)
        if lit:  # the drag lit legal drops in green: say so
            return t("table.drop_on_lit", card=name)
        if src.kind == "hand":
            why = why_not_playable(c.state, c.viewer, src.card)
            if why:
                return why
        return t("table.drop_nowhere", card=name, how=how_to(c.state, c.viewer, True, "")).strip()

    def _jump_in(self, pos: tuple[int, int]) -> bool:
        """One human, outside their own move: a press on a reaction card in the hand
        picks it up, which holds the table at their next chance to react (the drop is
        judged once the engine asks them; put back, the table goes on)."""
        c = self.ctrl
        if c.use_bars or not c.humans or c.game_over or c.handoff is not None or c.note:
            return False
        me = c.humans[0]
        if not c.state.seats[me].alive or c.state.phase is Phase.MULLIGAN:
            return False
        for cid, r in reversed(self.hits.hand):
            if r.collidepoint(pos) and KIND[cid] in REACTION_KINDS:
                self.drag.press(Source("hand", cid), r, pos)
                return True
        return False
