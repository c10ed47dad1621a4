"""The authority without sockets: seats and tokens, what each seat is told and
asked, refusals with reasons (the game unharmed), away seats, autosave and resume."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import legal_actions, to_json, view
from engine.actions import Pass, action_to_json
from noirburg_desktop.net import protocol as p
from noirburg_desktop.net.hosted import HOSTED_FILE, HostedGame
from noirburg_desktop.session import GameSession


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def seated(players: int = 4, seed: int = 3, **kw: object) -> tuple[HostedGame, list[str]]:
    game = HostedGame(players, seed, **kw)  # type: ignore[arg-type]
    tokens = []
    for i in range(players):
        joined = game.join(f"P{i}", None)
        assert not isinstance(joined, p.Goodbye)
        assert joined[0] == i
        tokens.append(joined[1])
        game.connect(i)
    assert game.started
    return game, tokens


def act(game: HostedGame, seat: int, token: str, action: object, sid: int | None = None) -> p.Act:
    return p.Act(
        state_id=game.state_id if sid is None else sid,
        token=token,
        action=action_to_json(action),  # type: ignore[arg-type]
    )


def refusals(game: HostedGame, seat: int) -> list[p.Refused]:
    out = [m for s, m in game.outbox if s == seat and isinstance(m, p.Refused)]
    game.outbox.clear()
    return out


def _session(game: HostedGame) -> GameSession:
    """The hosted game's session: there is one once every seat is taken."""
    assert game.session is not None
    return game.session


def play_until(
    game: HostedGame,
    tokens: list[str],
    want: Callable[[HostedGame], bool],
    rng: random.Random,
    limit: int = 3000,
) -> bool:
    assert game.session is not None
    for _ in range(limit):
        state = game.session.state
        if state.to_act is None:
            return False
        if want(game):
            return True
        seat = state.to_act
        assert game.submit(seat, act(game, seat, tokens[seat], rng.choice(legal_actions(state))))
    return False


def test_tokens_seat_each_player_once_and_reclaim_it() -> None:
    game = HostedGame(3, 1)
    first = game.join("Ayşe", None)
    assert not isinstance(first, p.Goodbye)
    seat, token = first
    again = game.join("someone", token)
    assert again == (seat, token)  # the same seat, by its token
    wrong = game.join("x", "0" * 32)
    assert isinstance(wrong, p.Goodbye) and wrong.code == "bad_token"
    game.join("b", None)
    game.join("c", None)
    full = game.join("d", None)
    assert isinstance(full, p.Goodbye) and full.code == "full"
    assert full.reason.template == "Every seat of this game is taken."


def test_names_cannot_inject_control_characters() -> None:
    game = HostedGame(3, 1)
    game.join("\x1b[31mevil\nline\x00", None)
    game.join("   ", None)
    assert game.seats[0].name == "?[31mevil?line?"
    assert game.seats[1].name == "#2"
    assert all(s.name.isprintable() for s in game.seats)


def test_each_seat_is_told_only_its_view_and_asked_only_its_question() -> None:
    game, _tokens = seated(4, seed=11)
    assert game.session is not None
    state = game.session.state
    updates = {s: m for s, m in game.outbox if isinstance(m, p.Update)}
    assert set(updates) == {0, 1, 2, 3}
    for seat, u in updates.items():
        assert u.resync and u.view == to_json(view(state, seat))
        asked = seat == state.to_act
        assert (u.question is not None) == asked
        if u.question is not None:
            assert u.question.kind == "mulligan"
            assert u.question.legal == [action_to_json(a) for a in legal_actions(state)]


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_window_is_announced_to_every_eligible_seat_holding_a_card_or_not(seed: int) -> None:
    """I-REACT-WINDOW: the engine asks only seats that can answer; the network shows
    the window, asking it, to every seat in its order, so nobody learns who holds one."""
    game, tokens = seated(4, seed=seed)
    rng = random.Random(seed)
    assert play_until(game, tokens, lambda g: _session(g).state.window is not None, rng)
    state = _session(game).state
    w = state.window
    assert w is not None
    views = [game.view_json(s) for s in range(4)]
    for seat in range(4):
        q = game.question(seat)
        if seat in w.order:
            assert q is not None and q.kind == "window"
            assert views[seat]["stack"][-1]["pos"] == w.order.index(seat)  # "you are asked"
            assert bool(q.legal) == (seat == state.to_act)
        else:
            assert q is None  # the opener
    # apart from the masked position, every seat's view is engine.view's
    for seat in range(4):
        plain = to_json(view(state, seat))
        plain["stack"][-1].pop("pos")
        views[seat]["stack"][-1].pop("pos")
        assert views[seat] == plain


