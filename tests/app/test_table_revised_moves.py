"""The table offers the moves the §6 revisions opened, by real drags (R-DRIVEBY-1,
R-TURNCOAT-1 own targets; I-REACT-WINDOW: Police (a) on one's own Business answering a
Drive-by, claimed from the reaction bar), and the New game screen offers the I-RANSOM
house rule and saves it with the game."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import engine
from engine import actions as A
from engine.cards import Kind
from engine.state import Phase
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene
from tests.app.conftest import Driver
from tests.app.test_table_play import Gestures
from tests.engine.positions import business, gangster, give, table, turn_of


@pytest.fixture(autouse=True)
def _fast_frames(no_sleep_clock: None) -> None:
    """These tests pass dt themselves; the frame-rate sleep would only cost time."""


def _session(state: engine.GameState) -> GameSession:
    names = ("Ayşe", "Mehmet", "Zeynep")
    configs = [SeatConfig(names[i], SEAT_COLOURS[i], "human") for i in range(state.n)]
    return GameSession(configs, state.options, state, [], state.options.seed)


def _open_table(app: App, drive: Driver, state: engine.GameState) -> tuple[GameSession, Gestures]:
    """Seat 0's phase D in `state`, on the table, with the device in seat 0's hands."""
    turn_of(state, 0, Phase.OPEN)
    session = _session(state)
    app.settings.reaction_window_s = 1
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    g = Gestures(app, drive)
    _ready(app, drive, g, 0)
    return session, g


def _ready(app: App, drive: Driver, g: Gestures, seat: int) -> None:
    """Take the device to `seat` (hand-off screens are clicked away) until it may act."""
    for _ in range(200):
        ctrl = g.scene.ctrl
        if ctrl.handoff is not None or ctrl.note:
            drive.click((12, 12))
            continue
        if ctrl.my_turn() and ctrl.state.to_act == seat:
            return
        app.step(0.1)
    raise AssertionError("the table never handed the device to the seat")


def test_own_drive_by_and_own_turncoat_by_drag(app: App, drive: Driver) -> None:
    """R-DRIVEBY-1 / R-TURNCOAT-1 (revised): dragging a Drive-by onto one's own Business
    and a Turncoat onto one's own gangster are accepted by the table."""
    state = table(players=3, money=5)
    mine = business(state, 0, 3)
    own_g = gangster(state, 0, 2, mine)
    still = business(state, 0, 1)
    turn = give(state, 0, Kind.TURNCOAT)
    drive_by = give(state, 0, Kind.DRIVE_BY)
    give(state, 0, Kind.GANGSTER, 1)
    session, g = _open_table(app, drive, state)
    assert A.PlayTurncoat(turn, own_g) in g.scene.ctrl.legal()
    g.perform(A.PlayTurncoat(turn, own_g))
    assert session.actions[0] == {"type": "PlayTurncoat", "card": turn, "gangster": own_g}
    _ready(app, drive, g, 0)
    assert A.PlayDriveBy((drive_by,), still) in g.scene.ctrl.legal()
    g.perform(A.PlayDriveBy((drive_by,), still))
    got = [a for a in session.actions if a["type"] == "PlayDriveBy"]
    assert got == [{"type": "PlayDriveBy", "cards": [drive_by], "target": still}]


def test_police_on_own_business_answers_a_drive_by(app: App, drive: Driver) -> None:
    """I-REACT-WINDOW worked example at the table: seat 0 drags a Drive-by onto seat 1's
    manned Speakeasy; seat 1 claims the reaction bar and drags a Police onto its own
    Speakeasy; the guard goes into hiding before the roll."""
    state = table(players=3, money=5)
    speak = business(state, 1, 3)
    guard = gangster(state, 1, 2, speak)
    drive_by = give(state, 0, Kind.DRIVE_BY)
    police = give(state, 1, Kind.POLICE)
    give(state, 0, Kind.GANGSTER, 1)
    session, g = _open_table(app, drive, state)
    g.perform(A.PlayDriveBy((drive_by,), speak))
    ctrl = g.scene.ctrl
    assert ctrl.state.to_act == 1 and ctrl.state.window is not None
    for _ in range(100):  # the bar shows; seat 1 claims it (R), then takes the device
        if ctrl.presenter.bar is not None:
            break
        app.step(0.05)
    assert ctrl.presenter.bar is not None
    drive.key(pygame.K_r)
    if ctrl.choosing_claim:
        drive.key(pygame.K_2)
    _ready(app, drive, g, 1)
    assert A.PlayPolice(police, speak) in ctrl.legal()
    g.perform(A.PlayPolice(police, speak))
    for _ in range(300):
        if ctrl.state.window is None or ctrl.state.pending(engine.state.PendingDriveBy) is None:
            break
        if ctrl.handoff is not None or ctrl.note:
            drive.click((12, 12))
            continue
        app.step(0.1)
    assert guard in ctrl.state.seats[1].hidden
    kinds = [a["type"] for a in session.actions]
    assert kinds[:2] == ["PlayDriveBy", "PlayPolice"]


def test_new_game_offers_ransom_counts_the_excess(app: App, drive: Driver, tmp_path: Path) -> None:
    """I-RANSOM: the house rule sits beside the others in New game, off by default; ticking
    it starts a game whose options (and autosave) carry it."""
    from noirburg_desktop.scenes.newgame import NewGameScene

    app.push(NewGameScene())
    drive.frames(2)
    box = drive.element("ransom_excess")
    assert not box.is_checked
    assert app.screen is not None
    pygame.image.save(app.screen, str(tmp_path / "noirburg-newgame-1280x800.png"))
    drive.click(drive.widget("ransom_excess"))
    assert drive.element("ransom_excess").is_checked
    drive.click(drive.widget("start"))
    drive.frames(2)
    scene = app.scene
    assert isinstance(scene, TableScene)
    session = scene.ctrl.session
    assert session.options.ransom_excess is True
    assert session.state.options.ransom_excess is True
    loaded = app.storage.load(app.storage.autosave_path(session.game_id))
    assert loaded.options.ransom_excess is True


@pytest.mark.parametrize("kind", [Kind.TURNCOAT, Kind.POKER_NIGHT])
def test_bar_after_every_reaction_whoever_can_answer(kind: Kind) -> None:
    """I-REACT-WINDOW (b), leak-free: a Turncoat or Poker Night now opens a window before
    it works, so the table shows a reaction bar right after it; the story up to and
    including that bar is the same whether or not anybody holds an answer (the engine
    asks only seats that can answer, the table must not tell)."""
    from noirburg_desktop.table.animation import Bar, plan_bars

    stories = []
    for answer in (False, True):
        state = table(players=3, money=5)
        target = gangster(state, 1, 2, business(state, 1, 2))
        card = give(state, 0, kind)
        give(state, 0, Kind.GANGSTER, 1)
        if answer:
            give(state, 2, Kind.DRIVE_BY)  # seat 2 could answer (a Drive-by on the Bootlegger)
        turn_of(state, 0, Phase.OPEN)
        action = A.PlayTurncoat(card, target) if kind is Kind.TURNCOAT else A.PlayPokerNight(card)
        events = engine.apply(state, action)
        assert (state.window is not None) is answer
        story = plan_bars(events)
        first_bar = next(i for i, x in enumerate(story) if isinstance(x, Bar))
        stories.append(
            [(x.reason, x.opener) if isinstance(x, Bar) else x.kind for x in story][: first_bar + 1]
        )
    assert stories[0] == stories[1] == ["react", ("react", 0)]
