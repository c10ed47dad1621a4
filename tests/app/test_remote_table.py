"""The table driven by one remote seat (issue 26): it holds only its seat's view,
sends intents, shows the host's refusals, has no undo, survives a dropped link."""

from __future__ import annotations

import random

import pygame

import engine
from engine.actions import Action, EndPhase, Mulligan, Pass, action_to_json
from engine.view import UNKNOWN
from noirburg_desktop.app import App
from noirburg_desktop.netplay.feed import SeatUpdate, Started
from noirburg_desktop.netplay.opening import open_remote_table
from noirburg_desktop.netplay.remote_table import RemoteController
from noirburg_desktop.session import SEAT_COLOURS, SeatConfig
from noirburg_desktop.table.scene import TableScene
from tests.app.net_fakes import FakeHost


def _configs(kinds: list[str]) -> list[SeatConfig]:
    names = ("Ayşe", "Vito", "Mehmet", "Lucky")
    return [SeatConfig(names[i], SEAT_COLOURS[i], k) for i, k in enumerate(kinds)]


def _open(app: App, host: FakeHost, seat: int) -> TableScene:
    link = host.links[seat]
    host.start()
    heard = link.poll()
    started = next(m for m in heard if isinstance(m, Started))
    first = next(m for m in heard if isinstance(m, SeatUpdate))
    link.inbox.extend(m for m in heard[heard.index(first) + 1 :])
    open_remote_table(app, link, started, first)
    scene = app.scene
    assert isinstance(scene, TableScene)
    return scene


def _hidden_ok(st: engine.GameState, seat: int) -> None:
    """The window holds no other seat's card and no deck order."""
    for i, s in enumerate(st.seats):
        if i != seat:
            assert all(c == UNKNOWN for c in s.hand), (i, s.hand)
    assert all(c == UNKNOWN for c in st.deck)


def _play_to_results(app: App, scene: TableScene, seat: int, rng: random.Random) -> int:
    from noirburg_desktop.scenes.results import ResultsScene

    moves = 0
    for _ in range(20000):
        if isinstance(app.scene, ResultsScene):
            return moves
        ctrl = scene.ctrl
        assert isinstance(ctrl, RemoteController)
        if ctrl.final is None:
            _hidden_ok(ctrl.state, seat)
        if scene.out.shown(ctrl):
            ctrl.out_watching = True
        if scene.end.shown:  # the final board: "See the results" (#20)
            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        if ctrl.my_turn() and ctrl.in_flight is None:
            legal = ctrl.legal()
            rest = [a for a in legal if not isinstance(a, (EndPhase, Pass))]
            action: Action = rng.choice(rest) if rest and rng.random() < 0.6 else legal[-1]
            scene._try(action)
            moves += 1
        app.step(0.2)
    c = scene.ctrl
    st = c.state
    assert isinstance(c, RemoteController)
    raise AssertionError(
        f"the remote table stalled: {st.phase} to_act={st.to_act} window={st.window} "
        f"{c.mode} in_flight={c.in_flight} {c.outbox} my_turn={c.my_turn()} "
        f"idle={c.presenter.idle} {c.toast!r} host to_act={c.state.to_act}"
    )


def test_a_remote_seat_plays_a_whole_game_seeing_only_its_view(app: App) -> None:
    from noirburg_desktop.scenes.results import ResultsScene

    app.settings.ai_speed = "instant"
    host = FakeHost(_configs(["easy", "human", "normal", "easy"]), seed=5)
    scene = _open(app, host, 1)
    moves = _play_to_results(app, scene, 1, random.Random(2))
    assert moves > 5
    assert host.session.finished
    results = app.scene
    assert isinstance(results, ResultsScene)
    assert results.session is host.session  # the whole game, once it is over
    assert scene.ctrl.log  # the story was told from the host's events


def test_an_illegal_drop_bounces_with_the_engine_s_reason_and_nothing_is_sent(app: App) -> None:
    host = FakeHost(_configs(["human", "easy", "easy", "easy"]), seed=7)
    scene = _open(app, host, 0)
    ctrl = scene.ctrl
    assert isinstance(ctrl, RemoteController)
    app.run_frames(2)
    assert ctrl.my_turn()
    illegal = engine.actions.Draw(3)  # not in the setup swap
    assert illegal not in ctrl.legal()
    assert not scene._try(illegal)
    assert "(R-" in ctrl.toast or "(I-" in ctrl.toast
    assert host.links[0].sent == []


def test_no_undo_and_save_is_the_host_s(app: App) -> None:
    host = FakeHost(_configs(["human", "easy", "easy", "easy"]), seed=7)
    scene = _open(app, host, 0)
    ctrl = scene.ctrl
    app.run_frames(2)
    scene._try(ctrl.legal()[0])
    app.run_frames(2)
    assert not ctrl.can_undo
    assert ctrl.undo()  # answered with a note, nothing undone
    assert "undo" in ctrl.toast.lower()
    scene._save()
    assert "host" in ctrl.toast.lower()


