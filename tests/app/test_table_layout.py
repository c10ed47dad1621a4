"""Table geometry that must hold at every size: seat headers never overlap."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.layout import compute_layout, header_parts


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> object:
    pygame.init()
    yield None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (1920, 1080)])
def test_header_coins_money_and_tokens_never_overlap(players: int, size: tuple[int, int]) -> None:
    """0..80 coins (R-COMP-6: all the money there is), keeper or not, every seat."""
    lay = compute_layout(size, players, 0)
    dest = pygame.Surface(size)
    for area in lay.seats:
        for keeper in (False, True):
            num_w = w.text("80", w.coin_diameter(area.header.h), w.INK, bold=True).get_width()
            parts = header_parts(area, keeper, 0, num_w)
            pieces = [parts.name, parts.coins, parts.number, parts.hand]
            if keeper:
                pieces.append(parts.tokens)
                assert parts.tokens.w > 0
            for i, a in enumerate(pieces):
                assert area.header.contains(a), (a, area.header)
                for b in pieces[i + 1 :]:
                    assert not a.colliderect(b), (players, a, b)
            for money in range(81):
                covered = w.draw_coins(dest, parts.coins, money)
                if covered.w:
                    assert parts.coins.contains(covered), (money, covered, parts.coins)
                    assert not covered.colliderect(parts.number)
                    assert not covered.colliderect(parts.tokens)


def test_many_coins_still_show_a_stack() -> None:
    dest = pygame.Surface((400, 40))
    r = Rect(0, 0, 120, 23)
    few = w.draw_coins(dest, r, 3)
    many = w.draw_coins(dest, r, 80)
    assert 0 < few.w < many.w <= r.w
