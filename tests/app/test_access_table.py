"""Issue 14 (access) on the table and around it: the keyboard's card cursor and zoom,
the engine's reason under a dimmed card, the mute key, reduced motion."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import engine
from noirburg_desktop.app import App
from noirburg_desktop.look import resources
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.advice import playable_now
from noirburg_desktop.table.card_focus import reading_order
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.words.strings import t
from tests.app.conftest import Driver


def _table(app: App, seed: int = 8) -> TableScene:
    configs = [SeatConfig("Ayşe", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate(("Bo", "Cy"))]
    app.settings.ai_speed = "instant"
    app.settings.reaction_window_s = 1
    scene = TableScene()
    app.push(scene, TableEntry(GameSession.new(configs, seed=seed), threaded_ai=False))
    return scene


def _to_my_open_phase(app: App, drive: Driver, scene: TableScene) -> None:
    ctrl = scene.ctrl
    for _ in range(3000):
        st = ctrl.state
        if ctrl.my_turn() and st.phase is engine.Phase.OPEN and ctrl.presenter.idle:
            app.run_frames(2)
            return
        if ctrl.handoff is not None or ctrl.my_turn():
            drive.key(pygame.K_SPACE)
        else:
            app.step(0.1)
    raise AssertionError("never reached the viewer's Open phase")


def test_arrows_walk_the_cards_and_z_zooms_with_the_rule_text(app: App, drive: Driver) -> None:
    scene = _table(app)
    _to_my_open_phase(app, drive, scene)
    order = reading_order(scene.hits)
    hand = [cid for cid, _ in scene.hits.hand]
    assert order[: len(hand)] == hand and len(order) > len(hand)  # hand first, then the table
    drive.key(pygame.K_RIGHT)
    assert scene.card_focus.card == hand[0]
    drive.key(pygame.K_RIGHT)
    assert scene.card_focus.card == hand[1]
    drive.key(pygame.K_LEFT)
    assert scene.card_focus.card == hand[0]
    assert app.screen is not None
    before = app.screen.copy()
    drive.key(pygame.K_z)
    assert scene.card_focus.zoom
    drive.frames(1)
    # the zoom box is drawn: the picture changed next to the card
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.screen, "RGB")
    drive.key(pygame.K_ESCAPE)
    assert not scene.card_focus.zoom and scene.card_focus.card == hand[0]
    drive.key(pygame.K_ESCAPE)
    assert scene.card_focus.card is None


def test_a_dimmed_card_says_the_engines_reason(app: App, drive: Driver) -> None:
    """Whatever card is dimmed, the text under it is the engine's refusal with a rule ID;
    a playable card has none."""
    found = False
    for seed in range(8, 30):
        scene = _table(app, seed)
        _to_my_open_phase(app, drive, scene)
        ctrl = scene.ctrl
        playable = playable_now(ctrl)
        assert playable is not None
        hand = list(ctrl.state.seats[ctrl.viewer].hand)
        for card in hand:
            why = scene.why_not(card)
            if card in playable:
                assert why == ""
            else:
                assert why and ("(R-" in why or "(I-" in why), why
                found = True
        app.pop()
        if found:
            return
    pytest.fail("no dimmed card in 22 deals")


def test_mute_key_toggles_sound_and_says_so(app: App, drive: Driver) -> None:
    app.push(TitleScene())
    drive.frames(2)
    assert app.settings.sound
    drive.key(pygame.K_m)
    assert not app.settings.sound and not resources.sound_enabled()
    assert app.notice == t("app.sound_off")
    assert app.storage.load_settings().sound is False
    drive.key(pygame.K_m)
    assert app.settings.sound


def test_title_says_when_there_is_no_audio_device(app: App, drive: Driver) -> None:
    app.push(TitleScene())
    drive.frames(2)
    assert app.screen is not None
    with_audio = app.screen.copy()
    app.audio = False
    drive.frames(2)
    assert pygame.image.tobytes(with_audio, "RGB") != pygame.image.tobytes(app.screen, "RGB")
    sound = app.settings.sound
    drive.key(pygame.K_m)
    assert app.notice == t("app.no_audio")
    assert app.settings.sound == sound  # nothing to switch without a device


def test_volume_reaches_the_sounds(app: App) -> None:
    resources.set_volume(0.3)
    assert resources.volume() == pytest.approx(0.3)
    resources.set_volume(7)
    assert resources.volume() == 1.0


def test_reduced_motion_reaches_the_table(app: App, drive: Driver) -> None:
    app.settings.reduced_motion = True
    scene = _table(app)
    assert scene.ctrl.presenter.reduced


@pytest.mark.parametrize("kind", ["flash", "ghost", "float", "die"])
def test_reduced_motion_effects_stand_still(app: App, kind: str) -> None:
    """With reduced motion an effect looks the same at every moment of its life (no
    slide, shake, flicker or flash); without it, it changes."""
    from noirburg_desktop.table.animation import Effect, Presenter

    def frames(reduced: bool) -> set[bytes]:
        p = Presenter()
        p.reduced = reduced
        card = next(iter(scene_cards()))
        e = Effect(kind, 0.0, 1.0, pygame.Rect(60, 60, 50, 70), card=card, value=3)
        p.effects = [e]
        shots = set()
        for k in range(6):
            e.t = k * 0.15
            dest = pygame.Surface((200, 200))
            dest.fill((20, 30, 28))
            p.draw(dest)
            shots.add(pygame.image.tobytes(dest, "RGB"))
        return shots

    assert len(frames(True)) == 1
    assert len(frames(False)) > 1


def scene_cards() -> list[int]:
    from engine.cards import CARDS, Kind

    return [i for i, c in enumerate(CARDS) if c.kind == Kind.GANGSTER]


def test_title_sunburst_clears_the_frame_at_960x640(data_dir: Path) -> None:
    """Issue 14's bug list: the sunburst's rays touched the deco frame in a small window.
    Between the inner frame line (y 20) and 10 px below it, above the title, only the
    backdrop shows."""
    app = App(data_dir=data_dir, size=(960, 640), fullscreen=False)
    app.start()
    try:
        app.push(TitleScene())
        app.run_frames(2)
        screen = app.screen
        assert screen is not None
        for y in range(23, 31):
            for x in range(400, 561):
                r, g, b = screen.get_at((x, y))[:3]
                assert not (r > 90 and r > b + 40), ((x, y), (r, g, b))  # no gold ray here
    finally:
        app.shutdown()
