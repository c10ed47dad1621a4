"""The Scene base class: one screen of the app, driven by `App`.

Scenes never own the loop; `App` calls `handle_event`, `update` and `draw` once
per frame on the top scene, so tests can drive any scene frame by frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from noirburg_desktop.app import App


class Scene:
    """Base class for every screen. Subclasses override what they need.

    `app` is set by `App.push`/`App.replace` before `enter` is called.
    `opaque = False` asks the app to draw the scene below first (overlays).
    """

    opaque: bool = True

    def __init__(self) -> None:
        self.app: App = None  # type: ignore[assignment]  # set by App before enter()

    def enter(self, payload: dict[str, Any] | None = None) -> None:
        """Called once when the scene becomes part of the stack."""

    def resume(self, result: Any = None) -> None:
        """Called when the scene above was popped; `result` is what it returned."""

    def exit(self) -> None:
        """Called when the scene leaves the stack (popped or replaced)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto `surface` (the window)."""
