"""Play during the history's check (issue 22: Continue of a 19 MB game <= 2 s to a
table the person can play at).

Continue opens a save from its snapshot and replays the whole history in the
background (`ReplayCheck`); the game goes on meanwhile. The history wins: when it
replays to another position, the moves made meanwhile are carried over where the
engine accepts them, each refused one is reported with the engine's reason, and
nothing is lost silently; a broken history refuses play but keeps every move.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.actions import Action, action_to_json
from noirburg_desktop.persist.storage import Storage
from noirburg_desktop.session import GameSession
from tests.app.app_helpers import continue_at_table, make_session

ROOT = Path(__file__).resolve().parents[2]


def _doc(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _reseal(path: Path, session: GameSession, state: dict[str, Any]) -> None:
    """The save's snapshot state replaced and its digest recomputed: only the
    background replay can tell."""
    doc = _doc(path)
    doc["session"]["state"] = state
    snap = doc["session"]["snapshot"]
    snap["digest"] = session._digest(state, snap["rounds"])
    path.write_text(json.dumps(doc), encoding="utf-8")


def _play(session: GameSession, k: int) -> list[Action]:
    """k moves, the first legal one each time (as the person or a bot would)."""
    made = []
    for _ in range(k):
        action = engine.legal_actions(session.state)[0]
        session.apply(action)
        made.append(action)
    return made


def test_ok_the_moves_made_meanwhile_are_kept(tmp_path: Path) -> None:
    st = Storage(tmp_path)
    session = make_session(4, 21, steps=150)
    path = st.autosave(session)
    live = st.load(path, defer=True)
    live.autosave = st.autosave
    assert live.check is not None and live.checking and not live.blocked
    made = _play(live, 5)  # before the replay even starts: the person plays at once
    assert live.check.settled is False
    # each autosave written meanwhile is one the careful loader accepts in full
    assert engine.to_json(st.load(path).state) == engine.to_json(live.state)
    assert live.check.wait(60) == "ok" and not live.checking and not live.check.refused
    for action in made:
        session.apply(action)
    assert live.actions == session.actions
    assert engine.to_json(live.state) == engine.to_json(session.state)
    assert live.round == session.round
    assert engine.to_json(live.replay()) == engine.to_json(session.state)
    _play(live, 1)  # and it plays on
    assert len(st.load(path).actions) == len(session.actions) + 1


def _deck_swapped(state: dict[str, Any]) -> dict[str, Any]:
    """The same position but two cards at the deck's bottom swapped: a state the
    validator accepts, which the history does not lead to."""
    out: dict[str, Any] = json.loads(json.dumps(state))
    out["deck"][0], out["deck"][1] = out["deck"][1], out["deck"][0]
    return out


def test_differs_the_moves_made_meanwhile_are_carried_over(tmp_path: Path) -> None:
    st = Storage(tmp_path)
    session = make_session(4, 22, steps=150)
    path = st.autosave(session)
    truth = engine.to_json(session.state)
    _reseal(path, session, _deck_swapped(truth))
    live = st.load(path, defer=True)
    live.autosave = st.autosave
    assert live.check is not None and engine.to_json(live.state) != truth
    made = _play(live, 4)
    assert live.check.wait(60) == "differs"
    assert live.check.refused == []
    for action in made:
        session.apply(action)
    assert live.actions == session.actions  # every move made meanwhile, carried over
    assert engine.to_json(live.state) == engine.to_json(session.state)  # the history's
    assert live.round == session.round
    live.autosave(live)  # (the table does this as the check settles)
    again = st.load(path, defer=True)
    assert again.check is not None and again.check.wait(60) == "ok"


def _card_swap_game() -> tuple[GameSession, dict[str, Any], Action]:
    """A game whose snapshot has one card of the seat to act swapped with one from
    the deck, and a move with that card: legal on the snapshot, refused on the
    history's position."""
    for seed in range(30, 80):
        session = make_session(4, seed, steps=60 + seed)
        if session.finished or session.state.to_act is None:
            continue
        truth = engine.to_json(session.state)
        seat = session.state.to_act
        for hi in range(len(truth["seats"][seat]["hand"])):
            fake = json.loads(json.dumps(truth))
            hand, deck = fake["seats"][seat]["hand"], fake["deck"]
            if not deck:
                break
            hand[hi], deck[0] = deck[0], hand[hi]
            try:
                state = engine.load_state(fake)
            except engine.SaveFormatError:
                continue
            card = hand[hi]
            for action in engine.legal_actions(state):
                values = list(action_to_json(action).values())
                if card in values or any(isinstance(v, list) and card in v for v in values):
                    return session, fake, action
    raise AssertionError("no game found with a card move to make illegal")


def test_differs_a_move_now_illegal_is_refused_with_the_engines_reason(tmp_path: Path) -> None:
    st = Storage(tmp_path)
    session, fake, move = _card_swap_game()
    path = st.autosave(session)
    _reseal(path, session, fake)
    live = st.load(path, defer=True)
    live.autosave = st.autosave
    assert live.check is not None
    seat = live.state.to_act
    live.apply(move)  # legal on the snapshot shown
    assert live.check.wait(60) == "differs"
    assert len(live.check.refused) == 1
    refused = live.check.refused[0]
    assert refused.action == move and refused.seat == seat
    assert isinstance(refused.why, engine.IllegalAction) and refused.why.rule
    # the history wins: its position, without the refused move, and nothing else lost
    assert live.actions == session.actions
    assert engine.to_json(live.state) == engine.to_json(session.state)


