"""MenuScene: what every menu screen shares (backdrop, pygame_gui manager, layout, Esc = back).

Each menu owns one pygame_gui `UIManager`. Elements are rebuilt from the scene's
own state whenever the window size or the language changes, so the scene's
attributes (names typed, options picked) are the truth and the elements are
only their view; that keeps a resize or a language switch from losing input.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UITextEntryLine,
)

from noirburg_desktop.look import resources, theme
from noirburg_desktop.scene import Scene
from noirburg_desktop.scenes.menu_keyboard import MenuKeyboard
from noirburg_desktop.scenes.picker import Picker
from noirburg_desktop.session import printable
from noirburg_desktop.shell import gui
from noirburg_desktop.words.strings import t

UI_EVENTS = frozenset(
    {
        pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
        pygame_gui.UI_TEXT_ENTRY_CHANGED,
        pygame_gui.UI_CHECK_BOX_CHECKED,
        pygame_gui.UI_CHECK_BOX_UNCHECKED,
        pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
        pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION,
        pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
    }
)


P = TypeVar("P", contravariant=True)  # what the menu enters with (see `scene.Scene`)


class MenuScene(Scene[P]):
    """Subclasses place rectangles in `layout(w, h)` and create elements in `build()`."""

    # Up/Down move the keyboard focus between buttons (False: the scene's list wants them)
    arrow_nav = True

    def __init__(self) -> None:
        super().__init__()
        self.manager: pygame_gui.UIManager | None = None
        self.ui: dict[str, UIElement] = {}
        self.actions: dict[str, Callable[[], Any]] = {}
        self.pickers: dict[str, Picker] = {}
        self.toggles: dict[str, Callable[[bool], Any]] = {}
        self.on_text: dict[str, Callable[[str], Any]] = {}
        self.nav: list[str] = []  # keyboard focus order (Tab): every control
        self.steppers: dict[str, Callable[[int], Any]] = {}  # ←/→ on pickers, sliders
        self.sliders: dict[str, Callable[[int], Any]] = {}
        self.plain: set[str] = set()  # buttons drawn without the deco chevrons
        # pygame_gui 0.6 draws a placeholder in the text colour; ours is drawn faint
        self.placeholders: dict[str, str] = {}
        self.focus: str | None = None  # the control the keyboard works on
        self.keyboard = MenuKeyboard(self)
        self.size = (0, 0)
        self.message = ""
        self.message_timer = 0.0

    # --- lifecycle -------------------------------------------------------------

    def enter(self, payload: P) -> None:
        self.size = (0, 0)
        if self.on_app and self.app.screen is not None:
            self._ensure_layout(self.app.screen)

    def exit(self) -> None:
        if self.manager is not None:
            self.manager.clear_and_reset()
        self.manager = None

    def rebuild(self) -> None:
        """Recreate every element (language changed, rows added): next frame, from state."""
        self.size = (0, 0)
        if self.on_app and self.app.screen is not None:
            self._ensure_layout(self.app.screen)

    def extra_theme(self) -> dict[str, Any]:
        """Theme blocks only this screen needs (merged over the shared noir theme)."""
        return {}

    def build(self) -> None:
        """Create the elements (on enter, resize and language change)."""

    def layout(self, w: int, h: int) -> None:
        """Compute the rectangles for a window of w × h pixels (before `build`)."""

    def back(self) -> None:
        self.app.pop()

    def _ensure_layout(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if size == self.size and self.manager is not None:
            return
        self.size = size
        focus = self.focus
        if self.manager is None:
            self.manager = gui.make_manager(size, self.extra_theme())
        else:
            self.manager.set_window_resolution(size)
            self.manager.clear_and_reset()
        self.ui, self.actions, self.pickers, self.toggles, self.on_text = {}, {}, {}, {}, {}
        self.nav, self.plain, self.placeholders, self.focus = [], set(), {}, None
        self.steppers, self.sliders = {}, {}
        self.layout(*size)
        self.build()
        if focus in self.nav:  # a rebuild (rows added, language) keeps the keyboard's place
            self.set_focus(focus)

    # --- element factories -------------------------------------------------------

    def widget(self, wid: str) -> UIElement:
        return self.ui[wid]

    def button(
        self,
        wid: str,
        label: str,
        rect: pygame.Rect,
        on_click: Callable[[], Any],
        *,
        primary: bool = False,
        danger: bool = False,
        enabled: bool = True,
        container: Any = None,
        nav: bool = True,
        cls: str | None = None,
        chevrons: bool = True,
    ) -> UIButton:
        """A themed UIButton whose click (or Enter while focused) calls `on_click`."""
        if cls is None:
            cls = "@primary" if primary else ("@danger" if danger else None)

        def click() -> None:
            resources.play_sound("click")
            on_click()

        b = UIButton(
            rect,
            label,
            self.manager,
            container=container,
            object_id=gui.oid(f"#{wid}", cls),
            command=click,
        )
        if not enabled:
            b.disable()
        self.ui[wid] = b
        self.actions[wid] = click
        self._add_nav(wid, nav)
        if not chevrons:
            self.plain.add(wid)
        return b

    def picker(
        self,
        wid: str,
        options: Sequence[tuple[Any, str]],
        value: Any,
        rect: pygame.Rect,
        on_change: Callable[[Any], Any] | None = None,
        *,
        up: bool = False,
        nav: bool = True,
    ) -> UIDropDownMenu:
        """A drop-down over (value, label) options; `up` opens it above (near the bottom)."""
        ids = Picker.option_ids(options)
        start = next((k for k, (v, _) in enumerate(options) if v == value), 0)
        menu = UIDropDownMenu(
            ids,
            ids[start],
            rect,
            self.manager,
            object_id=gui.oid(f"#{wid}", "@pick_up" if up else None),
        )
        self.ui[wid] = menu
        self.pickers[wid] = Picker(menu, options, on_change)
        self.steppers[wid] = self.pickers[wid].step
        self._add_nav(wid, nav)
        return menu

    def _add_nav(self, wid: str, nav: bool) -> None:
        if nav and wid not in self.nav:  # a re-created element keeps its place
            self.nav.append(wid)

    def slider(
        self,
        wid: str,
        value: int,
        span: tuple[int, int],
        rect: pygame.Rect,
        on_change: Callable[[int], Any],
        *,
        step: int = 10,
    ) -> UIHorizontalSlider:
        """A UIHorizontalSlider over whole numbers; ←/→ move it by `step` when focused."""
        bar = UIHorizontalSlider(
            rect, value, span, self.manager, object_id=gui.oid(f"#{wid}"), click_increment=step
        )
        self.ui[wid] = bar
        self.sliders[wid] = on_change

        def move(delta: int) -> None:
            now = int(bar.get_current_value())
            new = min(span[1], max(span[0], now + delta * step))
            if new != now:
                bar.set_current_value(new)
                on_change(new)

        self.steppers[wid] = move
        self._add_nav(wid, True)
        return bar

    def entry(
        self,
        wid: str,
        value: str,
        rect: pygame.Rect,
        on_change: Callable[[str], Any],
        *,
        max_len: int = 16,
        digits_only: bool = False,
        placeholder: str = "",
        nav: bool = True,
    ) -> UITextEntryLine:
        """A UITextEntryLine; every edit reports the whole text to `on_change`."""
        e = UITextEntryLine(rect, self.manager, object_id=gui.oid(f"#{wid}"), initial_text=value)
        self.placeholders[wid] = placeholder
        e.set_text_length_limit(max_len)
        if digits_only:
            e.set_allowed_characters("numbers")
        self.ui[wid] = e
        self.on_text[wid] = on_change
        self._add_nav(wid, nav)
        return e

    def toggle(
        self,
        wid: str,
        value: bool,
        rect: pygame.Rect,
        on_change: Callable[[bool], Any] | None = None,
        *,
        enabled: bool = True,
        caption: str | None = None,
        nav: bool = True,
    ) -> UICheckBox:
        """A UICheckBox; without a `caption` it reads On/Off, as the old switch did."""

        def label(on: bool) -> str:
            return caption if caption is not None else t("common.on" if on else "common.off")

        box = UICheckBox(
            rect,
            label(value),
            self.manager,
            object_id=gui.oid(f"#{wid}"),
            initial_state=value,
        )
        if not enabled:
            box.disable()
        self.ui[wid] = box

        def changed(on: bool) -> None:
            box.set_text(label(on))
            resources.play_sound("click")
            if on_change:
                on_change(on)

        self.toggles[wid] = changed
        self.actions[wid] = lambda: box.set_state(not box.get_state())  # reported as a click
        self._add_nav(wid, nav)
        return box

    # --- events ----------------------------------------------------------------------

    def _id_of(self, element: Any) -> str | None:
        return next((k for k, v in self.ui.items() if v is element), None)

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        """pygame_gui's own events (posted by the manager, back through the queue)."""
        wid = self._id_of(getattr(event, "ui_element", None))
        if wid is None:
            return False
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and wid in self.pickers:
            self.pickers[wid].chosen(event.selected_option_id)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and wid in self.on_text:
            self.on_text[wid](event.text)
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and wid in self.sliders:
            self.sliders[wid](int(event.value))
            return True
        if wid in self.toggles and event.type in (
            pygame_gui.UI_CHECK_BOX_CHECKED,
            pygame_gui.UI_CHECK_BOX_UNCHECKED,
        ):
            self.toggles[wid](event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
            return True
        return False

    def typing(self) -> bool:
        """True while a text entry has the keyboard (shortcuts must not fire)."""
        return self.keyboard.typing()

    def focused(self) -> str | None:
        """The control the keyboard works on: a text field being typed in, else `focus`."""
        return self.keyboard.focused()

    def set_focus(self, wid: str | None) -> None:
        """Move the keyboard focus (a text field given it takes the typing at once)."""
        self.keyboard.set_focus(wid)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.manager is None:
            return False
        if event.type in UI_EVENTS:
            # the elements listen to each other through these too (a drop-down hears
            # its option list), so the manager sees them before the scene does
            self.manager.process_events(event)
            return self.on_ui_event(event)
        if event.type == pygame.TEXTINPUT and not printable(event.text):
            # Control and format characters (U+202E...) are refused in names anyway, and
            # pygame_gui raises "Text has zero width" drawing one alone (UI monkey, seed 11).
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.typing():
            self.manager.set_focus_set(None)  # Esc leaves the field first, as before
            return True
        if event.type == pygame.KEYDOWN and self.keyboard.key(event):
            return True
        if event.type == pygame.MOUSEMOTION and self.focus is not None:
            self.keyboard.drop_focus()  # the mouse takes over from the keyboard
        if self.manager.process_events(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.typing() and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)

    # --- frames ----------------------------------------------------------------------

    def flash(self, text: str, seconds: float = 4.0) -> None:
        """Show a one-line notice at the bottom of the screen."""
        self.message = text
        self.message_timer = seconds

    def update(self, dt: float) -> None:
        if self.message_timer > 0:
            self.message_timer = max(0.0, self.message_timer - dt)
        surface = self.app.screen if self.on_app else None
        if surface is not None:
            self._ensure_layout(surface)
        if self.manager is not None:
            self.manager.update(dt)
            self._widen_lists()

    def _widen_lists(self) -> None:
        """An open picker's list as wide as its box: pygame_gui leaves out the ▼ button's
        width (playtest 3: the lists looked too narrow for their boxes)."""
        for p in self.pickers.values():
            menu = p.element
            lst = getattr(menu.current_state, "options_selection_list", None)
            if lst is not None and lst.alive() and lst.relative_rect.w < menu.relative_rect.w:
                lst.set_dimensions((menu.relative_rect.w, lst.relative_rect.h))

    def draw(self, surface: pygame.Surface) -> None:
        self._ensure_layout(surface)
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        self.draw_content(surface)
        assert self.manager is not None
        self.manager.draw_ui(surface)
        for wid, el in self.ui.items():
            if isinstance(el, UIButton) and wid not in self.plain:
                gui.chevrons(surface, el)
        self.keyboard.draw_ring(surface)
        for wid, hint in self.placeholders.items():
            el = self.ui[wid]
            empty = isinstance(el, UITextEntryLine) and not el.get_text() and not el.is_focused
            if empty and el.visible:
                at = (el.rect.left + 11, el.rect.centery)
                theme.text(surface, hint, at, size=17, colour=theme.FAINT, anchor="midleft")
        self.draw_overlay(surface)
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
        """Hand-drawn art under the elements: headings, panels, static labels."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Hand-drawn touches over the elements (e.g. a button's second line)."""
