"""The Scene base class: one screen of the app, driven by `App`; and `Stage`, what a
scene sees of that App.

Scenes never own the loop; `App` calls `handle_event`, `update` and `draw` once
per frame on the top scene, so tests can drive any scene frame by frame. Scenes
know the App only as a `Stage` (a Protocol), so no scene module imports the app
and the app's modules form no import cycle (issue 24).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from noirburg_desktop.persist.notices import Prompt
    from noirburg_desktop.persist.saving import Saver
    from noirburg_desktop.persist.storage import Settings, Storage
    from noirburg_desktop.shell.screens import Screen


class Stage(Protocol):
    """What a scene may ask of the app showing it (`app.App` is the one there is):
    the scene stack, every screen by name, the canvas, the settings and the saves."""

    storage: Storage
    saver: Saver  # the autosave every shown game gets
    settings: Settings
    screen: pygame.Surface | None  # the canvas the scenes draw on
    scale: float  # the UI scale in effect
    audio: bool  # an audio device is open
    prompt: Prompt | None  # a modal question over every scene

    @property
    def scene(self) -> Scene | None: ...
    def make(self, screen: Screen) -> Scene: ...
    def push(self, scene: Scene, payload: dict[str, Any] | None = None) -> Scene: ...
    def pop(self, result: Any = None) -> None: ...
    def replace(self, scene: Scene, payload: dict[str, Any] | None = None) -> Scene: ...
    def reset_to(self, scene: Scene, payload: dict[str, Any] | None = None) -> Scene: ...
    def ask(self, prompt: Prompt) -> None: ...
    def request_quit(self) -> None: ...
    def set_ui_scale(self, percent: int) -> None: ...
    def set_fullscreen(self, on: bool) -> None: ...


class Scene:
    """Base class for every screen. Subclasses override what they need.

    `app` is set by `App.push`/`App.replace` before `enter` is called.
    `opaque = False` asks the app to draw the scene below first (overlays).
    """

    opaque: bool = True
    _app: Stage | None = None

    @property
    def app(self) -> Stage:
        """The App showing this scene (set by `App.push` before `enter`)."""
        if self._app is None:
            raise RuntimeError(f"{type(self).__name__} is not on an App's stack")
        return self._app

    @app.setter
    def app(self, app: Stage) -> None:
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

    def before_quit(self, leave: Callable[[], None]) -> Prompt | None:
        """A question to ask before the window closes on this scene (`leave` if the
        player confirms), or None to close at once (the autosave has it all)."""
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto `surface` (the window)."""
