"""One human against AIs, asked by the engine to react: the wait lasts the
Settings' reaction window (as a bar does in hotseat), then the table passes for
them; it stands still while they handle a card, and the lesson has no clock
(playtest: the prompt waited for ever although Settings said 5 s)."""

from __future__ import annotations

import random

import pygame

import engine
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table import texts
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.tutorial.script import STEPS, YOU
from tests.app.conftest import Driver


def _asked_table(app: App, seconds: int) -> TableScene:
    """A table where the engine asks the lone human (seat 0) in a reaction window."""
    configs = [SeatConfig("Ada", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate(("B", "C"))]
    for seed in range(40):
        session = GameSession.new(configs, seed=seed)
        st = session.state
        rng = random.Random(seed)
        while not st.game_over:
            if st.window is not None and st.to_act == 0:
                break
            legal = engine.legal_actions(st)
            session.apply(legal[-1] if st.window is not None else rng.choice(legal))
        else:
            continue
        app.settings.reaction_window_s = seconds
        app.settings.ai_speed = "instant"
        app.settings.tips_off = True  # a first-time tip holds the clock (tested below)
        app.push(TableScene(), {"session": session, "threaded_ai": False})
        scene = app.scene
        assert isinstance(scene, TableScene)
        return scene
    raise AssertionError("no seed asks seat 0 to react")


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
    for _ in range(40):
        app.step(0.1)
    assert ctrl.session.actions[done] == {"type": "Pass"}


def test_the_lesson_waits_for_the_reaction_it_teaches(app: App, drive: Driver) -> None:
    from tests.app.test_tutorial import open_lesson, play_steps

    app.settings.reaction_window_s = 3
    scene = open_lesson(app, drive)
    step = [s.name for s in STEPS].index("bribe")
    play_steps(app, drive, scene, step, [])
    ctrl = scene.ctrl
    for _ in range(400):  # until Vito's Police asks for the Bribe
        if ctrl.state.window is not None and ctrl.state.to_act == YOU and ctrl.my_turn():
            break
        app.step(0.1)
    assert ctrl.state.to_act == YOU and ctrl.answer_left is None
    done = len(ctrl.session.actions)
    for _ in range(100):  # 10 s, far past the window: the lesson still waits
        app.step(0.1)
    assert len(ctrl.session.actions) == done and scene.coach.step.name == "bribe"
