"""The screen shown after an error nobody expected: what happened, where the
report is, and a way back to the title (the autosave written before the error
still resumes with Continue).

Drawn with plain pygame and the theme's text only, so it does not depend on
the parts of the app that may just have failed.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from noirburg_desktop.look import theme
from noirburg_desktop.persist.safefs import shown
from noirburg_desktop.scene import Scene
from noirburg_desktop.shell.screens import Screen
from noirburg_desktop.words.strings import t


class CrashScene(Scene[None]):
    def __init__(self, report: Path | None, why_no_report: str = "") -> None:
        super().__init__()
        self.report = report
        self.why_no_report = why_no_report
        self.back_rect = pygame.Rect(0, 0, 10, 10)

    def enter(self, payload: None = None) -> None:
        pygame.mouse.set_visible(True)

    def back(self) -> None:
        self.app.reset_to(self.app.make(Screen.TITLE))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_ESCAPE,
        ):
            self.back()
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.back_rect.collidepoint(event.pos)
        ):
            self.back()
            return True
        return False

    def report_line(self) -> str:
        if self.report is not None:
            return t("crash.report", path=shown(self.report))
        return t("crash.no_report", reason=shown(self.why_no_report or "?"))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.INK)
        w, h = surface.get_size()
        y = int(h * 0.22)
        theme.text(
            surface,
            t("crash.heading"),
            (w // 2, y),
            size=34,
            bold=True,
            serif=True,
            colour=theme.GOLD,
            anchor="midtop",
        )
        y += 70
        text = t("crash.text_unsaved") if self.app.saver.unsaved else t("crash.text")
        for line in theme.wrap(text, 18, min(760, w - 80)):
            theme.text(surface, line, (w // 2, y), size=18, anchor="midtop")
            y += 26
        y += 14
        for line in theme.wrap(self.report_line(), 15, min(860, w - 60)):
            theme.text(surface, line, (w // 2, y), size=15, colour=theme.MUTED, anchor="midtop")
            y += 22
        self.back_rect = pygame.Rect(0, 0, 320, 54)
        self.back_rect.midtop = (w // 2, y + 30)
        pygame.draw.rect(surface, theme.PANEL_HI, self.back_rect, border_radius=6)
        pygame.draw.rect(surface, theme.GOLD, self.back_rect, 2, border_radius=6)
        theme.text(surface, t("crash.back"), self.back_rect.center, size=19, anchor="center")