def test_a_stale_move_is_refused_by_the_host_and_the_table_goes_on(app: App) -> None:
    host = FakeHost(_configs(["human", "easy", "easy", "easy"]), seed=7)
    scene = _open(app, host, 0)
    ctrl = scene.ctrl
    assert isinstance(ctrl, RemoteController)
    app.run_frames(2)
    host.state_id += 1  # the host moved on meanwhile (a race)
    scene._try(ctrl.legal()[0])
    app.run_frames(2)
    assert host.refused == 1
    assert "refused" in ctrl.toast.lower()
    assert ctrl.in_flight is None
    host.state_id -= 1
    assert ctrl.my_turn()


def test_a_lost_link_shows_a_banner_blocks_moves_and_resumes_with_a_resync(app: App) -> None:
    host = FakeHost(_configs(["human", "easy", "easy", "easy"]), seed=7)
    scene = _open(app, host, 0)
    ctrl = scene.ctrl
    assert isinstance(ctrl, RemoteController)
    app.run_frames(2)
    host.drop(0)
    app.run_frames(300)  # five seconds: the note stays while the link is down
    assert not ctrl.connected and not ctrl.my_turn()
    assert "reconnecting" in ctrl.toast
    host.rejoin(0)
    app.run_frames(2)
    assert ctrl.connected and ctrl.my_turn()
    assert ctrl.toast == scene.ctrl.toast and "Back" in ctrl.toast


TWIN_SEED = 1  # seat 0 is asked first and holds two identical cards


def _twin_in_hand(st: engine.GameState, seat: int) -> int | None:
    """A card of `seat`'s hand that has an identical twin listed instead of it."""
    for c in st.seats[seat].hand:
        if engine.canonical(st, Mulligan((c,))) != Mulligan((c,)):
            return c
    return None


def test_the_second_of_two_identical_cards_is_sent_not_silently_dropped(app: App) -> None:
    """Seen under Xvfb: the host's player picked the second of her two Police to swap
    and pressed Keep / swap; nothing was sent and nothing said. `legal_actions` lists
    one card of each identical pair (the lowest id); the engine takes either (R-SETUP-7:
    any cards may be swapped), so the window must send the other one too."""
    host = FakeHost(_configs(["human", "easy", "easy", "easy"]), seed=TWIN_SEED)
    scene = _open(app, host, 0)
    ctrl = scene.ctrl
    assert isinstance(ctrl, RemoteController)
    app.run_frames(2)
    assert ctrl.my_turn() and ctrl.state.phase is engine.Phase.MULLIGAN
    twin = _twin_in_hand(ctrl.state, 0)
    assert twin is not None
    asked_on = ctrl.state
    scene._toggle(twin)
    scene._primary()
    app.run_frames(2)
    sent = host.links[0].sent
    assert len(sent) == 1 and host.refused == 0, ctrl.toast
    assert isinstance(sent[0], Mulligan) and len(sent[0].cards) == 1
    assert engine.canonical(asked_on, sent[0]) == engine.canonical(asked_on, Mulligan((twin,)))
    assert host.session.actions[0] == action_to_json(sent[0])  # the host carried it out


def test_leaving_the_table_this_window_hosts_asks_first_and_says_what_happens(
    app: App,
) -> None:
    """Menu, or closing the window, on the hosting window's table mid-game: a question
    saying the game is saved, the others wait, and how to resume; Stay keeps the table,
    Leave goes. A joined window's table (or a local one) leaves at once."""
    from noirburg_desktop.scenes.title import TitleScene

    host = FakeHost(_configs(["human", "easy", "easy", "easy"]), seed=7)
    host.links[0].hosting = True
    scene = _open(app, host, 0)
    app.run_frames(2)
    scene._button("menu")
    assert app.scene is scene and app.prompt is not None
    text = app.prompt.text
    assert "saved" in text and "wait" in text and "Resume the hosted game" in text
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))  # Stay
    assert app.prompt is None and app.scene is scene
    app.dispatch(pygame.event.Event(pygame.QUIT))  # closing the window asks too
    assert app.prompt is not None and app.running
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert app.running and app.scene is scene
    scene._button("menu")
    assert app.prompt is not None
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))  # Leave
    assert app.prompt is None and isinstance(app.scene, TitleScene)
    assert host.links[0].closed  # the table shut its link: the hosting window stops


def test_a_joined_window_s_table_leaves_without_a_question(app: App) -> None:
    from noirburg_desktop.scenes.title import TitleScene

    host = FakeHost(_configs(["human", "easy", "easy", "easy"]), seed=7)
    scene = _open(app, host, 0)
    app.run_frames(2)
    scene._button("menu")
    assert app.prompt is None and isinstance(app.scene, TitleScene)


def test_the_hosting_player_out_of_the_game_is_asked_before_new_game(app: App) -> None:
    """Under Xvfb the hosting player, knocked out, chose New game on the 'You are out'
    panel: the host stopped and the others' game with it, unasked."""
    host = FakeHost(_configs(["human", "easy", "easy", "easy"]), seed=7)
    host.links[0].hosting = True
    scene = _open(app, host, 0)
    app.run_frames(2)
    scene._new_game()  # what the out panel's "New game" calls
    assert app.scene is scene and app.prompt is not None
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))  # Stay
    assert app.scene is scene and not host.links[0].closed
