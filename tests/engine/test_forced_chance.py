"""Forced dice and a stacked deck (tests and scripted games: "the next rolls
are 3, 5"): they replace chance exactly, travel with the state, and leave
ordinary games and saves unchanged (I-DICE, R-DRAW-1)."""

from __future__ import annotations

import pytest

from engine import GameOptions, from_json, new_game, to_json
from engine.validate import load_state


def test_forced_rolls_come_first_then_the_generator_resumes() -> None:
    g = new_game(GameOptions(players=3, seed=7))
    free = g.clone()
    g.force_dice(3, 5)
    assert [g.roll(), g.roll()] == [3, 5]
    assert g.forced_dice == ()
    assert g.roll() == free.roll()  # forced rolls do not consume the generator


def test_forced_rolls_are_validated() -> None:
    g = new_game(GameOptions(players=3, seed=1))
    for bad in (0, 7, 3.0, True):
        with pytest.raises(ValueError):
            g.force_dice(bad)  # type: ignore[arg-type]  # the check under test
    assert g.forced_dice == ()


def test_forced_rolls_survive_clone_and_save() -> None:
    g = new_game(GameOptions(players=4, seed=2))
    g.force_dice(6, 1)
    assert g.clone().forced_dice == (6, 1)
    data = to_json(g)
    assert data["forced_dice"] == [6, 1]
    assert load_state(data).forced_dice == (6, 1)
    assert from_json(data) == g


def test_ordinary_saves_have_no_forced_dice_field() -> None:
    assert "forced_dice" not in to_json(new_game(GameOptions(players=3, seed=1)))


def test_damaged_forced_dice_are_refused() -> None:
    from engine import SaveFormatError

    g = new_game(GameOptions(players=3, seed=1))
    data = to_json(g)
    data["forced_dice"] = [9]
    with pytest.raises(SaveFormatError):
        load_state(data)


def test_stack_deck_puts_cards_on_top_in_order() -> None:
    g = new_game(GameOptions(players=3, seed=4))
    a, b = g.deck[0], g.deck[1]  # the two at the bottom
    size = len(g.deck)
    g.stack_deck(a, b)
    assert g.deck[-1] == a and g.deck[-2] == b and len(g.deck) == size
    with pytest.raises(ValueError):
        g.stack_deck(g.seats[0].hand[0])  # not in the deck


def test_a_seat_view_hides_the_forced_rolls() -> None:
    from engine import view

    g = new_game(GameOptions(players=3, seed=3))
    g.force_dice(2, 2)
    assert view(g, 0).forced_dice == ()
