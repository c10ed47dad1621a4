"""The table driven through the real App with posted mouse and keyboard events."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

import engine
from engine.actions import OpenCard
from engine.cards import KIND, Kind
from engine.state import Phase
from noirburg_desktop.app import App
from noirburg_desktop.scenes.newgame import NewGameScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.pacing import CURTAIN_CALM_S
from noirburg_desktop.table.scene import TableScene
from tests.app.conftest import Driver


def grab(r: pygame.Rect) -> tuple[int, int]:
    """A point on a hand card that no neighbour covers (fanned hands overlap on the right)."""
    return (r.x + min(10, r.w // 4), r.centery)


def table(app: App) -> TableScene:
    scene = app.scene
    assert isinstance(scene, TableScene)
    return scene


def pass_handoff(app: App, drive: Driver) -> int:
    """Click through the hand-off screen; returns the seat now holding the device."""
    scene = table(app)
    for _ in range(400):
        if scene.ctrl.handoff is not None:
            break
        app.step(0.05)
    h = scene.ctrl.handoff
    assert h is not None, "expected a hand-off screen"
    app.run_frames(
        int(CURTAIN_CALM_S * 60) + 2
    )  # the next player reads it (a click at once is not for it)
    drive.click((20, 20))
    assert scene.ctrl.handoff is None and scene.ctrl.holder == h.seat
    return h.seat


def new_hotseat_game(app: App, drive: Driver) -> TableScene:
    app.settings.reaction_window_s = 3
    app.push(TitleScene())
    drive.frames(1)
    drive.click(drive.widget("new"))
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    drive.choose("players", "3")
    assert scene.count == 3
    for i in (1, 2):
        drive.choose(f"kind{i}", "Human")
        assert scene.kinds[i] == "human"
    drive.click(drive.widget("seed"))
    drive.type("11")
    drive.click(drive.widget("start"))
    return table(app)


def test_hotseat_game_handoff_drag_refusal_phases_save_and_continue(
    app: App, drive: Driver, data_dir: Path
) -> None:
    scene = new_hotseat_game(app, drive)
    ctrl = scene.ctrl
    opening = ctrl.state.phase  # (locals: the live phase moves on below)
    assert opening is Phase.MULLIGAN
    # The table never shows a hand before the hand-off (three humans share the device).
    drive.frames(2)
    assert ctrl.handoff is not None and not ctrl.show_hand
    for _ in range(3):  # everyone keeps their opening hand, each after a hand-off
        seat = pass_handoff(app, drive)
        assert ctrl.state.to_act == seat and ctrl.show_hand
        drive.key(pygame.K_RETURN)
    first_round = ctrl.state.phase
    assert first_round is Phase.OPEN  # first round: D, E, F, G only (R-TURN-2)
    seat = pass_handoff(app, drive)
    st = ctrl.state
    hideout = st.seats[seat].hideout
    assert hideout is not None
    opens = [a for a in engine.legal_actions(st) if isinstance(a, OpenCard) and a.on == hideout]
    assert opens, "seed 11 deals an opening card the Hideout can take"
    card = opens[0].card
    card_rect = dict(scene.hits.hand)[card]
    target = scene.hits.columns[hideout]
    drive.drag(grab(card_rect), target.center)
    st = ctrl.state
    assert card not in st.seats[seat].hand
    assert card in st.seats[seat].buildings[hideout] or card == st.seats[seat].top
    # An illegal drop is refused with the engine's reason and slides back.
    hand = list(st.seats[seat].hand)
    assert hand
    before = engine.to_json(st)
    assert scene.layout is not None
    drive.drag(grab(dict(scene.hits.hand)[hand[0]]), scene.layout.discard.center)
    assert engine.to_json(ctrl.state) == before
    assert "(R-" in ctrl.toast or "(I-" in ctrl.toast, ctrl.toast
    assert scene.drag.slides
    # Undo takes the opening back (no draw or roll since).
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert card in ctrl.state.seats[seat].hand
    drive.drag(grab(dict(scene.hits.hand)[card]), scene.hits.columns[hideout].center)
    assert card not in ctrl.state.seats[seat].hand
    # Phases advance with Enter (phases with nothing to do are skipped, and announced;
    # a press right after the engine moved on by itself only says where we are now).
    order = "DEFG"
    seen = [ctrl.state.phase.value]
    while ctrl.state.phase is not Phase.DRAW:
        if ctrl.guard_active():
            app.step(2.0)  # a player reads the announcement first
        drive.key(pygame.K_RETURN)
        seen.append(ctrl.state.phase.value)
        assert order.index(seen[-1]) > order.index(seen[-2])
    # Save with Ctrl+S.
    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    saves = list((data_dir / "saves").glob("*.json"))
    assert len(saves) >= 2  # autosave + the manual save
    snapshot = engine.to_json(ctrl.state)
    # Quit to the title (Menu button) and Continue: the same state comes back.
    drive.click(scene.layout.buttons["menu"])
    assert isinstance(app.scene, TitleScene)
    drive.click(drive.widget("continue"))
    again = table(app)
    assert again is not scene
    assert engine.to_json(again.ctrl.state) == snapshot
    (autosave,) = (data_dir / "saves").glob("autosave-*.json")  # the game's own autosave
    doc = json.loads(autosave.read_text("utf-8"))
    assert doc["session"]["state"] == snapshot


def test_reaction_bar_is_shown_after_turn_end_and_claim_goes_private(
    app: App, drive: Driver
) -> None:
    configs = [SeatConfig(n, SEAT_COLOURS[i], "human") for i, n in enumerate(("A", "B", "C"))]
    session = GameSession.new(configs, seed=3)
    for _ in range(3):
        engine.apply(session.state, engine.legal_actions(session.state)[0])  # keep hands
    app.settings.reaction_window_s = 3
    app.settings.reactions = "always"  # issue 20: a bar at every window only so
    app.push(TableScene(), TableEntry(session))
    scene = table(app)
    ctrl = scene.ctrl
    pass_handoff(app, drive)
    for _ in range(3):
        drive.key(pygame.K_SPACE)  # D, E, F
    drive.key(pygame.K_0)  # G: end the turn without drawing
    app.step(0.05)
    assert ctrl.presenter.bar is not None  # the same bar whether or not anyone can react
    drive.key(pygame.K_r)
    assert ctrl.choosing_claim
    claimant = (ctrl.state.active + 1) % 3
    drive.key(pygame.K_1 + claimant)
    for _ in range(20):
        app.step(0.05)
        if ctrl.handoff is not None:
            break
    assert ctrl.handoff is not None and ctrl.handoff.seat == claimant
    app.run_frames(int(CURTAIN_CALM_S * 60) + 2)  # the claimant reads it
    drive.click((10, 10))
    assert ctrl.holder == claimant
    assert ctrl.note or (ctrl.state.window is not None and ctrl.state.to_act == claimant)


def test_all_ai_game_plays_to_results(app: App, drive: Driver) -> None:
    from noirburg_desktop.scenes.results import ResultsScene

    configs = [SeatConfig(n, SEAT_COLOURS[i], "easy") for i, n in enumerate("ABCD")]
    session = GameSession.new(configs, seed=2)
    app.settings.ai_speed = "instant"
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    for _ in range(3000):
        if isinstance(app.scene, ResultsScene):
            break
        if isinstance(app.scene, TableScene) and app.scene.end.shown:
            drive.key(pygame.K_SPACE)  # the final board: "See the results" (#20)
        app.step(1 / 60)
    assert isinstance(app.scene, ResultsScene)
    assert session.finished and session.verify_replay()


def test_hidden_cards_never_drawn_for_other_humans(app: App, drive: Driver) -> None:
    configs = [SeatConfig(n, SEAT_COLOURS[i], "human") for i, n in enumerate(("A", "B", "C"))]
    session = GameSession.new(configs, seed=5)
    app.push(TableScene(), TableEntry(session))
    scene = table(app)
    drive.frames(2)
    # Before anyone takes the device: a hand-off screen, and no hand in the hit map.
    assert scene.ctrl.handoff is not None
    seat = pass_handoff(app, drive)
    drive.frames(1)
    shown = {c for c, _ in scene.hits.hand}
    assert shown == set(session.state.seats[seat].hand)
    assert all(KIND[c] != Kind.HIDEOUT for c in shown)
