"""Whole games over loopback sockets: bots on 3-6 remote seats play to the end;
a client dropped mid-turn or mid-window comes back with its token to the same
question; a host killed and restarted resumes; latency, jitter, stalls and resets
through an in-process proxy."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from noirburg_desktop.net import protocol as p
from noirburg_desktop.net.client import NetClient, Picture, Status
from noirburg_desktop.net.host import PORT_GRACE
from noirburg_desktop.net.hosted import HostedGame
from tests.net.helpers import BotSeat, running_host, seat_in_order
from tests.net.netproxy import Proxy


def finish(bots: list[BotSeat], timeout: float = 90) -> None:
    for b in bots:
        b.join(timeout)


def same_ending(bots: list[BotSeat], game: HostedGame) -> None:
    assert game.over
    assert game.session is not None
    for b in bots:
        assert b.over is not None, b.statuses
        assert b.over.winners == list(game.session.state.winners)
        assert b.over.method == game.session.state.win_method


@pytest.mark.parametrize("players", [3, 6])
def test_bots_on_every_remote_seat_play_a_whole_game(players: int) -> None:
    game = HostedGame(players, 40 + players, window_timeout=0)
    frames: list[list[str | bytes]] = [[] for _ in range(players)]
    with running_host(game) as host:
        bots = [BotSeat(host.port, f"Bot {i}", "random", i) for i in range(players)]
        for i, b in enumerate(bots):
            b.client.tap = frames[i].append
            b.start()
        finish(bots)
    same_ending(bots, game)
    assert all(not b.refused for b in bots)
    # what each client received: other hands and the deck always hidden
    for b, got in zip(bots, frames, strict=True):
        seat = b.client.seat
        updates = [json.loads(f) for f in got if json.loads(f)["t"] == "update"]
        assert len(updates) > 50
        for u in updates:
            assert set(u["view"]["deck"]) <= {-1}
            for i, s in enumerate(u["view"]["seats"]):
                assert i == seat or set(s["hand"]) <= {-1}


def manual_until(
    client: NetClient, want: Callable[[Picture], bool], timeout: float = 60
) -> Picture:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        item = client.wait(0.5)
        if isinstance(item, Picture) and want(item):
            return item
    raise AssertionError("the question never came")


@pytest.mark.parametrize("kind", ["turn", "window"])
def test_a_dropped_client_comes_back_with_its_token_to_the_same_question(kind: str) -> None:
    game = HostedGame(4, 7, window_timeout=0, window_grace=20)
    with running_host(game) as host:
        bots = seat_in_order(host.port, 3)
        me = NetClient("127.0.0.1", host.port, "Me").start()  # seat 3
        import random

        from engine.bots import make_bot

        bot, rng = make_bot("easy"), random.Random(0)

        def wanted(pic: Picture) -> bool:
            if pic.question is not None and pic.legal:
                if pic.question.kind == kind:
                    return True
                me.act(bot.decide(pic.view, pic.legal, rng)[0], pic.state_id)
            return False

        asked = manual_until(me, wanted)
        token, seat = me.token, me.seat
        me.close()  # gone, mid-question
        time.sleep(0.3)
        again = NetClient("127.0.0.1", host.port, "Me", token).start()
        welcome = None
        for _ in range(40):
            item = again.wait(0.5)
            if isinstance(item, p.Welcome):
                welcome = item
            if isinstance(item, Picture):
                assert item.resync
                break
        assert welcome is not None and welcome.seat == seat
        assert isinstance(item, Picture)
        assert item.state_id == asked.state_id
        assert item.question == asked.question and item.legal == asked.legal
        assert len(item.events) >= len(asked.events)  # the whole log
        # and the game goes on to its end with this seat
        again.act(item.legal[0], item.state_id)
        end = time.monotonic() + 90
        while time.monotonic() < end and not game.over:
            it = again.wait(0.5)
            if isinstance(it, Picture) and it.legal:
                again.act(bot.decide(it.view, it.legal, rng)[0], it.state_id)
        again.close()
        finish(bots)
    same_ending(bots, game)


def test_a_host_killed_and_restarted_resumes_its_game(tmp_path: Path) -> None:
    game = HostedGame(3, 21, data_dir=tmp_path, window_timeout=0)
    with running_host(game) as host:
        port = host.port
        bots = [BotSeat(host.port, f"Bot {i}", "random", i) for i in range(3)]
        for b in bots:
            b.client.reconnect_for = 30
            b.start()
        while game.state_id < 60:
            time.sleep(0.005)
        for b in bots:  # the table stops where it is, and the host dies under it
            b.hold.set()
        time.sleep(0.2)
    # the host's loop is gone (cancelled mid-game, nothing said goodbye)
    stopped_at = game.state_id
    assert not game.over
    again = HostedGame(3, 0, data_dir=tmp_path, window_timeout=0)
    assert again.load() and again.state_id >= stopped_at - 1
    with running_host(again, port=port, port_grace=PORT_GRACE) as host2:  # as the window resumes
        assert host2.port == port
        for b in bots:
            b.hold.clear()  # they rejoin with their tokens and get their questions again
        finish(bots)
    same_ending(bots, again)
    assert again.state_id > stopped_at
    assert all("lost" in b.statuses for b in bots)


def test_latency_jitter_stalls_and_resets_through_a_proxy() -> None:
    game = HostedGame(3, 33, window_timeout=0)
    with running_host(game) as host:
        proxy = Proxy(host.port, delay=0.002, jitter=0.004, seed=1).start()
        bots = [BotSeat(proxy.port, f"Bot {i}", "random", i) for i in range(3)]
        for b in bots:
            b.client.reconnect_for = 30
            b.start()

        def trouble() -> None:
            for step in (40, 120, 200):
                while game.state_id < step and not game.over:
                    time.sleep(0.01)
                if step == 120:
                    proxy.stall(1.0)
                else:
                    proxy.reset()

        chaos = threading.Thread(target=trouble, daemon=True)
        chaos.start()
        finish(bots)
        chaos.join(5)
        proxy.stop()
    same_ending(bots, game)
    assert proxy.resets >= 1
    assert any(s == "lost" for b in bots for s in b.statuses)
    assert all(not isinstance(s, Status) for b in bots for s in b.refused)


def test_hosting_on_a_port_in_use_says_so() -> None:
    import socket

    from noirburg_desktop.net.host import HostThread

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(OSError, match=f"port {port}"):
            HostThread(HostedGame(3, 1), bind="127.0.0.1", port=port).start()


def test_ai_seats_are_played_by_the_host() -> None:
    game = HostedGame(4, 3, remote=2, ai_names=["Kemal", "Leyla"], window_timeout=0)
    with running_host(game, ai_level="easy") as host:
        bots = [BotSeat(host.port, f"Bot {i}", "random", i).start() for i in range(2)]
        finish(bots)
    same_ending(bots, game)
    assert [s.name for s in game.seats][2:] == ["Kemal", "Leyla"]
    assert game.lobby().ai_took_over == []  # AI seats from the start are not "taken over"


def test_a_host_on_every_interface_with_a_port_from_the_os_has_one_port_for_all() -> None:
    """Port 0 on every interface gave the IPv4 and IPv6 sockets different ports: the
    port shown and dialled was one of them (the hosting window's seat, on loopback,
    found nobody when 47800 was taken and the host fell back to a port from the OS)."""
    from noirburg_desktop.net.host import HostThread

    running = HostThread(HostedGame(3, 5, remote=1), bind="", port=0).start()
    try:
        server = running.host.server
        assert server is not None
        ports = {sock.getsockname()[1] for sock in server.sockets}
        assert ports == {running.port}, ports
        client = NetClient("127.0.0.1", running.port, "Ayşe").start()
        try:
            end = time.monotonic() + 10
            while client.seat is None and time.monotonic() < end:
                client.poll()
                time.sleep(0.02)
            assert client.seat == 0
        finally:
            client.close()
    finally:
        running.stop()
