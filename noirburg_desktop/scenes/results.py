"""Results: who won and how, and every seat's score breakdown (R-END-SCORE)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from noirburg_desktop import resources, theme
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.strings import t

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


class ResultsScene(MenuScene):
    """Payload: {"session": GameSession}."""

    def __init__(self) -> None:
        super().__init__()
        self.session: Any = None
        self.outcome: Any = None

    def enter(self, payload: dict[str, Any] | None = None) -> None:
        self.session = (payload or {}).get("session")
        if self.session is not None:
            import engine

            self.outcome = engine.outcome(self.session.state)
        super().enter(payload)

    def build(self) -> None:
        self.button("title", t("results.title"), self.rects["title"], self.to_title)
        self.button("replay", t("results.replay"), self.rects["replay"], self.replay)
        self.button(
            "rematch", t("results.rematch"), self.rects["rematch"], self.rematch, primary=True
        )

    def layout(self, w: int, h: int) -> None:
        width = min(1000, w - 120)
        n = self.session.players if self.session is not None else 4
        self.table_rect = pygame.Rect((w - width) // 2, 250, width, 70 + n * 52)
        by = self.table_rect.bottom + 40
        self.rects = {
            "title": pygame.Rect(w // 2 - 410, by, 250, 54),
            "replay": pygame.Rect(w // 2 - 125, by, 250, 54),
            "rematch": pygame.Rect(w // 2 + 160, by, 250, 54),
        }

    def back(self) -> None:
        self.to_title()

    def to_title(self) -> None:
        from noirburg_desktop.scenes.title import TitleScene

        self.app.reset_to(TitleScene())

    def replay(self) -> None:
        """Step through the game just finished, move by move; Esc comes back here."""
        if self.session is None:
            return
        from noirburg_desktop.scenes.replay import ReplayScene

        self.app.push(ReplayScene(), {"session": self.session})

    def rematch(self) -> None:
        if self.session is None:
            return
        from noirburg_desktop.scenes.title import TitleScene, open_session

        fresh = self.session.rematch()
        self.app.reset_to(TitleScene())
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
            (w // 2, 160),
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
            (w // 2, 204),
            size=18,
            colour=theme.IVORY,
            anchor="center",
            serif=True,
        )
        self._draw_table(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        r = self.table_rect
        theme.panel(surface, r)
        name_w = int(r.width * 0.32)
        col_w = (r.width - name_w - 40) // (len(COLUMNS) + 1)
        xs = [r.left + 20 + name_w + col_w * k + col_w // 2 for k in range(len(COLUMNS) + 1)]
        y = r.top + 30
        for k, key in enumerate((*COLUMNS, "total")):
            label = t(f"results.col_{key}")
            size = 14  # shrink a long header (Turkish "Gangsterler") to its column
            while size > 10 and resources.font(size, True).size(label)[0] > col_w - 8:
                size -= 1
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
        for i, sc in enumerate(self.outcome.scores):
            cfg = self.session.configs[i]
            row_y = r.top + 70 + i * 52
            won = i in self.outcome.winners
            if won:
                band = pygame.Rect(r.left + 8, row_y - 4, r.width - 16, 44)
                pygame.draw.rect(surface, (44, 37, 18), band)
                pygame.draw.rect(surface, theme.GOLD, band, 1)
            sw = pygame.Rect(r.left + 24, row_y + 8, 20, 20)
            pygame.draw.rect(surface, pygame.Color(cfg.colour), sw)
            pygame.draw.rect(surface, theme.GOLD_DIM, sw, 1)
            colour = theme.GOLD_LIGHT if won else (theme.IVORY if sc.alive else theme.FAINT)
            label = cfg.name
            name_r = theme.text(
                surface, label, (r.left + 56, row_y), size=19, bold=True, serif=True, colour=colour
            )
            if won:
                star(surface, (name_r.right + 16, name_r.centery), 9)
            sub = t(f"kind.{cfg.kind}") + ("" if sc.alive else " · " + t("results.out"))
            theme.text(surface, sub, (r.left + 56, row_y + 25), size=12, colour=theme.MUTED)
            for k, key in enumerate(COLUMNS):
                value = getattr(sc, key, 0)
                theme.text(
                    surface,
                    str(value),
                    (xs[k], row_y + 18),
                    size=18,
                    colour=theme.IVORY if value else theme.FAINT,
                    anchor="center",
                )
            theme.text(
                surface,
                str(sc.total),
                (xs[-1], row_y + 18),
                size=22,
                bold=True,
                serif=True,
                colour=theme.GOLD_LIGHT,
                anchor="center",
            )
