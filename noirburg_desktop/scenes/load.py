"""Load game: every save with its date, seats and round; damaged files are shown
greyed with the reason and never stop the others from loading.

Ten thousand saves open in well under a second (issue 22): a row comes from the
few KB of header each save starts with, the list is shown a page of PAGE rows
at a time (only those rows are widgets), and an old save without a header is
read in full only when its row is first shown, once."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, ClassVar

import pygame
from pygame_gui.elements import UIButton, UIScrollingContainer

from noirburg_desktop.look import theme
from noirburg_desktop.persist.storage import SaveEntry, SaveError
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.session import GameSession
from noirburg_desktop.shell import gui
from noirburg_desktop.shell.screens import Screen, SessionEntry, open_session
from noirburg_desktop.words.strings import t

ROW_H = 68
DOUBLE_CLICK_S = 0.45
PAGE = 40  # rows per page: widgets are made for one page only


class LoadScene(MenuScene[None]):
    """The saves as a pygame_gui scrolling list: one row button per save, with
    click-through labels for its title, players, round and date."""

    arrow_nav = False  # Up/Down walk the list
    # the file selected last: coming back to Load (e.g. from a game just opened)
    # finds the list where the player left it
    remembered: ClassVar[dict[Path, str]] = {}  # saves folder -> file name

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []
        self.selected = 0
        self.confirm_delete = False
        self.list_rect = pygame.Rect(0, 0, 10, 10)
        self.scroller: UIScrollingContainer | None = None
        self._last_click = (-1, 0.0)

    def enter(self, payload: None = None) -> None:
        self.refresh()
        super().enter(payload)

    def refresh(self) -> None:
        self.entries = self.app.storage.list_saves(complete=False)
        last = LoadScene.remembered.get(self.app.storage.saves_dir)
        if last is not None:
            for i, e in enumerate(self.entries):
                if e.path.name == last:
                    self.selected = i
                    break
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        self.confirm_delete = False

    @property
    def page(self) -> int:
        return self.selected // PAGE

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // PAGE))

    def page_rows(self) -> range:
        """The indices of the entries on the page shown."""
        first = self.page * PAGE
        return range(first, min(len(self.entries), first + PAGE))

    def current(self) -> SaveEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def layout(self, w: int, h: int) -> None:
        width = min(900, w - 120)
        self.list_rect = pygame.Rect((w - width) // 2, 140, width, h - 140 - 130)
        by = self.list_rect.bottom + 30
        r = self.list_rect
        # Delete and Replay share the rest ("Tekrar izleme" clear of its ‹ › marks)
        mid = min(230, (r.width - 130 - 220 - 3 * 12) // 2)
        self.rects = {
            "back": pygame.Rect(r.left, by, 130, 52),
            "delete": pygame.Rect(r.left + 142, by, mid, 52),
            "replay": pygame.Rect(r.right - 232 - mid, by, mid, 52),  # fits "Tekrar izleme"
            "load": pygame.Rect(r.right - 220, by, 220, 52),
            "prev_page": pygame.Rect(r.right - 2 * 120 - 8, r.top - 34, 120, 30),
            "next_page": pygame.Rect(r.right - 120, r.top - 34, 120, 30),
        }

    def build(self) -> None:
        self.button("back", t("load.back"), self.rects["back"], self.back)
        self.button("delete", t("load.delete"), self.rects["delete"], self.on_delete, danger=True)
        self.button("replay", t("load.replay"), self.rects["replay"], self.on_replay)
        self.button("load", t("load.load"), self.rects["load"], self.on_load, primary=True)
        if self.pages > 1:
            for wid, go in (("prev_page", self.prev_page), ("next_page", self.next_page)):
                self.button(wid, t(f"load.{wid}"), self.rects[wid], go, chevrons=False)
        self.scroller = None
        if self.entries:
            self._build_rows()
        self._sync_buttons()
        if self.entries:
            self._scroll_into_view(self.selected)

    def _build_rows(self) -> None:
        inner = self.list_rect.inflate(-12, -16)
        sc = UIScrollingContainer(inner, self.manager, allow_scroll_x=False)
        self.scroller = sc
        row_w = inner.width - 14
        rows = self.page_rows()
        sc.set_scrollable_area_dimensions((row_w, len(rows) * ROW_H))
        for k, i in enumerate(rows):
            e = self.app.storage.complete(self.entries[i])  # an old save: read once, now
            row = pygame.Rect(0, k * ROW_H, row_w, ROW_H - 8)
            self.button(
                f"row{i}",
                "",
                row,
                self._clicked(i),
                container=sc,
                cls="@row",
                nav=False,
                chevrons=False,
            )
            self._row_labels(sc, row, e)
            if not e.ok and e.error:  # the whole report, where the row shows its start
                self.ui[f"row{i}"].set_tooltip(e.error)

    def _row_labels(self, sc: UIScrollingContainer, row: pygame.Rect, e: SaveEntry) -> None:
        """Passive labels on the row: they draw text but leave clicks to the row button.
        The right column is as wide as "6 players · finished in round 10" in Turkish and
        English (playtest 3: it was cut); a name list or a damage report too long for its
        column ends in "…", the whole of it in the row's tooltip."""
        right_w = min(320, row.width // 2 - 20)
        left = pygame.Rect(row.left + 20, row.top + 6, row.width - right_w - 60, 26)
        right = pygame.Rect(row.right - right_w - 20, row.top + 6, right_w, 26)
        below_l, below_r = left.move(0, 26), right.move(0, 26)

        def label(rect: pygame.Rect, text: str, cls: str) -> None:
            el = gui.PassiveLabel(
                rect, "", self.manager, container=sc, object_id=gui.oid(None, cls)
            )
            el.set_text(gui.fit_text(el.font, text, rect.width))

        if not e.ok:
            label(left, f"{t('load.unreadable')} · {e.file_name}", "@row_title_bad")
            label(below_l.union(below_r), e.error or "", "@error")
            label(right, e.date_text(), "@faint_right")
            return
        label(left, e.title, "@row_title_gold" if e.is_autosave else "@row_title")
        label(below_l, ", ".join(e.names), "@detail")
        key = "load.entry_finished" if e.finished else "load.entry"
        label(right, t(key, players=e.players, round=e.round), "@right")
        label(below_r, e.date_text(), "@detail_right")

    def _clicked(self, i: int) -> Any:
        def click() -> None:
            last, when = self._last_click
            now = time.monotonic()
            self._last_click = (i, now)
            if i == self.selected and last == i and now - when < DOUBLE_CLICK_S:
                self.on_load()
            else:
                self.select(i)

        return click

    def row_rect(self, i: int) -> pygame.Rect:
        """Screen rectangle of entry `i` (its row button; may be scrolled out of view)."""
        return pygame.Rect(self.ui[f"row{i}"].rect)

    def _sync_buttons(self) -> None:
        entry = self.current()
        load, delete, replay = self.ui["load"], self.ui["delete"], self.ui["replay"]
        assert isinstance(delete, UIButton)
        ok = entry is not None and entry.ok
        for el, on in ((load, ok), (replay, ok), (delete, entry is not None)):
            el.enable() if on else el.disable()
        delete.set_text(t("load.confirm_delete") if self.confirm_delete else t("load.delete"))
        for i in self.page_rows():
            row = self.ui.get(f"row{i}")
            if isinstance(row, UIButton):
                if i == self.selected:
                    row.select()
                elif row.is_selected:
                    row.unselect()

    def select(self, i: int) -> None:
        if 0 <= i < len(self.entries):
            turn = i // PAGE != self.page
            self.selected = i
            if turn:  # another page: its rows are made now
                self.rebuild()
            LoadScene.remembered[self.app.storage.saves_dir] = self.entries[i].path.name
            self.confirm_delete = False
            self._scroll_into_view(i)
            self._sync_buttons()

    def _scroll_into_view(self, i: int) -> None:
        bar = self.scroller.vert_scroll_bar if self.scroller is not None else None
        if bar is None or not bar.visible:
            return
        view = self.list_rect.height - 16
        total = len(self.page_rows()) * ROW_H
        i -= self.page * PAGE
        top = bar.start_percentage * total
        want = min(max(top, (i + 1) * ROW_H - view), i * ROW_H)
        bar.set_scroll_from_start_percentage(max(0.0, want / total))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.prev_page() if event.key == pygame.K_PAGEUP else self.next_page()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.on_load()
                return True
            if event.key == pygame.K_DELETE:
                self.on_delete()
                return True
        return False

    def prev_page(self) -> None:
        self.select(max(0, (self.page - 1) * PAGE))

    def next_page(self) -> None:
        self.select(min(len(self.entries) - 1, (self.page + 1) * PAGE))

    def _load_selected(self, whole: bool = False) -> GameSession | None:
        """The selected save as a session, or None (a damaged file is flashed and the
        list read again). `whole`: for Replay (see `Storage.load`)."""
        entry = self.current()
        if entry is None or not entry.ok:
            return None
        try:
            return self.app.storage.load(entry.path, whole=whole)
        except SaveError as exc:
            self.flash(t("load.failed", error=str(exc)))
            self.refresh()
            self.rebuild()
            return None

    def on_load(self) -> None:
        session = self._load_selected()
        if session is None:
            return
        open_session(self.app, session, replace=True)

    def on_replay(self) -> None:
        """Step through the selected game from its deal (Esc comes back here): the
        replay that checks the save keeps its positions, so it is walked once."""
        session = self._load_selected(whole=True)
        if session is None:
            return
        self.app.push(self.app.make(Screen.REPLAY), SessionEntry(session))

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
        self.rebuild()

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("load.heading"), 70)
        r = self.list_rect
        theme.panel(surface, r)
        if self.pages > 1:
            where = t("load.page", n=self.page + 1, total=self.pages, saves=len(self.entries))
            theme.text(
                surface,
                where,
                (r.left + 4, r.top - 18),
                size=15,
                colour=theme.MUTED,
                anchor="midleft",
            )
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
