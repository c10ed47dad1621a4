"""The App: window, clock, scene stack and the fixed-rate frame loop.

`App.step()` runs exactly one frame (events, update, draw, flip), so tests and
the screenshot tool drive the real app frame by frame without a real loop.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar, overload

import pygame

from noirburg_desktop.look import resources
from noirburg_desktop.persist.notices import Prompt, QuitPrompt, draw_notice, draw_save_notice
from noirburg_desktop.persist.saving import Saver
from noirburg_desktop.persist.storage import Settings, Storage
from noirburg_desktop.scene import AnyScene, Scene
from noirburg_desktop.scenes.crash import CrashScene
from noirburg_desktop.shell import uiscale
from noirburg_desktop.shell.all_screens import SCENES
from noirburg_desktop.shell.logs import write_crash_report
from noirburg_desktop.shell.screens import Screen
from noirburg_desktop.words import strings

log = logging.getLogger(__name__)
E = TypeVar("E")  # a scene's payload (see `scene.Stage`)

FPS = 60
DEFAULT_SIZE = uiscale.BASE_SIZE
MIN_SIZE = uiscale.MIN_SIZE
NOTICE_S = 1.6  # how long "Sound off" (the mute key) stays on screen
NOTE_S = 8.0  # how long a note about the data folder (a file set aside) stays
NOTE_COLOUR = (92, 70, 20, 235)  # amber: worth reading, nothing is lost


HEADLESS_DRIVERS = ("offscreen", "dummy")
WM_CLASS = "noirburg"


class NoDisplay(RuntimeError):
    """There is no screen to open a window on."""


def require_display() -> None:
    """Refuse to run in an invisible window.

    With no X11/Wayland display SDL quietly picks its "offscreen" driver and the
    game would run where nobody sees it. Tests and `--screenshot` ask for a
    headless driver on purpose (SDL_VIDEODRIVER=dummy); only then is it fine.
    """
    driver = pygame.display.get_driver()
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if driver in HEADLESS_DRIVERS and driver not in asked:
        raise NoDisplay(
            "Noirburg needs a screen: no graphical display was found "
            "(DISPLAY / WAYLAND_DISPLAY are not set). Start it from a desktop session."
        )


def init_audio() -> bool:
    """Start the mixer if a sound device exists; no sound card means a silent game."""
    try:
        pygame.mixer.init()
    except pygame.error as exc:  # no device, dummy driver refusing, etc.
        log.info("sound disabled: %s", exc)
        return False
    return pygame.mixer.get_init() is not None


class App:
    """Owns the window and the scene stack. Nothing happens until `start()`."""

    def __init__(
        self,
        *,
        data_dir: str | os.PathLike[str] | None = None,
        fullscreen: bool | None = None,
        size: tuple[int, int] | None = None,
        scenes: Mapping[Screen, Callable[[], Scene[Any]]] = SCENES,
    ) -> None:
        self.scenes = scenes  # every screen by name (see `screens`)
        self.storage = Storage(Path(data_dir) if data_dir is not None else None)
        self.saver = Saver(self.storage)  # the autosave every shown game gets
        self.settings: Settings = self.storage.load_settings()
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        # None: chosen from the desktop in start() (a saved size is shrunk to fit it)
        self.size: tuple[int, int] | None = size or (
            (self.settings.window_size[0], self.settings.window_size[1])
            if len(self.settings.window_size) == 2
            else None
        )
        self.stack: list[AnyScene] = []
        self.running = False
        self.audio = False
        # the scenes draw on `screen`, the canvas (see uiscale); `window` is the display
        self.screen: pygame.Surface | None = None
        self.window: pygame.Surface | None = None
        self.scale = 1.0  # the UI scale in effect (may be below the setting: uiscale)
        self.notice = ""
        self.notice_timer = 0.0
        self.clock: pygame.time.Clock | None = None
        self.frame = 0
        self.quit_prompt: QuitPrompt | None = None
        self.prompt: Prompt | None = None  # any other modal question (e.g. play a copy)
        self.crashes = 0  # unexpected errors caught and shown on the crash screen
        self.signalled: int | None = None  # SIGINT / SIGTERM asked to quit (signals.py)
        self.note_left = 0.0  # seconds the first of storage.notes stays on screen

    # --- lifecycle -------------------------------------------------------

    def start(self) -> None:
        """Open the window; safe to call twice."""
        if self.screen is not None:
            return
        for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
            os.environ.setdefault(hint, WM_CLASS)  # = StartupWMClass in noirburg.desktop
        # SIGINT / SIGTERM are the app's own (signals.py), never SDL's window-close
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        self.saver.start()
        pygame.init()
        require_display()
        resources.clear_caches()
        self.audio = init_audio()
        resources.set_sound_enabled(self.audio and self.settings.sound)
        resources.set_volume(self.settings.volume / 100)
        desktops = uiscale.desktops()
        if self.size is None:
            self.size = uiscale.default_window(self.settings.ui_scale, desktops)
        else:
            self.size = uiscale.fit_to_desktop(self.size, desktops)
        strings.set_language(self.settings.language)
        pygame.display.set_caption(strings.t("app.title"))
        pygame.display.set_icon(resources.window_icon())
        self._set_mode()
        pygame.key.set_repeat(350, 35)
        self.clock = pygame.time.Clock()
        self.running = True

    def min_window(self) -> tuple[int, int]:
        """The smallest window: MIN_SIZE at the chosen UI scale, if the desktop holds it."""
        desktops = uiscale.desktops()
        return uiscale.minimum_window(self.settings.ui_scale, desktops[0] if desktops else None)

    def _set_mode(self) -> None:
        if self.settings.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            assert self.size is not None
            low = self.min_window()
            w, h = self.size
            size = (max(low[0], w), max(low[1], h))
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
            # The layouts are checked down to MIN_SIZE (at the UI scale): no smaller window.
            with warnings.catch_warnings():  # pygame-ce 2.5 warns about surface use we avoid
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = low
        self._fit_canvas()

    def _fit_canvas(self) -> None:
        """The canvas for the window's size and the UI scale (the window itself at 100 %)."""
        window = pygame.display.get_surface()
        if window is None:
            return
        self.window = window
        self.scale = uiscale.effective_scale(self.settings.ui_scale, window.get_size())
        uiscale.set_current(self.scale)
        if self.scale == 1.0:
            self.screen = window
        else:
            size = uiscale.logical_size(window.get_size(), self.scale)
            if self.screen is None or self.screen is window or self.screen.get_size() != size:
                self.screen = pygame.Surface(size).convert()

    def set_ui_scale(self, percent: int) -> None:
        """Use and remember a UI scale; the window grows if it cannot show it."""
        self.settings.ui_scale = percent
        self.storage.save_settings(self.settings)
        if self.window is None:
            return
        if not self.settings.fullscreen:
            low = self.min_window()
            w, h = self.window.get_size()
            self.size = (max(low[0], w), max(low[1], h))
            self._set_mode()
        else:
            self._fit_canvas()

    def toggle_mute(self) -> None:
        """The mute key: sound off / on (the Settings' Sound row), with a short notice.
        Without an audio device there is nothing to switch: the notice says why."""
        if not self.audio:
            self.show_notice(strings.t("app.no_audio"))
            return
        self.settings.sound = not self.settings.sound
        self.storage.save_settings(self.settings)
        resources.set_sound_enabled(self.settings.sound)
        self.show_notice(strings.t("app.sound_on" if self.settings.sound else "app.sound_off"))

    def show_notice(self, text: str) -> None:
        self.notice, self.notice_timer = text, NOTICE_S

    def set_fullscreen(self, on: bool) -> None:
        """Switch window mode and remember it in the settings."""
        self.settings.fullscreen = on
        self.storage.save_settings(self.settings)
        if self.screen is not None:
            self._set_mode()

    def quit(self) -> None:
        """Ask the loop to stop after the current frame."""
        self.running = False

    def request_quit(self) -> None:
        """The player asked to quit (window close, Quit button): quit, unless a game
        could not be saved, or the scene has a question first (a hosted table)."""
        top = self.scene
        question = top.before_quit(self._quit_after_prompt) if top is not None else None
        if question is not None:
            self.ask(question)
            return
        if not self.saver.unsaved:
            self.quit()
            return
        if self.quit_prompt is None:
            reason = self.saver.failing or "?"
            self.quit_prompt = QuitPrompt(reason, self.quit, self._close_prompt)

    def _close_prompt(self) -> None:
        self.quit_prompt = None

    def _quit_after_prompt(self) -> None:
        """The scene's question answered "leave": close, as if it had not been asked."""
        self.prompt = None
        if self.saver.unsaved:
            self.quit_prompt = QuitPrompt(self.saver.failing or "?", self.quit, self._close_prompt)
        else:
            self.quit()

    def ask(self, prompt: Prompt) -> None:
        """Show a modal question over every scene until one of its buttons is chosen."""
        self.prompt = prompt

    def flush(self) -> None:
        """Write what is not saved yet, once, if the disk allows (quitting on a signal)."""
        try:
            self.saver.flush()
        except Exception:  # noqa: BLE001 - quitting must go on whatever happens
            log.exception("flushing the autosaves")

    def shutdown(self) -> None:
        """Leave every scene and close pygame."""
        if self.signalled is not None:
            self.flush()
        while self.stack:
            scene = self.stack.pop()
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - a broken scene must not block the way out
                log.exception("error while leaving %s", type(scene).__name__)
        if self.window is not None and not self.settings.fullscreen:
            self.settings.window_size = list(self.window.get_size())
            self.storage.save_settings(self.settings)
        self.saver.stop()
        pygame.quit()
        resources.clear_caches()
        self.screen = None
        self.window = None
        uiscale.set_current(1.0)  # no window, no scale: the next one sets its own

    # --- scene stack -----------------------------------------------------

    def make(self, screen: Screen) -> Scene[Any]:
        """A new scene for `screen`, so that scenes never import one another."""
        return self.scenes[screen]()

    @property
    def scene(self) -> AnyScene | None:
        return self.stack[-1] if self.stack else None

    @overload
    def push(self, scene: Scene[None]) -> Scene[None]: ...
    @overload
    def push(self, scene: Scene[E], payload: E) -> Scene[E]: ...
    def push(self, scene: Scene[Any], payload: Any = None) -> Scene[Any]:
        """Put `scene` on top and enter it with its payload (see `scene.Stage`)."""
        scene.app = self
        self.stack.append(scene)
        scene.enter(payload)
        return scene

    def pop(self, result: Any = None) -> None:
        """Leave the top scene; the one below gets `resume(result)`. Empty stack quits."""
        if self.stack:
            self.stack.pop().exit()
        if self.stack:
            self.stack[-1].resume(result)
        else:
            self.quit()

    @overload
    def replace(self, scene: Scene[None]) -> Scene[None]: ...
    @overload
    def replace(self, scene: Scene[E], payload: E) -> Scene[E]: ...
    def replace(self, scene: Scene[Any], payload: Any = None) -> Scene[Any]:
        if self.stack:
            self.stack.pop().exit()
        return self.push(scene, payload)

    @overload
    def reset_to(self, scene: Scene[None]) -> Scene[None]: ...
    @overload
    def reset_to(self, scene: Scene[E], payload: E) -> Scene[E]: ...
    def reset_to(self, scene: Scene[Any], payload: Any = None) -> Scene[Any]:
        """Clear the stack (e.g. "back to title") and push `scene`."""
        while self.stack:
            self.stack.pop().exit()
        return self.push(scene, payload)

    # --- frames ----------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> bool:
        """Route one event: window-level keys first, then the top scene."""
        if event.type == pygame.QUIT:
            self.request_quit()
            return True
        # the prompt is modal: nothing reaches the scenes while it is open
        if self.quit_prompt is not None and event.type != pygame.VIDEORESIZE:
            self.quit_prompt.handle_event(uiscale.map_event(event))
            return True
        if self.prompt is not None and event.type != pygame.VIDEORESIZE:
            self.prompt.handle_event(uiscale.map_event(event))
            return True
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.size = (event.w, event.h)
            low = self.min_window()
            if event.w < low[0] or event.h < low[1]:
                self._set_mode()  # a window manager that ignored the minimum: back to it
            else:
                self._fit_canvas()
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return True
        top = self.scene
        handled = top.handle_event(uiscale.map_event(event)) if top is not None else False
        plain = event.type == pygame.KEYDOWN and not event.mod & (
            pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META
        )
        if not handled and plain and event.key == pygame.K_m:
            self.toggle_mute()
            return True
        return handled

    def step(self, dt: float | None = None) -> bool:
        """Run one frame. `dt` overrides the clock (tests). Returns False once quitting."""
        if self.screen is None:
            self.start()
        assert self.clock is not None and self.screen is not None
        if self.signalled is not None:
            self.running = False
            return False
        elapsed = self.clock.tick(FPS) / 1000.0
        if dt is None:
            dt = min(elapsed, 0.1)  # a stalled frame must not teleport animations
        try:
            for event in pygame.event.get():
                self.dispatch(event)
                if not self.running or self.signalled is not None:
                    self.running = False
                    return False
            if not self.stack:
                self.quit()
                return False
            self.saver.retry()
            self.stack[-1].update(dt)
            self.notice_timer = max(0.0, self.notice_timer - dt)
            self._age_notes(dt)
            self.draw(self.screen)
        except Exception as exc:  # noqa: BLE001 - any bug: report it, show the crash screen
            self.crash(exc, f"frame {self.frame} in {type(self.scene).__name__}")
        self.present()
        pygame.display.flip()
        self.frame += 1
        return self.running

    def crash(self, exc: Exception, context: str = "") -> None:
        """Write a crash report and show the crash screen (which leads back to the
        title). An error in the crash screen itself is not caught again."""
        if isinstance(self.scene, CrashScene):
            raise exc
        self.crashes += 1
        report, why = write_crash_report(exc, context)
        self.quit_prompt = None
        self.prompt = None
        while self.stack:
            scene = self.stack.pop()
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - a broken scene must not block the way out
                log.exception("error while leaving %s", type(scene).__name__)
        self.push(CrashScene(report, why))
        assert self.screen is not None
        self.draw(self.screen)

    def present(self) -> None:
        """Stretch the canvas onto the window (nothing to do at 100 %)."""
        if self.window is not None and self.screen is not None and self.screen is not self.window:
            pygame.transform.smoothscale(self.screen, self.window.get_size(), self.window)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene and any non-opaque scenes under it."""
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(surface)
        notice = self.saver.failing
        if notice is not None:
            if self.saver.locked_out:
                draw_save_notice(surface, strings.t("save.locked_notice"))
            else:
                draw_save_notice(surface, strings.t("save.failing", reason=notice))
        elif self.storage.notes:
            draw_save_notice(surface, self.storage.notes[0], colour=NOTE_COLOUR)
        if self.quit_prompt is not None:
            self.quit_prompt.draw(surface)
        if self.prompt is not None:
            self.prompt.draw(surface)
        if self.notice and self.notice_timer > 0:
            draw_notice(surface, self.notice)

    def _age_notes(self, dt: float) -> None:
        """Each note about the data folder stays NOTE_S seconds, then the next one."""
        notes = self.storage.notes
        if not notes:
            self.note_left = 0.0
            return
        if self.note_left <= 0:
            self.note_left = NOTE_S
        self.note_left -= dt
        if self.note_left <= 0:
            notes.pop(0)

    def run_frames(self, n: int, dt: float = 1 / FPS) -> bool:
        """Run `n` frames with a fixed `dt` (tests, screenshots)."""
        return all(self.step(dt) for _ in range(n))

    def run(self) -> None:
        """The real loop: frames until a scene or the window asks to quit."""
        self.start()
        try:
            while self.step():
                pass
        finally:
            self.shutdown()

    def screenshot(self, path: str | os.PathLike[str]) -> None:
        """Save the current window contents as PNG."""
        assert self.window is not None
        pygame.image.save(self.window, os.fspath(path))
