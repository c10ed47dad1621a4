"""The sidebar warns when someone is close to the money victory (R-END-MONEY-1), with
the engine's own figure (engine.predict.money_victory_need); playtest: a money win
came without any warning."""

from __future__ import annotations

import engine
from engine.predict import money_victory_need
from noirburg_desktop.table.advice import NEAR_MONEY, money_lines
from noirburg_desktop.table.texts import t


def _state(money_victory: bool = True) -> engine.GameState:
    return engine.new_game(engine.GameOptions(players=4, seed=3, money_victory=money_victory))


def _give(state: engine.GameState, seat: int, money: int) -> None:
    moved = money - state.seats[seat].money
    state.bank -= moved  # from the bank: the money in play stays the same
    state.seats[seat].money = money


def test_a_rival_near_the_money_victory_gets_a_warning_and_i_get_a_reminder() -> None:
    st = _state()
    need = money_victory_need(st)
    assert need is not None
    names = ["Ada", "Bo", "Cem", "Dil"]
    assert money_lines(st, 0, names) == []  # nobody near at the start
    _give(st, 2, need - 1)
    _give(st, 0, int(NEAR_MONEY * need) + 1)
    lines = money_lines(st, 0, names)
    assert (t("table.money.near", who="Cem", need=need, money=need - 1), "warn") in lines
    mine = t("table.money.near_me", need=need, money=int(NEAR_MONEY * need) + 1)
    assert (mine, "info") in lines
    assert len(lines) == 2


def test_no_money_lines_when_the_money_victory_is_off() -> None:
    st = _state(money_victory=False)
    _give(st, 1, 40)
    assert money_lines(st, 0, ["A", "B", "C", "D"]) == []


def test_the_advice_box_never_cuts_a_warning_off() -> None:
    """The sidebar box shrinks its text, then drops the last info lines, so that a
    warning always shows whole (playtest: the money warning fell below the box)."""
    import pygame

    from noirburg_desktop.table.render import advice_fit

    pygame.font.init()
    box = pygame.Rect(0, 0, 240, 130)
    how = ("Drag cards from your hand onto your table to open them (cost = value - 1)", "how")
    info = ("Your Hideout: defence 6 vs Player 3's 9. Ransom 1-6, you have 15.", "info")
    preview = ("Attack preview: Gangster 3 + Gangster 2 vs Speakeasy (3) → destroyed", "info")
    warn = (t("table.money.near", who="Player 3", need=26, money=24), "warn")
    size, wrapped = advice_fit(box, (how, preview, info, warn))
    height = 5 + sum(len(parts) * (size + 4) + 2 for parts, _ in wrapped)
    assert height <= box.h - 2
    tones = [tone for _, tone in wrapped]
    assert "warn" in tones and "how" in tones
    assert " ".join(next(p for p, tone in wrapped if tone == "warn")) == warn[0]
    roomy = pygame.Rect(0, 0, 240, 400)
    assert len(advice_fit(roomy, (how, preview, info, warn))[1]) == 4  # nothing dropped
