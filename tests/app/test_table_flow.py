"""The table's flow decisions without a window (issue 24: a pygame-free table flow).

`table/flow.py` answers whose turn the table shows and whether the holder may act,
what the main button says (and why "Next phase" is blocked), whether Undo may and
what the lone human is asked in a reaction window, each from a frozen snapshot of
plain values. These tests build the snapshots by hand: no pygame, no display, and
one checks that importing the module does not pull pygame in.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from engine import Phase
from engine.cards import Kind
from engine.threats import Threat
from noirburg_desktop.table.flow import (
    AskFacts,
    ButtonFace,
    ButtonFacts,
    Status,
    TurnFacts,
    UndoFacts,
    blocked_reason,
    button_face,
    may_act,
    may_undo,
    question,
    turn_status,
)
from noirburg_desktop.table.prompting import Ask

# Seat 0's own phase D, nothing covering the table: seat 0 may act.
OWN = TurnFacts(
    phase=Phase.OPEN,
    active=0,
    to_act=0,
    to_act_human=True,
    holder=0,
    covered=False,
    history_blocked=False,
    window=False,
    claimant=None,
    bars_pending=False,
)


def _never_asked() -> str:
    raise AssertionError("the engine's refusal was asked although it does not matter")


def _never_asked_ends() -> bool:
    raise AssertionError("the engine was asked where Next phase leads although it does not matter")


MAIN = ButtonFacts(
    game_over=False,
    my_turn=True,
    window=False,
    answer_left=None,
    claimant_asked=False,
    phase=Phase.OPEN,
    attacking=False,
    free_draw=False,
    end_refusal=_never_asked,
    ends_turn=_never_asked_ends,
)
NEXT_OK = replace(MAIN, end_refusal=lambda: "", ends_turn=lambda: False)
HIDDEN_LEFT = "Place your HIDDEN gangster first (R-MOVE-2)"


# --- whose turn ----------------------------------------------------------------------
def test_status_names_the_active_seat_in_a_turn_even_when_a_window_asks_another() -> None:
    assert turn_status(OWN) == Status("table.turn_of", 0)
    asked_elsewhere = replace(OWN, window=True, to_act=2)
    assert turn_status(asked_elsewhere) == Status("table.turn_of", 0)


def test_status_names_who_decides_the_opening_swap_R_SETUP_7() -> None:
    swap = replace(OWN, phase=Phase.MULLIGAN, active=0, to_act=3)
    assert turn_status(swap) == Status("table.to_decide", 3)


def test_status_at_game_over_names_nobody() -> None:
    assert turn_status(replace(OWN, phase=Phase.GAME_OVER)) == Status("table.game_over", None)


def test_the_holder_asked_on_their_own_turn_may_act() -> None:
    assert may_act(OWN)


@pytest.mark.parametrize(
    "change",
    [
        {"to_act": None},  # the engine asks nobody (game over, between steps)
        {"covered": True},  # a hand-off screen or a private note is up
        {"holder": 1},  # the device is in another person's hands
        {"holder": None},  # nobody holds it yet
        {"history_blocked": True},  # the saved history does not replay
        {"to_act_human": False},  # an AI seat decides
        {"bars_pending": True},  # a claim bar still runs on the shared screen
    ],
)
def test_nobody_may_act_when(change: dict[str, object]) -> None:
    assert not may_act(replace(OWN, **change))  # type: ignore[arg-type]


def test_in_a_window_only_the_claimant_asked_may_act() -> None:
    window = replace(OWN, window=True, bars_pending=True)  # a bar does not stop a claimant
    assert may_act(replace(window, claimant=0))
    assert not may_act(replace(window, claimant=None))
    assert not may_act(replace(window, claimant=1))


# --- the main button -----------------------------------------------------------------
def test_game_over_button_opens_the_results_whoever_moves() -> None:
    over = replace(MAIN, game_over=True, my_turn=False, phase=Phase.GAME_OVER)
    assert button_face(over) == ButtonFace("table.end_results")


def test_not_my_turn_the_button_waits_and_cannot_be_pressed() -> None:
    assert button_face(replace(MAIN, my_turn=False)) == ButtonFace("table.waiting", False)


def test_in_a_window_the_button_passes() -> None:
    assert button_face(replace(MAIN, window=True)) == ButtonFace("table.pass")


def test_a_timed_answer_counts_its_seconds_down_rounded_up_never_below_one() -> None:
    timed = replace(MAIN, window=True, claimant_asked=True)
    assert button_face(replace(timed, answer_left=3.2)) == ButtonFace("table.pass_in", seconds=4)
    assert button_face(replace(timed, answer_left=0.01)).seconds == 1
    assert button_face(replace(timed, answer_left=-0.5)).seconds == 1
    # a clock for a seat the engine does not ask (yet) is not shown
    assert button_face(replace(timed, answer_left=3.2, claimant_asked=False)).key == "table.pass"


def test_the_opening_swap_button_keeps_the_hand_R_SETUP_7() -> None:
    assert button_face(replace(MAIN, phase=Phase.MULLIGAN)) == ButtonFace("table.keep_hand")


def test_an_attack_being_assembled_is_launched() -> None:
    assert button_face(replace(MAIN, attacking=True)) == ButtonFace("table.launch")


def test_phase_G_draws_the_free_card_or_ends_the_turn_R_DRAW_1() -> None:
    draw = replace(MAIN, phase=Phase.DRAW)
    assert button_face(replace(draw, free_draw=True)) == ButtonFace("table.draw_free_end")
    assert button_face(draw) == ButtonFace("table.end_turn")


def test_next_phase_is_enabled_when_the_engine_accepts_it() -> None:
    assert button_face(NEXT_OK) == ButtonFace("table.next")


def test_next_phase_that_hands_the_turn_on_says_end_turn_R_DRAW_1() -> None:
    """pt4/pt5 (check a): in phase F with nothing to draw in G the button said "Next
    phase" and the press ended the turn. The engine says where the press leads."""
    ends = replace(NEXT_OK, phase=Phase.DISCARD, ends_turn=lambda: True)
    assert button_face(ends) == ButtonFace("table.end_turn")
    assert button_face(replace(ends, ends_turn=lambda: False)) == ButtonFace("table.next")


