"""The bots' logged reasons travel with the save (noirburg_desktop/words/reasons.py): every
reason a bot can give survives the JSON round trip exactly, and a damaged entry costs
a log line, never the game."""

from __future__ import annotations

import json
import random

import engine
from engine.bots import make_bot
from engine.messages import CardRef, Msg
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.words.reasons import reason_from_json, reason_to_json, reasons_from_json


def test_every_bot_reason_round_trips() -> None:
    seen = 0
    for level in ("easy", "normal"):
        st = engine.new_game(engine.GameOptions(players=4, seed=5))
        bot = make_bot(level)
        rng = random.Random(1)
        for _ in range(300):
            if st.phase is engine.Phase.GAME_OVER:
                break
            seat = st.to_act
            assert seat is not None
            legal = engine.legal_actions(st)
            action, reason = bot.decide(engine.view(st, seat), legal, rng)
            if reason:
                data = json.loads(json.dumps(reason_to_json(reason)))
                back = reason_from_json(data)
                assert str(back) == str(reason)
                assert back.template == getattr(reason, "template", str(reason))
                seen += 1
            engine.apply(st, action)
    assert seen > 20


def test_damaged_reasons_are_dropped_and_the_game_loads() -> None:
    configs = [SeatConfig("You", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(f"AI{i}", SEAT_COLOURS[i + 1], "easy") for i in range(2)]
    session = GameSession.new(configs, seed=3)
    for _ in range(4):
        session.apply(engine.legal_actions(session.state)[0])
    good = reason_to_json(Msg("opens {card} for income", card=CardRef(5)))
    data = session.to_json()
    data["reasons"] = {
        "0": good,
        "1": {"template": 5},
        "2": {"template": "x", "plural": "", "number": "", "params": {"a": {"evil": 1}}},
        "99": good,
        "x": good,
    }
    loaded = GameSession.from_json(data)
    assert list(loaded.reasons) == [0]
    assert reasons_from_json("junk", 3) == {}
