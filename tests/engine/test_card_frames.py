"""The card frames (engine.state.PendingCard: a Turncoat or a Poker Night waiting for
answers, I-REACT-WINDOW (b)) and the yes/no house rules (engine.HOUSE_RULES) are
written and read back from what each declares (a card's form in
engine.cards.FRAME_FORMS): the state, the codec, the position text and validation
name neither (issue 24: one place per card kind)."""

from __future__ import annotations

import json
import random
from dataclasses import fields
from pathlib import Path

import pytest

from engine import HOUSE_RULES, GameOptions, GameState, apply, legal_actions, new_game
from engine.cards import FRAME_FORMS, Kind
from engine.codec import to_json
from engine.families import RESOLVERS
from engine.notation import from_text, to_text
from engine.state import PendingCard
from engine.validate import from_json, validate_state

DATA = Path(__file__).parent / "data"


def _is(frame: object, kind: Kind) -> bool:
    return isinstance(frame, PendingCard) and frame.kind is kind


def _with_frame(kind: Kind, house: dict[str, bool]) -> GameState:
    """A game played at random until a `kind` card's frame waits on the stack."""
    for seed in range(60):
        rng = random.Random(seed)
        state = new_game(GameOptions(players=4, seed=seed, **house))
        for _ in range(600):
            if any(_is(f, kind) for f in state.stack):
                return state
            if state.game_over:
                break
            apply(state, rng.choice(legal_actions(state)))
    raise AssertionError(f"no {kind.name} frame in 60 random games")


def test_every_card_frame_has_its_form() -> None:
    """The kinds whose family resolves a PendingCard are the kinds with a form."""
    assert (
        {k for k in RESOLVERS if isinstance(k, Kind)}
        == set(FRAME_FORMS)
        == {
            Kind.TURNCOAT,
            Kind.POKER_NIGHT,
        }
    )
    assert (
        len({f.tag for f in FRAME_FORMS.values()})
        == len({f.name for f in FRAME_FORMS.values()})
        == len(FRAME_FORMS)
    )


@pytest.mark.parametrize("kind", sorted(FRAME_FORMS))
def test_a_card_frame_round_trips_through_saves_and_text(kind: Kind) -> None:
    house = {r.field: not r.default for r in HOUSE_RULES}  # every flag written
    state = _with_frame(kind, house)
    (frame,) = [f for f in state.stack if _is(f, kind)]
    assert isinstance(frame, PendingCard)
    form = FRAME_FORMS[frame.kind]
    assert len(frame.args) == len(form.fields)
    assert (frame.target is None) == (form.target is None)
    assert PendingCard.of(kind, frame.args) == frame
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
    state = _with_frame(Kind.POKER_NIGHT, {})
    i = next(k for k, f in enumerate(state.stack) if _is(f, Kind.POKER_NIGHT))
    frame = state.stack[i]
    assert isinstance(frame, PendingCard)
    state.stack[i] = PendingCard(Kind.POKER_NIGHT, 9, frame.card)
    assert "a Poker Night played by a seat that does not exist" in validate_state(state)


def test_a_turncoat_aimed_at_a_business_is_a_problem() -> None:
    state = _with_frame(Kind.TURNCOAT, {})
    i = next(k for k, f in enumerate(state.stack) if _is(f, Kind.TURNCOAT))
    frame = state.stack[i]
    assert isinstance(frame, PendingCard)
    business = next(iter(state.seats[frame.player].buildings))  # the Hideout: not a gangster
    state.stack[i] = PendingCard(Kind.TURNCOAT, frame.player, frame.card, business)
    assert "a Turncoat aimed at a card that is not a gangster" in validate_state(state)


@pytest.mark.parametrize("tag", ["poker", "turncoat"])
def test_a_saved_card_frame_reads_and_writes_back_byte_for_byte(tag: str) -> None:
    """States with a Poker Night's and a Turncoat's frame waiting, written by the
    engine before the one PendingCard frame (782d7fd, data/README.md): the JSON and
    the position text come back unchanged, so old saves and old texts still load."""
    written = (DATA / f"v2-{tag}_frame.json").read_text(encoding="utf-8")
    text = (DATA / f"v2-{tag}_frame.txt").read_text(encoding="utf-8").strip()
    saved = json.loads(written)
    assert any(f["frame"] == tag for f in saved["stack"])
    state = from_json(saved)
    assert any(isinstance(f, PendingCard) for f in state.stack)
    assert json.dumps(to_json(state), indent=1) + "\n" == written
    assert to_text(state) == text
    assert to_json(from_text(text)) == saved
