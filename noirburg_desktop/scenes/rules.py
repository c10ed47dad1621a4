"""Rules browser: the engine's rules catalogue, section by section, scrollable.

Every error message at the table cites a rule ID; this screen is where a
player looks it up (the table's F1 opens it at the refused rule, marked).
Sections, titles and texts are the catalogue's English, shown through the
gettext catalogue (the Turkish follows the rulebook's own terms).
"""

from __future__ import annotations

import html
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextBox

from engine import rules_catalogue as rc
from noirburg_desktop.look import theme
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.shell import gui
from noirburg_desktop.shell.screens import RulesEntry
from noirburg_desktop.words.i18n import gettext
from noirburg_desktop.words.strings import t, upper

SECTION_H = 32  # the theme's list_item_height for selection lists
SCROLL_STEP = 0.06


def load_catalogue() -> tuple[tuple[str, ...], dict[str, list[Any]]]:
    """(sections, entries by section) from the engine's rules catalogue."""
    sections = tuple(rc.SECTIONS)
    return sections, {s: list(rc.rules_in(s)) for s in sections}


class RulesScene(MenuScene[RulesEntry | None]):
    """Sections in a UISelectionList, the chosen section's rules in a scrolling UITextBox."""

    arrow_nav = False  # arrows scroll the page and switch sections

    def __init__(self) -> None:
        super().__init__()
        self.sections: tuple[str, ...] = ()
        self.entries: dict[str, list[Any]] = {}
        self.section = 0
        self.nav_list: UISelectionList | None = None
        self.page: UITextBox | None = None
        self.linked: str | None = None  # the rule a refusal linked to (F1 at the table)

    def enter(self, payload: RulesEntry | None = None) -> None:
        self.sections, self.entries = load_catalogue()
        want = payload.rule if payload is not None else None  # e.g. "R-GANG-3" (F1)
        if want:
            for i, s in enumerate(self.sections):
                if any(e.id == want for e in self.entries[s]):
                    self.section = i
                    self.linked = want
        super().enter(payload)

    @property
    def labels(self) -> list[str]:
        """The section names in the player's language (the list shows these)."""
        return [gettext(s) for s in self.sections]

    def layout(self, w: int, h: int) -> None:
        margin = max(50, (w - 1180) // 2)
        # the list holds the longest section name whole ("Winning and the end of the game")
        nav_w = 320
        self.nav_rect = pygame.Rect(margin, 140, nav_w, h - 140 - 120)
        self.page_rect = pygame.Rect(
            margin + nav_w + 20, 140, w - 2 * margin - nav_w - 20, h - 140 - 120
        )
        self.rects = {"back": pygame.Rect(margin, self.nav_rect.bottom + 30, 200, 50)}

    def build(self) -> None:
        self.button("back", t("rules.back"), self.rects["back"], self.back)
        self.nav_list = self.page = None
        self._build_nav()
        self._build_page()

    def _build_nav(self) -> None:
        if self.nav_list is not None:
            self.nav_list.kill()
        items: list[str | tuple[str, str]] = list(self.labels)
        self.nav_list = UISelectionList(
            self.nav_rect.inflate(-20, -20),
            items,
            self.manager,
            default_selection=self.labels[self.section],
        )
        self.ui["sections"] = self.nav_list

    def _build_page(self) -> None:
        if self.page is not None:
            self.page.kill()
        p = self.page_rect
        view = pygame.Rect(p.left + 30, p.top + 62, p.width - 44, p.height - 76)
        self.page = UITextBox(self.page_html(), view, self.manager)
        self.ui["page"] = self.page
        entries = self.entries[self.sections[self.section]]
        ids = [e.id for e in entries]
        if self.linked in ids and self.page.scroll_bar is not None:
            # scroll to the linked rule: its share of the text before it (a title and a
            # blank line weigh about two lines of text each)
            sizes = [len(gettext(e.text)) + 160 for e in entries]
            before = sum(sizes[: ids.index(self.linked)]) / sum(sizes)
            self._scroll_by(before * (1.0 - 0.02) - self.scroll)

    def page_html(self) -> str:
        """The chosen section as pygame_gui's HTML subset: ID, title, then the rule text."""
        parts = []
        gold, ivory = gui.hexc(theme.GOLD), gui.hexc(theme.IVORY)
        for e in self.entries[self.sections[self.section]]:
            colour = gui.hexc(theme.GOLD_LIGHT) if e.is_interpretation else gold
            mark = "&#9658;&#160;" if e.id == self.linked else ""  # ► the linked rule
            title_colour = gold if e.id == self.linked else ivory
            parts.append(
                f"<font face='{gui.SANS}' pixel_size=15 color='{colour}'><b>"
                f"{mark}{html.escape(e.id)}</b></font>&#160;&#160;&#160;"
                f"<font face='{gui.SERIF}' pixel_size=19 color='{title_colour}'><b>"
                f"{html.escape(gettext(e.title))}</b></font><br>"
                f"{html.escape(gettext(e.text))}<br><br>"
            )
        return "".join(parts)

    def section_rect(self, i: int) -> pygame.Rect:
        """Where section `i` sits in the list (unscrolled), for pointing at it."""
        r = self.nav_rect.inflate(-20, -20)
        return pygame.Rect(r.left, r.top + i * SECTION_H, r.width - 20, SECTION_H)

    def choose(self, i: int, *, rebuild_list: bool = True) -> None:
        if 0 <= i < len(self.sections) and i != self.section:
            self.section = i
            if rebuild_list:
                self._build_nav()
            self._build_page()

    @property
    def scroll(self) -> float:
        """How far down the page is scrolled (0 = top); 0 when it all fits."""
        bar = self.page.scroll_bar if self.page is not None else None
        return float(bar.start_percentage) if bar is not None else 0.0

    def _scroll_by(self, delta: float) -> None:
        bar = self.page.scroll_bar if self.page is not None else None
        if bar is not None:
            top = max(0.0, 1.0 - bar.visible_percentage)
            bar.set_scroll_from_start_percentage(min(top, max(0.0, bar.start_percentage + delta)))

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and (
            event.ui_element is self.nav_list
        ):
            self.choose(self.labels.index(event.text), rebuild_list=False)
            return True
        return super().on_ui_event(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            step = {
                pygame.K_DOWN: SCROLL_STEP,
                pygame.K_UP: -SCROLL_STEP,
                pygame.K_PAGEDOWN: 0.5,
                pygame.K_PAGEUP: -0.5,
            }.get(event.key)
            if step is not None:
                self._scroll_by(step)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.choose(self.section + (1 if event.key == pygame.K_RIGHT else -1))
                return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("rules.heading"), 70)
        theme.panel(surface, self.nav_rect)
        theme.panel(surface, self.page_rect)
        p = self.page_rect
        theme.text(
            surface,
            upper(gettext(self.sections[self.section])),
            (p.left + 30, p.top + 20),
            size=20,
            bold=True,
            serif=True,
            colour=theme.GOLD,
        )
        theme.text(
            surface,
            t("rules.hint"),
            (p.right, p.bottom + 12),
            size=13,
            colour=theme.FAINT,
            anchor="topright",
        )
