"""TableScene: the card table. Input in, intents to the controller, layers out.

Drawing is two layers: a static surface re-rendered only when something it
shows changes (state version, viewer, window size, selection, dice), and a
cheap per-frame overlay (drag, highlights, animation effects, bars, hover).
"""

from __future__ import annotations

import math
from typing import Any

import pygame
from pygame import Rect, Surface

import engine
from engine import Phase
from engine.actions import Action, CancelAttack, Draw, EndPhase, LaunchAttack, Mulligan, Pass
from engine.cards import KIND, REACTION_KINDS
from engine.predict import declared_attack
from engine.threats import threat
from noirburg_desktop.persist.saving import reason_for
from noirburg_desktop.scene import Scene
from noirburg_desktop.shell.screens import Screen
from noirburg_desktop.table import pacing, prompt_panel
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.advice import (
    advice_lines,
    hint_line,
    how_to,
    playable_now,
    why_not_playable,
)
from noirburg_desktop.table.ai_driver import hint_for
from noirburg_desktop.table.away_panel import draw_away
from noirburg_desktop.table.card_focus import CardFocus
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.drag import DragController, drag_surface
from noirburg_desktop.table.end_panel import EndPanel
from noirburg_desktop.table.event_rects import event_rects
from noirburg_desktop.table.intents import (
    Source,
    Target,
    action_cards,
    candidates,
    judge,
    legal_targets,
    refusal,
)
from noirburg_desktop.table.layout import TableLayout, compute_layout
from noirburg_desktop.table.log_follow import LogFollow, draw_marker
from noirburg_desktop.table.main_button import LabelGuard, draw_blocked_reason
from noirburg_desktop.table.out_panel import OutPanel
from noirburg_desktop.table.overlays import (
    draw_banner,
    draw_discard_browser,
    draw_draw_menu,
    draw_hover_card,
    draw_menu_rects,
    draw_note,
    draw_thinking,
    draw_toast,
    prewarm,
)
from noirburg_desktop.table.question import Question, ask_for
from noirburg_desktop.table.reaction_bar import draw_bar
from noirburg_desktop.table.render import HitMap, SeatInfo, TableModel, render_static
from noirburg_desktop.table.scene_modes import (
    Asking,
    BrowsingDiscard,
    ChoosingDraw,
    Left,
    Playing,
    SceneMode,
)
from noirburg_desktop.table.targets import all_targets, narrow_to_point, target_at, target_rect
from noirburg_desktop.table.texts import card_name, phase_name, t
from noirburg_desktop.table.tips import TipWatcher
from noirburg_desktop.words.wording import action_text, refusal_text, rule_in

HOVER_DELAY = 0.35
# Keys that scroll the log, in lines (End returns to the newest).
LOG_KEYS = {pygame.K_PAGEUP: 10, pygame.K_PAGEDOWN: -10, pygame.K_END: -(10**9)}
THINK_SHOW_S = 0.2  # an AI thinking longer than this gets a "thinking…" tag
NUM_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 7)}
NUM_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 7)})


class TableScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self._ctrl: TableController | None = None
        self.drag = DragController()
        self.layer: Surface | None = None
        self.layer_key: tuple[object, ...] = ()
        self.hits = HitMap()
        self.layout: TableLayout | None = None
        self.mouse = (0, 0)
        self.hand_pins: dict[int, Rect] | None = None  # see `_pin_hand`
        self.hand_pin_area: Rect | None = None  # the hand's area the pins belong to
        self.log_scroll = 0  # log lines scrolled back from the newest
        self.log_follow = LogFollow()  # back to the newest line when left alone
        self.label_guard = LabelGuard()  # a click aimed at the main button's old words
        self.button_seen = -1  # the controller version the two below were read at
        self.blocked_why = ""  # why "Next phase" is blocked now ("" when it is not)
        self.log_marker: Rect | None = None  # the "↓ new lines" pill, when drawn
        self.hover: int | None = None
        self.hover_t = 0.0
        self.note_pressed = False  # a click began on the private note (it closes on release)
        self.away_rect: Rect | None = None  # the "While you waited" panel, when drawn
        self.selected: set[int] = set()
        self.kb_action: Action | None = None  # chosen with Tab; Enter plays it
        self.kb_version = -1  # the state version it was chosen in
        self.hint_action: Action | None = None  # only highlighted, never played
        self.hint_version = -1
        self.hint_text = ""  # the hint's toast: the answer clock stands still while it shows
        self.kb_index = -1
        self.mode: SceneMode = Playing()
        self.out = OutPanel()
        self.end = EndPanel()  # the final moment: the board stays until asked (#20)
        self.card_focus = CardFocus()  # ←/→ walk the cards, Z zooms (keyboard players)
        self._why: tuple[int, int, str] = (-1, -1, "")  # (version, card, reason) cache
        self.coach: Any = None  # the guided game's TutorialCoach (None in a normal game)
        self.tips: TipWatcher | None = None
        self.clock = 0.0
        self.curtain: object = None  # the hand-off or note now covering the table
        self.curtain_since = 0.0  # the clock when it appeared (it is calm until then)
        self.drag_version = -1  # the state version the drag's legal drops were read in
        self.prompt_rect: Rect | None = None  # where the reaction prompt was drawn last
        self._glow: tuple[int, frozenset[int], frozenset[int]] = (-1, frozenset(), frozenset())

    # --- lifecycle -------------------------------------------------------------------
    def enter(self, payload: dict[str, Any] | None = None) -> None:
        payload = payload or {}
        settings = self.app.settings
        # a hosted game's seat brings its own flow (netplay.remote_table) through this seam
        make = payload.get("controller", TableController)
        self._ctrl = make(
            payload["session"],
            ai_speed=settings.ai_speed,
            bar_seconds=float(settings.reaction_window_s),
            threaded_ai=bool(payload.get("threaded_ai", True)),
            rects=self.event_rects,
            reactions=settings.reactions,
            ai=payload.get("ai"),
        )
        self.ctrl.presenter.reduced = settings.reduced_motion  # issue 14: reduced motion
        self.coach = payload.get("coach")
        if self.coach is not None:
            self.coach.attach(self.ctrl)
            # The lesson owns its pacing whatever the Settings say (issue 20): its own
            # AI speed, its own reaction step (asked without a clock), no other prompt.
            self.ctrl.ai_speed = self.coach.pace(settings.ai_speed)
            self.ctrl.lesson_ask = self.coach.asks
            self.ctrl.answer_timed = False  # the lesson waits for the reaction it teaches
            self.ctrl.late_press_guard = False  # it vets every press against its step
        else:
            self.tips = TipWatcher(settings, lambda: self.app.storage.save_settings(settings))
            self.tips.attach(self.ctrl)

    def exit(self) -> None:
        if self._ctrl is not None:
            self._ctrl.shutdown()

    @property
    def ctrl(self) -> TableController:
        """The game flow of the session shown (made by `enter`)."""
        if self._ctrl is None:
            raise RuntimeError("the table was not entered with a session")
        return self._ctrl

    @property
    def question(self) -> Question | None:
        """The question open over the table, if any."""
        return self.mode.question if isinstance(self.mode, Asking) else None

    @property
    def draw_menu(self) -> bool:
        return isinstance(self.mode, ChoosingDraw)

    @property
    def browse(self) -> bool:
        return isinstance(self.mode, BrowsingDiscard)

    # --- geometry --------------------------------------------------------------------
    def ensure_layout(self, size: tuple[int, int]) -> TableLayout:
        c = self.ctrl
        lay = self.layout
        if lay is None or lay.size != size or lay.viewing != c.viewer or lay.seat_count != c.n:
            self.layout = lay = compute_layout(size, c.n, c.viewer)
            self.layer = None
            prewarm(lay)
        return lay

    def event_rects(self, ev: engine.Event) -> dict[str, Rect]:
        """Where an event happens on screen (looked up before the table redraws)."""
        return event_rects(self.layout, self.hits, ev) if self.layout is not None else {}

    # --- model -----------------------------------------------------------------------
    def model(self) -> TableModel:
        c = self.ctrl
        st = c.state
        viewer = c.viewer
        label, enabled = c.next_label()
        seats = [SeatInfo(c.name(i), c.colour(i), not c.is_human(i)) for i in range(c.n)]
        return TableModel(
            state=engine.view(st, viewer),
            seats=seats,
            viewing=viewer,
            show_hand=c.show_hand,
            log=c.log,
            status=c.status(),
            next_label=label,
            next_enabled=enabled,
            draw_prices=self.draw_prices(),
            can_undo=c.can_undo,
            selected=frozenset(self.selected),
            attack=self.attack_shown(),
            dice=c.presenter.dice,
            advice=advice_lines(c),
            playable=playable_now(c),
            log_scroll=self.log_scroll,
            log_marker=self._marker_shows(),
            hand_pins=self.hand_pins,
        )

    def _marker_shows(self) -> bool:
        return bool(self.log_scroll) and self.log_follow.new

    def draw_prices(self) -> dict[int, int]:
        """Legal draw counts and their price (R-DRAW-1): sidebar and deck menu."""
        c = self.ctrl
        if c.state.phase is not Phase.DRAW:
            return {}
        return {a.count: a.price for a in c.legal() if isinstance(a, Draw)}

    def _layer(self, size: tuple[int, int]) -> Surface:
        lay = self.ensure_layout(size)
        c = self.ctrl
        key = (
            c.version,
            size,
            c.viewer,
            c.show_hand,
            frozenset(self.selected),
            c.presenter.dice,
            c.bars_pending(),
            self.log_scroll,
            self._marker_shows(),
            None if c.answer_left is None else math.ceil(c.answer_left),  # "Pass (3)"
            None if self.hand_pins is None else tuple(self.hand_pins),
        )
        if self.layer is None or key != self.layer_key:
            if self.layer is None or self.layer.get_size() != size:
                self.layer = (
                    Surface(size).convert() if pygame.display.get_surface() else Surface(size)
                )
            self.hits = render_static(self.layer, lay, self.model())
            self.layer_key = key
        return self.layer

    # --- frame -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        c = self.ctrl
        self.clock += dt
        self._watch_curtain()
        if self.coach is not None:
            self.coach.update(c, dt)
        # a reaction window's clock stands still while the player handles a card, zooms
        # one (keyboard or hover) or reads a tip or the hint
        c.answer_hold = (
            self.drag.pressed is not None
            or not isinstance(self.mode, Playing)
            or self.card_focus.zoom
            or (self.hover is not None and self.hover_t >= HOVER_DELAY)
            or (self.tips is not None and self.tips.current is not None)
            or (self.hint_text != "" and c.toast == self.hint_text)
        )
        # one human: a reaction card in hand (or a question about its drop) holds the table
        c.drag_hold = self._reaction_in_hand() or (
            c.claimant is not None and not isinstance(self.mode, Playing)
        )
        c.update(dt)
        self._pin_hand()
        d = self.drag.dragging
        if d is not None and self.drag_version != c.version:
            self._drag_targets(d)  # the position changed under the card (e.g. now asked)
        if self.tips is not None:
            self.tips.update(c)
        self.drag.update(dt)
        if self.ctrl.presenter.reduced:
            self.drag.slides.clear()  # a refused card is simply back in the hand
        if self.hover is not None:
            self.hover_t += dt
        if self.layout is not None and self.layout.log.collidepoint(self.mouse):
            self.log_follow.touched()  # the mouse rests on the log: they are reading
        self.log_scroll = self.log_follow.update(dt, c.log, self.log_scroll, c.my_turn())
        if c.version != self.button_seen:
            self.button_seen = c.version
            nxt = self.layout.buttons.get("next") if self.layout is not None else None
            over = nxt is not None and nxt.collidepoint(self.mouse)
            self.label_guard.see(c.next_label()[0], self.clock, over)
            self.blocked_why = c.next_blocked()
        if c.game_over and c.presenter.idle and not isinstance(self.mode, Left):
            self.end.shown = True  # the last moves have played out: the final board stays

    def _pin_hand(self) -> None:
        """Keep the hand's cards where they are while the pointer is over the hand,
        and re-fan it once the pointer leaves (playtest shot-63: the hand re-fanned
        after a play and the next press caught Poker Night where Moonshine Still had
        been). A card that joins the hand re-fans it at once: it needs a place."""
        area = self.hits.hand_area or (self.layout.hand if self.layout else None)
        pressed = self.drag.pressed is not None and self.drag.dragging is None
        over = area is not None and (area.collidepoint(self.mouse) or pressed)
        if not over or not self.hits.hand_slots or area != self.hand_pin_area:
            self.hand_pins = None  # (a resized window lays the hand out afresh too)
            self.hand_pin_area = area
        elif self.hand_pins is None:
            self.hand_pins = dict(self.hits.hand_slots)
        elif any(cid not in self.hand_pins for cid in self.hits.hand_slots):
            self.hand_pins = None  # a new card: lay the hand out afresh

    def _to_results(self) -> None:
        if self.coach is not None:
            self.coach.finish()
        self.app.replace(self.app.make(Screen.RESULTS), {"session": self.ctrl.session})

    def draw(self, surface: Surface) -> None:
        c = self.ctrl
        size = surface.get_size()
        if c.handoff is not None:
            c.handoff.draw(surface)
            return
        surface.blit(self._layer(size), (0, 0))
        lay = self.layout
        assert lay is not None
        self.log_marker = None
        if self._marker_shows():
            self.log_marker = draw_marker(surface, lay.log)
        d = self.drag.dragging
        if d is not None and d.targets:
            for tgt in d.targets:
                r = target_rect(lay, self.hits, tgt)
                if r is not None:
                    w.outline(surface, r, w.LEGAL, 3)
        if self.kb_action is not None and self.kb_version == c.version:
            for r in self.action_rects(self.kb_action):
                w.outline(surface, r, w.ACTIVE, 3)
        if self.hint_action is not None and self.hint_version == c.version:
            for r in self.action_rects(self.hint_action):
                w.outline(surface, r, w.LEGAL, 3)
        for s in self.drag.slides:
            surface.blit(w.card_face(s.card, s.end.w), s.rect())
        c.presenter.draw(surface)
        p = c.presenter
        if p.banner and p.banner_t < 3.5 and p.bar is None and not c.toast:
            draw_banner(surface, lay.banner, p.banner)
        self._draw_reaction_cues(surface, lay)
        thinker = c.thinking_seat(THINK_SHOW_S)
        if thinker is not None:
            draw_thinking(surface, lay.seats[thinker].header, c.think_t)
        if p.bar is not None and p.bar.silent and not c.choosing_claim:
            prompt_panel.draw_beat_hint(surface, lay.reaction_bar)
        elif p.bar is not None:
            names = [c.name(i) if c.is_human(i) else "" for i in range(c.n)]
            draw_bar(
                surface,
                lay.reaction_bar,
                p.bar_left(),
                p.current.duration if p.current else 1.0,
                names if c.choosing_claim else [],
            )
        if d is not None:
            dr = d.rect
            surface.blit(w.shadow(dr.w, dr.h, 120), dr.move(6, 8))
            surface.blit(drag_surface(d.source, dr.size), dr)
        mode = self.mode
        if isinstance(mode, ChoosingDraw):
            draw_draw_menu(surface, self._draw_menu_rects(), self.draw_prices())
        if self.coach is not None:
            self.coach.draw(surface, lay, self.hits, self.clock)
        if self.tips is not None:
            self.tips.draw(surface, lay)
        news = c.away_news
        shown = news is not None and news.seat == c.holder and c.my_turn()
        self.away_rect = None
        if news is not None and shown and c.presenter.idle:
            self.away_rect = draw_away(surface, lay, news)
        if self.end.shown and c.end_news is not None:  # how the game ended for them
            draw_away(surface, lay, c.end_news, closable=False)
        lines = prompt_panel.prompt_lines(c) if c.note == "" and c.handoff is None else []
        self.prompt_rect = None
        if lines:
            urgent = len(lines) > 1
            self.prompt_rect = prompt_panel.draw_prompt(surface, lay, lines, urgent)
        if c.toast:
            draw_toast(surface, lay, c.toast)
        if isinstance(mode, Asking):
            mode.question.draw(surface, lay, self.mouse)
        if isinstance(mode, BrowsingDiscard):
            draw_discard_browser(surface, lay, list(c.state.discard))
        if c.note:
            draw_note(surface, lay, c.note)
        self.card_focus.draw(surface, lay, self.hits, self.why_not)
        if self.hover is not None and self.hover_t >= HOVER_DELAY and d is None:
            draw_hover_card(surface, lay, self.hover, self.mouse, self.why_not(self.hover))
        if self.out.shown(c):
            self.out.draw(surface, lay, c)
        if self.end.shown:
            self.end.draw(surface, lay, c.state, [c.name(i) for i in range(c.n)])
        nxt = lay.buttons.get("next")
        if self.blocked_why and nxt is not None and nxt.collidepoint(self.mouse):
            draw_blocked_reason(surface, lay, self.blocked_why)

    def _draw_reaction_cues(self, surface: Surface, lay: TableLayout) -> None:
        """What a reaction window is about, on the table: the threatened card outlined
        (a prompt's, or a hotseat claim bar's, which is public), the cards that answer
        it glowing; in a window's beat, the cards that could be played now, quietly."""
        c = self.ctrl
        st = c.state
        bar = c.presenter.bar
        target = bar.target if bar is not None and not bar.silent else None
        asked = c.my_turn() and st.window is not None
        th = threat(st) if st.window is not None else None
        if asked and th is not None and th.seat == c.viewer:
            target = th.target
        if target is not None:
            r = self.hits.rect_of(target)
            if r is not None:
                prompt_panel.outline_pulse(surface, r, w.BLOOD, self.clock)
        if not c.show_hand or c.use_bars and not asked:
            return
        answers, beat = self._glow_cards()
        for cid, r in self.hits.hand:
            if cid in answers or cid in beat:
                prompt_panel.glow(surface, r, self.clock)

    def _glow_cards(self) -> tuple[frozenset[int], frozenset[int]]:
        """(cards answering the threat to the viewer, cards playable in a window's beat),
        read once per position."""
        c = self.ctrl
        if self._glow[0] != c.version:
            st, me = c.state, c.viewer
            answers = prompt_panel.answer_cards(st, me) if st.window is not None else frozenset()
            beat: frozenset[int] = frozenset()
            if not c.use_bars and not c.my_turn() and st.window is not None:
                beat = prompt_panel.beat_cards(st, me)
            self._glow = (c.version, answers, beat)
        return self._glow[1], self._glow[2]

    def _reaction_in_hand(self) -> bool:
        """A reaction card picked up from the hand (pressed or dragged)."""
        d = self.drag.pressed
        return (
            d is not None
            and d.source.kind == "hand"
            and KIND[d.source.card] in REACTION_KINDS
            and not self.ctrl.use_bars
        )

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

    def _drag_targets(self, d: Any) -> None:
        """The legal drops of the card being dragged, in the position now (none while
        it is not the player's move: the engine is asking somebody else)."""
        lay = self.layout
        self.drag_version = self.ctrl.version
        if lay is None or not self.ctrl.my_turn():
            d.targets = {}
            return
        d.targets = legal_targets(self.ctrl.state, d.source, all_targets(lay, self.hits))

    # --- targets -----------------------------------------------------------------------
    def target_at(self, pos: tuple[int, int]) -> Target | None:
        lay = self.layout
        return target_at(lay, self.hits, pos) if lay is not None else None

    def action_rects(self, a: Action) -> list[Rect]:
        """Where an action picked with Tab (or hinted) shows: the cards it names, or
        for a draw the sidebar button of its count."""
        if isinstance(a, Draw):
            buttons = self.layout.draw_buttons if self.layout is not None else []
            return [buttons[a.count - 1]] if 0 < a.count <= len(buttons) else []
        rects = (self.hits.rect_of(c) for c in action_cards(a))
        return [r for r in rects if r is not None]

    def _draw_menu_rects(self) -> list[tuple[int, Rect]]:
        assert self.layout is not None
        return draw_menu_rects(self.layout, [*sorted(self.draw_prices()), 0])  # 0: no card

    # --- input -------------------------------------------------------------------------
    def _watch_curtain(self) -> None:
        """Note when a hand-off screen or a private note comes up (it is calm at first)."""
        curtain = self.ctrl.handoff or self.ctrl.note or None
        if curtain is not self.curtain:
            self.curtain, self.curtain_since = curtain, self.clock

    def handle_event(self, event: pygame.event.Event) -> bool:
        c = self.ctrl
        self._watch_curtain()
        calm = self.curtain is not None and self.clock - self.curtain_since < pacing.CURTAIN_CALM_S
        if calm and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            return True  # a hand-off or note that just appeared: this input was not for it
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

    def attack_shown(self) -> tuple[int | None, tuple[int, ...]]:
        """The attack to outline: the one being assembled, else a declared one waiting
        on reactions (a defender asked to react sees which building is under attack)."""
        st = self.ctrl.state
        if st.attack_target is not None:
            return st.attack_target, tuple(st.attack_gangsters)
        return declared_attack(st) or (None, ())

    def scroll_log(self, lines: int) -> None:
        """Read back through the game log (what the AIs did while you watched);
        End (a jump of minus everything) returns to the newest line."""
        self.log_scroll = max(0, min(self.log_scroll + lines, self.hits.log_back_max))
        self.log_follow.touched()

    def _motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        if self.drag.motion(pos):
            d = self.drag.dragging
            if d is not None:
                self._drag_targets(d)
        card = self.hits.card_at(pos) if self.layout else None
        if self.drag.dragging is not None:
            card = None  # no card's zoom while one is carried (playtest: it stayed up)
        if card != self.hover:
            self.hover, self.hover_t = card, 0.0

    def _key(self, event: pygame.event.Event) -> bool:
        c = self.ctrl
        key, mods = event.key, event.mod
        ctrl_down = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
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
        if not c.my_turn():
            self._jump_in(pos)
            return True
        for cid, r in reversed(self.hits.hand):
            if r.collidepoint(pos):
                if c.state.phase is Phase.MULLIGAN:
                    self._toggle(cid)
                else:
                    self.drag.press(Source("hand", cid), r, pos)
                return True
        me = c.viewer
        for g, r in reversed(list(self.hits.gangsters.items())):
            if r.collidepoint(pos) and self.hits.owner.get(g) == me:
                self.drag.press(Source("gangster", g), r, pos)
                return True
        hideout = c.state.seats[me].hideout
        rect = self.hits.buildings.get(hideout) if hideout is not None else None
        if hideout is not None and rect is not None and rect.collidepoint(pos):
            self.drag.press(Source("building", hideout), rect, pos)
        return True

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
        tgt = self.target_at(pos)
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

    # --- actions -------------------------------------------------------------------------
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
        if c.game_over:  # "See the results", as on the Game over panel
            if not isinstance(self.mode, Left):
                self.mode = Left()
                self._to_results()
            return
        if not c.my_turn():
            p = c.presenter
            loud = c.use_bars and p.bar is not None and not p.bar.silent
            if loud and not c.choosing_claim and p.bar_left() == float("inf"):
                p.end_bar()  # "wait for me": the bar stands until claimed or waved on
            return
        st = c.state
        if keyboard and self.kb_action is not None and self.kb_version == c.version:
            self._try(self.kb_action)
        elif st.window is not None:
            self._try(Pass())  # ends their answer (modes.after_action)
        elif st.phase is Phase.MULLIGAN:
            self._try(Mulligan(tuple(sorted(self.selected))))
        elif st.attack_target is not None:
            self._try(LaunchAttack())
        elif c.guard_active():
            # The engine just moved on by itself: this press was meant for the old phase.
            c.clear_guard()
            c.set_phase_note(t("table.skipped_now", phase=phase_name(st.phase.value)))
        elif (free := c.free_draw()) is not None:
            self._try(free)  # phase G: the free card, which ends the turn (0 ends it without)
        else:
            self._try(EndPhase())

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
        self.ctrl.set_toast(f"{action_text(self.kb_action)}  (Enter)")
        self.kb_version = self.ctrl.version

    def why_not(self, card: int) -> str:
        """The engine's reason a dimmed hand card cannot be used now ("" otherwise)."""
        c = self.ctrl
        if card not in c.state.seats[c.viewer].hand or not c.show_hand:
            return ""
        playable = playable_now(c)
        if playable is None or card in playable:
            return ""
        if self._why[:2] != (c.version, card):
            self._why = (c.version, card, why_not_playable(c.state, c.viewer, card))
        return self._why[2]

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
        self.app.push(self.app.make(Screen.RULES), {"rule": rule_id})

    def _new_game(self) -> None:
        # the title asks first: this game, unfinished, is the one Continue points to
        self.app.reset_to(self.app.make(Screen.TITLE), {"new_game": True})

    def _menu(self) -> None:
        self.app.reset_to(self.app.make(Screen.TITLE))
