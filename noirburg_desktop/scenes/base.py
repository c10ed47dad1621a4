"""MenuScene: what every menu screen shares (backdrop, form, layout on resize, Esc = back)."""

from __future__ import annotations

from typing import Any

import pygame

from noirburg_desktop import theme
from noirburg_desktop.scene import Scene
from noirburg_desktop.widgets import Form, Widget


class MenuScene(Scene):
    """Subclasses build widgets in `build()` and place them in `layout(w, h)`."""

    def __init__(self) -> None:
        super().__init__()
        self.form = Form()
        self.size = (0, 0)
        self.message = ""
        self.message_timer = 0.0

    def enter(self, payload: dict[str, Any] | None = None) -> None:
        self.form = Form()
        self.build()
        self.size = (0, 0)
        if self.app is not None and self.app.screen is not None:
            self._ensure_layout(self.app.screen)

    def build(self) -> None:
        """Create the widgets (called on enter and when the language changes)."""

    def layout(self, w: int, h: int) -> None:
        """Place the widgets for a window of w × h pixels."""

    def back(self) -> None:
        self.app.pop()

    def widget(self, wid: str) -> Widget:
        return self.form.get(wid)

    def flash(self, text: str, seconds: float = 4.0) -> None:
        """Show a one-line notice at the bottom of the screen."""
        self.message = text
        self.message_timer = seconds

    def _ensure_layout(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if size != self.size:
            self.size = size
            self.layout(*size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.form.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.message_timer > 0:
            self.message_timer = max(0.0, self.message_timer - dt)
        surface = self.app.screen if self.app is not None else None
        if surface is not None:
            self._ensure_layout(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self._ensure_layout(surface)
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        self.draw_content(surface)
        self.form.draw(surface)
        if self.message and self.message_timer > 0:
            w, h = surface.get_size()
            r = theme.text(
                surface,
                self.message,
                (w // 2, h - 50),
                size=17,
                colour=theme.GOLD_LIGHT,
                anchor="center",
            )
            pygame.draw.line(
                surface, theme.GOLD_DIM, (r.left, r.bottom + 4), (r.right, r.bottom + 4)
            )

    def draw_content(self, surface: pygame.Surface) -> None:
        """Everything that is not a widget (headings, labels, lists)."""
