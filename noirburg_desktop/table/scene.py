"""TableScene: the card table. Input in, intents to the controller, layers out.

Drawing is two layers: a static surface re-rendered only when something it
shows changes (state version, viewer, window size, selection, dice), and a
cheap per-frame overlay (drag, highlights, animation effects, bars, hover).
"""

from __future__ import annotations

import math

import pygame
from pygame import Surface

import engine
from noirburg_desktop.table.advice import (
    advice_lines,
    playable_now,
)
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.input import TableInput
from noirburg_desktop.table.render import SeatInfo, TableModel, render_static
from noirburg_desktop.table.scene_base import HOVER_DELAY
from noirburg_desktop.table.scene_modes import (
    Left,
    Playing,
)
from noirburg_desktop.table.tips import TipWatcher
from noirburg_desktop.table.view import TableView

__all__ = ["HOVER_DELAY", "TableScene"]


class TableScene(TableInput, TableView):
    """The table: input (`input.TableInput`), intents (`scene_actions`), the per-frame
    view (`view.TableView`) and, here, the game's lifecycle, frame update and the
    cached static layer."""

    def enter(self, payload: TableEntry) -> None:
        settings = self.app.settings
        # a hosted game's seat brings its own flow (netplay.remote_table) through this seam
        make = payload.controller or TableController
        self._ctrl = make(
            payload.session,
            ai_speed=settings.ai_speed,
            bar_seconds=float(settings.reaction_window_s),
            threaded_ai=payload.threaded_ai,
            rects=self.event_rects,
            reactions=settings.reactions,
            ai=payload.ai,
        )
        self.ctrl.presenter.reduced = settings.reduced_motion  # issue 14: reduced motion
        self.coach = payload.coach
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
            next_ends_turn=c.main_ends_turn(),
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

    def draw(self, surface: Surface) -> None:
        c = self.ctrl
        size = surface.get_size()
        if c.handoff is not None:
            c.handoff.draw(surface)
            return
        surface.blit(self._layer(size), (0, 0))
        self.draw_over(surface)

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
