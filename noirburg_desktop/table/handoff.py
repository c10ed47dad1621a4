"""The hand-off screen: hides everything private while the device changes hands.

It covers the whole window with an opaque curtain (no table underneath, so
no hand, no drawn card, no reaction prompt can show through) and waits for a
click or Space from the player named on it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect, Surface

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

    def title(self) -> str:
        """Whose the device is and why: a reaction is a chance, not their turn (pt4:
        "Pass to Player 1 — Your chance to react" read as the next player's turn)."""
        if self.why == "react":
            return t("table.handoff_react", name=self.name)
        return t("table.handoff", name=self.name)

    def placed(self, size: tuple[int, int]) -> tuple[Rect, Surface, Rect, tuple[int, int]]:
        """The card, the title and where it stands, and the seat mark's centre: the
        title fits between the mark and the card's right edge (pt4 shot-143: the mark
        covered the "S" of "Sıradaki oyuncu")."""
        W, H = size
        card = Rect(0, 0, min(640, W - 80), 230)
        card.center = (W // 2, H // 2)
        room = card.w - 2 * (MARK_INSET + MARK_R + MARK_GAP)
        title = w.text_fit(self.title(), 40, room, w.INK, bold=True, serif=True)
        where = title.get_rect(center=(card.centerx, card.y + 70))
        return card, title, where, (where.x - MARK_GAP - MARK_R, where.centery)

    def draw(self, dest: Surface) -> None:
        W, H = dest.get_size()
        dest.fill((8, 8, 10))
        for i in range(0, W + H, 28):  # venetian-blind shadows, the noir cliché
            pygame.draw.line(dest, (16, 16, 19), (i, 0), (i - H, H), 9)
        card, title, where, mark = self.placed((W, H))
        pygame.draw.rect(dest, (22, 22, 26), card, border_radius=14)
        pygame.draw.rect(dest, self.colour, card, 2, border_radius=14)
        why = {
            "turn": t("table.handoff_why_turn"),
            "mulligan": t("table.handoff_why_mulligan"),
            "drawn": t("table.handoff_why_drawn"),
        }.get(self.why, "")
        dest.blit(title, where)
        theme.seat_symbol(dest, self.seat, mark, MARK_R, self.colour)
        if why:
            w.blit_center(dest, w.text(why, 20, w.BRASS), (card.centerx, card.y + 120))
        sub = w.text(t("table.handoff_sub", name=self.name), 18, w.INK_DIM)
        w.blit_center(dest, sub, (card.centerx, card.bottom - 40))


MARK_R = 12  # the seat mark's radius beside the title
MARK_INSET = 16  # from the card's left edge
MARK_GAP = 10  # between the mark and the title