def test_broken_refuses_play_and_keeps_the_moves_made_meanwhile(tmp_path: Path) -> None:
    st = Storage(tmp_path)
    session = make_session(4, 23, steps=120)
    path = st.autosave(session)
    doc = _doc(path)
    actions = doc["session"]["actions"]
    actions[3], actions[4] = actions[4], actions[3]  # an early, unreplayable swap
    damaged = GameSession.from_json(session.to_json())
    damaged.actions = actions
    doc["session"]["snapshot"]["digest"] = damaged._digest(
        doc["session"]["state"], doc["session"]["snapshot"]["rounds"]
    )
    path.write_text(json.dumps(doc), encoding="utf-8")
    live = st.load(path, defer=True)
    live.autosave = st.autosave
    assert live.check is not None
    _play(live, 3)
    kept = list(live.actions)
    assert live.check.wait(60) == "broken"
    assert live.blocked and live.checking
    with pytest.raises(RuntimeError):
        live.apply(engine.legal_actions(live.state)[0])
    assert live.actions == kept  # in the session...
    assert _doc(path)["session"]["actions"] == kept  # ...and in its autosave


CRASH = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, {root!r})
    import engine
    from noirburg_desktop.persist.storage import Storage
    st = Storage({data!r})
    live = st.load(st.autosave_path({game_id!r}), defer=True)
    live.autosave = st.autosave
    live.check.start()
    for _ in range(6):
        live.apply(engine.legal_actions(live.state)[0])
    print("played", live.check.settled, flush=True)
    time.sleep(60)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL on this platform")
def test_a_crash_during_the_check_leaves_a_readable_save(tmp_path: Path) -> None:
    from tests.app.test_continue_snapshot import _long_session

    st = Storage(tmp_path)
    session = _long_session()  # a history long enough that the check is still running
    st.autosave(session)
    code = CRASH.format(root=str(ROOT), data=str(tmp_path), game_id=session.game_id)
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=tmp_path
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("played")
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(30)
    assert proc.returncode == -signal.SIGKILL
    path = st.autosave_path(session.game_id)
    full = st.load(path)  # the careful loader: the whole history replays to its state
    assert len(full.actions) == len(session.actions) + 6
    assert full.actions[: len(session.actions)] == session.actions
    fast = st.load(path, defer=True)  # and Continue opens it at once and checks it
    assert fast.check is not None and fast.check.wait(60) == "ok"
    assert engine.to_json(fast.state) == engine.to_json(full.state)


def test_a_save_without_a_snapshot_is_sealed_by_its_first_move(tmp_path: Path) -> None:
    """Another tool's save (no snapshot) is checked in full when opened, and left as
    it is (loading changes no file, tests/app/test_corpus.py); the autosave of its
    first move carries a snapshot, so the next Continue opens it at once."""
    st = Storage(tmp_path)
    session = make_session(4, 24, steps=140)
    path = st.autosave(session)
    doc = _doc(path)
    del doc["session"]["snapshot"]
    doc.pop("header", None)
    path.write_text(json.dumps(doc), encoding="utf-8")
    first = st.load(path, defer=True)
    assert first.check is None  # the full check, as before
    first.autosave = st.autosave
    _play(first, 1)
    assert "snapshot" in _doc(path)["session"]
    again = st.load(path, defer=True)
    assert again.check is not None and again.check.wait(60) == "ok"
    assert again.actions == first.actions
    assert engine.to_json(again.state) == engine.to_json(first.state)


def test_on_the_table_the_person_plays_before_the_check_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from noirburg_desktop.session import ReplayCheck
    from tests.app.test_continue_snapshot import _long_session

    root = tmp_path / "data"
    st = Storage(root)
    session = _long_session()
    st.autosave(session)
    st.remember_last(session.game_id)
    real_start = ReplayCheck.start
    monkeypatch.setattr(ReplayCheck, "start", lambda self: None)  # a check that takes long
    app, drive, scene = continue_at_table(root)
    try:
        ctrl, live = scene.ctrl, scene.ctrl.session
        assert live.check is not None
        for _ in range(3000):  # the AIs play on meanwhile, up to the person's move
            if ctrl.legal():
                break
            drive.frames(1)
        legal = ctrl.legal()
        assert legal and not live.check.settled  # the person may move, still unchecked
        ctrl.apply(legal[0])
        assert len(live.actions) > len(session.actions)
        made = list(live.actions)
        real_start(live.check)
        live.check.wait(60)
        drive.frames(2)
        assert live.check.result == "ok" and live.actions[: len(made)] == made
        assert len(ctrl.log) > 10  # the log came back from the history's last part
        assert st.load(st.autosave_path(live.game_id)).actions == live.actions
    finally:
        app.shutdown()
