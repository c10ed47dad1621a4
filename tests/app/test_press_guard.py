"""The main button's press guard as a value, without a window (issue 24).

`table/press_guard.py` keeps the guard's clock for the controller; the table tests
(test_main_button_guard.py) check what a guarded press does on screen.
"""

from __future__ import annotations

from engine import Phase
from noirburg_desktop.table import pacing
from noirburg_desktop.table.press_guard import PressGuard


def test_a_new_guard_is_not_armed_and_its_clock_stands() -> None:
    g = PressGuard()
    g.tick(5.0)
    assert not g.active and g.t < 0


def test_armed_it_lasts_its_seconds_then_lapses() -> None:
    g = PressGuard()
    g.arm(pacing.SKIP_GUARD_S)
    assert g.active
    g.tick(pacing.SKIP_GUARD_S - 0.1)
    assert g.active
    g.tick(0.2)
    assert not g.active


def test_a_move_of_their_own_clears_it() -> None:
    g = PressGuard()
    g.arm(pacing.SKIP_GUARD_S)
    g.clear()
    assert not g.active


def test_the_turn_coming_back_after_others_moved_arms_the_skip_guard() -> None:
    g = PressGuard()
    g.after_move(others_moved=True, ended_phase=False, phase=Phase.OPEN)
    assert g.active and g.seconds == pacing.SKIP_GUARD_S


def test_their_own_next_phase_into_phase_G_arms_the_double_press_guard_R_DRAW_1() -> None:
    g = PressGuard()
    g.after_move(others_moved=False, ended_phase=True, phase=Phase.DRAW)
    assert g.active and g.seconds == pacing.DOUBLE_PRESS_S


def test_their_own_other_moves_arm_nothing() -> None:
    g = PressGuard()
    g.after_move(others_moved=False, ended_phase=True, phase=Phase.DISCARD)
    g.after_move(others_moved=False, ended_phase=False, phase=Phase.DRAW)
    assert not g.active
