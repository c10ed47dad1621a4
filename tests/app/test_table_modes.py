"""The table's own state as explicit modes (issue 8), through the real App.

Regressions: Tab outlining Hideout #2 for `Draw(2)`; a lone human asked to react
while the story still played who saw a disabled "Waiting…" button and the "Watch"
advice although the table waited for them; an "always ask" poll that passed for
the human it had just asked.
"""

from __future__ import annotations

import random

import pygame
import pytest

from engine import actions as A
from engine.state import Phase
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table import scene as scene_module
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.handoff import Handoff
from noirburg_desktop.table.intents import action_cards
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.modes import (
    Answering,
    HandingOff,
    Noting,
    Polling,
    Watching,
    after_action,
    answering,
    poll_queue,
)
from noirburg_desktop.table.render import HitMap, TableModel, render_static
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.table.texts import t
from tests.app.conftest import Driver
from tests.app.test_table_pacing import play_until, solo
from tests.app.test_table_play import Gestures, choose


@pytest.fixture(autouse=True)
def _fast_frames(no_sleep_clock: None) -> None:
    """Every test here passes dt itself."""


def test_tab_outlines_the_draw_button_never_a_card_with_the_draw_count_as_id(
    app: App, drive: Driver
) -> None:
    """Tab to `Draw(2)`: the outline is the sidebar's "2" button (it used to be
    whatever card has id 2, Hideout #2), and Enter draws two."""
    app.settings.ai_speed = "instant"
    app.push(TableScene(), TableEntry(solo(seed=2), threaded_ai=False))
    g = Gestures(app, drive)
    ctrl = g.scene.ctrl

    def drawing() -> bool:
        legal = ctrl.legal() if ctrl.my_turn() else []
        return ctrl.state.phase is Phase.DRAW and A.Draw(2) in legal

    play_until(app, g, drawing, random.Random(4))
    scene = g.scene
    for _ in range(len(ctrl.legal()) + 1):
        drive.key(pygame.K_TAB)
        if scene.kb_action == A.Draw(2):
            break
    assert scene.kb_action == A.Draw(2)
    lay = scene.layout
    assert lay is not None
    assert action_cards(A.Draw(2)) == ()
    shown = scene.action_rects(A.Draw(2))
    assert shown == [lay.draw_buttons[1]]
    hideout_2 = scene.hits.rect_of(2)
    assert hideout_2 is None or hideout_2 not in shown


@pytest.mark.parametrize(
    ("lang", "start", "end", "log_like"),
    [
        ("en", "Draw 2 cards (", ") — Enter", "draws"),
        ("tr", "2 kart çek (", ") — Enter", "çekiyor"),
    ],
)
def test_the_tab_toast_says_the_move_to_the_player_not_as_a_log_line(
    app: App, drive: Driver, lang: str, start: str, end: str, log_like: str
) -> None:
    """Seen under Xvfb in Turkish: Tab's toast read "desteden 4 kart çekiyor (3 para)
    (Enter)", a log line about someone else; it now addresses the player, as the Hint
    does ("4 kart çek (3 para) — Enter"), through the catalogue."""
    from noirburg_desktop.words import strings

    strings.set_language(lang)
    try:
        app.settings.ai_speed = "instant"
        app.push(TableScene(), TableEntry(solo(seed=2), threaded_ai=False))
        g = Gestures(app, drive)
        ctrl = g.scene.ctrl

        def drawing() -> bool:
            legal = ctrl.legal() if ctrl.my_turn() else []
            return ctrl.state.phase is Phase.DRAW and A.Draw(2) in legal

        play_until(app, g, drawing, random.Random(4))
        scene = g.scene
        for _ in range(len(ctrl.legal()) + 1):
            drive.key(pygame.K_TAB)
            if scene.kb_action == A.Draw(2):
                break
        assert scene.kb_action == A.Draw(2)
        toast = ctrl.toast
        assert toast.startswith(start) and toast.endswith(end), toast
        assert log_like not in toast and "(Enter)" not in toast, toast
    finally:
        strings.set_language("en")
    n = len(ctrl.session.actions)
    drive.key(pygame.K_RETURN)
    assert ctrl.session.actions[n] == {"type": "Draw", "count": 2}


def test_action_cards_name_cards_only() -> None:
    assert action_cards(A.MoveGangster(40, 12)) == (40, 12)
    assert action_cards(A.OpenCard(50, None)) == (50,)
    assert action_cards(A.PlayDriveBy((90, 91), 12)) == (90, 91, 12)
    assert action_cards(A.MoveHideout(None)) == ()
    for a in (A.Draw(3), A.EndPhase(), A.Pass(), A.LaunchAttack(), A.CancelAttack()):
        assert action_cards(a) == ()


