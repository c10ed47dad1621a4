"""Continue from a save's snapshot (issue 22: a 19 MB game continues in <= 2 s).

A save written by the app carries a snapshot (the round count and a digest tying
the final state, checked by the engine's validator, to the history's length and
last actions). Continue opens the table from it at once and replays the whole
history in the background; the game goes on meanwhile (test_play_during_check.py),
and the history is the source of truth when the two disagree.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import engine
from noirburg_desktop.chronicle import TAIL
from noirburg_desktop.persist import storage as storage_mod
from noirburg_desktop.persist.storage import Storage, TooLarge
from noirburg_desktop.session import GameSession
from noirburg_desktop.shell.screens import open_session
from noirburg_desktop.table.scene import TableScene
from tests.app.app_helpers import continue_at_table, make_session


def _doc(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _write(path: Path, doc: dict[str, Any]) -> None:
    path.write_text(json.dumps(doc), encoding="utf-8")  # another tool: no header


def _long_session() -> GameSession:
    """A game longer than the log's tail: a short game, then free gangster moves."""
    from engine.actions import MoveGangster

    session = make_session(4, 3, steps=0)
    rng = random.Random(1)
    for i in range(20000):
        legal = engine.legal_actions(session.state)
        if i > 200 and any(isinstance(a, MoveGangster) for a in legal):
            break
        session.apply(rng.choice(legal))
    while len(session.actions) <= TAIL + 200:
        moves = [a for a in engine.legal_actions(session.state) if isinstance(a, MoveGangster)]
        session.apply(moves[len(session.actions) % len(moves)])
    assert not session.finished
    return session


def test_continue_from_the_snapshot_gives_the_replayed_state(tmp_path: Path) -> None:
    st = Storage(tmp_path)
    session = _long_session()
    path = st.autosave(session)
    snap = _doc(path)["session"]["snapshot"]
    assert snap["actions"] == len(session.actions) and len(snap["digest"]) == 64
    fast = st.load(path, defer=True)
    assert fast.check is not None and fast.checking  # opened before the replay ended
    assert not fast.blocked  # the game may go on meanwhile (tests/app/test_play_during_check.py)
    assert fast.check.wait(60) == "ok" and not fast.checking
    slow = st.load(path)  # today's path: the full replay first
    assert slow.check is None
    assert engine.to_json(fast.state) == engine.to_json(slow.state)
    assert engine.to_json(fast.state) == engine.to_json(session.replay())
    assert fast.round == slow.round == session.round
    # the log's and undo's rebuild starts from the replay's tail, as after a full load
    told, told2 = fast.chronicle(), slow.chronicle()
    assert told.first == told2.first == len(session.actions) - TAIL
    assert engine.to_json(told.start) == engine.to_json(told2.start)
    assert told.length == told2.length == len(session.actions)
    # it plays on and saves with a fresh snapshot
    fast.apply(engine.legal_actions(fast.state)[0])
    again = st.autosave(fast)
    assert _doc(again)["session"]["snapshot"]["actions"] == len(session.actions) + 1


@pytest.mark.parametrize("how", ["digest", "rounds", "length", "version"])
def test_a_snapshot_that_does_not_match_its_digest_takes_the_full_check(
    tmp_path: Path, how: str
) -> None:
    st = Storage(tmp_path)
    session = make_session(4, 6, steps=200)
    path = st.autosave(session)
    doc = _doc(path)
    snap = doc["session"]["snapshot"]
    if how == "digest":
        snap["digest"] = "0" * 64
    elif how == "rounds":
        snap["rounds"][0] += 1
    elif how == "length":
        snap["actions"] += 1
    else:
        snap["v"] = 99
    _write(path, doc)
    loaded = st.load(path, defer=True)
    assert loaded.check is None  # checked in full before the table opens, as before
    assert engine.to_json(loaded.state) == engine.to_json(session.state)
    assert loaded.round == session.round


def _resealed(session: GameSession, doc: dict[str, Any], state: Any) -> None:
    """A snapshot whose state was changed and its digest recomputed (a careful
    tamperer, or a bug): only the background replay can tell."""
    doc["session"]["state"] = state
    doc["session"]["snapshot"]["digest"] = session._digest(
        state, doc["session"]["snapshot"]["rounds"]
    )


def test_a_tampered_snapshot_is_found_and_the_history_wins(tmp_path: Path) -> None:
    st = Storage(tmp_path)
    session = make_session(4, 7, steps=150)
    truth = engine.to_json(session.state)
    path = st.autosave(session)
    doc = _doc(path)
    # a position the engine's validator accepts, but not the one the moves lead to
    other = make_session(4, 7, steps=149)
    assert engine.to_json(other.state) != truth
    _resealed(session, doc, engine.to_json(other.state))
    _write(path, doc)
    loaded = st.load(path, defer=True)
    assert loaded.check is not None
    assert engine.to_json(loaded.state) != truth  # shown at once...
    assert loaded.check.wait(60) == "differs"  # ...found by the replay...
    assert engine.to_json(loaded.state) == truth  # ...and the history's position taken
    assert not loaded.checking and loaded.round == session.round


