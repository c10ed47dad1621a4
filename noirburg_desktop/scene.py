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
    _app: App | None = None

    @property
    def app(self) -> App:
        """The App showing this scene (set by `App.push` before `enter`)."""
        if self._app is None:
            raise RuntimeError(f"{type(self).__name__} is not on an App's stack")
        return self._app

    @app.setter
    def app(self, app: App) -> None:
        self._app = app

    @property
    def on_app(self) -> bool:
        """Pushed onto an App yet (a scene may be built, and rebuilt, before that)."""
        return self._app is not None

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