def test_a_lone_human_asked_while_the_story_plays_sees_pass_not_waiting(
    app: App, drive: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One human and AIs at Normal speed: a reaction window for the human opens
    while animations still play. Once the story has caught up the table waits for
    them, and what is drawn says so: the main button is an enabled "Pass" (the
    static layer used to keep "Waiting…" and "Watch", since becoming the one asked
    did not count as a change worth redrawing)."""
    drawn: list[TableModel] = []
    real = render_static  # what the scene draws its static layer with

    def spy(target: pygame.Surface, layout: TableLayout, m: TableModel) -> HitMap:
        drawn.append(m)
        return real(target, layout, m)

    monkeypatch.setattr(scene_module, "render_static", spy)
    app.settings.ai_speed = "normal"
    app.settings.reactions = "always"  # asked at every chance (before issue 20's policy)
    app.settings.reaction_window_s = 5
    session = solo(("normal", "normal", "normal"), seed=5)
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    g = Gestures(app, drive)
    ctrl = g.scene.ctrl
    asked_during_story: list[int] = []

    def asked_while_playing() -> bool:
        st = ctrl.state
        if st.window is not None and st.to_act == 0 and not ctrl.presenter.idle:
            asked_during_story.append(st.turn)
            return True
        return ctrl.game_over

    rng = random.Random(8)
    play_until(app, g, asked_while_playing, rng, steps=20000)
    assert asked_during_story, "no window for the human opened during a story"
    assert not ctrl.my_turn()
    for _ in range(400):
        if ctrl.my_turn():
            break
        app.step(0.05)
    assert ctrl.my_turn() and ctrl.claimant == 0
    app.step(0.0)  # one more frame: what the player sees now
    last = drawn[-1]
    assert last.next_enabled and last.next_label == t("table.pass_in", s=5), (
        last.next_label,
        last.next_enabled,
    )
    n = len(session.actions)
    drive.key(pygame.K_SPACE)
    assert session.actions[n] == {"type": "Pass"}


def test_a_polled_human_is_not_passed_for_while_deciding() -> None:
    """ "Always ask": the poll asks one human and waits for their answer before it
    goes on (the flow used to keep polling and pass for them)."""
    asked = Answering(1, poll=(2,))
    assert poll_queue(asked) == (2,) and answering(asked) == 1
    # an AI or an unpolled human ahead acting does not end the answer
    assert after_action(asked, 3, passed=True) == asked
    # their pass lets the poll go on; a reaction ends it (its own bar polls again)
    assert after_action(asked, 1, passed=True) == Polling((2,))
    assert after_action(asked, 1, passed=False) == Watching()
    # a hand-off screen keeps covering the table whatever happens underneath
    cover = HandingOff(Handoff(1, "B", (1, 2, 3), "react"), asked)
    assert after_action(cover, 1, passed=True) == HandingOff(cover.handoff, Polling((2,)))
    assert answering(Noting("x", Answering(0))) == 0


def test_always_ask_waits_for_the_polled_human(app: App, drive: Driver) -> None:
    """Three humans, "always ask" on: when the poll reaches a human the engine asks,
    the table waits for them (however long) before it polls the next one."""
    app.settings.reaction_window_s = 1
    app.settings.reactions = "always"  # the old `always_ask_reactions`
    configs = [SeatConfig(n, SEAT_COLOURS[i], "human") for i, n in enumerate(("A", "B", "C"))]
    g = Gestures(app, drive)
    waited = 0
    for seed in range(20):
        session = GameSession.new(configs, seed=seed)
        app.reset_to(TableScene(), TableEntry(session, threaded_ai=False))
        ctrl = g.scene.ctrl
        rng = random.Random(seed)
        for _ in range(3000):
            if ctrl.game_over or waited >= 3:
                break
            if ctrl.handoff is not None or ctrl.note:
                drive.click((12, 12))
                continue
            if ctrl.my_turn():
                st = ctrl.state
                if st.window is not None and ctrl.poll:  # asked, others still to poll
                    seat, n = st.to_act, len(session.actions)
                    for _ in range(30):
                        app.step(0.25)
                    assert len(session.actions) == n, session.actions[n:]
                    assert ctrl.my_turn() and ctrl.state.to_act == seat
                    waited += 1
                g.perform(choose(rng, ctrl.legal()))
                continue
            app.step(0.25)
        if waited >= 3:
            break
    assert waited
