"""Issue 26, the window side over a real loopback wire: Network game → Host a game →
the lobby → Start → a whole game played by this window's seat against the host's
AIs, to Results; and a window joining a headless host by a typed address. Every
frame the window holds only its own seat's view."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

import engine
from engine.actions import EndPhase, Pass
from engine.view import UNKNOWN
from noirburg_desktop.app import App
from noirburg_desktop.net.client import NetClient, Picture
from noirburg_desktop.net.host import HostThread
from noirburg_desktop.net.hosted import HostedGame
from noirburg_desktop.netplay import hosting
from noirburg_desktop.netplay.remote_session import HostedResult
from noirburg_desktop.netplay.remote_table import RemoteController
from noirburg_desktop.scenes.host import HostScene
from noirburg_desktop.scenes.join import TYPED, JoinScene
from noirburg_desktop.scenes.lobby import LobbyScene
from noirburg_desktop.scenes.results import ResultsScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.table.scene import TableScene
from tests.app.conftest import Driver

pytestmark = pytest.mark.usefixtures("no_sleep_clock")  # frames as fast as they draw


@pytest.fixture(autouse=True)
def any_port(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ports from the OS: the default port may be taken on a test machine."""
    monkeypatch.setattr(hosting, "DEFAULT_PORT", 0)
    monkeypatch.setitem(TYPED, "name", "")  # no name typed earlier in this process


def _remote(table: TableScene) -> RemoteController:
    """The table's controller, which a joined or resumed game makes a remote one."""
    assert isinstance(table.ctrl, RemoteController)
    return table.ctrl


