"""The card frames (engine.state.CARD_FRAMES: a Turncoat or a Poker Night waiting for
answers, I-REACT-WINDOW (b)) and the yes/no house rules (engine.HOUSE_RULES) are
written and read back from what each declares: the codec, the position text and
validation name neither (issue 24: one place per card kind)."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from engine import HOUSE_RULES, GameOptions, GameState, apply, legal_actions, new_game
from engine.codec import to_json
from engine.notation import from_text, to_text
from engine.state import CARD_FRAMES, FRAME_FORMS, PendingPoker, PendingTurncoat
from engine.validate import from_json, validate_state


def _with_frame(kind: type[object], house: dict[str, bool]) -> GameState:
    """A game played at random until a `kind` frame waits on the stack."""
    for seed in range(60):
        rng = random.Random(seed)
        state = new_game(GameOptions(players=4, seed=seed, **house))
        for _ in range(600):
            if any(type(f) is kind for f in state.stack):
                return state
            if state.game_over:
                break
            apply(state, rng.choice(legal_actions(state)))
    raise AssertionError(f"no {kind.__name__} in 60 random games")


def test_every_card_frame_has_its_form() -> None:
    assert set(FRAME_FORMS) == set(CARD_FRAMES)
    assert (
        len({f.tag for f in FRAME_FORMS.values()})
        == len({f.name for f in FRAME_FORMS.values()})
        == len(CARD_FRAMES)
    )


@pytest.mark.parametrize("kind", CARD_FRAMES)
def test_a_card_frame_round_trips_through_saves_and_text(kind: type[object]) -> None:
    house = {r.field: not r.default for r in HOUSE_RULES}  # every flag written
    state = _with_frame(kind, house)
    (frame,) = [f for f in state.stack if type(f) is kind]
    assert isinstance(frame, CARD_FRAMES)
    form = FRAME_FORMS[type(frame)]
    assert [f.name for f in fields(frame)] == list(form.fields)
    assert frame.of(frame.args) == frame
    saved = to_json(state)
    (written,) = [f for f in saved["stack"] if f["frame"] == form.tag]
    assert written == {"frame": form.tag, **dict(zip(form.fields, frame.args, strict=True))}
    assert to_json(from_json(saved)) == saved
    text = to_text(state)
    assert f"{form.name}({frame.player}," in text
    assert to_json(from_text(text)) == saved
    for r in HOUSE_RULES:
        assert r.flag in text.split()


def test_house_rules_are_the_options_yes_no_fields() -> None:
    bools = [f.name for f in fields(GameOptions) if f.type in ("bool", bool)]
    assert [r.field for r in HOUSE_RULES] == bools
    assert all(getattr(GameOptions(), r.field) == r.default for r in HOUSE_RULES)


def test_a_card_frame_by_a_missing_seat_is_a_problem() -> None:
    state = _with_frame(PendingPoker, {})
    i = next(k for k, f in enumerate(state.stack) if isinstance(f, PendingPoker))
    frame = state.stack[i]
    assert isinstance(frame, PendingPoker)
    state.stack[i] = PendingPoker(9, frame.card)
    assert "a Poker Night played by a seat that does not exist" in validate_state(state)


def test_a_turncoat_aimed_at_a_business_is_a_problem() -> None:
    state = _with_frame(PendingTurncoat, {})
    i = next(k for k, f in enumerate(state.stack) if isinstance(f, PendingTurncoat))
    frame = state.stack[i]
    assert isinstance(frame, PendingTurncoat)
    business = next(iter(state.seats[frame.player].buildings))  # the Hideout: not a gangster
    state.stack[i] = PendingTurncoat(frame.player, frame.card, business)
    assert "a Turncoat aimed at a card that is not a gangster" in validate_state(state)
