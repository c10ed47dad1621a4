"""Positions in text (engine/notation.py, docs/notation.md): exact round trips, hand-written
positions with defaults, and refusals that name what is wrong."""

from __future__ import annotations

import random

import pytest

from engine import GameOptions, GameState, SaveFormatError, apply, legal_actions, new_game, to_json
from engine.cards import KIND, VALUE, Kind
from engine.notation import card_code
from engine.state import PendingAttack, Window, WindowKind


@pytest.mark.parametrize("seed", range(12))
def test_text_round_trips_exactly_at_every_step(seed: int) -> None:
    """Windows, pending frames, forced dice, the deck order and the countdown included."""
    state = new_game(GameOptions(players=3 + seed % 4, seed=seed, ransom_excess=seed % 3 == 0))
    state.force_dice(*(1 + (seed + k) % 6 for k in range(3)))
    rng = random.Random(seed)
    steps = 0
    while True:
        text = state.to_text()
        again = GameState.from_text(text)
        assert to_json(again) == to_json(state), text
        assert again.to_text() == text
        if state.game_over or steps > 400:
            break
        apply(state, rng.choice(legal_actions(state)))
        steps += 1


def test_repr_shows_the_text() -> None:
    state = new_game(GameOptions(players=3, seed=1))
    assert repr(state) == f'GameState.from_text("""\n{state.to_text()}\n""")'


def test_card_codes_name_kind_value_and_copy() -> None:
    assert [card_code(c) for c in range(3)] == ["Ha", "Hb", "Hc"]
    codes = {card_code(c) for c in range(89)}
    assert len(codes) == 89
    g = next(c for c in range(89) if KIND[c] == Kind.GANGSTER and VALUE[c] == 3)
    assert card_code(g) == "G3a"


def test_hand_written_position_uses_defaults() -> None:
    """Bare codes take free copies; money, turn, deck and box fill themselves in."""
    state = GameState.from_text(
        """
        noir phase=C active=1 dice=3
        0: $6 Ha:G1,G2 ^B3:G2
        1: $4 hand=PO Hb B4:G4
        2: Hc
        """
    )
    assert state.turn == 4 and not state.first_round and state.to_act == 1
    s0 = state.seats[0]
    assert s0.top is not None and VALUE[s0.top] == 3 and s0.load(s0.top) == 2
    assert [VALUE[g] for g in s0.buildings[0]] == [1, 2]
    assert state.seats[2].money == 3 and state.bank == 50 - 13  # R-SETUP-2: 50 in play
    assert state.forced_dice == (3,)
    assert len(state.box) == 3 and all(KIND[c] == Kind.HIDEOUT for c in state.box)
    assert len(state.deck) == 89 - 6 - 7


def test_pending_frames_in_text() -> None:
    state = GameState.from_text(
        """
        noir phase=C active=0 attacked=B2a
        0: $5 Ha B3a
        1: $5 Hb B2a:G1a
        2: $5 Hc
        stack=Attack(0,B2a,G3a+G1b);Window(attack,0)
        """
    )
    attack = state.pending(PendingAttack)
    assert attack is not None and attack.gangsters == (_id("G3a"), _id("G1b"))
    assert not attack.hideout and state.window == Window(WindowKind.ATTACK, 0, (1, 2), 0)
    assert state.to_act == 1


def _id(code: str) -> int:
    return next(c for c in range(89) if card_code(c) == code)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("noir phase=D\n0: Ha\n1: Hb", "2 seats"),
        ("noir phase=D\n" + "\n".join(f"{i}: H" for i in range(7)), "7 seats"),
        ("noir phase=D active=5\n0: Ha\n1: Hb\n2: Hc", "not a seat"),
        ("noir phase=D\n0: Ha trophies=B1\n1: Hb\n2: Hc", "trophy that is not a Hideout"),
        ("noir phase=D\n0: Ha\n1: Hb\n2: Hc\nstack=Attack(0,G1a,-)", "not a building"),
        ("noir phase=D\n0: Ha\n1: Hb\n2: Hc\nstack=Attack(3,Hb,G1a)", "not a seat"),
        ("noir phase=D\n0: Ha\n1: Hb\n2: Hc\nstack=Attack(0,Hb,-)", "without real gangsters"),
        ("noir phase=D\n0: Ha:G1a\n1: Hb hand=G1a\n2: Hc", "named twice"),
        ("noir phase=D\n0: Ha:G4,G4\n1: Hb\n2: Hc", "over capacity"),
        ("noir phase=X\n0: Ha\n1: Hb\n2: Hc", "no phase"),
        ("noir phase=D\n0: Ha hand=Q7\n1: Hb\n2: Hc", "not a card code"),
        ("noir phase=D deck=G1a\n0: Ha\n1: Hb\n2: Hc", "named nowhere"),
        ("phase=D\n0: Ha\n1: Hb\n2: Hc", "begin with"),
        ("noir phase=D bogus=1\n0: Ha\n1: Hb\n2: Hc", "unknown field"),
        ("noir phase=D dice=7\n0: Ha\n1: Hb\n2: Hc", "outside 1-6"),
    ],
)
def test_impossible_or_unreadable_text_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(SaveFormatError, match=reason):
        GameState.from_text(text)


def test_the_documented_example_reads() -> None:
    """docs/notation.md's first example is a real position."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text("utf-8")
    example = doc.split('GameState.from_text("""', 1)[1].split('""")', 1)[0]
    state = GameState.from_text(example)
    assert state.phase.value == "C" and state.to_act == 1 and state.forced_dice == (3,)
    assert GameState.from_text(state.to_text()).to_text() == state.to_text()
