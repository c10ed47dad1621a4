"""Issue #20, the newcomer playtest's table findings: the sidebar after the game
ends, the reason a phase was skipped, and where refusals go."""

from __future__ import annotations

import random

import pytest

import engine
from noirburg_desktop.app import App
from noirburg_desktop.table import pacing
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.advice import advice_lines
from noirburg_desktop.table.end_panel import end_lines
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.table.texts import t
from noirburg_desktop.words import i18n, strings
from noirburg_desktop.words.wording import refusal_text
from tests.app.app_helpers import finished_session, make_session
from tests.app.conftest import Driver


def test_after_game_over_the_sidebar_says_so_and_the_button_opens_the_results(
    app: App, drive: Driver
) -> None:
    """shot-68: "Hideout in danger…", "Money victory…" and a dead "Waiting…" stayed
    beside the Game over panel."""
    from noirburg_desktop.scenes.results import ResultsScene

    session = finished_session()
    assert session.state.phase is engine.Phase.GAME_OVER
    app.push(TableScene(), {"session": session, "threaded_ai": False})
    scene = app.scene
    assert isinstance(scene, TableScene)
    app.step(1 / 60)
    c = scene.ctrl
    names = [c.name(i) for i in range(c.n)]
    who, how = end_lines(c.state, names)
    lines = advice_lines(c)
    assert lines[0] == (t("table.over_side", who=who), "how")
    assert lines[1:] == (((how, "info"),) if how else ())  # no danger, no money line
    assert c.next_label() == (t("table.end_results"), True)
    lay = scene.layout
    assert lay is not None
    for _ in range(600):
        if scene.end.shown:
            break
        app.step(1 / 60)
    drive.click(lay.buttons["next"])  # the sidebar's button, not the panel's
    app.step(1 / 60)
    assert isinstance(app.scene, ResultsScene)


def _skip_of_open_cards() -> tuple[engine.GameState, int, list[str]]:
    """A seeded random game up to the move after which the engine skipped phase D
    (Open cards) for a seat still holding a card."""
    st = engine.new_game(engine.GameOptions(players=4, seed=1))
    rng = random.Random(1)
    while st.phase is not engine.Phase.GAME_OVER:
        seat = st.to_act
        assert seat is not None  # the game is not over yet
        events = engine.apply(st, rng.choice(engine.legal_actions(st)))
        skipped = pacing.skipped_phases(events, seat)
        if "D" in skipped and st.active == seat and st.seats[seat].hand:
            return st, seat, skipped
    raise AssertionError("no skipped phase D in this seeded game")


def test_a_skipped_open_cards_says_the_engines_reason(app: App) -> None:
    """shot-16: "Skipped Open cards: nothing to do there" with 6 coins and 3 gangsters
    in hand; the reason (no room, R-GANG-3) was never given. The table now asks the
    engine (card_refusal) about the hand, in the phase that was skipped."""
    st, seat, skipped = _skip_of_open_cards()
    session = make_session(players=4, steps=0)
    app.push(TableScene(), {"session": session, "threaded_ai": False})
    scene = app.scene
    assert isinstance(scene, TableScene)
    c = scene.ctrl
    c.session.state = st  # the position of the seeded game, seen from this table
    why = c.skip_reason(seat, skipped)
    assert why is not None and why.rule
    then = st.clone()
    then.phase = engine.Phase.OPEN
    assert any(
        (e := engine.card_refusal(then, seat, card)) is not None and e.rule == why.rule
        for card in st.seats[seat].hand
    )
    c._note_skips([engine.Event("phase", seat, tag=p) for p in [*skipped, "F"]], seat, None)
    names = ", ".join(t(f"table.phase.{p}") for p in skipped)
    assert c.toast == t("table.skipped_why", phases=names, why=refusal_text(why))
    assert why.rule in c.toast
    assert c.skip_reason(seat, ["B"]) is None  # only Open cards has hand cards to ask about


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_log_turn_header_never_leaves_its_dash_alone(app: App, lang: str) -> None:
    """shot-61: "— Player 1's turn (round 10) —" wrapped with a lone "—" on the first
    line. The wrap keeps a dash with the word after it (before it, at the end)."""
    strings.set_language(lang)
    try:
        header = i18n.gettext("— {who}'s turn (round {round}) —").format(who="İsmail", round=10)
        for width in range(30, 400, 7):
            lines = w.wrap(header, 13, width)
            assert " ".join(lines) == header  # nothing lost, nothing added
            assert all(line not in w.DASHES for line in lines), (width, lines)
            assert lines[0].startswith("— ") and len(lines[0]) > 2  # a word follows
    finally:
        strings.set_language("en")
