"""Hotseat privacy: only a click that begins on the private note or on the hand-off
curtain closes it. The release of the click that made the move (the draw from the
deck menu, the last action of a turn) must not wave it away (playtest: Ayşe's
"you drew" note vanished with the release of her click on the deck menu). And
(issue 20) the claim bar follows public facts only: a window whose action threatens
a person's table gets it; R holds any other window for a claim."""

from __future__ import annotations

import random
from typing import Any

import pygame

import engine
from engine.actions import Action
from engine.threats import opened_threat
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.animation import Bar, Step
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.handoff import Handoff
from noirburg_desktop.table.pacing import CURTAIN_CALM_S
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.words import strings
from tests.app.conftest import Driver
from tests.app.test_table import pass_handoff
from tests.app.test_table_play import Gestures, choose, walk_to_phase_g


def _hotseat_at_phase_g(app: App, drive: Driver) -> TableScene:
    configs = [
        SeatConfig("A", SEAT_COLOURS[0], "human"),
        SeatConfig("B", SEAT_COLOURS[1], "human"),
        SeatConfig("C", SEAT_COLOURS[2], "easy"),
    ]
    session = GameSession.new(configs, seed=4)
    walk_to_phase_g(session, 1, draws=3)
    app.settings.ai_speed = "instant"
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    assert pass_handoff(app, drive) == 1
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.ctrl.my_turn()
    return scene


def _post(kind: int, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))


def test_the_click_that_draws_does_not_close_the_you_drew_note(app: App, drive: Driver) -> None:
    scene = _hotseat_at_phase_g(app, drive)
    ctrl = scene.ctrl
    lay = scene.layout
    assert lay is not None
    drive.click(lay.deck.center)
    three = dict(scene._draw_menu_rects())[3]
    _post(pygame.MOUSEBUTTONDOWN, three.center)  # the draw happens on the press...
    app.step(0.02)
    assert ctrl.session.actions[-1] == {"type": "Draw", "count": 3}
    assert ctrl.note  # "B, you drew: …"
    _post(pygame.MOUSEBUTTONUP, three.center)  # ...and its release leaves the note up
    app.step(0.02)
    assert ctrl.note
    app.run_frames(int(CURTAIN_CALM_S * 60) + 2)  # read it
    drive.click((20, 20))  # a click of its own closes it
    assert not ctrl.note


def test_a_release_alone_does_not_pass_the_hand_off() -> None:
    h = Handoff(1, "B", (200, 0, 0), "turn")
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(5, 5))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))
    assert not h.handle(up)  # the tail of the click that ended the last move
    assert not h.handle(down)
    assert h.handle(up)


