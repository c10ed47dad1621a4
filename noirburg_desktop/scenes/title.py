"""Title screen: Continue, New game, Network game, Learn to play, Load, Rules, Settings,
Quit."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton

from noirburg_desktop import version
from noirburg_desktop.look import resources, theme
from noirburg_desktop.persist.storage import SaveEntry, SaveError
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.shell.screens import Screen, TitleEntry
from noirburg_desktop.shell.screens import open_session as open_session  # tests import it here
from noirburg_desktop.tutorial.lesson import has_progress, start_lesson
from noirburg_desktop.words.strings import t

FAN_CARDS = ("gangster-4", "business-4", "drive_by")


class TitleScene(MenuScene[TitleEntry | None]):
    def __init__(self) -> None:
        super().__init__()
        self.autosave: SaveEntry | None = None
        # "Start a new game?": asked when New game would take Continue from an
        # unfinished game (playtest 3: it was replaced without a word)
        self.asking_new = False

    def enter(self, payload: TitleEntry | None = None) -> None:
        self.autosave = self.app.storage.latest_autosave()
        self.asking_new = False
        super().enter(payload)
        if payload is not None and payload.new_game:  # the table's "New game" comes this way
            self.on_new()

    def resume(self, result: Any = None) -> None:
        # the language may have changed in Settings, a save may have appeared
        self.enter()

    def layout(self, w: int, h: int) -> None:
        # a small window (960x640) gets slimmer buttons so Quit stays inside the frame
        # Continue is taller: its second line (players, round, date) sits under the label
        if h >= 800:
            bw, bh, gap, first = 360, 42, 7, 66
        elif h >= 700:
            bw, bh, gap, first = 360, 40, 6, 62
        else:
            bw, bh, gap, first = 360, 34, 4, 60
        y = int(h * 0.40)
        self.rects: dict[str, pygame.Rect] = {}
        for wid in ("continue", "new", "network", "learn", "load", "rules", "settings", "quit"):
            height = first if wid == "continue" else bh
            self.rects[wid] = pygame.Rect(w // 2 - bw // 2, y, bw, height)
            y += height + gap

    def build(self) -> None:
        if self.asking_new:
            self._build_ask()
            return
        a, r = self.autosave, self.rects
        self.button(
            "continue",
            t("title.continue"),
            r["continue"],
            self.on_continue,
            primary=True,
            enabled=a is not None,
        )
        self.button("new", t("title.new_game"), r["new"], self.on_new, primary=a is None)
        self.button("network", t("title.network"), r["network"], self.on_network)
        learn = t("title.learn_resume") if has_progress(self.app) else t("title.learn")
        self.button("learn", learn, r["learn"], self.on_learn)
        self.button("load", t("title.load"), r["load"], self.on_load)
        self.button("rules", t("title.rules"), r["rules"], self.on_rules)
        self.button("settings", t("title.settings"), r["settings"], self.on_settings)
        self.button("quit", t("title.quit"), r["quit"], self.app.request_quit)

    # --- "Start a new game?" -------------------------------------------------------

    def ask_rect(self) -> pygame.Rect:
        w, h = self.size
        r = pygame.Rect(0, 0, min(640, w - 80), 250)
        r.midtop = (w // 2, self.rects["continue"].top)  # where the menu was, under the titles
        r.bottom = min(r.bottom, h - 60)
        return r

    def _build_ask(self) -> None:
        box = self.ask_rect()
        bw = (box.width - 3 * 24) // 2
        y = box.bottom - 24 - 52
        left = pygame.Rect(box.left + 24, y, bw, 52)
        right = pygame.Rect(box.right - 24 - bw, y, bw, 52)
        self.button("keep", t("title.keep_game"), left, self.cancel_new)
        self.button("start_new", t("title.start_new"), right, self.confirm_new, primary=True)
        self.set_focus("start_new")

    def ask_lines(self) -> list[str]:
        a = self.autosave
        if a is None:
            return []
        game = t("title.continue_detail", players=a.players, round=a.round, date=a.date_text())
        return theme.wrap(t("title.ask_new_body", game=game), 16, self.ask_rect().width - 48)

    def cancel_new(self) -> None:
        self.asking_new = False
        self.rebuild()

    def confirm_new(self) -> None:
        self.asking_new = False
        self.rebuild()
        self.app.push(self.app.make(Screen.NEW_GAME))

    def _draw_ask(self, surface: pygame.Surface) -> None:
        box = self.ask_rect()
        theme.panel(surface, box, border=theme.GOLD)
        theme.text(
            surface,
            t("title.ask_new"),
            (box.centerx, box.top + 22),
            size=24,
            bold=True,
            serif=True,
            colour=theme.GOLD_LIGHT,
            anchor="midtop",
        )
        for i, line in enumerate(self.ask_lines()[:4]):
            theme.text(
                surface, line, (box.centerx, box.top + 70 + 22 * i), size=16, anchor="midtop"
            )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The Continue button's second line (players, round, date), in its state's colours."""
        if self.asking_new:
            return
        a = self.autosave
        detail = (
            t("title.continue_detail", players=a.players, round=a.round, date=a.date_text())
            if a
            else t("title.no_autosave")
        )
        b = self.ui["continue"]
        assert isinstance(b, UIButton)
        hot = b.is_enabled and (b.hovered or b.is_selected)
        colour = theme.INK if hot else (theme.MUTED if b.is_enabled else theme.FAINT)
        theme.text(
            surface,
            detail,
            (b.rect.centerx, b.rect.bottom - 11),
            size=12,
            colour=colour,
            anchor="center",
        )

    def back(self) -> None:
        if self.asking_new:
            self.cancel_new()
            return
        self.app.request_quit()

    # actions
    def on_continue(self) -> None:
        if self.autosave is None:
            return
        try:
            session = self.app.storage.load(self.autosave.path, defer=True)
        except SaveError as exc:
            self.autosave = self.app.storage.latest_autosave()  # it is greyed out now
            self.rebuild()
            self.flash(t("title.load_failed", error=str(exc)))
            return
        open_session(self.app, session)

    def on_new(self) -> None:
        if self.autosave is not None and not self.asking_new:
            self.asking_new = True  # Continue's game is unfinished: ask first
            self.rebuild()
            return
        self.app.push(self.app.make(Screen.NEW_GAME))

    def on_network(self) -> None:
        self.app.push(self.app.make(Screen.NETWORK))

    def on_learn(self) -> None:
        start_lesson(self.app)

    def on_load(self) -> None:
        self.app.push(self.app.make(Screen.LOAD))

    def on_rules(self) -> None:
        self.app.push(self.app.make(Screen.RULES))

    def on_settings(self) -> None:
        self.app.push(self.app.make(Screen.SETTINGS))

    # drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        cy = int(h * 0.19)
        # the sunburst stays clear of the frame (drawn 14 px in) in a 640-px-high window
        theme.fan(surface, (w // 2, cy - 44), min(70, cy - 44 - 34), theme.GOLD_DIM, rays=13)
        r = theme.spaced(surface, "NOIRBURG", (w // 2, cy), size=78, spacing=0.22)
        theme.rule(surface, (w // 2, r.bottom + 16), r.width + 80)
        theme.text(
            surface,
            t("app.subtitle"),
            (w // 2, r.bottom + 44),
            size=20,
            colour=theme.IVORY,
            serif=True,
            anchor="center",
        )
        theme.text(
            surface,
            t("app.tagline"),
            (w // 2, r.bottom + 72),
            size=15,
            colour=theme.MUTED,
            anchor="center",
        )
        self._draw_fans(surface, w, h)
        if self.asking_new:
            self._draw_ask(surface)
        theme.text(
            surface,
            t("title.fullscreen_key"),
            (w - 40, h - 40),
            size=13,
            colour=theme.FAINT,
            anchor="bottomright",
        )
        if not self.app.audio:  # say why there is no sound, where every session starts
            below = self.rects["quit"].bottom + 5  # never under Quit (playtest 3, 640 high)
            theme.text(
                surface,
                t("app.no_audio"),
                (w // 2, max(below, h - 56)),
                size=13,
                colour=theme.MUTED,
                anchor="midtop",
            )
        theme.text(
            surface,
            f"v{version()}",
            (40, h - 40),
            size=13,
            colour=theme.FAINT,
            anchor="bottomleft",
        )

    def _draw_fans(self, surface: pygame.Surface, w: int, h: int) -> None:
        """Two small fanned hands of cards flanking the menu."""
        if w < 1100:
            return
        cw = max(110, min(170, w // 9))
        for side in (-1, 1):
            base_x = w // 2 + side * (w // 2 - cw - 90)
            base_y = int(h * 0.62)
            keys = FAN_CARDS if side < 0 else ("hideout", "police", "gangster-2")
            for i, key in enumerate(keys):
                angle = (i - 1) * 12 * -side + side * 4
                rot = resources.card_rotated(key, cw, angle)
                rect = rot.get_rect(
                    center=(base_x + (i - 1) * cw * 0.35 * side, base_y + abs(i - 1) * 12)
                )
                surface.blit(rot, rect)
