"""One human against AIs, asked by the engine to react: the wait lasts the
Settings' reaction window (as a bar does in hotseat), then the table passes for
them; it stands still while they handle or zoom a card or read a tip, "Wait for
me" has no clock, and the lesson has no clock (playtest: the prompt waited for
ever although Settings said 5 s). Issue 20: by default the table asks only when
what the person owns is threatened and they hold an answer, so these prompts are
threats (an attack on their Business, Police on their gangsters...)."""

from __future__ import annotations

import random

import pygame
import pytest

import engine
from engine.threats import threat, threat_answers
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table import texts
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene
from tests.app.conftest import Driver


def threatened_session(players: int = 3, skip: int = 0) -> GameSession:
    """A seeded session (random legal play) where the engine asks the lone human, seat 0,
    in a window whose action threatens what they own, and they hold a card that answers
    it (`engine.threats.threat_answers`); `skip` such sessions are passed over."""
    configs = [SeatConfig("Ada", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(f"B{i}", SEAT_COLOURS[i + 1], "easy") for i in range(players - 1)]
    for seed in range(200):
        session = GameSession.new(configs, seed=seed)
        st = session.state
        rng = random.Random(seed)
        for _ in range(3000):
            if st.game_over:
                break
            if st.window is not None and st.to_act == 0 and threat_answers(st):
                if skip == 0:
                    return session
                skip -= 1
                break
            session.apply(rng.choice(engine.legal_actions(st)))
    raise AssertionError("no seed threatens seat 0 with an answer in hand")


def _asked_table(app: App, seconds: int) -> TableScene:
    """A table where the engine asks the lone human (seat 0) in a threat window."""
    session = threatened_session()
    app.settings.reaction_window_s = seconds
    app.settings.ai_speed = "instant"
    app.settings.tips_off = True  # a first-time tip holds the clock (tested below)
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    return scene


def _until_asked(app: App, scene: TableScene) -> None:
    for _ in range(100):
        app.step(0.02)
        if scene.ctrl.answer_left is not None:
            return
    raise AssertionError("the lone human was never asked")


def test_the_lone_human_passes_when_the_reaction_window_runs_out(app: App) -> None:
    scene = _asked_table(app, seconds=3)
    ctrl = scene.ctrl
    _until_asked(app, scene)
    done = len(ctrl.session.actions)
    label, enabled = ctrl.next_label()
    assert enabled and label == texts.t("table.pass_in", s=3)
    for _ in range(20):  # 2 s: still waiting, the button counts down
        app.step(0.1)
    assert len(ctrl.session.actions) == done
    assert ctrl.next_label()[0] == texts.t("table.pass_in", s=1)
    app.step(0.0)
    assert scene.model().next_label == texts.t("table.pass_in", s=1)  # what is drawn
    for _ in range(12):  # past 3 s: passed for them
        app.step(0.1)
    assert ctrl.session.actions[done] == {"type": "Pass"}
    assert ctrl.toast == texts.t("table.react_timed_out") or len(ctrl.session.actions) > done


def test_the_clock_stands_still_while_a_card_is_held(app: App, drive: Driver) -> None:
    scene = _asked_table(app, seconds=1)
    ctrl = scene.ctrl
    _until_asked(app, scene)
    done = len(ctrl.session.actions)
    lay = scene.layout
    assert lay is not None
    card = next(iter(ctrl.state.seats[0].hand))
    rect = scene.hits.rect_of(card)
    assert rect is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    for _ in range(30):  # 3 s holding the card: no pass
        app.step(0.1)
    assert len(ctrl.session.actions) == done
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))
    for _ in range(20):
        app.step(0.1)
    assert ctrl.session.actions[done] == {"type": "Pass"}


def test_a_first_time_tip_holds_the_clock_until_it_is_closed(app: App, drive: Driver) -> None:
    app.settings.tips_off = False
    app.settings.tips_seen = []
    scene = _asked_table(app, seconds=3)
    app.settings.tips_off = False
    ctrl = scene.ctrl
    _until_asked(app, scene)
    assert scene.tips is not None and scene.tips.current is not None  # the reaction tip
    done = len(ctrl.session.actions)
    for _ in range(60):  # 6 s reading the tip: no pass
        app.step(0.1)
    assert len(ctrl.session.actions) == done
    drive.key(pygame.K_t)  # close the tip: the window runs again
    assert scene.tips.current is None
    drive.frames(1)
    assert scene.prompt_rect is not None  # issue 20: the prompt's panel is back
    for _ in range(40):
        app.step(0.1)
    assert ctrl.session.actions[done] == {"type": "Pass"}


def test_a_hover_zoomed_card_holds_the_clock(app: App, drive: Driver) -> None:
    """Issue 20: reading a card's zoom (the mouse resting on it) stands the clock still."""
    scene = _asked_table(app, seconds=1)
    ctrl = scene.ctrl
    _until_asked(app, scene)
    done = len(ctrl.session.actions)
    card = next(iter(ctrl.state.seats[0].hand))
    rect = scene.hits.rect_of(card)
    assert rect is not None
    drive.point(rect.center)
    for _ in range(30):  # 3 s reading the zoomed card
        app.step(0.1)
    assert len(ctrl.session.actions) == done and ctrl.claimant == 0
    drive.point((5, 5))
    for _ in range(20):
        app.step(0.1)
    assert ctrl.session.actions[done] == {"type": "Pass"}


