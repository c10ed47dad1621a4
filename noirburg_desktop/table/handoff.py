"""The hand-off screen: hides everything private while the device changes hands.

It covers the whole window with an opaque curtain (no table underneath, so
no hand, no drawn card, no reaction prompt can show through) and waits for a
click or Space from the player named on it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Surface

from noirburg_desktop.look import theme
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.texts import t


@dataclass
class Handoff:
    seat: int
    name: str
    colour: tuple[int, int, int]
    why: str  # "turn" | "react" | "mulligan" | "nothing"
    message: str = ""  # a private note shown after the hand-off (e.g. nothing to play)
    pressed: bool = False  # a click began on this screen (not the one that brought it)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the named player says they are ready. Only a click that began on
        this screen counts: the release of the click that ended the last move must not
        wave the curtain away and show the next hand."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.pressed
        return event.type == pygame.KEYDOWN and event.key in (
            pygame.K_SPACE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        )

    def draw(self, dest: Surface) -> None:
        W, H = dest.get_size()
        dest.fill((8, 8, 10))
        for i in range(0, W + H, 28):  # venetian-blind shadows, the noir cliché
            pygame.draw.line(dest, (16, 16, 19), (i, 0), (i - H, H), 9)
        cx, cy = W // 2, H // 2
        card = pygame.Rect(0, 0, min(640, W - 80), 230)
        card.center = (cx, cy)
        pygame.draw.rect(dest, (22, 22, 26), card, border_radius=14)
        pygame.draw.rect(dest, self.colour, card, 2, border_radius=14)
        why = {
            "turn": t("table.handoff_why_turn"),
            "react": t("table.handoff_why_react"),
            "mulligan": t("table.handoff_why_mulligan"),
            "drawn": t("table.handoff_why_drawn"),
        }.get(self.why, "")
        title = w.text(t("table.handoff", name=self.name), 40, w.INK, bold=True, serif=True)
        w.blit_center(dest, title, (cx, card.y + 70))
        theme.seat_symbol(dest, self.seat, (card.x + 40, card.y + 70), 12, self.colour)
        if why:
            w.blit_center(dest, w.text(why, 20, w.BRASS), (cx, card.y + 120))
        sub = w.text(t("table.handoff_sub", name=self.name), 18, w.INK_DIM)
        w.blit_center(dest, sub, (cx, card.bottom - 40))
