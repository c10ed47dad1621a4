"""Small hand-drawn menu widgets in the noir style.

They turn raw pygame events into calls of their callbacks (intents) and draw
themselves; a `Form` routes events, hover and Tab/Enter keyboard focus.
pygame_gui was not used so the menus and the table share one look and the
frozen build needs no theme data files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from noirburg_desktop import resources, theme


class Widget:
    """A rectangle that may take focus. `id` lets tests find it."""

    focusable = True

    def __init__(self, wid: str, rect: pygame.Rect | None = None) -> None:
        self.id = wid
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        self.enabled = True
        self.visible = True
        self.hover = False
        self.focused = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def activate(self) -> None:
        """Keyboard Enter/Space on the focused widget."""

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class Button(Widget):
    """Click (press and release inside) calls `on_click`."""

    def __init__(
        self,
        wid: str,
        label: str,
        on_click: Callable[[], Any],
        *,
        primary: bool = False,
        detail: str = "",
        size: int = 22,
        danger: bool = False,
    ) -> None:
        super().__init__(wid)
        self.label = label
        self.detail = detail
        self.on_click = on_click
        self.primary = primary
        self.danger = danger
        self.size = size
        self._pressed = False

    def activate(self) -> None:
        if self.enabled:
            resources.play_sound("click")
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        hot = (self.hover or self.focused) and self.enabled
        accent = theme.RED_LIGHT if self.danger else theme.GOLD
        if not self.enabled:
            fill, border, fg = theme.PANEL, theme.FAINT, theme.FAINT
        elif hot:
            fill, border, fg = accent, theme.GOLD_LIGHT, theme.INK
        elif self.primary:
            fill, border, fg = (46, 38, 16), accent, theme.GOLD_LIGHT
        else:
            fill, border, fg = theme.PANEL, theme.GOLD_DIM, theme.IVORY
        if self._pressed and hot:
            r = r.move(0, 1)
        pygame.draw.rect(surface, fill, r)
        pygame.draw.rect(surface, border, r, 2 if (hot or self.primary) else 1)
        # deco chevrons at both ends
        cy = r.centery
        for x, d in ((r.left + 12, 1), (r.right - 12, -1)):
            pts = [(x, cy - 5), (x + 5 * d, cy), (x, cy + 5)]
            pygame.draw.lines(surface, fg if hot else border, False, pts, 2)
        if self.detail:
            theme.text(
                surface,
                self.label,
                (r.centerx, r.centery - 9),
                size=self.size,
                colour=fg,
                bold=True,
                serif=True,
                anchor="center",
            )
            theme.text(
                surface,
                self.detail,
                (r.centerx, r.centery + 15),
                size=13,
                colour=fg if hot else theme.MUTED,
                anchor="center",
            )
        else:
            theme.text(
                surface,
                self.label,
                r.center,
                size=self.size,
                colour=fg,
                bold=True,
                serif=True,
                anchor="center",
            )


class Choice(Widget):
    """‹ value › cycler: click the left/right half or press ←/→ when focused."""

    def __init__(
        self,
        wid: str,
        options: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], Any] | None = None,
    ) -> None:
        super().__init__(wid)
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any) -> None:
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), self.index)

    def step(self, delta: int) -> None:
        if not self.enabled or not self.options:
            return
        self.index = (self.index + delta) % len(self.options)
        resources.play_sound("click")
        if self.on_change:
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.step(-1 if event.pos[0] < self.rect.left + self.rect.width * 0.3 else 1)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.hover:
            self.step(-1 if event.y > 0 else 1)
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key == pygame.K_RIGHT:
                self.step(1)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        hot = (self.hover or self.focused) and self.enabled
        pygame.draw.rect(surface, theme.PANEL_HI if hot else theme.PANEL, r)
        pygame.draw.rect(surface, theme.GOLD if hot else theme.GOLD_DIM, r, 1)
        fg = theme.IVORY if self.enabled else theme.FAINT
        arrow = theme.GOLD if self.enabled else theme.FAINT
        theme.text(
            surface,
            "‹",
            (r.left + 14, r.centery),
            size=24,
            colour=arrow,
            anchor="center",
            bold=True,
        )
        theme.text(
            surface,
            "›",
            (r.right - 14, r.centery),
            size=24,
            colour=arrow,
            anchor="center",
            bold=True,
        )
        label = self.options[self.index][1] if self.options else ""
        theme.text(surface, label, r.center, size=17, colour=fg, anchor="center")


class Toggle(Widget):
    """An on/off switch with its state written beside it."""

    def __init__(
        self, wid: str, value: bool, on_change: Callable[[bool], Any] | None = None
    ) -> None:
        super().__init__(wid)
        self.value = value
        self.on_change = on_change

    def activate(self) -> None:
        if not self.enabled:
            return
        self.value = not self.value
        resources.play_sound("click")
        if self.on_change:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        from noirburg_desktop.strings import t

        r = self.rect
        track = pygame.Rect(r.left, r.centery - 12, 52, 24)
        on = self.value
        colour = theme.GOLD if on else theme.FAINT
        if not self.enabled:
            colour = theme.FAINT
        pygame.draw.rect(surface, (40, 34, 18) if on else theme.PANEL, track, border_radius=12)
        pygame.draw.rect(
            surface, colour, track, 2 if (self.hover or self.focused) else 1, border_radius=12
        )
        knob_x = track.right - 12 if on else track.left + 12
        pygame.draw.circle(surface, colour, (knob_x, track.centery), 8)
        theme.text(
            surface,
            t("common.on" if on else "common.off"),
            (track.right + 12, r.centery),
            size=16,
            colour=theme.IVORY if on else theme.MUTED,
            anchor="midleft",
        )


class TextField(Widget):
    """Single-line text entry. Click to focus; typing arrives as TEXTINPUT events."""

    def __init__(
        self,
        wid: str,
        value: str = "",
        *,
        max_len: int = 16,
        digits_only: bool = False,
        placeholder: str = "",
        on_change: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(wid)
        self.value = value
        self.max_len = max_len
        self.digits_only = digits_only
        self.placeholder = placeholder
        self.on_change = on_change
        self.blink = 0.0

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return bool(self.rect.collidepoint(event.pos))  # the Form moves focus here
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            accepted = "".join(
                ch
                for ch in event.text
                if ch.isprintable() and (ch.isdigit() or not self.digits_only)
            )
            if accepted:
                self.value = (self.value + accepted)[: self.max_len]
                self._changed()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self._changed()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.focused = False
                return True
            # swallow plain keys so shortcuts don't fire while typing
            return bool(event.unicode and event.unicode.isprintable())
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        pygame.draw.rect(surface, (12, 12, 15), r)
        border = theme.GOLD if self.focused else (theme.GOLD_DIM if self.hover else theme.FAINT)
        pygame.draw.rect(surface, border, r, 2 if self.focused else 1)
        f = resources.font(17)
        shown = self.value or ("" if self.focused else self.placeholder)
        colour = theme.IVORY if self.value else theme.FAINT
        img = f.render(shown, True, colour)
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-8, -4))
        x = r.left + 10
        if img.get_width() > r.width - 24:
            x = r.right - 14 - img.get_width()
        surface.blit(img, (x, r.centery - img.get_height() // 2))
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            cx = x + (img.get_width() if self.value else 0) + 2
            pygame.draw.line(surface, theme.GOLD_LIGHT, (cx, r.top + 7), (cx, r.bottom - 7), 2)
        surface.set_clip(clip)


class Swatch(Widget):
    """A seat colour; click cycles through `palette`."""

    def __init__(
        self,
        wid: str,
        palette: Sequence[str],
        value: str,
        on_change: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(wid)
        self.palette = list(palette)
        self.value = value
        self.on_change = on_change

    def activate(self) -> None:
        i = self.palette.index(self.value) if self.value in self.palette else -1
        self.value = self.palette[(i + 1) % len(self.palette)]
        resources.play_sound("click")
        if self.on_change:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        pygame.draw.rect(surface, theme.INK, r)
        pygame.draw.rect(surface, pygame.Color(self.value), r.inflate(-8, -8))
        hot = self.hover or self.focused
        pygame.draw.rect(surface, theme.GOLD_LIGHT if hot else theme.GOLD_DIM, r, 2 if hot else 1)


class Form:
    """Routes events to widgets, tracks hover and keyboard focus (Tab, Enter)."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def get(self, wid: str) -> Widget:
        for w in self.widgets:
            if w.id == wid:
                return w
        raise KeyError(wid)

    def _live(self) -> list[Widget]:
        return [w for w in self.widgets if w.visible and w.enabled and w.focusable]

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget

    def focused(self) -> Widget | None:
        return next((w for w in self.widgets if w.focused), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for w in self.widgets:
                w.hover = w.visible and w.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((w for w in self._live() if w.rect.collidepoint(event.pos)), None)
            self.focus(hit if isinstance(hit, TextField) else None)
        focused = self.focused()
        if focused is not None and focused.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP) and not isinstance(focused, TextField):
                self.cycle(1 if event.key == pygame.K_DOWN else -1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused:
                focused.activate()
                return True
        return any(w is not focused and w.handle_event(event) for w in self.widgets)

    def cycle(self, delta: int) -> None:
        live = self._live()
        if not live:
            return
        cur = self.focused()
        i = live.index(cur) if cur in live else (-1 if delta > 0 else 0)
        self.focus(live[(i + delta) % len(live)])

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surface)