def test_a_blocked_next_phase_never_asks_where_it_leads() -> None:
    blocked = replace(MAIN, end_refusal=lambda: HIDDEN_LEFT)  # `_never_asked_ends` raises
    assert button_face(blocked) == ButtonFace("table.next", enabled=False, blocked=HIDDEN_LEFT)


def test_next_phase_is_blocked_with_the_engines_reason_R_MOVE_2() -> None:
    blocked = replace(MAIN, end_refusal=lambda: HIDDEN_LEFT)
    assert button_face(blocked) == ButtonFace("table.next", enabled=False, blocked=HIDDEN_LEFT)
    assert blocked_reason(blocked) == HIDDEN_LEFT


@pytest.mark.parametrize(
    "change",
    [
        {"my_turn": False},
        {"window": True},
        {"attacking": True},
        {"phase": Phase.MULLIGAN},
        {"phase": Phase.DRAW},
        {"phase": Phase.GAME_OVER},
    ],
)
def test_the_engine_is_not_asked_when_the_button_means_something_else(
    change: dict[str, object],
) -> None:
    facts = replace(MAIN, **change)  # type: ignore[arg-type]
    assert blocked_reason(facts) == ""  # `_never_asked` would raise
    assert button_face(facts).blocked == ""


# --- undo ----------------------------------------------------------------------------
def test_undo_needs_a_kept_point_and_the_players_move() -> None:
    assert may_undo(UndoFacts(points=2, my_turn=True))
    assert not may_undo(UndoFacts(points=0, my_turn=True))  # a barrier (dice, a draw)
    assert not may_undo(UndoFacts(points=2, my_turn=False))


# --- what the lone human is asked ----------------------------------------------------
THREAT = Threat(kind="attack", seat=0, by=1, target=5, answer=Kind.POLICE)
POLICY = AskFacts(held=False, lesson=None, passing_turn=False, policy=lambda: Ask("threat"))


def test_held_waits_for_them_whatever_else_says() -> None:
    def lesson() -> bool:
        raise AssertionError("the lesson is not asked when the player holds the table")

    held = replace(POLICY, held=True, lesson=lesson, passing_turn=True)
    assert question(held) == Ask("held")


def test_the_lesson_decides_for_itself_whatever_the_settings() -> None:
    def policy() -> Ask | None:
        raise AssertionError("the Settings are not asked in the lesson")

    assert question(replace(POLICY, lesson=lambda: True, policy=policy)) == Ask("lesson")
    assert question(replace(POLICY, lesson=lambda: False, policy=policy)) is None


def test_shift_space_passes_for_the_rest_of_the_turn() -> None:
    assert question(replace(POLICY, passing_turn=True)) is None


def test_otherwise_the_settings_policy_asks_or_passes_R_REACT_1() -> None:
    asked = Ask("threat", THREAT)
    assert question(replace(POLICY, policy=lambda: asked)) is asked
    assert question(replace(POLICY, policy=lambda: None)) is None


def test_importing_the_flow_does_not_start_pygame() -> None:
    code = (
        "import sys, noirburg_desktop.table.flow\n"
        "assert 'pygame' not in sys.modules, 'table.flow pulled in pygame'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
