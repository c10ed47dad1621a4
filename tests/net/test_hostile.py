"""The hostile-client corpus over a real socket: malformed, oversized and replayed
frames, wrong tokens, forged seats, moves out of turn and out of a window, floods.
Each is refused with a reason (a catalogue message, never a worded sentence), the
game goes on unharmed to its end, and nothing a name carries reaches the log raw."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from engine.bots import make_bot
from noirburg_desktop import version
from noirburg_desktop.net import protocol as p
from noirburg_desktop.net.host import FLOOD_CLOSE
from noirburg_desktop.net.hosted import HostedGame
from noirburg_desktop.net.seatview import view_from_json
from tests.net.helpers import BotSeat, running_host


def hello(**kw: Any) -> str:
    fields: dict[str, Any] = {
        "app": p.APP_NAME,
        "protocol": p.PROTOCOL_VERSION,
        "app_version": version(),
        "name": "Mallory",
    }
    fields.update(kw)
    return p.encode(p.Hello(**fields))


def first_answer(port: int, *frames: str | bytes) -> dict[str, Any]:
    with connect(f"ws://127.0.0.1:{port}/", max_size=None) as ws:
        for f in frames:
            ws.send(f)
        answer: dict[str, Any] = json.loads(ws.recv(timeout=5))
        return answer


@pytest.fixture
def lobby_port() -> Iterator[int]:
    game = HostedGame(3, 1)
    with running_host(game) as host:
        yield host.port


@pytest.mark.parametrize(
    ("frames", "code"),
    [
        (["not json at all"], "malformed"),
        ([b"\x00\xff\xfe binary"], "malformed"),
        (['{"t": "hello"}'], "malformed"),
        (['{"t": "act", "state_id": 0, "token": "x", "action": {}}'], "malformed"),
        ([hello(app="chess")], "app"),
        ([hello(protocol=p.PROTOCOL_VERSION + 1)], "version"),
        ([hello(app_version="0.0.1")], "app_version"),
        ([hello(token="f" * 32)], "bad_token"),
        ([hello(token="f" * 5000)], "bad_token"),
        ([json.dumps({**json.loads(hello()), "admin": True})], "malformed"),
    ],
)
def test_a_bad_handshake_is_answered_with_a_reason_and_closed(
    lobby_port: int, frames: list[str | bytes], code: str
) -> None:
    answer = first_answer(lobby_port, *frames)
    assert answer["t"] == "bye" and answer["code"] == code
    assert answer["reason"]["template"]


def test_a_version_mismatch_names_both_versions(lobby_port: int) -> None:
    answer = first_answer(lobby_port, hello(protocol=99))
    assert answer["reason"]["params"] == {"theirs": 99, "ours": p.PROTOCOL_VERSION}
    assert "protocol {ours}" in answer["reason"]["template"]


def test_an_oversized_frame_closes_the_connection(lobby_port: int) -> None:
    with connect(f"ws://127.0.0.1:{lobby_port}/", max_size=None) as ws:
        ws.send("x" * (p.MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big


class Mallory:
    """A seat that plays (so the game ends) and attacks the host at every chance."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.token = ""
        self.seat = -1
        self.codes: list[str] = []
        self.reasons: list[dict[str, Any]] = []
        self.last_act: str | None = None
        self.other_token = "0" * 32
        self.over = False
        self.log: list[str] = []
        self.updates = 0
        self.bot = make_bot("random")
        self.rng = random.Random(5)

    def send(self, frame: str | bytes) -> None:
        self.ws.send(frame)

    def act(self, sid: int, action: dict[str, Any], token: str | None = None) -> str:
        frame = p.encode(p.Act(state_id=sid, token=token or self.token, action=action))
        self.send(frame)
        return frame

    def run(self) -> None:
        end = time.monotonic() + 90
        while time.monotonic() < end:
            msg = json.loads(self.ws.recv(timeout=30))
            self.log.append(msg["t"] + ":" + str(msg.get("code", "")))
            if msg["t"] == "welcome":
                self.token, self.seat = msg["token"], msg["seat"]
            elif msg["t"] == "refused":
                self.codes.append(msg["code"])
                self.reasons.append(msg["reason"])
            elif msg["t"] == "over":
                self.over = True
                return
            elif msg["t"] == "update":
                self.on_update(msg)

    def on_update(self, u: dict[str, Any]) -> None:
        sid, q = u["state_id"], u["question"]
        self.updates += 1
        if q is None:
            if self.updates % 3 == 0:
                self.act(sid, {"type": "Pass"})  # out of turn
            return
        if not q["legal"]:
            self.act(sid, {"type": "Pass"})  # shown the window, not asked: out of window
            return
        if self.last_act is not None:
            self.send(self.last_act)  # a replayed frame
            self.last_act = None
        self.act(sid, q["legal"][0], token=self.other_token)  # a forged seat
        self.send('{"t": "act", "state_id": "zero"}')  # malformed
        self.send(hello())  # hello twice
        self.act(sid, {"type": "OpenCard", "card": 999})  # not a card of the game
        seen = view_from_json(u["view"], self.seat)
        from noirburg_desktop.net.seatview import action_from_wire

        legal = [action_from_wire(a) for a in q["legal"]]
        from engine.actions import action_to_json

        choice = action_to_json(self.bot.decide(seen, legal, self.rng)[0])
        self.last_act = self.act(sid, choice)


