"""What the App draws above every scene: the "saving is failing" notice and
the "the game is not saved — quit anyway?" prompt.

They live at the App level so every screen (table, menus, results) shows them
without knowing about them.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from noirburg_desktop.look import theme
from noirburg_desktop.persist.safefs import shown
from noirburg_desktop.words.strings import t

NOTICE_H = 30
RED = (110, 22, 22, 235)


def draw_save_notice(
    surface: pygame.Surface, message: str, colour: tuple[int, int, int, int] = RED
) -> pygame.Rect:
    """A red strip across the top of the window with `message` (any path in it made
    printable: a font given a lone surrogate raises)."""
    w = surface.get_width()
    lines = theme.wrap(shown(message, 600), 15, w - 40)[:2]
    r = pygame.Rect(0, 0, w, 10 + 20 * len(lines))
    strip = pygame.Surface(r.size, pygame.SRCALPHA)
    strip.fill(colour)
    surface.blit(strip, r)
    pygame.draw.line(surface, theme.RED_LIGHT, r.bottomleft, r.bottomright, 2)
    for i, line in enumerate(lines):
        theme.text(surface, line, (w // 2, 5 + 20 * i), size=15, anchor="midtop")
    return r


def draw_notice(surface: pygame.Surface, message: str) -> pygame.Rect:
    """A quiet one-line note at the top centre (e.g. "Sound off" after the mute key)."""
    img = theme.text(surface, message, (-1000, -1000), size=17)  # measure only
    r = pygame.Rect(0, 0, img.width + 36, img.height + 16)
    r.midtop = (surface.get_width() // 2, 22)
    pygame.draw.rect(surface, theme.INK, r, border_radius=8)
    pygame.draw.rect(surface, theme.GOLD, r, 1, border_radius=8)
    theme.text(surface, message, r.center, size=17, colour=theme.GOLD_LIGHT, anchor="center")
    return r


class Prompt:
    """A modal box with a question and two buttons; Enter takes the first (`on_quit`),
    Esc the second (`on_stay`)."""

    def __init__(
        self,
        title: str,
        text: str,
        yes: str,
        no: str,
        on_quit: Callable[[], None],
        on_stay: Callable[[], None],
    ) -> None:
        self.title, self.text, self.yes, self.no = title, shown(text, 600), yes, no
        self.on_quit = on_quit
        self.on_stay = on_stay
        self.box = pygame.Rect(0, 0, 10, 10)
        self.quit_rect = pygame.Rect(0, 0, 10, 10)
        self.stay_rect = pygame.Rect(0, 0, 10, 10)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(620, w - 40), 240)
        self.box.center = (w // 2, h // 2)
        bw = (self.box.width - 60) // 2
        y = self.box.bottom - 70
        self.quit_rect = pygame.Rect(self.box.left + 20, y, bw, 50)
        self.stay_rect = pygame.Rect(self.box.right - 20 - bw, y, bw, 50)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Every event ends here while the prompt is open (it is modal)."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.on_quit()
            elif event.key == pygame.K_ESCAPE:
                self.on_stay()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.quit_rect.collidepoint(event.pos):
                self.on_quit()
            elif self.stay_rect.collidepoint(event.pos):
                self.on_stay()

    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.box, border=theme.RED_LIGHT)
        b = self.box
        theme.text(
            surface,
            self.title,
            (b.centerx, b.top + 18),
            size=24,
            bold=True,
            colour=theme.GOLD_LIGHT,
            anchor="midtop",
        )
        for i, line in enumerate(theme.wrap(self.text, 16, b.width - 40)[:4]):
            theme.text(surface, line, (b.centerx, b.top + 62 + 22 * i), size=16, anchor="midtop")
        for rect, label, edge in (
            (self.quit_rect, self.yes, theme.RED_LIGHT),
            (self.stay_rect, self.no, theme.GOLD),
        ):
            pygame.draw.rect(surface, theme.PANEL_HI, rect, border_radius=6)
            pygame.draw.rect(surface, edge, rect, 2, border_radius=6)
            theme.text(surface, label, rect.center, size=18, anchor="center")


class QuitPrompt(Prompt):
    """The game is not saved: quit anyway (Enter) or keep playing (Esc)?"""

    def __init__(self, reason: str, on_quit: Callable[[], None], on_stay: Callable[[], None]):
        self.reason = reason
        super().__init__(
            t("save.quit_title"),
            t("save.quit_text", reason=reason),
            t("save.quit_anyway"),
            t("save.keep_playing"),
            on_quit,
            on_stay,
        )
