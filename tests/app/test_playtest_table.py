"""Issue #20, the newcomer playtest's table findings: the sidebar after the game
ends, the reason a phase was skipped, and where refusals go."""

from __future__ import annotations

import random

import pytest

import engine
from engine import actions as A
from engine.cards import CARDS, KIND, Kind
from noirburg_desktop.app import App
from noirburg_desktop.table import pacing
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.advice import advice_lines
from noirburg_desktop.table.end_panel import end_lines
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.intents import Source, Target, candidates
from noirburg_desktop.table.layout import hand_slots
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.table.skip_notes import skip_reason
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
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
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
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    c = scene.ctrl
    c.session.state = st  # the position of the seeded game, seen from this table
    why = skip_reason(c.state, seat, skipped)
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
    assert skip_reason(c.state, seat, ["B"]) is None  # only Open cards has hand cards to ask about


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


def _open_cards_turn(app: App) -> TableScene:
    """Seat 0 (human) in phase D (Open cards) with a card it may open."""
    from tests.app.app_helpers import table_at_first_turn

    for seed in range(1, 30):
        scene = table_at_first_turn(app, make_session(players=3, seed=seed, steps=0))
        c = scene.ctrl
        for _ in range(6):
            if not c.my_turn() or any(isinstance(a, A.OpenCard) for a in c.legal()):
                break
            scene._try(A.EndPhase())
            app.step(0.05)
        opens = [a for a in c.legal() if isinstance(a, A.OpenCard)]
        if c.my_turn() and opens and len(c.state.seats[0].hand) >= 3:
            return scene
        app.pop()
    raise AssertionError("no seed gave an Open cards turn")


def test_the_hand_stays_put_while_the_pointer_is_over_it(app: App, drive: Driver) -> None:
    """shot-63: the hand re-fanned after every play, so a press caught the card now
    under the pointer (Poker Night instead of Moonshine Still). While the pointer is
    over the hand its cards keep their places; it re-fans once the pointer leaves."""
    scene = _open_cards_turn(app)
    c = scene.ctrl
    lay = scene.layout
    assert lay is not None
    first = dict(scene.hits.hand_slots)
    drive.point(next(iter(first.values())).center)  # over the hand
    app.step(0.05)
    assert scene.hand_pins == first
    played = next(a for a in c.legal() if isinstance(a, A.OpenCard))
    scene._try(played)
    for _ in range(40):
        app.step(0.05)
    now = scene.hits.hand_slots
    assert played.card not in now and now  # it left the hand; the rest stay put
    assert all(now[cid] == first[cid] for cid in now)
    fresh = hand_slots(scene.hits.hand_area or lay.hand, next(iter(now.values())).size, len(now))
    assert sorted(r.topleft for r in now.values()) != sorted(r.topleft for r in fresh)
    drive.point(lay.log.center)  # the pointer leaves: the hand re-fans
    app.step(0.05)
    assert scene.hand_pins is None
    assert sorted(r.topleft for r in scene.hits.hand_slots.values()) != sorted(
        r.topleft for r in now.values()
    )


def test_poker_night_plays_from_the_middle_only() -> None:
    """shot-63: a Poker Night dropped on the person's own table (meant as Moonshine
    Still) was played. A card that needs no target plays only from the middle; on a
    board or a building it means nothing (the drop bounces back)."""
    st = engine.new_game(engine.GameOptions(players=3, seed=1))
    poker = next(cid for cid in range(len(CARDS)) if KIND[cid] is Kind.POKER_NIGHT)
    bribe = next(cid for cid in range(len(CARDS)) if KIND[cid] is Kind.BRIBE)
    hideout = next(iter(st.seats[0].buildings))
    for card, action in ((poker, A.PlayPokerNight(poker)), (bribe, A.PlayBribe(bribe))):
        src = Source("hand", card)
        assert candidates(st, src, Target("center")) == [(action,)]
        assert candidates(st, src, Target("board", 0)) == []
    assert candidates(st, Source("hand", poker), Target("building", hideout)) == []
