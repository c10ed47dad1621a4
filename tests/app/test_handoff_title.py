"""pt4 shot-143: on the hand-off curtain the seat mark covered the "S" of "Sıradaki
oyuncu: Oyuncu 1"; and a reaction's curtain read as the next player's turn
("Sıradaki oyuncu: … — Reaksiyon fırsatın"). It now says whose chance it is."""

from __future__ import annotations

import pygame
import pytest

from noirburg_desktop.table.handoff import MARK_R, Handoff
from noirburg_desktop.words import strings


@pytest.mark.parametrize("lang", ["en", "tr"])
@pytest.mark.parametrize("size", [(960, 640), (1280, 800)])
@pytest.mark.parametrize("why", ["turn", "react", "mulligan"])
def test_the_seat_mark_stands_clear_of_the_title(
    lang: str, size: tuple[int, int], why: str
) -> None:
    pygame.init()
    strings.set_language(lang)
    try:
        for name in ("Oyuncu 1", "Player 6", "İsmail Karaoğlanoğlu"):
            h = Handoff(0, name, (200, 60, 60), why)
            card, title, where, (mx, my) = h.placed(size)
            mark = pygame.Rect(mx - MARK_R - 2, my - MARK_R - 2, 2 * MARK_R + 4, 2 * MARK_R + 4)
            assert not mark.colliderect(where), (name, mark, where)
            assert card.contains(mark) and card.contains(where)
            assert title.get_width() == where.w
            surf = pygame.Surface(size)
            h.draw(surf)  # draws without error
    finally:
        strings.set_language("en")


@pytest.mark.parametrize(
    ("lang", "want"),
    [("en", "Player 1: a chance to react"), ("tr", "Oyuncu 1: bir reaksiyon fırsatı")],
)
def test_a_reaction_curtain_names_a_chance_not_a_turn(lang: str, want: str) -> None:
    strings.set_language(lang)
    try:
        name = "Oyuncu 1" if lang == "tr" else "Player 1"
        assert Handoff(0, name, (200, 60, 60), "react").title() == want
        turn = Handoff(0, name, (200, 60, 60), "turn").title()
        assert turn != want and name in turn
    finally:
        strings.set_language("en")
