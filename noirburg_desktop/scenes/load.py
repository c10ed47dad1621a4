"""Load game: every save with its date, seats and round; damaged files are shown
greyed with the reason and never stop the others from loading."""

from __future__ import annotations

from typing import Any

import pygame

from noirburg_desktop import theme
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.storage import SaveEntry, SaveError
from noirburg_desktop.strings import t
from noirburg_desktop.widgets import Button

ROW_H = 68


class LoadScene(MenuScene):
    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []
        self.selected = 0
        self.scroll = 0
        self.confirm_delete = False
        self.list_rect = pygame.Rect(0, 0, 10, 10)

    def enter(self, payload: dict[str, Any] | None = None) -> None:
        self.refresh()
        super().enter(payload)

    def refresh(self) -> None:
        self.entries = self.app.storage.list_saves()
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        self.confirm_delete = False

    def build(self) -> None:
        self.form.add(Button("back", t("load.back"), self.back))
        self.form.add(Button("delete", t("load.delete"), self.on_delete, danger=True))
        self.form.add(Button("load", t("load.load"), self.on_load, primary=True))
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        entry = self.current()
        load = self.widget("load")
        delete = self.widget("delete")
        assert isinstance(delete, Button)
        load.enabled = entry is not None and entry.ok
        delete.enabled = entry is not None
        delete.label = t("load.confirm_delete") if self.confirm_delete else t("load.delete")

    def current(self) -> SaveEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def layout(self, w: int, h: int) -> None:
        width = min(900, w - 120)
        self.list_rect = pygame.Rect((w - width) // 2, 140, width, h - 140 - 130)
        by = self.list_rect.bottom + 30
        self.widget("back").rect = pygame.Rect(self.list_rect.left, by, 180, 52)
        self.widget("delete").rect = pygame.Rect(self.list_rect.centerx - 110, by, 220, 52)
        self.widget("load").rect = pygame.Rect(self.list_rect.right - 220, by, 220, 52)

    def row_rect(self, i: int) -> pygame.Rect:
        """Screen rectangle of entry `i` (may lie outside the visible list)."""
        r = self.list_rect
        return pygame.Rect(
            r.left + 12, r.top + 12 + i * ROW_H - self.scroll, r.width - 24, ROW_H - 8
        )

    def _max_scroll(self) -> int:
        return max(0, len(self.entries) * ROW_H + 16 - self.list_rect.height)

    def select(self, i: int) -> None:
        if 0 <= i < len(self.entries):
            self.selected = i
            self.confirm_delete = False
            row = self.row_rect(i)
            if row.top < self.list_rect.top:
                self.scroll -= self.list_rect.top + 12 - row.top
            elif row.bottom > self.list_rect.bottom:
                self.scroll += row.bottom - self.list_rect.bottom + 12
            self.scroll = max(0, min(self.scroll, self._max_scroll()))
            self._sync_buttons()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.list_rect.collidepoint(event.pos):
                for i in range(len(self.entries)):
                    if self.row_rect(i).collidepoint(event.pos):
                        if i == self.selected and getattr(event, "clicks", 1) >= 2:
                            self.on_load()
                        else:
                            self.select(i)
                        return True
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y * 40, self._max_scroll()))
            return True
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.on_load()
                return True
            if event.key == pygame.K_DELETE:
                self.on_delete()
                return True
        return False

    def on_load(self) -> None:
        entry = self.current()
        if entry is None or not entry.ok:
            return
        try:
            session = self.app.storage.load(entry.path)
        except SaveError as exc:
            self.flash(t("load.failed", error=str(exc)))
            self.refresh()
            self._sync_buttons()
            return
        from noirburg_desktop.scenes.title import open_session

        if not open_session(self.app, session, replace=True):
            self.flash(t("title.table_missing"))

    def on_delete(self) -> None:
        entry = self.current()
        if entry is None:
            return
        if not self.confirm_delete:
            self.confirm_delete = True
            self._sync_buttons()
            return
        try:
            self.app.storage.delete(entry.path)
        except (OSError, ValueError) as exc:
            self.flash(str(exc))
        self.refresh()
        self.scroll = max(0, min(self.scroll, self._max_scroll()))
        self._sync_buttons()

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("load.heading"), 70)
        r = self.list_rect
        theme.panel(surface, r)
        if not self.entries:
            theme.text(
                surface,
                t("load.empty"),
                r.center,
                size=20,
                colour=theme.MUTED,
                serif=True,
                anchor="center",
            )
            return
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-4, -4))
        for i, entry in enumerate(self.entries):
            row = self.row_rect(i)
            if row.bottom < r.top or row.top > r.bottom:
                continue
            self._draw_row(surface, row, entry, i == self.selected)
        surface.set_clip(clip)
        if self._max_scroll() > 0:
            frac = r.height / (len(self.entries) * ROW_H + 16)
            bar_h = max(30, int(r.height * frac))
            y = r.top + int((r.height - bar_h) * self.scroll / self._max_scroll())
            pygame.draw.rect(surface, theme.GOLD_DIM, pygame.Rect(r.right - 6, y, 3, bar_h))

    def _draw_row(self, surface: pygame.Surface, row: pygame.Rect, e: SaveEntry, sel: bool) -> None:
        ok = e.ok
        fill = (44, 37, 18) if sel else (22, 22, 26)
        pygame.draw.rect(surface, fill, row)
        border = theme.GOLD if sel else (theme.GOLD_DIM if ok else theme.FAINT)
        pygame.draw.rect(surface, border, row, 2 if sel else 1)
        x = row.left + 20
        if not ok:
            theme.text(
                surface,
                f"{t('load.unreadable')} · {e.path.name}",
                (x, row.top + 10),
                size=17,
                colour=theme.FAINT,
                bold=True,
            )
            msg = theme.wrap(e.error or "", 14, row.width - 200)[0]
            theme.text(surface, msg, (x, row.top + 36), size=14, colour=(150, 96, 90))
            theme.text(
                surface,
                e.date_text(),
                (row.right - 20, row.top + 12),
                size=14,
                colour=theme.FAINT,
                anchor="topright",
            )
            return
        title = t("load.autosave") if e.is_autosave else (e.label or e.slot)
        title_colour = theme.GOLD_LIGHT if e.is_autosave else theme.IVORY
        theme.text(
            surface, title, (x, row.top + 8), size=19, colour=title_colour, bold=True, serif=True
        )
        names = ", ".join(e.names)
        theme.text(surface, names[:70], (x, row.top + 36), size=14, colour=theme.MUTED)
        theme.text(
            surface,
            t("load.entry", players=e.players, round=e.round),
            (row.right - 20, row.top + 10),
            size=16,
            colour=theme.IVORY,
            anchor="topright",
        )
        theme.text(
            surface,
            e.date_text(),
            (row.right - 20, row.top + 36),
            size=14,
            colour=theme.MUTED,
            anchor="topright",
        )
