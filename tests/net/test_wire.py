"""The wire and the LAN beacon: typed messages only, engine values rebuilt exactly,
every datagram and frame treated as hostile input."""

from __future__ import annotations

import random
import time

import msgspec
import pytest

from engine import GameOptions, apply, legal_actions, new_game, to_json, view
from engine.actions import OpenCard, action_to_json
from noirburg_desktop.net import protocol as p
from noirburg_desktop.net.beacon import MAX_DATAGRAM, MAX_GAMES, Announcement, Beacon, Listener
from noirburg_desktop.net.client import parse_address
from noirburg_desktop.net.seatview import (
    action_from_wire,
    event_from_json,
    event_to_json,
    view_from_json,
)


def test_messages_round_trip_and_anything_else_is_a_protocol_error() -> None:
    act = p.Act(state_id=3, token="ab", action={"type": "Pass"})
    assert p.decode_client(p.encode(act)) == act
    for bad in ("", "[]", '{"t": "nuke"}', '{"t": "leave", "x": 1}', "\xff", "1e999999"):
        with pytest.raises(p.ProtocolError):
            p.decode_client(bad)
    with pytest.raises(p.ProtocolError):
        p.decode_host(" " * (p.MAX_FRAME + 1))


def test_a_view_event_and_action_come_back_as_the_engine_made_them() -> None:
    state = new_game(GameOptions(players=5, seed=8))
    rng = random.Random(8)
    for _ in range(400):
        if state.to_act is None:
            break
        for seat in range(5):
            v = view(state, seat)
            assert to_json(view_from_json(to_json(v), seat)) == to_json(v)
        action = rng.choice(legal_actions(state))
        assert action_from_wire(action_to_json(action)) == action
        for event in apply(state, action):
            assert event_from_json(event_to_json(event)) == event


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Mulligan", "cards": 3},
        {"type": "OpenCard", "card": 999},
        {"type": "OpenCard", "card": 5.0},
        {"type": "OpenCard", "card": True},
        {"type": "OpenCard", "card": 5, "evil": 1},
        {"type": "Draw", "count": -1},
        {"type": "__class__"},
        [],
    ],
)
def test_an_action_of_the_wrong_shape_is_refused_before_the_engine(data: object) -> None:
    with pytest.raises(ValueError):
        action_from_wire(data)
    assert action_from_wire({"type": "OpenCard", "card": 5, "on": None}) == OpenCard(5, None)


def test_a_doctored_view_is_refused() -> None:
    state = new_game(GameOptions(players=3, seed=1))
    data = to_json(view(state, 0))
    data["seats"][1]["hand"].append(-1)  # one hidden card too many
    with pytest.raises(ValueError):
        view_from_json(data, 0)
    with pytest.raises(ValueError):
        view_from_json({"seats": "x"}, 0)


@pytest.mark.parametrize(
    ("text", "want"),
    [("10.0.0.2:47800", ("10.0.0.2", 47800)), ("[::1]:5", ("::1", 5)), ("host", ("host", 0))],
)
def test_addresses_are_parsed(text: str, want: tuple[str, int]) -> None:
    assert parse_address(text) == want


@pytest.mark.parametrize("text", ["", ":80", "h:x", "h:99999", "[::1", "[::1]x"])
def test_bad_addresses_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_address(text)


def test_the_beacon_is_heard_by_a_listener_on_loopback() -> None:
    listener = Listener(port=0, bind="127.0.0.1").start()
    beacon = Beacon("Ayşe'nin masası", 47800, lambda: 2, target=("127.0.0.1", listener.port))
    beacon.interval = 0.05
    beacon.start()
    try:
        end = time.monotonic() + 5
        while not listener.games() and time.monotonic() < end:
            time.sleep(0.02)
    finally:
        beacon.stop()
        listener.stop()
    (game,) = listener.games()
    assert (game.name, game.address, game.port, game.free) == (
        "Ayşe'nin masası",
        "127.0.0.1",
        47800,
        2,
    )
    assert game.compatible


def test_hostile_datagrams_are_dropped_and_the_list_is_bounded() -> None:
    now = [0.0]
    listener = Listener(port=0, bind="127.0.0.1", clock=lambda: now[0])
    try:
        good = Announcement(
            app="noirburg", protocol=1, app_version="1", name="x\x1b[2J\n", port=1, free=1
        )
        for junk in (b"", b"\xff" * 10, b"{}", b"[1]", b"x" * (MAX_DATAGRAM + 1)):
            listener.feed(junk, "10.0.0.9")
        listener.feed(msgspec.json.encode(msgspec.structs.replace(good, port=0)), "10.0.0.9")
        listener.feed(msgspec.json.encode(msgspec.structs.replace(good, app="x")), "10.0.0.9")
        assert listener.games() == []
        for i in range(MAX_GAMES + 20):
            listener.feed(
                msgspec.json.encode(msgspec.structs.replace(good, port=i + 1)), "10.0.0.9"
            )
        games = listener.games()
        assert len(games) == MAX_GAMES
        assert all(g.name == "x?[2J?" for g in games)  # control characters cleaned
        now[0] += 10
        assert listener.games() == []  # forgotten when silent
    finally:
        listener.stop()


def test_every_network_refusal_is_worded_in_turkish() -> None:
    """The host sends message ids and parameters; the client words them (I-TURKISH):
    every reason of net/reasons.py comes out in Turkish through the app's `say`."""
    import inspect

    from noirburg_desktop.net import reasons
    from noirburg_desktop.net.client import reason_text
    from noirburg_desktop.words import i18n, wording

    makers = [
        f
        for name, f in inspect.getmembers(reasons, inspect.isfunction)
        if f.__module__ == reasons.__name__ and name != "wire"
    ]
    assert len(makers) >= 14
    i18n.set_language("tr")
    try:
        for make in makers:
            params = inspect.signature(make).parameters.values()
            args = ["x" if prm.annotation in (str, "str") else 3 for prm in params]
            english = make(*args)
            turkish = wording.say(reason_text(reasons.wire(english)))
            assert turkish and turkish != str(english), make.__name__
    finally:
        i18n.set_language("en")
