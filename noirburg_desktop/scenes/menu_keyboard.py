"""MenuKeyboard: a menu played from the keyboard alone (Tab order, focus ring, keys).

A part each `MenuScene` owns. The scene keeps the controls and `focus` (rebuilt with
its elements); this reads them on every call, so a rebuild needs nothing from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UITextEntryLine

from noirburg_desktop.look import theme
from noirburg_desktop.scenes.picker import Picker

FOCUS_RING = 3  # px between an element and its keyboard-focus ring


class MenuControls(Protocol):
    """What of a menu the keyboard works on (`MenuScene` has all of it)."""

    manager: pygame_gui.UIManager | None
    ui: dict[str, UIElement]
    actions: dict[str, Callable[[], Any]]
    pickers: dict[str, Picker]
    steppers: dict[str, Callable[[int], Any]]
    nav: list[str]
    focus: str | None
    arrow_nav: bool


class MenuKeyboard:
    """Tab / ⇧Tab (and ↑/↓) move the focus; ←/→ step; Enter / Space press."""

    def __init__(self, scene: MenuControls) -> None:
        self.scene = scene

    def typing(self) -> bool:
        """True while a text entry has the keyboard (shortcuts must not fire)."""
        return any(isinstance(e, UITextEntryLine) and e.is_focused for e in self.scene.ui.values())

    def _live_nav(self) -> list[str]:
        ui = self.scene.ui
        return [k for k in self.scene.nav if ui[k].visible and ui[k].is_enabled]

    def focused(self) -> str | None:
        """The control the keyboard works on: a text field being typed in, else `focus`."""
        for k, e in self.scene.ui.items():
            if isinstance(e, UITextEntryLine) and e.is_focused:
                return k
        return self.scene.focus

    def set_focus(self, wid: str | None) -> None:
        """Move the keyboard focus (drawn as a gold ring; a button also shows its hot look).

        A text field given the focus takes the typing at once, as in any form."""
        scene = self.scene
        for k in scene.nav:
            b = scene.ui[k]
            if isinstance(b, UIButton):
                if k == wid:
                    b.select()
                elif b.is_selected:
                    b.unselect()
        el = scene.ui.get(wid) if wid is not None else None
        if scene.manager is not None:
            if isinstance(el, UITextEntryLine):
                scene.manager.set_focus_set(el)
            elif self.typing():
                scene.manager.set_focus_set(None)
        scene.focus = wid

    def drop_focus(self) -> None:
        """Forget the keyboard focus (a field being typed in keeps the typing)."""
        for k in self.scene.nav:
            b = self.scene.ui[k]
            if isinstance(b, UIButton) and b.is_selected:
                b.unselect()
        self.scene.focus = None

    def cycle(self, delta: int) -> None:
        live = self._live_nav()
        if not live:
            return
        now = self.focused()
        i = live.index(now) if now in live else (-1 if delta > 0 else 0)
        self.set_focus(live[(i + delta) % len(live)])

    def key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab (and ↑/↓) move the focus; ←/→ change a picker or slider;
        Enter / Space press a button, tick a box or step a picker."""
        scene = self.scene
        key = event.key
        if key == pygame.K_TAB:
            self.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        typing = self.typing()
        if scene.arrow_nav and key in (pygame.K_DOWN, pygame.K_UP):
            self.cycle(1 if key == pygame.K_DOWN else -1)
            return True
        if typing:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.cycle(1)  # Enter in a field: on to the next control
                return True
            return False
        focus = scene.focus if scene.focus in self._live_nav() else None
        if focus is None:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and focus in scene.steppers:
            scene.steppers[focus](1 if key == pygame.K_RIGHT else -1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if focus in scene.actions:
                scene.actions[focus]()
                return True
            if focus in scene.pickers:
                scene.pickers[focus].step(1)
                return True
        return False

    def draw_ring(self, surface: pygame.Surface) -> None:
        """The keyboard focus ring: bright, two pixels, a little outside the control."""
        wid = self.focused()
        el = self.scene.ui.get(wid) if wid is not None else None
        if el is None or not el.visible:
            return
        ring = pygame.Rect(el.rect).inflate(2 * FOCUS_RING + 4, 2 * FOCUS_RING + 4)
        pygame.draw.rect(surface, theme.INK, ring.inflate(4, 4), 2, border_radius=6)
        pygame.draw.rect(surface, theme.GOLD_LIGHT, ring, 2, border_radius=5)