def test_a_snapshot_failing_the_engines_validator_is_refused(tmp_path: Path) -> None:
    st = Storage(tmp_path)
    session = make_session(4, 8, steps=100)
    path = st.autosave(session)
    doc = _doc(path)
    state = doc["session"]["state"]
    state["seats"] = "nonsense"  # not a state the engine writes
    _resealed(session, doc, state)
    _write(path, doc)
    with pytest.raises(storage_mod.SaveError):
        st.load(path, defer=True)


def test_a_history_that_does_not_replay_blocks_the_game(tmp_path: Path) -> None:
    st = Storage(tmp_path)
    session = make_session(4, 9, steps=120)
    path = st.autosave(session)
    doc = _doc(path)
    actions = doc["session"]["actions"]
    actions[3], actions[4] = actions[4], actions[3]  # an early, unreplayable swap
    tail = GameSession.from_json(session.to_json())  # a digest over the same tail
    tail.actions = actions
    doc["session"]["snapshot"]["digest"] = tail._digest(
        doc["session"]["state"], doc["session"]["snapshot"]["rounds"]
    )
    _write(path, doc)
    before = path.read_bytes()
    with pytest.raises(storage_mod.SaveError):
        st.load(path)  # today's path refuses it
    loaded = st.load(path, defer=True)
    assert loaded.check is not None and loaded.check.wait(60) == "broken"
    assert loaded.checking  # refused to play, for good
    with pytest.raises(RuntimeError):
        loaded.apply(engine.legal_actions(loaded.state)[0])
    assert path.read_bytes() == before  # the file is left as it is


def test_an_old_save_without_a_snapshot_still_opens(tmp_path: Path) -> None:
    st = Storage(tmp_path)
    session = make_session(3, 10, steps=90)
    path = st.autosave(session)
    doc = _doc(path)
    del doc["session"]["snapshot"]
    doc.pop("header", None)
    _write(path, doc)
    loaded = st.load(path, defer=True)
    assert loaded.check is None and not loaded.checking  # the full check, as before
    assert engine.to_json(loaded.state) == engine.to_json(session.state)
    again = st.autosave(loaded)  # written again by the app: now with a snapshot
    assert "snapshot" in _doc(again)["session"]


def test_the_size_limit_counts_the_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    st = Storage(tmp_path)
    session = make_session(4, 11, steps=200)
    text = st.encode(session, "x", datetime.now(UTC))
    snap = json.dumps(session.to_json()["snapshot"], separators=(",", ":"))
    assert f'"snapshot":{snap}' in text
    size = len(text.encode("utf-8"))
    # a limit the file without its snapshot would fit under: refused, nothing written
    monkeypatch.setattr(storage_mod, "MAX_SAVE_BYTES", size - len(snap) // 2)
    with pytest.raises(TooLarge):
        st.autosave(session)
    assert not list(st.saves_dir.glob("*.json"))
    monkeypatch.setattr(storage_mod, "MAX_SAVE_BYTES", size + 64)  # the date may differ
    path = st.autosave(session)
    assert path.stat().st_size <= size + 64
    assert st.load(path, defer=True).check is not None  # and it is read back


def test_continue_on_the_table_waits_for_the_check_then_plays(tmp_path: Path) -> None:
    root = tmp_path / "data"
    st = Storage(root)
    session = _long_session()
    st.autosave(session)
    st.remember_last(session.game_id)
    app, drive, scene = continue_at_table(root)
    try:
        live = scene.ctrl.session
        assert live.check is not None
        live.check.wait(60)
        drive.frames(2)
        assert not live.checking and scene.ctrl.toast == ""
        # the log and the round counter came back from the history's last part
        assert len(scene.ctrl.log) > 10
        assert scene.ctrl.rounds.round == session.round
        log, undo = list(scene.ctrl.log), len(scene.ctrl.undo_stack)
        # the same table as after today's full check (Load): log, undo steps, rounds
        open_session(app, st.load(st.autosave_path(session.game_id)))
        drive.frames(1)
        full = app.scene
        assert isinstance(full, TableScene) and full.ctrl.session.check is None
        assert full.ctrl.log == log and len(full.ctrl.undo_stack) == undo
        assert full.ctrl.rounds.round == scene.ctrl.rounds.round
    finally:
        app.shutdown()


@pytest.mark.parametrize(
    "text",
    [
        "[" + "9" * 40 + "]",
        "[-" + "9" * 40 + "]",
        "[" + "9" * 41 + "]",
        "[-" + "9" * 41 + "]",
        '["' + "7" * 60 + '", 1]',
        '{"a": [1, -2, 30], "b": "x\\"[", "c": 1.5}',
        '"[[[" ',
        '[[""], "", "\\\\", [{}]]',
    ],
)
def test_the_fast_json_reader_refuses_and_accepts_what_the_careful_one_does(text: str) -> None:
    """safefs.loads reads a save without a per-integer hook when no run of digits is
    long enough to matter (Continue of a 17 MB save: 0.9 s -> 0.3 s); same verdicts."""
    from noirburg_desktop.persist import safefs

    def careful(raw: str) -> Any:
        try:
            return ("ok", safefs._DECODER.decode(raw))
        except safefs.UnsafeFile:
            return ("refused",)

    try:
        fast: Any = ("ok", safefs.loads(text))
    except safefs.UnsafeFile:
        fast = ("refused",)
    assert fast == careful(text)
    assert safefs.nesting(text.encode()) == safefs.nesting(text.encode(), 10**6)
