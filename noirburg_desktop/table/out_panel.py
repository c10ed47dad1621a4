"""The panel a human gets when the last human at the table is knocked out.

"You are out": watch the AI seats finish, start a new game, or see the
standings so far (each seat's score as it would be counted now, R-END-SCORE).
From then on the table asks that human nothing (the engine never asks a seat
that is out, and claims from it are refused).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect, Surface

from engine import GameState, score
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.overlays import draw_box
from noirburg_desktop.table.texts import t

CHOICES = ("watch", "new", "results")


class OutPanel:
    """The knocked-out human's panel and their choice (watch / new game / standings)."""

    def __init__(self) -> None:
        self.view = ""  # "", "standings" or "watching"

    def shown(self, c: TableController) -> bool:
        """Every human at the table is out and the game goes on."""
        st = c.state
        if not c.humans or c.game_over or self.view == "watching":
            return False
        return not any(st.seats[h].alive for h in c.humans)

    def draw(self, dest: Surface, lay: TableLayout, c: TableController) -> None:
        lines = None
        if self.view == "standings":
            lines = standings(c.state, [c.name(i) for i in range(c.n)])
        draw_out_panel(dest, lay, c.name(c.viewer), lines, self.mouse)

    mouse = (0, 0)

    def choose(self, choice: str, new_game: Callable[[], None]) -> None:
        if choice == "watch":
            self.view = "watching"
        elif choice == "results":
            self.view = "" if self.view == "standings" else "standings"
        elif choice == "new":
            new_game()

    def handle(
        self, event: pygame.event.Event, lay: TableLayout | None, new_game: Callable[[], None]
    ) -> bool:
        """Every event goes here while the panel shows (the table asks nothing more)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and lay is not None:
            for key, r in button_rects(lay, self.view == "standings").items():
                if r.collidepoint(event.pos):
                    self.choose(key, new_game)
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_w: "watch", pygame.K_ESCAPE: "watch", pygame.K_n: "new"}
            keys[pygame.K_r] = "results"
            if event.key in keys:
                self.choose(keys[event.key], new_game)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        return True


def panel_rect(lay: TableLayout, standings: bool) -> Rect:
    r = Rect(0, 0, min(620, lay.table.w - 40), 360 if standings else 200)
    r.center = lay.table.center
    return r


def button_rects(lay: TableLayout, standings: bool) -> dict[str, Rect]:
    r = panel_rect(lay, standings)
    bw = (r.w - 4 * 14) // 3
    y = r.bottom - 58
    return {k: Rect(r.x + 14 + i * (bw + 14), y, bw, 42) for i, k in enumerate(CHOICES)}


def standings(state: GameState, names: list[str]) -> list[str]:
    """ "1. Name — 23 (out)" per seat, best first, as scored right now."""
    rows = sorted((score(state, i) for i in range(state.n)), key=lambda s: -s.total)
    out = []
    for k, s in enumerate(rows, start=1):
        tag = "" if s.alive else f"  ({t('table.out')})"
        out.append(f"{k}. {names[s.seat]} — {s.total}{tag}")
    return out


def draw_out_panel(
    dest: Surface,
    lay: TableLayout,
    name: str,
    lines: list[str] | None,
    mouse: tuple[int, int],
) -> None:
    """The panel, with the standings when `lines` is given."""
    r = panel_rect(lay, lines is not None)
    draw_box(dest, r, w.BLOOD)
    title = w.text(t("table.out_title"), 26, w.BLOOD, bold=True, serif=True)
    w.blit_center(dest, title, (r.centerx, r.y + 28))
    y = r.y + 52
    for line in w.wrap(t("table.out_body", name=name), 15, r.w - 40)[:3]:
        w.blit_center(dest, w.text(line, 15, w.INK), (r.centerx, y + 9))
        y += 20
    for line in (lines or [])[:6]:
        dest.blit(w.text(line, 15, w.INK, bold=True), (r.x + 40, y + 6))
        y += 22
    labels = {k: t(f"table.out_{k}") for k in CHOICES}
    for key, b in button_rects(lay, lines is not None).items():
        hot = b.collidepoint(mouse)
        pygame.draw.rect(dest, (120, 30, 36) if hot else (48, 44, 40), b, border_radius=7)
        pygame.draw.rect(dest, w.BRASS, b, 1, border_radius=7)
        lab = w.text_fit(labels[key], 16, b.w - 10, colour=w.INK, bold=True)
        w.blit_center(dest, lab, b.center)