def test_wait_for_me_has_no_clock_and_the_default_is_20_s(app: App, drive: Driver) -> None:
    """Issue 20: Settings' "Wait for me" (0) waits as long as it takes; the default
    window is 20 s (a person needs 15-30 s to read the table and decide)."""
    from noirburg_desktop.persist.storage import Settings

    assert Settings().reaction_window_s == 20 and Settings().reactions == "threats"
    scene = _asked_table(app, seconds=0)
    ctrl = scene.ctrl
    for _ in range(100):
        app.step(0.02)
        if ctrl.claimant == 0:
            break
    assert ctrl.claimant == 0 and ctrl.answer_left is None
    done = len(ctrl.session.actions)
    assert ctrl.next_label()[0] == texts.t("table.pass")
    for _ in range(600):  # a minute
        app.step(0.1)
    assert len(ctrl.session.actions) == done and ctrl.my_turn()


def test_a_threat_prompt_outlines_the_target_and_previews_each_answer(
    app: App, drive: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20: the prompt says what is threatened, what passing lets happen and what
    the answer does, outlines the threatened card (a Police prompt too: item 7) and
    lights the answering card."""
    from noirburg_desktop.table import prompt_panel

    outlined: list[pygame.Rect] = []
    real = prompt_panel.outline_pulse

    def spy(dest: pygame.Surface, rect: pygame.Rect, colour: object, t_s: float) -> None:
        outlined.append(rect)
        real(dest, rect, colour, t_s)  # type: ignore[arg-type]

    monkeypatch.setattr(prompt_panel, "outline_pulse", spy)
    kinds: set[str] = set()
    for skip in range(20):
        if "attack" in kinds and kinds & {"raid", "stop"}:
            break
        session = threatened_session(players=4, skip=skip)
        app.reset_to(TableScene(), TableEntry(session, threaded_ai=False))
        scene = app.scene
        assert isinstance(scene, TableScene)
        ctrl = scene.ctrl
        for _ in range(100):
            app.step(0.02)
            if ctrl.claimant == 0:
                break
        assert ctrl.claimant == 0 and ctrl.asked is not None and ctrl.asked.how == "threat"
        th = threat(ctrl.state)
        assert th is not None and th.seat == 0
        kinds.add(th.kind)
        lines = prompt_panel.prompt_lines(ctrl)
        assert len(lines) == 4, lines  # what, if you pass, the answer, how
        assert lines[0].startswith(ctrl.name(th.by)) or th.answer.name == "BRIBE", lines
        assert lines[1].startswith("If you pass"), lines
        outlined.clear()
        drive.frames(1)
        assert scene.prompt_rect is not None
        target = scene.hits.rect_of(th.target)
        assert target is not None and target in outlined, (th, outlined)
        answers = prompt_panel.answer_cards(ctrl.state, 0)
        assert answers and answers <= set(ctrl.state.seats[0].hand)
    assert "attack" in kinds and kinds & {"raid", "stop"}, kinds


def test_the_hint_holds_the_clock_while_it_shows(app: App) -> None:
    """Issue 20 (playtest): the answer clock ran from 20 to 12 while the Hint was on
    screen. It stands still while the hint's note shows, as for a tip or a held card."""
    scene = _asked_table(app, seconds=2)
    ctrl = scene.ctrl
    _until_asked(app, scene)
    left = ctrl.answer_left
    done = len(ctrl.session.actions)
    scene._hint()
    assert ctrl.toast != "" and ctrl.toast == scene.hint_text
    for _ in range(30):  # 3 s reading the hint: no pass, the clock stands
        app.step(0.1)
    assert len(ctrl.session.actions) == done
    assert ctrl.toast == scene.hint_text and ctrl.answer_left == left
    for _ in range(80):  # the note goes; the clock runs out
        app.step(0.1)
    assert ctrl.session.actions[done] == {"type": "Pass"}


def test_hovering_the_threatened_card_holds_the_clock(app: App, drive: Driver) -> None:
    """Playtest: a threat prompt ran out while the newcomer looked (~25 s against the
    20 s default). Resting the mouse on the threatened card (its zoom) holds the clock
    as the lit hand card does; it runs again once the mouse moves off."""
    from engine.threats import threat

    scene = _asked_table(app, seconds=1)
    ctrl = scene.ctrl
    _until_asked(app, scene)
    done = len(ctrl.session.actions)
    danger = threat(ctrl.state)
    assert danger is not None
    rect = scene.hits.rect_of(danger.target)
    assert rect is not None
    drive.point(rect.center)
    for _ in range(30):  # 3 s reading the threatened card, three times the clock
        app.step(0.1)
    assert scene.hover is not None and ctrl.answer_hold
    assert len(ctrl.session.actions) == done and ctrl.claimant == 0
    drive.point((5, 5))
    for _ in range(20):
        app.step(0.1)
    assert ctrl.session.actions[done] == {"type": "Pass"}
