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
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (960, 640), (1920, 1080)])
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


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1280, 800), (960, 640), (1920, 1080)])
def test_messages_never_cover_the_piles_dice_or_seats(players: int, size: tuple[int, int]) -> None:
    """Issue 9: the banner, the reaction bar and toasts live in their own strip."""
    lay = compute_layout(size, players, 0)
    for strip in (lay.banner, lay.reaction_bar):
        for r in (lay.deck, lay.discard, lay.bank, lay.tokens, *lay.dice):
            assert not strip.colliderect(r), (strip, r)
        for area in lay.seats:
            assert not strip.colliderect(area.rect), (strip, area.rect)
    assert not lay.advice.colliderect(lay.log)
    for b in lay.buttons.values():
        assert not lay.advice.colliderect(b)


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_six_cards_in_hand_are_whole(size: tuple[int, int]) -> None:
    """Issue 9: six hand cards at 1280x800 (and 960x640) overlap nowhere, so every
    card's name shows."""
    from noirburg_desktop.table.layout import hand_card_size, hand_slots, split_viewer

    lay = compute_layout(size, 4, 0)
    _board, hand = split_viewer(lay.seats[0].board)
    card = hand_card_size(hand, 6, lay.hand_card)
    rects = hand_slots(hand, card, 6)
    assert card[0] >= 70
    for i, a in enumerate(rects):
        assert hand.contains(a)
        assert not any(a.colliderect(b) for b in rects[i + 1 :])


def test_names_are_whole_at_960x640_with_six_players() -> None:
    """Issue 9: an opponent's name is never cut at the smallest window."""
    lay = compute_layout((960, 640), 6, 0)
    for area in lay.seats:
        num_w = w.text("80", w.coin_diameter(area.header.h), w.INK, bold=True).get_width()
        parts = header_parts(area, True, 0, num_w)
        size = max(12, area.header.h * 3 // 5)
        for name in ("Mehmet", "Zeynep", "Player 6", "İsmail"):
            assert w.text(name, size, bold=True).get_width() <= parts.name.w - 20, name


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (960, 640), (1920, 1080)])
def test_bank_coins_stay_in_the_bank_box(players: int, size: tuple[int, int]) -> None:
    """Issue 14's bug list: the bank's coin row spilled past its box at some sizes."""
    from noirburg_desktop.table.render import bank_coin_row

    lay = compute_layout(size, players, 0)
    row = bank_coin_row(lay.bank)
    assert lay.bank.contains(row), (row, lay.bank)
    dest = pygame.Surface(size)
    for money in range(0, 121):
        covered = w.draw_coins(dest, row, money)
        assert row.contains(covered) or covered.w == 0, (money, covered, row)
