"""The table scene's per-frame view: what is drawn over the cached static layer."""

from __future__ import annotations

from pygame import Surface

from engine.threats import threat
from noirburg_desktop.table import prompt_panel
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.away_panel import draw_away
from noirburg_desktop.table.drag import Drag, drag_surface
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.log_follow import draw_marker
from noirburg_desktop.table.overlays import (
    draw_banner,
    draw_discard_browser,
    draw_draw_menu,
    draw_hover_card,
    draw_note,
    draw_thinking,
    draw_toast,
)
from noirburg_desktop.table.reaction_bar import bar_words, draw_bar
from noirburg_desktop.table.scene_base import HOVER_DELAY, TableSceneBase
from noirburg_desktop.table.scene_modes import (
    Asking,
    BrowsingDiscard,
    ChoosingDraw,
)
from noirburg_desktop.table.targets import target_rect

THINK_SHOW_S = 0.2  # an AI thinking longer than this gets a "thinking…" tag


class TableView(TableSceneBase):
    """Draws a frame: the static layer, then drag, highlights, bars, panels and prompts."""

    def draw_over(self, surface: Surface) -> None:
        """Everything drawn over the static layer, back to front."""
        c = self.ctrl
        lay = self.layout
        assert lay is not None
        d = self._draw_marks(surface, lay)
        c.presenter.draw(surface)
        p = c.presenter
        if p.banner and p.banner_t < 3.5 and p.bar is None and not c.toast:
            draw_banner(surface, lay.banner, p.banner)
        self._draw_reaction_cues(surface, lay)
        self._draw_bars(surface, lay)
        if d is not None:
            dr = d.rect
            surface.blit(w.shadow(dr.w, dr.h, 120), dr.move(6, 8))
            surface.blit(drag_surface(d.source, dr.size), dr)
        self._draw_panels(surface, lay)

    def _draw_marks(self, surface: Surface, lay: TableLayout) -> Drag | None:
        """The log's "new lines" pill, the drag's legal drops, Tab's and the hint's
        action, the refused cards sliding home; returns the card being dragged."""
        c = self.ctrl
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
        return d

    def _draw_bars(self, surface: Surface, lay: TableLayout) -> None:
        """The "thinking…" tag, the beat hint or the hotseat claim bar."""
        c = self.ctrl
        p = c.presenter
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
                bar_words(p.bar.threat, [c.name(i) for i in range(c.n)]),
            )

    def _draw_panels(self, surface: Surface, lay: TableLayout) -> None:
        """Menus, the lesson, tips, news, prompts, toasts, questions, notes, zooms and
        the out and end panels, over the table."""
        c = self.ctrl
        d = self.drag.dragging
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
        # A blocked "Next phase" says why in the advice panel only (advice_lines): a box
        # repeating it on hover covered the panel's next line (playtest pt4 shot-33).

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
