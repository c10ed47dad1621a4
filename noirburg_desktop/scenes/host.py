"""Host a game: your name, how many players, how many of them at their own computers
(the rest played by this computer's AIs), the AIs' level and the house rules New
game offers. Opening the table starts the host and shows the lobby."""

from __future__ import annotations

import random
from typing import Any

import pygame

from engine import SEAT_RANGE
from engine.bots import AI_LEVELS
from noirburg_desktop.look import theme
from noirburg_desktop.netplay.hosting import HostedTable, HostPlan, Unfinished, find_unfinished
from noirburg_desktop.netplay.texts import t
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.scenes.join import TYPED
from noirburg_desktop.session import printable
from noirburg_desktop.shell.screens import LobbyEntry, Screen
from noirburg_desktop.words.house_rules import BOXES
from noirburg_desktop.words.strings import upper


class HostScene(MenuScene[None]):
    def __init__(self) -> None:
        super().__init__()
        self.name = ""
        self.players = 4
        self.people = 2  # seats played by people, yours included
        self.ai_level = "normal"
        self.house = {b.field: b.default for b in BOXES}  # the house rules' boxes
        self.error = ""
        self.unfinished: Unfinished | None = None  # a hosted game this window can resume
        self.hosted: HostedTable | None = None

    def enter(self, payload: None = None) -> None:
        self.name = TYPED["name"]
        self.unfinished, note = find_unfinished(self.app.storage.root / "hosted")
        if note:
            self.error = t("net.hosted_set_aside", reason=note)
        super().enter(payload)

    def layout(self, w: int, h: int) -> None:
        compact = h < 760
        margin = max(50, (w - 1180) // 2)
        top = 126 if compact else 150
        height = h - top - (112 if compact else 160)
        self.seats_rect = pygame.Rect(margin, top, int((w - 2 * margin) * 0.5), height)
        right = self.seats_rect.right + 30
        self.rules_rect = pygame.Rect(right, top, w - margin - right, height)
        s, ru = self.seats_rect, self.rules_rect
        gap = 74 if compact else 88
        x, cw = s.left + 24, s.width - 48
        r = {
            "name": pygame.Rect(x, s.top + 64, cw, 40),
            "players": pygame.Rect(x, s.top + 64 + gap, cw, 40),
            "people": pygame.Rect(x, s.top + 64 + 2 * gap, cw, 40),
            "ai_level": pygame.Rect(x, s.top + 64 + 3 * gap, cw, 40),
        }
        step = (ru.height - 70) // 3
        for k, b in enumerate(BOXES):
            r[b.widget] = pygame.Rect(ru.left + 24, ru.top + 60 + k * step, 24, 24)
        by = s.bottom + (24 if compact else 36)
        side = 200 if w >= 1180 else 170  # narrower beside Resume in a small window
        opening = 300 if w >= 1180 else 260
        r["back"] = pygame.Rect(margin, by, side, 52)
        r["open"] = pygame.Rect(w - margin - opening, by, opening, 52)
        r["resume"] = pygame.Rect(margin + side + 20, by, w - 2 * margin - side - opening - 40, 52)
        self.rects = r

    def build(self) -> None:
        r = self.rects
        self.entry("name", self.name, r["name"], self._set_name, max_len=24)
        self.picker(
            "players", [(n, str(n)) for n in SEAT_RANGE], self.players, r["players"],
            self._set_players,
        )  # fmt: skip
        people = [(n, str(n)) for n in range(1, self.players + 1)]
        self.picker("people", people, self.people, r["people"], self._set_people)
        levels = [(k, t(f"kind.{k}")) for k in AI_LEVELS]
        self.picker("ai_level", levels, self.ai_level, r["ai_level"], self._set_level, up=True)
        for b in BOXES:
            on = self.house[b.field]
            self.toggle(b.widget, on, r[b.widget], self._rule(b.field), caption=t(b.caption))
        self.button("back", t("net.back"), r["back"], self.back)
        self.button("open", t("net.open_table"), r["open"], self.open_table, primary=True)
        if self.unfinished is not None:
            self.button("resume", t("net.resume_hosted"), r["resume"], self.resume_hosted)

    def _set_name(self, text: str) -> None:
        self.name = TYPED["name"] = text
        self.error = ""

    def _set_players(self, n: int) -> None:
        self.players = n
        self.people = min(self.people, n)
        self.rebuild()

    def _set_people(self, n: int) -> None:
        self.people = n

    def _set_level(self, level: str) -> None:
        self.ai_level = level

    def _rule(self, field: str) -> Any:
        def set_(on: bool) -> None:
            self.house[field] = on

        return set_

    def plan(self) -> HostPlan:
        return HostPlan(
            name=self.name.strip(),
            players=self.players,
            remote=self.people,
            ai_level=self.ai_level,
            house_rules=dict(self.house),
        )

    def open_table(self) -> None:
        self._open(None)

    def resume_hosted(self) -> None:
        """Host the unfinished game again from its autosave (the same port if free)."""
        self._open(self.unfinished)

    def _open(self, resume: Unfinished | None) -> None:
        name = self.name.strip()
        if not name or not printable(name):
            self.error = t("net.need_name")
            return
        try:
            hosted = HostedTable(
                self.plan(),
                self.app.storage.root / "hosted",
                seed=random.SystemRandom().randrange(2**31),
                resume=resume,
            )
        except (OSError, ValueError) as exc:
            self.error = t("net.host_failed", reason=str(exc)[:120])
            return
        self.hosted = hosted  # what this screen started (tests stop it as a crash would)
        self.app.replace(
            self.app.make(Screen.LOBBY),
            LobbyEntry(hosted.link, port=hosted.port, moved=hosted.moved),
        )

    def resume_line(self) -> str:
        u = self.unfinished
        if u is None:
            return ""
        names = ", ".join(_seat_name(u, i) for i, n in enumerate(u.names) if n)
        if not u.started:
            return t("net.resume_lobby", names=names)
        return t("net.resume_line", names=names, turn=u.turn)

    def back(self) -> None:
        self.app.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("net.host_heading"), 70)
        s, ru = self.seats_rect, self.rules_rect
        theme.panel(surface, s)
        theme.panel(surface, ru)
        x = s.left + 24
        labels = (
            ("name", t("net.your_name")),
            ("players", t("new.players")),
            ("people", t("net.people")),
            ("ai_level", t("net.ai_level")),
        )
        for wid, label in labels:
            y = self.rects[wid].top - 24
            theme.text(surface, label, (x, y), size=17, colour=theme.IVORY)
        theme.text(
            surface, upper(t("new.house_rules")), (ru.left + 24, ru.top + 30), size=18,
            colour=theme.GOLD, bold=True, serif=True,
        )  # fmt: skip
        for b in BOXES:
            top = self.rects[b.widget].top + 32
            for k, line in enumerate(theme.wrap(t(b.help), 13, ru.width - 84)[:2]):
                theme.text(surface, line, (ru.left + 60, top + k * 16), size=13, colour=theme.MUTED)
        line, colour = self.resume_line(), theme.MUTED
        if self.error:
            line, colour = self.error, theme.RED_LIGHT
        if line:
            w = surface.get_width()
            lines = theme.wrap(line, 14, w - 2 * s.left)
            shown = lines[0] + ("…" if len(lines) > 1 else "")  # long names are cut
            y = self.rects["open"].top - (10 if h_compact(surface) else 16)
            theme.text(surface, shown, (w // 2, y), size=14, colour=colour, anchor="center")


def h_compact(surface: pygame.Surface) -> bool:
    return surface.get_height() < 760


def _seat_name(u: Unfinished, seat: int) -> str:
    """A seat of the game to resume: an AI seat the host left unnamed ("#3", no
    language's word; seen under Xvfb in "Ayse, Mehmet, #3, #4") as "AI 3"."""
    name = u.names[seat]
    seats = u.data.get("seats")
    raw = seats[seat] if isinstance(seats, list) and seat < len(seats) else None
    ai = isinstance(raw, dict) and raw.get("remote") is False
    return t("net.ai_seat", n=seat + 1) if ai and name == f"#{seat + 1}" else name
