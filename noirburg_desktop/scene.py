"""The Scene base class: one screen of the app, driven by `App`; and `Stage`, what a
scene sees of that App.

Scenes never own the loop; `App` calls `handle_event`, `update` and `draw` once
per frame on the top scene, so tests can drive any scene frame by frame. Scenes
know the App only as a `Stage` (a Protocol), so no scene module imports the app
and the app's modules form no import cycle (issue 24).

What a scene is given when it enters is typed: `Scene[P]` enters with a `P` (a
frozen dataclass such as `table.entry.TableEntry`, or None), and `Stage.push` /
`replace` / `reset_to` take the scene with its own kind of payload, so a wrong or
missing one is a type error (mypy --strict), not a KeyError at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Literal, Never, Protocol, TypeVar, overload

import pygame

if TYPE_CHECKING:
    from noirburg_desktop.persist.notices import Prompt
    from noirburg_desktop.persist.saving import Saver
    from noirburg_desktop.persist.storage import Settings, Storage
    from noirburg_desktop.shell.entries import (
        LobbyEntry,
        RulesEntry,
        Screen,
        SessionEntry,
        TitleEntry,
    )
    from noirburg_desktop.table.entry import TableEntry

# What a scene enters with. Contravariant: a scene that takes `X | None` may be
# pushed with nothing (it is a `Scene[None]`), one that takes `X` may not.
P = TypeVar("P", contravariant=True)
E = TypeVar("E")


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
    def scene(self) -> AnyScene | None: ...

    # every screen by name, with the payload it enters with (`shell.screens`)
    @overload
    def make(self, screen: Literal[Screen.TABLE]) -> Scene[TableEntry]: ...
    @overload
    def make(self, screen: Literal[Screen.RESULTS, Screen.REPLAY]) -> Scene[SessionEntry]: ...
    @overload
    def make(self, screen: Literal[Screen.RULES]) -> Scene[RulesEntry | None]: ...
    @overload
    def make(self, screen: Literal[Screen.TITLE]) -> Scene[TitleEntry | None]: ...
    @overload
    def make(self, screen: Literal[Screen.LOBBY]) -> Scene[LobbyEntry]: ...
    @overload
    def make(
        self,
        screen: Literal[Screen.NEW_GAME, Screen.LOAD, Screen.SETTINGS, Screen.NETWORK, Screen.HOST],
    ) -> Scene[None]: ...

    @overload
    def push(self, scene: Scene[None]) -> Scene[None]: ...
    @overload
    def push(self, scene: Scene[E], payload: E) -> Scene[E]: ...
    def pop(self, result: Any = None) -> None: ...
    @overload
    def replace(self, scene: Scene[None]) -> Scene[None]: ...
    @overload
    def replace(self, scene: Scene[E], payload: E) -> Scene[E]: ...
    @overload
    def reset_to(self, scene: Scene[None]) -> Scene[None]: ...
    @overload
    def reset_to(self, scene: Scene[E], payload: E) -> Scene[E]: ...
    def ask(self, prompt: Prompt) -> None: ...
    def request_quit(self) -> None: ...
    def set_ui_scale(self, percent: int) -> None: ...
    def set_fullscreen(self, on: bool) -> None: ...


class Scene(Generic[P]):
    """Base class for every screen. Subclasses override what they need.

    `app` is set by `App.push`/`App.replace` before `enter` is called with the
    scene's payload `P` (None for a scene that takes none).
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

    def enter(self, payload: P) -> None:
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


# Any scene, whatever it enters with (the widest: every `Scene[X]` is one), so that
# `app.scene is table` keeps `table` a TableScene for the type checker.
AnyScene = Scene[Never]
