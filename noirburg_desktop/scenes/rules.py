"""Rules browser: the engine's rules catalogue, section by section, scrollable.

Every error message at the table cites a rule ID; this screen is where a
player looks it up. If the catalogue is missing the screen says so instead of
crashing.
"""

from __future__ import annotations

from typing import Any

import pygame

from noirburg_desktop import resources, theme
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.strings import t, upper
from noirburg_desktop.widgets import Button

SECTION_H = 34


def load_catalogue() -> tuple[tuple[str, ...], dict[str, list[Any]]]:
    """(sections, entries by section), or empty when the engine has no catalogue."""
    try:
        from engine import rules_catalogue as rc
    except ImportError:
        return (), {}
    sections = tuple(rc.SECTIONS)
    return sections, {s: list(rc.rules_in(s)) for s in sections}


class RulesScene(MenuScene):
    def __init__(self) -> None:
        super().__init__()
        self.sections: tuple[str, ...] = ()
        self.entries: dict[str, list[Any]] = {}
        self.section = 0
        self.scroll = 0
        self._page: pygame.Surface | None = None
        self._page_key: tuple[int, int] | None = None

    def enter(self, payload: dict[str, Any] | None = None) -> None:
        self.sections, self.entries = load_catalogue()
        want = (payload or {}).get("rule")  # e.g. {"rule": "R-GANG-3"} from the table
        if want:
            for i, s in enumerate(self.sections):
                if any(e.id == want for e in self.entries[s]):
                    self.section = i
        super().enter(payload)

    def build(self) -> None:
        self.form.add(Button("back", t("rules.back"), self.back))

    def layout(self, w: int, h: int) -> None:
        margin = max(50, (w - 1180) // 2)
        self.nav_rect = pygame.Rect(margin, 140, 300, h - 140 - 120)
        self.page_rect = pygame.Rect(margin + 320, 140, w - 2 * margin - 320, h - 140 - 120)
        self.widget("back").rect = pygame.Rect(margin, self.nav_rect.bottom + 30, 200, 50)
        self._page = None

    def section_rect(self, i: int) -> pygame.Rect:
        r = self.nav_rect
        step = min(SECTION_H, (r.height - 20) // max(1, len(self.sections)))
        return pygame.Rect(r.left + 10, r.top + 10 + i * step, r.width - 20, step - 3)

    def choose(self, i: int) -> None:
        if 0 <= i < len(self.sections):
            self.section = i
            self.scroll = 0
            self._page = None

    def _render_page(self) -> pygame.Surface:
        """The chosen section as one tall surface (rendered once, then scrolled)."""
        width = self.page_rect.width - 60
        key = (self.section, width)
        if self._page is not None and self._page_key == key:
            return self._page
        items: list[tuple[str, Any, int]] = []
        y = 0
        for e in self.entries.get(self.sections[self.section], []) if self.sections else []:
            lines = theme.wrap(e.text, 16, width - 20)
            items.append(("entry", (e, lines), y))
            y += 34 + len(lines) * 22 + 18
        page = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
        for _, (e, lines), top in items:
            id_colour = theme.GOLD_LIGHT if e.is_interpretation else theme.GOLD
            r = theme.text(page, e.id, (0, top), size=15, bold=True, colour=id_colour)
            theme.text(
                page,
                e.title,
                (r.right + 14, top - 2),
                size=19,
                serif=True,
                bold=True,
                colour=theme.IVORY,
            )
            f = resources.font(16)
            for k, line in enumerate(lines):
                page.blit(f.render(line, True, (200, 194, 178)), (20, top + 32 + k * 22))
        self._page, self._page_key = page, key
        return page

    def _max_scroll(self) -> int:
        return max(0, self._render_page().get_height() - (self.page_rect.height - 40))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(self.sections)):
                if self.section_rect(i).collidepoint(event.pos):
                    self.choose(i)
                    return True
        elif event.type == pygame.MOUSEWHEEL and self.sections:
            self.scroll = max(0, min(self._max_scroll(), self.scroll - event.y * 48))
            return True
        elif event.type == pygame.KEYDOWN and self.sections:
            step = {
                pygame.K_DOWN: 48,
                pygame.K_UP: -48,
                pygame.K_PAGEDOWN: 400,
                pygame.K_PAGEUP: -400,
            }.get(event.key)
            if step is not None:
                self.scroll = max(0, min(self._max_scroll(), self.scroll + step))
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.choose(self.section + (1 if event.key == pygame.K_RIGHT else -1))
                return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("rules.heading"), 70)
        if not self.sections:
            w, h = surface.get_size()
            theme.text(
                surface,
                t("rules.unavailable"),
                (w // 2, h // 2),
                size=20,
                colour=theme.MUTED,
                serif=True,
                anchor="center",
            )
            return
        theme.panel(surface, self.nav_rect)
        theme.panel(surface, self.page_rect)
        for i, name in enumerate(self.sections):
            r = self.section_rect(i)
            if r.bottom > self.nav_rect.bottom:
                break
            if i == self.section:
                pygame.draw.rect(surface, (44, 37, 18), r)
                pygame.draw.rect(surface, theme.GOLD, r, 1)
            theme.text(
                surface,
                name,
                (r.left + 12, r.centery),
                size=15,
                colour=theme.GOLD_LIGHT if i == self.section else theme.IVORY,
                anchor="midleft",
            )
        p = self.page_rect
        theme.text(
            surface,
            upper(self.sections[self.section]),
            (p.left + 30, p.top + 20),
            size=20,
            bold=True,
            serif=True,
            colour=theme.GOLD,
        )
        page = self._render_page()
        view = pygame.Rect(p.left + 30, p.top + 62, p.width - 50, p.height - 76)
        clip = surface.get_clip()
        surface.set_clip(view)
        surface.blit(page, (view.left, view.top - self.scroll))
        surface.set_clip(clip)
        if self._max_scroll() > 0:
            frac = view.height / page.get_height()
            bar_h = max(30, int(view.height * frac))
            y = view.top + int((view.height - bar_h) * self.scroll / self._max_scroll())
            pygame.draw.rect(surface, theme.GOLD_DIM, pygame.Rect(p.right - 8, y, 3, bar_h))
        theme.text(
            surface,
            t("rules.hint"),
            (p.right, p.bottom + 12),
            size=13,
            colour=theme.FAINT,
            anchor="topright",
        )
