"""pt5 newcomer playtest, check (a): in phase F with nothing to draw in phase G the
main button said "Next phase", and the press ended the turn (shot-103 → shot-104: the
engine skips an empty phase G, R-DRAW-1). The button now says "End turn" whenever the
engine, asked on a copy, hands the turn on; elsewhere it still says "Next phase"."""

from __future__ import annotations

import engine
from engine import Phase
from engine.actions import EndPhase, OpenCard
from engine.cards import KIND, Kind
from noirburg_desktop.app import App
from noirburg_desktop.table.advice import advice_lines, first_business_on_hideout
from noirburg_desktop.table.main_button import CHANGE_GUARD_S
from noirburg_desktop.table.texts import t
from tests.app.app_helpers import own_turn_at, settled_table
from tests.app.conftest import Driver


def _hands_on(st: engine.GameState) -> bool:
    """The engine's own answer: "Next phase" here starts another seat's turn."""
    after = st.clone()
    engine.apply(after, EndPhase())
    return after.phase is Phase.GAME_OVER or after.active != st.active


def test_phase_F_with_a_full_hand_says_end_turn_and_ends_it(app: App, drive: Driver) -> None:
    session = own_turn_at(lambda st: st.phase is Phase.DISCARD and len(st.seats[0].hand) >= 6)
    assert _hands_on(session.state)  # nothing to draw in G (R-DRAW-1): the turn passes
    scene = settled_table(app, drive, session)
    ctrl = scene.ctrl
    assert ctrl.next_label() == (t("table.end_turn"), True)
    assert scene.model().next_label == t("table.end_turn")  # what is drawn
    assert (t("table.how.F_end"), "how") in advice_lines(ctrl)  # the panel agrees
    turn = session.state.turn
    lay = scene.layout
    assert lay is not None
    drive.frames(int(CHANGE_GUARD_S * 60) + 5)
    drive.click(lay.buttons["next"])
    assert session.state.turn != turn or session.state.active != 0  # what it said


def test_phase_F_with_room_to_draw_still_says_next_phase(app: App, drive: Driver) -> None:
    session = own_turn_at(lambda st: st.phase is Phase.DISCARD and 0 < len(st.seats[0].hand) < 5)
    assert not _hands_on(session.state)  # phase G offers a draw
    scene = settled_table(app, drive, session)
    assert scene.ctrl.next_label() == (t("table.next"), True)
    assert (t("table.how.F"), "how") in advice_lines(scene.ctrl)


def test_the_first_business_is_pointed_at_the_hideout_R_OPEN_4(app: App, drive: Driver) -> None:
    """pt5 shot-05: the newcomer's very first drop (a Speakeasy onto the empty table)
    was refused with R-OPEN-4. While every Business the engine lets them open must go
    onto their Hideout, the panel says so before the first drop."""
    session = own_turn_at(
        lambda st: (
            st.phase is Phase.OPEN
            and not any(b != st.seats[0].hideout for b in st.seats[0].buildings)
            and any(
                isinstance(a, OpenCard) and KIND[a.card] is Kind.BUSINESS
                for a in engine.legal_actions(st)
            )
        )
    )
    scene = settled_table(app, drive, session)
    lines = advice_lines(scene.ctrl)
    assert (t("table.how.D_first"), "how") in lines
    hideout = session.state.seats[0].hideout
    first = next(
        a
        for a in engine.legal_actions(session.state)
        if isinstance(a, OpenCard) and KIND[a.card] is Kind.BUSINESS
    )
    assert first.on == hideout  # what the line says is what the engine allows
    session.apply(first)  # once a Business stands, the next may stand alone (I-OPEN-FIRST)
    assert not first_business_on_hideout(session.state, engine.legal_actions(session.state))
    assert (t("table.how.D_first"), "how") not in advice_lines(scene.ctrl)
