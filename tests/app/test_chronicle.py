"""One chronicle (issue 24 item 3): a loaded save is replayed once, and the table's
log, undo steps and rounds, and Replay's frames and log, come from that walk exactly
as the older code built them by replaying the game again from its deal.

The reference functions below are that older code (table/history.py and
scenes/replay.py before chronicle.py), kept here as the measure of "unchanged".
"""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.actions import (
    AddAttacker,
    CancelAttack,
    MoveGangster,
    Pass,
    StartAttack,
    action_from_json,
)
from noirburg_desktop.chronicle import TAIL, read, walk
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.persist.saving import Saver
from noirburg_desktop.persist.storage import Storage
from noirburg_desktop.scenes.replay import private, replay_frames
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.words.event_styles import BARRIERS
from noirburg_desktop.words.reasons import reason_from_json
from noirburg_desktop.words.wording import actor_line, event_line, logged, reason_line, with_why

Story = tuple[list[str], list[tuple[int, int, Any]], int]


def _game(kinds: list[str], seed: int, steps: int, long: int = 0) -> GameSession:
    configs = [SeatConfig(f"P{i}", SEAT_COLOURS[i], k) for i, k in enumerate(kinds)]
    session = GameSession.new(configs, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.finished:
            break
        session.apply(rng.choice(engine.legal_actions(session.state)))
    k = 0
    while len(session.actions) < long:  # free gangster moves: a history past TAIL
        legal = engine.legal_actions(session.state)
        moves = [a for a in legal if isinstance(a, MoveGangster)]
        session.apply(moves[k % len(moves)] if moves else rng.choice(legal))
        k += 1
    return session


def _undo_game(kinds: list[str], seed: int, steps: int) -> GameSession:
    """A solo game left in seat 0's own turn after two free moves (undo steps kept)."""
    session = _game(kinds, seed, steps)
    rng = random.Random(seed + 1)
    for _ in range(3000):
        st = session.state
        moves = [a for a in engine.legal_actions(st) if isinstance(a, MoveGangster)]
        if st.active == 0 and st.to_act == 0 and st.window is None and moves:
            session.apply(moves[0])
            again = [a for a in engine.legal_actions(st) if isinstance(a, MoveGangster)]
            if st.to_act == 0 and again:
                session.apply(again[-1])
            return session
        session.apply(rng.choice(engine.legal_actions(st)))
    raise AssertionError("no own turn with a free move")


def _old_rebuild(session: GameSession, viewer: int, holder: int | None, name: Any) -> Story:
    """table/history.rebuild as it was: the whole history again, from the deal."""
    state = session.start_state()
    rounds = RoundCounter(state.first_player, state.n)
    log = [f"— {name(state.active)} —"]
    undo: list[tuple[int, int, Any]] = []
    first = max(0, len(session.actions) - TAIL)
    for i, data in enumerate(session.actions):
        action = action_from_json(data)
        if i < first:  # the old code started from the replay's tail: same rounds there
            for ev in engine.apply(state, action):
                if ev.kind == "turn" and ev.seat is not None:
                    rounds.turn(ev.seat)
            if i == first - 1:
                log = [f"— {name(state.active)} —"]
            continue
        seat = state.to_act
        own = seat is not None and seat == holder and state.window is None
        own = own and state.phase is not engine.Phase.MULLIGAN
        before = engine.to_json(state) if own else None
        n_log = len(log)
        why = (
            reason_from_json(session.reasons[i])
            if seat is not None and i in session.reasons
            else ""
        )
        events = engine.apply(state, action)
        lines = []
        if seat is not None and isinstance(action, (StartAttack, AddAttacker, CancelAttack)):
            lines.append(actor_line(name(seat), action))
        lines += [event_line(e.for_seat(viewer), name, rounds) for e in events if logged(e)]
        for line in lines:
            if why and not line.startswith("\u2014"):
                line, why = with_why(line, why), ""
            log.append(line)
        if why and seat is not None:
            log.append(reason_line(name(seat), why))
        barred = any(e.kind in BARRIERS for e in events)
        keeps = state.to_act == seat and state.window is None and state.active == seat
        if before is not None and not barred and keeps:
            undo.append((i, n_log, before))
        else:
            undo.clear()
    if len(log) > 400:
        log, undo = log[-300:], []
    return log, undo, rounds.round


def _old_replay(session: GameSession) -> tuple[list[tuple[int, int, Any]], list[str]]:
    """scenes/replay.replay_frames as it was: its own walk with engine.apply."""
    names = [c.name for c in session.configs]

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None else ""

    state = session.start_state()
    log = [f"— {name(state.active)} —"]
    rounds = RoundCounter(state.first_player, state.n)
    frames = [(0, len(log), engine.to_json(state))]
    viewer = (
        None
        if private(session)
        else next((i for i, c in enumerate(session.configs) if c.is_human), 0)
    )
    for i, data in enumerate(session.actions):
        action = action_from_json(data)
        seat = state.to_act
        events = engine.apply(state, action)
        if seat is not None and isinstance(action, (StartAttack, AddAttacker, CancelAttack)):
            log.append(actor_line(name(seat), action))
        log += [event_line(e.for_seat(viewer), name, rounds) for e in events if logged(e)]
        frame = (i + 1, len(log), engine.to_json(state))
        if isinstance(action, Pass) and len(frames) > 1:
            frames[-1] = frame
        else:
            frames.append(frame)
    return frames, log


GAMES = {
    "solo": lambda: _game(["human", "easy", "normal", "hard"], 3, 150),
    "solo-undo": lambda: _undo_game(["human", "easy", "easy"], 21, 90),
    "hotseat": lambda: _game(["human", "human", "human"], 5, 200),
    "all-ai": lambda: _game(["easy", "normal", "hard", "easy", "normal"], 7, 250),
    "finished": lambda: _game(["human", "easy", "hard"], 9, 20000),
    "finished-hotseat": lambda: _game(["human", "human", "easy", "easy"], 4, 20000),
    "long": lambda: _game(["human", "easy", "easy", "easy"], 3, 120, TAIL + 400),
}


@pytest.mark.parametrize("defer", [False, True], ids=["load", "continue"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_tells_a_loaded_game_as_before(tmp_path: Path, game: str, defer: bool) -> None:
    session = GAMES[game]()
    st = Storage(tmp_path)
    loaded = st.load(st.save(session, "x"), defer=defer)
    ctrl = TableController(loaded, threaded_ai=False)
    if loaded.check is not None:  # Continue: the table waits for the background replay
        assert loaded.check.wait(60) == "ok"
        ctrl.history_wait.step(ctrl)
    log, undo, rounds = _old_rebuild(session, ctrl.viewer, ctrl.holder, ctrl.name)
    assert ctrl.log == log
    assert [(u.n_actions, u.n_log, engine.to_json(u.state)) for u in ctrl.undo_stack] == undo
    assert ctrl.rounds.round == rounds and loaded.round == session.round
    if game == "solo-undo":
        assert len(undo) == 2  # the case really has undo steps to compare


@pytest.mark.parametrize("game", ["solo", "hotseat", "finished", "finished-hotseat"])
def test_replay_shows_the_game_as_before(game: str) -> None:
    session = GAMES[game]()
    frames, log = replay_frames(session)
    old_frames, old_log = _old_replay(session)
    assert log == old_log
    assert [(f.actions, f.log, engine.to_json(f.state)) for f in frames] == old_frames


@pytest.mark.skipif(engine.compiled(), reason="counts calls of the pure engine's apply")
def test_opening_a_300_move_save_replays_it_once(tmp_path: Path) -> None:
    """Load a 300-move save and open its table: at most 1.1 x its moves of `apply`.
    The game's own autosave is there too: the window compares it with the save shown
    (Saver.open) by its recorded moves, without replaying it."""
    from engine import flow

    for seed in range(50):  # a seed whose random legal play lasts 300 moves
        session = _game(["human", "easy", "normal", "hard"], seed, 300)
        if len(session.actions) == 300 and not session.finished:
            break
    assert len(session.actions) == 300 and not session.finished
    st = Storage(tmp_path)
    path = st.save(session, "metrics")
    st.autosave(session)
    saver = Saver(st)
    code, calls = flow.apply.__code__, [0]

    def hook(frame: Any, event: str, _arg: Any) -> None:
        if event == "call" and frame.f_code is code:
            calls[0] += 1

    sys.setprofile(hook)
    threading.setprofile(hook)
    try:
        loaded = st.load(path)
        saver.open(loaded)
        ctrl = TableController(loaded, threaded_ai=False)
    finally:
        saver.stop()
        sys.setprofile(None)
        threading.setprofile(None)
    assert 300 <= calls[0] <= 1.1 * 300, calls[0]
    assert len(ctrl.log) > 300 and loaded.round >= 2
    assert loaded.game_id == session.game_id  # the autosave was found to be this game


@pytest.mark.skipif(engine.compiled(), reason="counts calls of the pure engine's apply")
def test_load_then_replay_of_a_300_move_save_walks_it_once(tmp_path: Path) -> None:
    """Load → Replay: the replay that checks the save keeps every position, and Replay
    steps through them (at most 1.1 x its moves of `apply`, not 2 x), showing the same
    frames and log as its own walk."""
    from engine import flow

    for seed in range(50):  # a seed whose random legal play lasts 300 moves
        session = _game(["human", "easy", "normal", "hard"], seed, 300)
        if len(session.actions) == 300 and not session.finished:
            break
    assert len(session.actions) == 300 and not session.finished
    st = Storage(tmp_path)
    path = st.save(session, "metrics")
    code, calls = flow.apply.__code__, [0]

    def hook(frame: Any, event: str, _arg: Any) -> None:
        if event == "call" and frame.f_code is code:
            calls[0] += 1

    sys.setprofile(hook)
    try:
        loaded = st.load(path, whole=True)
        frames, log = replay_frames(loaded)
    finally:
        sys.setprofile(None)
    assert 300 <= calls[0] <= 1.1 * 300, calls[0]
    assert loaded.positions() is not None
    again, again_log = replay_frames(session)  # a session played here: its own walk
    assert session.positions() is None
    assert log == again_log
    assert [(f.actions, f.log, engine.to_json(f.state)) for f in frames] == [
        (f.actions, f.log, engine.to_json(f.state)) for f in again
    ]


def test_a_refused_move_is_named_by_its_place_in_the_whole_history() -> None:
    """The told tail walks move by move: a broken move there is still counted from
    the deal (the refusal the Load list shows)."""
    session = _game(["human", "easy", "easy", "easy"], 3, 120, TAIL + 50)
    bad = list(session.actions)
    at = len(bad) - 10
    bad[at] = {"type": "no-such-action"}
    with pytest.raises(engine.ReplayRefused) as refused:
        read(session.start_state(), bad)
    assert refused.value.index == at and f"action {at + 1} of the history" in str(refused.value)
    with pytest.raises(engine.ReplayRefused) as early:
        list(walk(session.start_state(), bad[:5] + [{"type": 7}]))
    assert early.value.index == 5


def _foreign(tmp_path: Path, session: GameSession) -> tuple[Storage, Path]:
    """`session` saved as another tool writes it: json.dumps, no header, no snapshot."""
    import json

    st = Storage(tmp_path)
    path = st.save(session, "x")
    doc = json.loads(path.read_text(encoding="utf-8"))
    del doc["header"]
    doc["session"].pop("snapshot")
    path.write_text(json.dumps(doc), encoding="utf-8")
    return st, path


def test_continue_of_a_long_foreign_save_opens_first_and_checks_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22 (Continue of a 19 MB save <= 2 s): a save without a snapshot whose history
    is at least DEFER_FROM long (lowered here to keep the test quick) opens from its
    validated state; its history is replayed in the background, which counts its
    rounds; the table's log and undo steps are then those of a full load."""
    from noirburg_desktop import session as session_mod

    monkeypatch.setattr(session_mod, "DEFER_FROM", TAIL)
    session = GAMES["long"]()
    st, path = _foreign(tmp_path, session)
    fast = st.load(path, defer=True)
    assert fast.check is not None and fast.checking and fast._rounds is None
    assert fast.round == session.round  # provisional (nobody is out), not replayed
    assert "snapshot" not in fast.to_json()  # nothing written that its rounds would miss
    move = next(a for a in engine.legal_actions(fast.state) if isinstance(a, MoveGangster))
    fast.apply(move)  # play goes on during the check
    session.apply(move)
    assert fast.check.wait(60) == "ok" and not fast.checking
    assert fast.round == session.round and "snapshot" in fast.to_json()
    ctrl = TableController(fast, threaded_ai=False)
    log, undo, rounds = _old_rebuild(session, ctrl.viewer, ctrl.holder, ctrl.name)
    assert ctrl.log == log and ctrl.rounds.round == rounds
    assert [(u.n_actions, u.n_log, engine.to_json(u.state)) for u in ctrl.undo_stack] == undo


def test_a_short_foreign_save_is_still_checked_before_it_opens(tmp_path: Path) -> None:
    st, path = _foreign(tmp_path, GAMES["solo"]())
    loaded = st.load(path, defer=True)
    assert loaded.check is None and loaded._rounds is not None


def test_a_long_foreign_save_whose_state_lies_gets_the_historys_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history is the source of truth: a stored state it does not reach is
    replaced by the replay's, and the player is told ("differs")."""
    import json

    from noirburg_desktop import session as session_mod

    monkeypatch.setattr(session_mod, "DEFER_FROM", TAIL)
    session = GAMES["long"]()
    truth = engine.to_json(session.state)
    st, path = _foreign(tmp_path, session)
    doc = json.loads(path.read_text(encoding="utf-8"))
    other = _game(["human", "easy", "easy", "easy"], 3, 121)  # one move further
    doc["session"]["state"] = engine.to_json(other.state)
    path.write_text(json.dumps(doc), encoding="utf-8")
    fast = st.load(path, defer=True)
    assert fast.check is not None
    assert fast.check.wait(60) == "differs"
    assert engine.to_json(fast.state) == truth and fast.round == session.round