def test_a_click_at_once_does_not_pass_a_hand_off_that_just_appeared(
    app: App, drive: Driver
) -> None:
    """Playtest 3: a burst of clicks closed the "you drew" note and then the hand-off
    behind it, showing the next hand to the player who was clicking. A hand-off (or
    note) takes no click or key until it has stood CURTAIN_CALM_S."""
    configs = [
        SeatConfig("A", SEAT_COLOURS[0], "human"),
        SeatConfig("B", SEAT_COLOURS[1], "human"),
        SeatConfig("C", SEAT_COLOURS[2], "easy"),
    ]
    app.push(TableScene(), TableEntry(GameSession.new(configs, seed=4), threaded_ai=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    for _ in range(100):
        if scene.ctrl.handoff is not None:
            break
        app.step(0.02)
    h = scene.ctrl.handoff
    assert h is not None
    drive.click((20, 20))  # at once: the tail of a burst
    drive.key(pygame.K_SPACE)
    assert scene.ctrl.handoff is h
    app.run_frames(int(CURTAIN_CALM_S * 60) + 2)  # the named player reads the screen
    drive.click((20, 20))
    assert scene.ctrl.handoff is None and scene.ctrl.holder == h.seat


# --- issue 20: the claim bar only for threats, a hold key for the rest ------------------


def _hotseat(app: App, seed: int, speed: str = "fast") -> TableScene:
    configs = [SeatConfig(n, SEAT_COLOURS[i], "human") for i, n in enumerate(("A", "B", "C"))]
    app.settings.ai_speed = speed
    app.settings.reaction_window_s = 1
    app.reset_to(TableScene(), TableEntry(GameSession.new(configs, seed=seed), threaded_ai=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    return scene


def _bars_of_a_game(app: App, drive: Driver, seed: int) -> tuple[list[Any], list[tuple[int, Bar]]]:
    """Three people play `seed` at random for a few rounds. Returns, per applied action,
    the engine's `opened_threat` of it, and every bar slot the table queued, with the
    index of the action it followed."""
    scene = _hotseat(app, seed)
    ctrl = scene.ctrl
    session = ctrl.session
    expected: list[Any] = []
    bars: list[tuple[int, Bar]] = []
    real_apply, real_push = session.apply, ctrl.presenter.push

    def rec_apply(action: Action) -> list[engine.Event]:
        expected.append(opened_threat(session.state, action))
        return real_apply(action)

    def rec_push(step: Step) -> None:
        if isinstance(step.item, Bar):
            bars.append((len(expected) - 1, step.item))
        real_push(step)

    session.apply = rec_apply  # type: ignore[method-assign]
    ctrl.presenter.push = rec_push  # type: ignore[method-assign]
    g = Gestures(app, drive)
    rng = random.Random(seed)
    for _ in range(2500):
        if ctrl.game_over or ctrl.state.turn > 14:
            break
        if ctrl.handoff is not None or ctrl.note:
            app.run_frames(int(CURTAIN_CALM_S * 60) + 2)
            drive.click((12, 12))
        elif ctrl.my_turn():
            g.perform(choose(rng, ctrl.legal()))
        else:
            app.step(0.1)
    return expected, bars


def test_hotseat_claim_bar_only_for_windows_that_threaten_a_person(app: App, drive: Driver) -> None:
    """Issue 20: with the default policy a window gets the claim bar exactly when the
    action that opened it threatens a person's table (the engine's `opened_threat`,
    public: it reads the pending action, never a hand); every other window gets a
    silent beat, the same whoever holds what."""
    loud = silent = 0
    for seed in range(8):
        expected, bars = _bars_of_a_game(app, drive, seed)
        first_of: dict[int, Bar] = {}
        for i, bar in bars:
            if i in first_of:
                assert bar.silent, "only the window an action opens can threaten"
                continue
            first_of[i] = bar
            threat = expected[i]
            assert bar.silent == (threat is None), (threat, bar)
            if not bar.silent:
                assert bar.target is not None and bar.target == threat.target
        loud += sum(not b.silent for _i, b in bars)
        silent += sum(b.silent for _i, b in bars)
        if loud >= 2:
            break
    assert loud and silent > loud, (loud, silent)


def test_hotseat_hold_key_stops_the_next_window_for_a_claim(app: App, drive: Driver) -> None:
    """Issue 20: with no bar up, R arms a hold: the next window's bar (loud or silent,
    so nothing about any hand shows) stands still until a seat number names who claims
    it; the claim then goes private as ever."""
    scene = _hotseat(app, seed=3, speed="instant")
    ctrl = scene.ctrl
    for _ in range(400):  # to someone's own turn, past the opening swaps
        if ctrl.handoff is not None:
            app.run_frames(int(CURTAIN_CALM_S * 60) + 2)
            drive.click((12, 12))
        elif ctrl.my_turn() and ctrl.state.phase.name != "MULLIGAN":
            break
        elif ctrl.my_turn():
            drive.key(pygame.K_RETURN)
        else:
            app.step(0.1)
    assert ctrl.my_turn() and ctrl.presenter.bar is None
    drive.key(pygame.K_r)
    assert ctrl.hold_armed and ctrl.presenter.stop_at_bar
    for _ in range(200):  # the player ends phases until their action opens a window
        if ctrl.choosing_claim:
            break
        if ctrl.my_turn():
            drive.key(pygame.K_SPACE)
            app.step(2.0)  # past the press guard
        else:
            app.step(0.1)
    assert ctrl.choosing_claim and ctrl.presenter.bar is not None
    for _ in range(50):  # 5 s: the bar waits for the seat number
        app.step(0.1)
    assert ctrl.choosing_claim and ctrl.presenter.bar is not None
    claimant = (ctrl.state.active + 1) % 3
    drive.key(pygame.K_1 + claimant)
    assert not ctrl.choosing_claim and not ctrl.hold_armed
    for _ in range(20):
        if ctrl.handoff is not None:
            break
        app.step(0.05)
    assert ctrl.handoff is not None and ctrl.handoff.seat == claimant


def test_a_loud_claim_bar_says_what_it_answers(app: App, drive: Driver) -> None:
    """pt4 shot-163/164: "Reactions? Click here or press R" did not say what was
    threatened. A loud bar carries the engine's public threat and says who does what to
    whose card; its label keeps the way to claim it whole, at 960x640 too."""
    from noirburg_desktop.table.layout import compute_layout
    from noirburg_desktop.table.reaction_bar import bar_label, bar_words
    from noirburg_desktop.table.texts import card_name, t

    width = compute_layout((960, 640), 3, 0).reaction_bar.w - 24
    loud = []
    for seed in range(8):
        _, bars = _bars_of_a_game(app, drive, seed)
        scene = app.scene
        assert isinstance(scene, TableScene)
        names = [scene.ctrl.name(i) for i in range(scene.ctrl.n)]
        for _i, bar in bars:
            if not bar.silent:
                th = bar.threat
                assert th is not None and th.target == bar.target, bar
                words = bar_words(th, names)
                assert names[th.by] in words and names[th.seat] in words, words
                assert card_name(th.target) in words, words
                for lang in ("en", "tr"):
                    strings.set_language(lang)
                    try:
                        label, size = bar_label(bar_words(th, names), width)
                        assert label.endswith(t("table.reaction_bar_hint")) and size >= 13
                        assert w.fits(label, size, width, bold=True), label
                    finally:
                        strings.set_language("en")
                loud.append(bar)
        if len(loud) >= 2:
            break
    assert loud
