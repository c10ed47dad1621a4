"""The main button's decision and Undo's eligibility, without a window (issue 24).

`table/button_flow.py` is a pure function of plain values; these tests never start
pygame, and one checks that importing the module does not either.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

from engine import GameOptions, Phase, legal_actions, new_game
from engine.actions import Draw, EndPhase, LaunchAttack, Mulligan, Pass
from noirburg_desktop.table.button_flow import (
    ButtonState,
    HoldBar,
    Idle,
    Play,
    SkippedPhase,
    ToResults,
    main_intent,
)
from noirburg_desktop.table.flow import UndoFacts, may_undo

MAIN = ButtonState(
    game_over=False,
    my_turn=True,
    bar_waits=False,
    window=False,
    phase=Phase.OPEN,  # phase D: nothing special under way
    attacking=False,
    guard=False,
    free_draw=None,
    tab_action=None,
    selected=frozenset(),
)


def test_game_over_opens_the_results_whoever_moves() -> None:
    assert main_intent(replace(MAIN, game_over=True, my_turn=False)) == ToResults()


def test_not_my_move_holds_a_waiting_bar_or_does_nothing() -> None:
    assert main_intent(replace(MAIN, my_turn=False, bar_waits=True)) == HoldBar()
    assert main_intent(replace(MAIN, my_turn=False)) == Idle()


def test_tab_pick_wins_then_window_mulligan_attack_in_that_order() -> None:
    picked = Draw(2)
    every = replace(MAIN, window=True, phase=Phase.MULLIGAN, attacking=True, guard=True)
    assert main_intent(replace(every, tab_action=picked)) == Play(picked)
    assert main_intent(every) == Play(Pass())  # a reaction window: Pass answers it
    assert main_intent(replace(every, window=False, selected=frozenset({9, 4}))) == Play(
        Mulligan((4, 9))  # R-SETUP-7: the picked opening cards, in order
    )
    no_mull = replace(every, window=False, phase=Phase.ATTACK)
    assert main_intent(no_mull) == Play(LaunchAttack())


def test_guard_then_free_draw_then_end_phase() -> None:
    free = Draw(1)
    assert main_intent(replace(MAIN, guard=True, free_draw=free)) == SkippedPhase()
    assert main_intent(replace(MAIN, free_draw=free)) == Play(free)  # R-DRAW-1
    assert main_intent(MAIN) == Play(EndPhase())


def test_a_new_games_main_button_is_a_legal_keep() -> None:
    state = new_game(GameOptions(players=3, seed=1))
    assert state.phase is Phase.MULLIGAN
    intent = main_intent(replace(MAIN, phase=state.phase))
    assert isinstance(intent, Play)
    assert intent.action in legal_actions(state)  # keep the hand: swap nothing


def test_undo_only_on_my_move_with_a_point_kept() -> None:
    assert may_undo(UndoFacts(points=2, my_turn=True))
    assert not may_undo(UndoFacts(points=0, my_turn=True))
    assert not may_undo(UndoFacts(points=2, my_turn=False))


def test_the_flow_imports_no_pygame() -> None:
    code = (
        "import sys, noirburg_desktop.table.button_flow\n"
        "assert 'pygame' not in sys.modules, 'button_flow pulled in pygame'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