def test_refusals_carry_a_reason_and_leave_the_game_unharmed() -> None:
    game, tokens = seated(4, seed=4)
    assert game.session is not None
    state = game.session.state
    me = state.to_act
    assert me is not None
    other = (me + 1) % 4
    before = json.dumps(to_json(state), sort_keys=True)
    legal = legal_actions(state)[0]
    game.outbox.clear()
    # stale (a replayed frame is stale too)
    game.submit(me, act(game, me, tokens[me], legal, sid=game.state_id - 1))
    assert [r.code for r in refusals(game, me)] == ["stale"]
    # a forged seat: another seat's token on this connection
    game.submit(me, act(game, me, tokens[other], legal))
    assert [r.code for r in refusals(game, me)] == ["bad_token"]
    # out of turn
    game.submit(other, act(game, other, tokens[other], legal))
    (refused,) = refusals(game, other)
    assert refused.code == "not_your_turn" and refused.reason.template
    # malformed: a field of the wrong type (I-INPUT)
    bad = p.Act(state_id=game.state_id, token=tokens[me], action={"type": "Mulligan", "cards": 3})
    game.submit(me, bad)
    assert [r.code for r in refusals(game, me)] == ["malformed"]
    unknown = p.Act(state_id=game.state_id, token=tokens[me], action={"type": "Nuke"})
    game.submit(me, unknown)
    assert [r.code for r in refusals(game, me)] == ["malformed"]
    assert json.dumps(to_json(state), sort_keys=True) == before
    assert game.state_id == 0


def test_an_illegal_action_is_refused_with_the_engines_rule_and_message() -> None:
    game, tokens = seated(4, seed=4)
    rng = random.Random(4)
    assert play_until(game, tokens, lambda g: _session(g).state.phase.value == "D", rng)
    state = _session(game).state
    me = state.to_act
    assert me is not None
    from engine.actions import OpenCard

    hand_card = state.seats[(me + 1) % 4].hand[0]  # a card that is not in my hand
    before = json.dumps(to_json(state), sort_keys=True)
    game.outbox.clear()
    game.submit(me, act(game, me, tokens[me], OpenCard(card=hand_card)))
    (refused,) = refusals(game, me)
    assert refused.code == "illegal" and refused.rule.startswith(("R-", "I-"))
    assert refused.reason.template  # the engine's Msg template, worded by the client
    assert json.dumps(to_json(state), sort_keys=True) == before


def test_an_away_seat_passes_its_windows_and_is_handed_to_an_ai_after_the_grace() -> None:
    clock = Clock()
    game, tokens = seated(4, seed=2, clock=clock, grace=30.0, window_timeout=0)
    rng = random.Random(2)
    assert play_until(game, tokens, lambda g: _session(g).state.window is not None, rng)
    state = _session(game).state
    asked = state.to_act
    assert asked is not None
    sid = game.state_id
    game.disconnect(asked)
    assert game.tick()  # its window passes at once
    assert game.state_id == sid + 1
    assert _session(game).actions[-1] == action_to_json(Pass())
    # now wait for one of its own turn decisions
    assert play_until(
        game,
        tokens,
        lambda g: _session(g).state.to_act == asked and _session(g).state.window is None,
        rng,
    )
    clock.now += 29
    assert not game.tick() and game.ai_turn() is None  # the table waits
    clock.now += 2
    assert game.tick() and game.ai_turn() == asked
    assert game.lobby().ai_took_over == [asked]
    game.connect(asked)  # the player is back: the seat is theirs, the game stays marked
    assert game.ai_turn() is None and game.lobby().ai_took_over == [asked]


def test_the_autosave_resumes_the_game_with_every_seats_log(tmp_path: Path) -> None:
    game, tokens = seated(4, seed=9, data_dir=tmp_path)
    rng = random.Random(9)
    play_until(game, tokens, lambda g: g.state_id >= 60, rng)
    saved = json.loads((tmp_path / HOSTED_FILE).read_text("utf-8"))
    assert tokens[0] not in json.dumps(saved)  # only digests of the tokens are kept
    again = HostedGame(4, 0, data_dir=tmp_path)
    assert again.load()
    assert again.state_id == game.state_id == 60
    assert again.game_id == game.game_id
    assert to_json(_session(again).state) == to_json(_session(game).state)
    assert again.logs == game.logs
    assert again.join("whoever", tokens[2]) == (2, tokens[2])


def test_after_a_restart_in_a_window_the_seats_get_time_to_come_back(tmp_path: Path) -> None:
    game, tokens = seated(4, seed=2, data_dir=tmp_path, window_timeout=0)
    assert play_until(
        game, tokens, lambda g: _session(g).state.window is not None, random.Random(2)
    )
    clock = Clock()
    again = HostedGame(4, 0, data_dir=tmp_path, clock=clock, window_grace=5.0, window_timeout=0)
    assert again.load()
    sid = again.state_id
    clock.now += 4
    assert not again.tick() and again.state_id == sid  # still waiting for its player
    clock.now += 2
    assert again.tick() and again.state_id == sid + 1  # passed for it


def test_a_damaged_autosave_is_set_aside_and_never_crashes(tmp_path: Path) -> None:
    (tmp_path / HOSTED_FILE).write_text('{"format": 1, "seats": "x"}', "utf-8")
    game = HostedGame(4, 0, data_dir=tmp_path)
    assert not game.load()
    assert game.save_error
    assert not (tmp_path / HOSTED_FILE).exists()
    assert any(f.name.startswith("hosted.broken-") for f in tmp_path.iterdir())


def test_a_seat_back_after_the_end_is_told_the_ending() -> None:
    game, tokens = seated(3, seed=6, window_timeout=0)
    game.disconnect(1)
    play_until(game, tokens, lambda g: False, random.Random(6), limit=5000)
    assert game.over
    game.outbox.clear()
    game.connect(1)
    sent = [m for s, m in game.outbox if s == 1]
    assert isinstance(sent[-1], p.GameOver) and sent[-1].winners == list(
        _session(game).state.winners
    )