def test_a_hostile_seat_is_refused_each_time_and_the_game_ends_unharmed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = HostedGame(3, 12, window_timeout=0)
    with running_host(game) as host:
        ws = connect(f"ws://127.0.0.1:{host.port}/", max_size=None).__enter__()
        ws.send(hello(name="\x1b[2J\x1b[31mEVIL\r\nnoirburg-server: seat 9 joined (fake)"))
        mallory = Mallory(ws)
        bots = [BotSeat(host.port, f"Bot {i}", "random", i).start() for i in range(2)]
        mallory.run()
        ws.close()
        for b in bots:
            b.join(60)
    assert mallory.over and game.over, (mallory.log[-12:], game.state_id)
    for b in bots:
        assert b.over is not None and not b.refused
    for code in ("stale", "bad_token", "malformed", "not_your_turn", "illegal"):
        assert code in mallory.codes, (code, sorted(set(mallory.codes)))
    assert all(r["template"] for r in mallory.reasons)
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\r" not in err
    assert "seat 9 joined" not in err.replace("?noirburg-server: seat 9 joined (fake)", "")
    assert all(line.startswith("noirburg-server: ") for line in err.splitlines())


def test_a_flood_is_refused_then_cut_off_and_the_game_is_unharmed() -> None:
    game = HostedGame(3, 13, window_timeout=0, grace=0.5)
    with running_host(game) as host:
        with connect(f"ws://127.0.0.1:{host.port}/", max_size=None) as ws:
            ws.send(hello(name="Flood"))
            frame = p.encode(p.Act(state_id=0, token="x" * 32, action={"type": "Pass"}))
            codes: list[str] = []
            try:
                for _ in range(2 * FLOOD_CLOSE):
                    ws.send(frame)
                while True:
                    msg = json.loads(ws.recv(timeout=10))
                    codes.append(msg.get("code", msg["t"]))
                    if msg["t"] == "bye":
                        break
            except ConnectionClosed:
                pass
        assert "flood" in codes
        assert codes[-1] == "flood"  # the Goodbye: cut off
        # the flooder's seat is away now: the others join, the game is dealt, the
        # away seat is handed to an AI after the grace period, the game ends
        bots = [BotSeat(host.port, f"Bot {i}", "random", i).start() for i in range(2)]
        for b in bots:
            b.join(60)
    assert game.over and game.lobby().ai_took_over == [0]
    assert all(b.over is not None and not b.refused for b in bots)