def _frames_until(app: App, done: object, seconds: float = 60.0) -> None:
    """Step the app until `done`: a liveness limit (a loaded 2-core CI runner took over
    20 s for a whole hosted game), not a speed test."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(1 / 30)
        if callable(done) and done():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def _only_own_cards(ctrl: RemoteController) -> None:
    st = ctrl.state
    if ctrl.final is not None:
        return  # the game is over: the whole final position may be known
    for i, s in enumerate(st.seats):
        if i != ctrl.seat:
            assert all(c == UNKNOWN for c in s.hand), (i, s.hand)
    assert all(c == UNKNOWN for c in st.deck)


def _play(app: App, rng: random.Random, seconds: float = 300.0, moves_max: int = 10**6) -> int:
    """Play this window's seat (random legal moves, as gestures would send) to Results
    (or for `moves_max` moves)."""
    moves = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        scene = app.scene
        if isinstance(scene, ResultsScene) or moves >= moves_max:
            return moves
        assert isinstance(scene, TableScene)
        ctrl = scene.ctrl
        assert isinstance(ctrl, RemoteController)
        _only_own_cards(ctrl)
        if scene.out.shown(ctrl):
            ctrl.out_watching = True
        if scene.end.shown:  # the final board: "See the results" (#20)
            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        if ctrl.my_turn() and ctrl.in_flight is None:
            legal = ctrl.legal()
            rest = [a for a in legal if not isinstance(a, (EndPhase, Pass))]
            scene._try(rng.choice(rest) if rest and rng.random() < 0.6 else legal[-1])
            moves += 1
        app.step(0.2)
        time.sleep(0.002)
    raise AssertionError("the game did not end in time")


def test_host_from_the_title_start_in_the_lobby_and_play_to_results(
    app: App, drive: Driver
) -> None:
    app.settings.ai_speed = "instant"
    app.push(TitleScene())
    drive.frames(2)
    title = app.scene
    assert isinstance(title, TitleScene)
    drive.click(title.ui["network"].rect)
    join = app.scene
    assert isinstance(join, JoinScene)
    drive.click(join.ui["host"].rect)
    host = app.scene
    assert isinstance(host, HostScene)
    drive.click(host.ui["open"].rect)  # no name yet: refused, said why
    assert app.scene is host and host.error
    host._set_name("Ayşe")
    host._set_players(3)
    host._set_people(1)
    host._set_level("easy")
    drive.click(host.ui["open"].rect)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    assert lobby.share and all(":" in a for a in lobby.share)  # the address to share
    _frames_until(app, lambda: lobby.lobby is not None and lobby.lobby.ready)
    assert lobby.lobby is not None
    assert [s.you for s in lobby.lobby.seats] == [True, False, False]
    # the AI seats in the player's language, not the host's "#2" (seen under Xvfb)
    assert [s.name for s in lobby.lobby.seats[1:]] == ["AI 2", "AI 3"]
    start = lobby.ui["start"]
    drive.frames(2)
    assert start.is_enabled
    drive.click(start.rect)
    _frames_until(app, lambda: isinstance(app.scene, TableScene))
    table = app.scene
    assert isinstance(table, TableScene)
    assert isinstance(table.ctrl, RemoteController) and table.ctrl.seat == 0
    assert table.ctrl.handoff is None and not table.ctrl.use_bars  # no curtains, no bars
    moves = _play(app, random.Random(3))
    assert moves > 3
    results = app.scene
    assert isinstance(results, ResultsScene)
    assert isinstance(results.session, HostedResult) and results.session.finished
    assert set(results.ui) == {"title"}  # no replay or rematch of a hosted game here


def test_join_a_headless_host_by_its_address_and_play_to_results(
    app: App, drive: Driver, tmp_path: Path
) -> None:
    app.settings.ai_speed = "instant"
    game = HostedGame(3, 11, remote=1, data_dir=tmp_path / "host")
    running = HostThread(game, bind="127.0.0.1", port=0, ai_level="easy").start()
    try:
        app.push(JoinScene())
        join = app.scene
        assert isinstance(join, JoinScene)
        drive.frames(2)
        join._set_address(f"127.0.0.1:{running.port}")
        drive.click(join.ui["join"].rect)  # no name: refused, said why
        assert app.scene is join and join.error
        join._set_name("Mehmet")
        drive.click(join.ui["join"].rect)
        lobby = app.scene
        if isinstance(lobby, LobbyScene):  # (the deal may have come in the click's frames)
            assert not lobby.hosting and "start" not in lobby.ui  # only the host starts
        _frames_until(app, lambda: isinstance(app.scene, TableScene))  # dealt at once
        table = app.scene
        assert isinstance(table, TableScene)
        assert table.ctrl.name(0) == "Mehmet"
        assert _play(app, random.Random(5)) > 3
        assert isinstance(app.scene, ResultsScene)
        assert game.over
        assert engine.outcome(game.session.state).winners == app.scene.outcome.winners
    finally:
        running.stop()


def test_a_cut_link_shows_the_banner_reconnects_with_the_token_and_plays_on(
    app: App, drive: Driver, tmp_path: Path
) -> None:
    from noirburg_desktop.netplay.texts import t
    from tests.net.netproxy import Proxy

    app.settings.ai_speed = "instant"
    game = HostedGame(3, 4, remote=1, data_dir=tmp_path / "host")
    running = HostThread(game, bind="127.0.0.1", port=0, ai_level="easy").start()
    proxy = Proxy(running.port).start()
    try:
        app.push(JoinScene())
        join = app.scene
        assert isinstance(join, JoinScene)
        drive.frames(2)
        join._set_name("Zeynep")
        join._set_address(f"127.0.0.1:{proxy.port}")
        drive.click(join.ui["join"].rect)
        _frames_until(app, lambda: isinstance(app.scene, TableScene))
        table = app.scene
        assert isinstance(table, TableScene)
        ctrl = table.ctrl
        assert isinstance(ctrl, RemoteController)
        _frames_until(app, ctrl.my_turn)
        before = game.state_id
        proxy.reset()
        _frames_until(app, lambda: not ctrl.connected, 10)
        assert not ctrl.my_turn()
        assert ctrl.toast in (t("net.lost_plain"), t("net.closed_plain")) or "(" in ctrl.toast
        _frames_until(app, lambda: ctrl.connected and ctrl.my_turn(), 20)  # the same question
        assert ctrl.state_id == game.state_id == before
        assert ctrl.toast == t("net.rejoined")
        assert ctrl.log  # the log came back with the resync
        assert _play(app, random.Random(9), moves_max=6) == 6  # the game goes on
        assert game.state_id > before
    finally:
        proxy.stop()
        running.stop()


def _answer(client: NetClient, moves: list[int]) -> None:
    """The remote seat: takes every question with its last legal action."""
    for item in client.poll():
        if isinstance(item, Picture) and item.question is not None and item.legal:
            client.act(item.legal[-1], item.state_id)
            moves.append(item.state_id)


def _open_host(app: App, drive: Driver) -> HostScene:
    app.push(HostScene())
    drive.frames(2)
    host = app.scene
    assert isinstance(host, HostScene)
    host._set_name("Ayşe")
    return host


def test_a_crashed_hosting_window_resumes_its_game_and_the_seats_rejoin_by_token(
    app: App, drive: Driver
) -> None:
    app.settings.ai_speed = "instant"
    host = _open_host(app, drive)
    assert host.unfinished is None and "resume" not in host.ui  # nothing to resume yet
    host._set_players(3)
    host._set_people(2)
    host._set_level("easy")
    drive.click(host.ui["open"].rect)
    hosted = host.hosted
    assert hosted is not None
    started = [hosted]
    port = hosted.port
    remote = NetClient("127.0.0.1", port, "Mehmet").start()
    moves: list[int] = []
    try:
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        _frames_until(app, lambda: lobby.lobby is not None and lobby.lobby.ready)
        drive.frames(2)
        drive.click(lobby.ui["start"].rect)
        _frames_until(app, lambda: isinstance(app.scene, TableScene))

        def until(done: Callable[[], bool], seconds: float = 90.0) -> None:
            def step() -> bool:
                _answer(remote, moves)
                return done()

            _frames_until(app, step, seconds)

        table = app.scene
        assert isinstance(table, TableScene) and isinstance(table.ctrl, RemoteController)
        rng = random.Random(5)
        played = 0
        while played < 3:  # a few of our own moves, the remote seat answering its own
            until(lambda: table.ctrl.my_turn() and _remote(table).in_flight is None)
            table._try(rng.choice(table.ctrl.legal()))
            played += 1
        until(lambda: _remote(table).in_flight is None)
        token, seat = remote.token, remote.seat
        assert token is not None and seat == 1
        # The crash: the host's thread and this window's seat stop, with no clean end.
        hosted.thread.stop()
        hosted.beacon.stop()
        hosted.link.client.close()
        state_id = hosted.game.state_id
        saved = hosted.game.to_json()
        assert hosted.game.session is not None and state_id > 3
        history = list(hosted.game.session.actions)

        again = _open_host(app, drive)
        assert again.unfinished is not None and "resume" in again.ui
        assert again.unfinished.started and again.unfinished.names[:2] == ("Ayşe", "Mehmet")
        line = again.resume_line()  # its seats and turn, shown beside Host a game
        assert "Ayşe, Mehmet, AI 3" in line and "#3" not in line, line  # not the host's "#3"
        drive.click(again.ui["resume"].rect)
        resumed = again.hosted
        assert resumed is not None and resumed is not hosted
        started.append(resumed)
        assert resumed.port == port and not resumed.moved  # the same port, free again
        assert resumed.game.game_id == saved["game_id"]
        assert resumed.game.session is not None  # the same game, from the same position
        assert list(resumed.game.session.actions)[:state_id] == history
        _frames_until(app, lambda: isinstance(app.scene, TableScene) and app.scene is not table)
        back = app.scene
        assert isinstance(back, TableScene) and isinstance(back.ctrl, RemoteController)
        assert back.ctrl.seat == 0  # our own seat, by the token kept with the game
        until(lambda: resumed.game.seats[1].connected)  # Mehmet is back, by his token
        assert remote.token == token and remote.seat == 1
        until(lambda: _remote(back).state_id == state_id or _remote(back).state_id > state_id)
        assert _play_some(app, back, remote, moves, rng) > 0
        assert resumed.game.state_id > state_id  # the game goes on from there
    finally:
        remote.close()
        for opened in started:
            opened.link.close()
            opened.stop()


def _play_some(
    app: App, table: TableScene, remote: NetClient, moves: list[int], rng: random.Random
) -> int:
    ctrl = table.ctrl
    assert isinstance(ctrl, RemoteController)
    played = 0
    end = time.monotonic() + 60
    while played < 2 and time.monotonic() < end and app.scene is table:
        _answer(remote, moves)
        if ctrl.my_turn() and ctrl.in_flight is None:
            table._try(rng.choice(ctrl.legal()))
            played += 1
        app.step(0.2)
        time.sleep(0.01)
    return played


def test_a_damaged_hosted_autosave_is_set_aside_with_a_note_and_not_offered(
    app: App, drive: Driver
) -> None:
    folder = app.storage.root / "hosted"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hosted.json").write_text('{"format": 1, "players": 4, "seats": [1, 2]}')
    app.push(HostScene())
    drive.frames(2)
    host = app.scene
    assert isinstance(host, HostScene)
    assert host.unfinished is None and "resume" not in host.ui
    assert "hosted" in host.error  # the note says it was set aside
    assert not (folder / "hosted.json").exists()
    assert [p.name for p in folder.glob("hosted.broken-*.json")]  # kept, never deleted
    drive.frames(2)  # the screen draws with the note


def test_a_joining_window_keeps_its_seat_token_and_a_restarted_one_rejoins_it(
    app: App, drive: Driver, tmp_path: Path
) -> None:
    from noirburg_desktop.netplay import tokens

    game = HostedGame(3, 4, remote=2, data_dir=tmp_path / "host")
    running = HostThread(game, bind="127.0.0.1", port=0, ai_level="easy").start()
    address = f"127.0.0.1:{running.port}"
    try:
        app.push(JoinScene())
        drive.frames(2)
        join = app.scene
        assert isinstance(join, JoinScene) and "rejoin" not in join.ui  # no token yet
        join._set_name("Zeynep")
        join._set_address(address)
        drive.click(join.ui["join"].rect)
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        _frames_until(app, lambda: tokens.token_for(join.tokens_dir, address) is not None)
        kept = tokens.token_for(join.tokens_dir, address)
        assert kept is not None and kept[0] == game.game_id
        assert game.seats[0].name == "Zeynep"
        lobby.back()  # the window goes away (its seat stays Zeynep's)
        app.pop()
        again = JoinScene()  # a restarted window: the kept seat is offered
        app.push(again)
        drive.frames(2)
        assert again.address == address and "rejoin" in again.ui
        again._set_name("Zeynep")
        again.rejoin_typed()  # the "rejoin" button's action
        assert not again.error, again.error
        back = app.scene
        assert isinstance(back, LobbyScene)
        _frames_until(app, lambda: back.link is not None and back.link.seat is not None)
        assert back.link is not None and back.link.seat == 0  # the same seat, by its token
        assert game.seats[1].digest == ""  # no second seat was taken
        back.back()
    finally:
        running.stop()


def test_a_restarted_window_rejoins_its_seat_without_the_name_typed_again(
    app: App, drive: Driver, tmp_path: Path
) -> None:
    """Seen under Xvfb: after a crash, "Rejoin your seat" said "Type your name first"
    (the name typed lives only in memory); the kept token knows the seat and its name."""
    from noirburg_desktop.netplay import tokens

    game = HostedGame(3, 4, remote=2, data_dir=tmp_path / "host")
    running = HostThread(game, bind="127.0.0.1", port=0, ai_level="easy").start()
    address = f"127.0.0.1:{running.port}"
    try:
        app.push(JoinScene())
        drive.frames(2)
        join = app.scene
        assert isinstance(join, JoinScene)
        join._set_name("Zeynep")
        join._set_address(address)
        drive.click(join.ui["join"].rect)
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        _frames_until(app, lambda: tokens.token_for(join.tokens_dir, address) is not None)
        lobby.back()
        app.pop()
        TYPED["name"] = ""  # a restarted process: nothing typed in this one yet
        again = JoinScene()
        app.push(again)
        drive.frames(2)
        assert "rejoin" in again.ui
        again._set_name("")  # nothing typed: the token is enough
        again.rejoin_typed()  # the "rejoin" button's action
        assert again.error == "", again.error
        back = app.scene
        assert isinstance(back, LobbyScene)
        _frames_until(app, lambda: back.link is not None and back.link.seat is not None)
        assert back.link is not None and back.link.seat == 0  # the same seat
        assert game.seats[0].name == "Zeynep" and game.seats[1].digest == ""
        back.back()
        later = JoinScene()  # the name field shows the kept name
        app.push(later)
        drive.frames(2)
        assert later.name == "Zeynep" and "rejoin" in later.ui
    finally:
        running.stop()


def test_a_window_restarted_mid_game_rejoins_with_its_log_and_question(
    app: App, drive: Driver, tmp_path: Path
) -> None:
    """Seen under Xvfb: the joining window SIGKILLed mid-game, restarted, Rejoin your
    seat: the same hand and question came back, but the log was empty (the host's
    resync carries the seat's whole log; the lobby kept it from the table)."""
    app.settings.ai_speed = "instant"
    game = HostedGame(3, 11, remote=1, data_dir=tmp_path / "host", grace=600)
    running = HostThread(game, bind="127.0.0.1", port=0, ai_level="easy").start()
    address = f"127.0.0.1:{running.port}"
    try:
        app.push(JoinScene())
        join = app.scene
        assert isinstance(join, JoinScene)
        drive.frames(2)
        join._set_address(address)
        join._set_name("Mehmet")
        drive.click(join.ui["join"].rect)
        _frames_until(app, lambda: isinstance(app.scene, TableScene))
        assert _play(app, random.Random(5), moves_max=12) == 12
        table = app.scene
        assert isinstance(table, TableScene)
        before = list(_remote(table).log)
        assert len(before) > 12
        _remote(table).link.close()  # the window goes away mid-game
        app.reset_to(JoinScene())
        again = app.scene
        assert isinstance(again, JoinScene)
        drive.frames(2)
        assert "rejoin" in again.ui
        again._set_name("Mehmet")
        again.rejoin_typed()
        _frames_until(app, lambda: isinstance(app.scene, TableScene))
        back = app.scene
        assert isinstance(back, TableScene)
        ctrl = _remote(back)
        _frames_until(app, lambda: ctrl.state_id == game.state_id or game.over)
        assert len(ctrl.log) >= len(before) // 2, ctrl.log  # the story so far, again
        # the lines the live log leaves to the reaction bar stay out of it (seen under
        # Xvfb: the rejoined log had every "Reactions may be played / No more reactions")
        bar_only = ("Reactions may be played", "No more reactions")
        assert not [line for line in ctrl.log if line.strip() in bar_only], ctrl.log
        assert not [line for line in before if line.strip() in bar_only], before
        assert ctrl.host_legal is not None or ctrl.asked_now is not None  # the host's question
    finally:
        running.stop()
