"""The game's final moment (issue #20, item 5): when the game ends the table stays
on the final board, with a panel saying who won and how, in the engine's words
(`engine.outcome`), until the player asks for the results (button, Space or Enter).

Newcomers said the ending was hidden: the last moves played out and the results
screen replaced the board before they saw them.
"""

from __future__ import annotations

import pygame
from pygame import Rect, Surface

import engine
from engine import GameState
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.overlays import draw_box
from noirburg_desktop.table.texts import t

RESULTS_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


def panel_rect(lay: TableLayout) -> Rect:
    r = Rect(0, 0, min(560, lay.table.w - 40), 176)
    r.center = lay.table.center
    return r


def button_rect(lay: TableLayout) -> Rect:
    r = panel_rect(lay)
    b = Rect(0, 0, min(300, r.w - 40), 42)
    b.midbottom = (r.centerx, r.bottom - 14)
    return b


def end_lines(state: GameState, names: list[str]) -> tuple[str, str]:
    """(who won, how), both from the engine's outcome."""
    o = engine.outcome(state)
    if o is None:  # not over (the panel shows only once it is)
        return t("table.game_over"), ""
    winners = [names[i] for i in o.winners]
    if not winners:
        who = t("results.no_winner")
    elif len(winners) == 1:
        who = t("results.winner", names=winners[0])
    else:
        who = t("results.winners", names=" & ".join(winners))
    how = t("results.method", method=t(f"method.{o.method}")) if o.method else ""
    return who, how


class EndPanel:
    """Shown once the game is over and the last moves have played out."""

    def __init__(self) -> None:
        self.shown = False
        self.mouse = (0, 0)

    def handle(self, event: pygame.event.Event, lay: TableLayout | None) -> bool:
        """True when the player asks for the results."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and lay is not None:
            main = lay.buttons.get("next")  # the sidebar's main button says the same
            on_main = main is not None and main.collidepoint(event.pos)
            return button_rect(lay).collidepoint(event.pos) or on_main
        elif event.type == pygame.KEYDOWN:
            return event.key in RESULTS_KEYS
        return False

    def draw(self, dest: Surface, lay: TableLayout, state: GameState, names: list[str]) -> None:
        r = panel_rect(lay)
        draw_box(dest, r, w.BRASS)
        title = w.text_fit(t("table.game_over"), 26, r.w - 40, colour=w.BRASS, bold=True)
        w.blit_center(dest, title, (r.centerx, r.y + 26))
        who, how = end_lines(state, names)
        w.blit_center(
            dest, w.text_fit(who, 20, r.w - 40, colour=w.INK, bold=True), (r.centerx, r.y + 60)
        )
        if how:
            w.blit_center(dest, w.text_fit(how, 15, r.w - 40, colour=w.INK), (r.centerx, r.y + 88))
        b = button_rect(lay)
        hot = b.collidepoint(self.mouse)
        pygame.draw.rect(dest, (120, 90, 36) if hot else (48, 44, 40), b, border_radius=7)
        pygame.draw.rect(dest, w.BRASS, b, 1, border_radius=7)
        lab = w.text_fit(t("table.end_results"), 16, b.w - 10, colour=w.INK, bold=True)
        w.blit_center(dest, lab, b.center)
