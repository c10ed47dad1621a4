"""Results: who won and how, and every seat's score breakdown (R-END-SCORE)."""

from __future__ import annotations

import math

import pygame

import engine
from engine import Outcome
from noirburg_desktop.look import resources, theme
from noirburg_desktop.netplay.remote_session import HostedResult
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.session import GameSession
from noirburg_desktop.shell.screens import Screen, SessionEntry, open_session
from noirburg_desktop.words.strings import t

COLUMNS = ("hideout", "businesses", "gangsters", "trophies", "money")


def star(surface: pygame.Surface, center: tuple[int, int], radius: int) -> None:
    """A five-pointed gold star (the fonts have no ★ in the serif face)."""
    cx, cy = center
    pts = []
    for k in range(10):
        rad = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + math.cos(a) * rad, cy + math.sin(a) * rad))
    pygame.draw.polygon(surface, theme.GOLD_LIGHT, pts)


class ResultsScene(MenuScene[SessionEntry]):
    """Enters with the finished game (`SessionEntry`)."""

    def __init__(self) -> None:
        super().__init__()
        self.session: GameSession | None = None
        self.outcome: Outcome | None = None

    def enter(self, payload: SessionEntry) -> None:
        self.session = payload.session
        if self.session is not None:
            self.outcome = engine.outcome(self.session.state)
        super().enter(payload)

    @property
    def hosted(self) -> bool:
        """A game played over the network: its history stays with its host."""
        return isinstance(self.session, HostedResult)

    def build(self) -> None:
        if self.hosted:  # no replay, no rematch here: only the way back
            self.button("title", t("results.title"), self.rects["replay"], self.to_title)
            return
        self.button("title", t("results.title"), self.rects["title"], self.to_title)
        self.button("replay", t("results.replay"), self.rects["replay"], self.replay)
        self.button(
            "rematch", t("results.rematch"), self.rects["rematch"], self.rematch, primary=True
        )

    def layout(self, w: int, h: int) -> None:
        width = min(1000, w - 120)
        n = self.session.players if self.session is not None else 4
        # a 640-px-high window (or 150 % UI scale) holds six rows and the buttons too
        self.compact = h < 760
        top, self.head, gap = (222, 60, 20) if self.compact else (250, 70, 40)
        room = h - top - self.head - gap - 54 - 24
        self.row_h = max(40, min(52, room // max(1, n)))
        self.table_rect = pygame.Rect((w - width) // 2, top, width, self.head + n * self.row_h)
        by = self.table_rect.bottom + gap
        self.rects = {
            "title": pygame.Rect(w // 2 - 410, by, 250, 54),
            "replay": pygame.Rect(w // 2 - 125, by, 250, 54),
            "rematch": pygame.Rect(w // 2 + 160, by, 250, 54),
        }

    def back(self) -> None:
        self.to_title()

    def to_title(self) -> None:
        self.app.reset_to(self.app.make(Screen.TITLE))

    def replay(self) -> None:
        """Step through the game just finished, move by move; Esc comes back here."""
        if self.session is None:
            return
        self.app.push(self.app.make(Screen.REPLAY), SessionEntry(self.session))

    def rematch(self) -> None:
        if self.session is None:
            return
        fresh = self.session.rematch()
        self.app.reset_to(self.app.make(Screen.TITLE))
        open_session(self.app, fresh)

    def draw_content(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        theme.heading(surface, t("results.heading"), 70)
        o = self.outcome
        if self.session is None or o is None:
            theme.text(
                surface,
                t("results.unfinished"),
                (w // 2, 200),
                size=22,
                colour=theme.MUTED,
                anchor="center",
                serif=True,
            )
            return
        names = [c.name for c in self.session.configs]
        winners = [names[i] for i in o.winners]
        if not winners:
            line = t("results.no_winner")
        elif len(winners) == 1:
            line = t("results.winner", names=winners[0])
        else:
            line = t("results.winners", names=" & ".join(winners))
        theme.text(
            surface,
            line,
            (w // 2, 150 if self.compact else 160),
            size=40,
            bold=True,
            serif=True,
            colour=theme.GOLD_LIGHT,
            anchor="center",
        )
        method = t(f"method.{o.method}") if o.method else ""
        theme.text(
            surface,
            t("results.method", method=method),
            (w // 2, 190 if self.compact else 204),
            size=18,
            colour=theme.IVORY,
            anchor="center",
            serif=True,
        )
        self._draw_table(surface, self.session, o)

    def _draw_table(self, surface: pygame.Surface, session: GameSession, outcome: Outcome) -> None:
        r = self.table_rect
        theme.panel(surface, r)
        name_w = int(r.width * 0.32)
        col_w = (r.width - name_w - 40) // (len(COLUMNS) + 1)
        xs = [r.left + 20 + name_w + col_w * k + col_w // 2 for k in range(len(COLUMNS) + 1)]
        y = r.top + self.head * 3 // 7
        rh = self.row_h
        labels = [t(f"results.col_{key}") for key in (*COLUMNS, "total")]
        size = 14  # one size for every header, small enough for the longest ("Businesses")
        while size > 10 and max(resources.font(size, True).size(s)[0] for s in labels) > col_w - 8:
            size -= 1
        for k, label in enumerate(labels):
            theme.text(
                surface,
                label,
                (xs[k], y),
                size=size,
                colour=theme.GOLD,
                bold=True,
                anchor="center",
            )
        pygame.draw.line(surface, theme.GOLD_DIM, (r.left + 16, y + 18), (r.right - 16, y + 18))
        for i, sc in enumerate(outcome.scores):
            cfg = session.configs[i]
            row_y = r.top + self.head + i * rh
            mid = row_y + rh * 18 // 52
            won = i in outcome.winners
            if won:
                band = pygame.Rect(r.left + 8, row_y - 4, r.width - 16, rh - 3)
                pygame.draw.rect(surface, (44, 37, 18), band)
                pygame.draw.rect(surface, theme.GOLD, band, 1)
            theme.seat_symbol(surface, i, (r.left + 34, mid), 10, pygame.Color(cfg.colour))
            colour = theme.GOLD_LIGHT if won else (theme.IVORY if sc.alive else theme.FAINT)
            label = cfg.name
            name_r = theme.text(
                surface, label, (r.left + 56, row_y), size=19, bold=True, serif=True, colour=colour
            )
            if won:
                star(surface, (name_r.right + 16, name_r.centery), 9)
            sub = t(f"kind.{cfg.kind}") + ("" if sc.alive else " · " + t("results.out"))
            sub_y = row_y + (25 if rh >= 48 else 22)
            theme.text(surface, sub, (r.left + 56, sub_y), size=13, colour=theme.MUTED)
            for k, key in enumerate(COLUMNS):
                value = getattr(sc, key, 0)
                theme.text(
                    surface,
                    str(value),
                    (xs[k], mid),
                    size=18,
                    colour=theme.IVORY if value else theme.FAINT,
                    anchor="center",
                )
            theme.text(
                surface,
                str(sc.total),
                (xs[-1], mid),
                size=22,
                bold=True,
                serif=True,
                colour=theme.GOLD_LIGHT,
                anchor="center",
            )
