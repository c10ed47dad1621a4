"""Issue 22, reliability round 2: every file the app reads is hostile, the app
never writes what it would refuse to read, one writer per game, links refused,
paths that cannot be printed, hotseat privacy in Replay, a log on a full disk,
and the Load / Title screens reading headers instead of whole games.

Every hostile file is made here, by the test (nothing committed).
"""

from __future__ import annotations

import errno
import io
import json
import logging
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygame
import pytest

from noirburg_desktop.app import App
from noirburg_desktop.persist import safefs
from noirburg_desktop.persist import storage as storage_mod
from noirburg_desktop.persist.saving import Saver
from noirburg_desktop.persist.storage import Storage, TooLarge
from noirburg_desktop.scenes.crash import CrashScene
from noirburg_desktop.scenes.load import PAGE, LoadScene
from noirburg_desktop.scenes.replay import ReplayScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.session import GameSession
from noirburg_desktop.shell.logs import QuietFileHandler
from noirburg_desktop.shell.screens import SessionEntry, open_session
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.tutorial import progress
from tests.app.app_helpers import make_session
from tests.app.conftest import Driver, NoSleepClock

POSIX = sys.platform != "win32"
DEEP = b"[" * 100_000 + b"]" * 100_000


def _tutorial_doc() -> dict[str, Any]:
    session = progress.new_session(("You", "Vito", "Lucia"))
    return {"format": progress.FORMAT, "session": session.to_json()}


def _hostile(kind: str) -> bytes:
    """A JSON file damaged in one of the ways issue 22 lists."""
    doc = _tutorial_doc()
    if kind == "deep":
        return DEEP
    if kind == "deep_inside":
        return (
            json.dumps(doc)
            .replace('"deck": [', '"deck": [' + "[" * 5000 + "]" * 5000 + ",")
            .encode()
        )
    if kind == "infinity":
        return json.dumps(doc).replace('"bank": ', '"bank": Infinity, "x": ').encode()
    if kind == "nan":
        return b'{"format": NaN}'
    if kind == "big_float":
        return json.dumps(doc).replace('"bank": ', '"bank": 1e999, "x": ').encode()
    if kind == "id_2_63":
        doc["session"]["state"]["deck"][0] = 2**63
        return json.dumps(doc).encode()
    if kind == "digits_5000":
        return b'{"format": 1, "session": ' + b"9" * 5000 + b"}"
    if kind == "wrong_types":
        doc["session"]["state"]["seats"] = "four"
        return json.dumps(doc).encode()
    if kind == "list":
        return b"[1, 2, 3]"
    if kind == "huge":
        return b'{"format": 1, "pad": "' + b"x" * (progress.LIMIT + 10) + b'"}'
    raise AssertionError(kind)


KINDS = [
    "deep",
    "deep_inside",
    "infinity",
    "nan",
    "big_float",
    "id_2_63",
    "digits_5000",
    "wrong_types",
    "list",
    "huge",
]


def _start(root: Path) -> tuple[App, Driver]:
    app = App(data_dir=root, size=(1280, 800), fullscreen=False)
    app.start()
    app.clock = NoSleepClock()  # type: ignore[assignment]
    app.push(TitleScene())
    drive = Driver(app)
    drive.frames(2)
    return app, drive


# --- 1. every file the app reads is hostile ----------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_hostile_tutorial_file_is_set_aside_and_the_title_keeps_working(
    tmp_path: Path, kind: str
) -> None:
    root = tmp_path / "data"
    root.mkdir()
    raw = _hostile(kind)
    (root / "tutorial.json").write_bytes(raw)
    app, drive = _start(root)
    try:
        assert isinstance(app.scene, TitleScene) and app.crashes == 0
        (aside,) = root.glob("tutorial.broken-*.json")
        assert aside.read_bytes() == raw  # renamed, never deleted or changed
        assert not (root / "tutorial.json").exists()
        assert any("tutorial.json" in n for n in app.storage.notes)  # told, in words
        drive.frames(2)  # the note is drawn over the title
        app.reset_to(TitleScene())  # "back to title": no crash, nothing more set aside
        drive.click(drive.widget("learn"))  # the lesson starts afresh
        assert isinstance(app.scene, TableScene) and app.crashes == 0
    finally:
        app.shutdown()
    assert len(list(root.glob("tutorial.broken-*"))) == 1


@pytest.mark.parametrize(
    "raw",
    [
        DEEP,
        b'{"game_id": NaN}',
        b'{"game_id": 1e999}',
        b'{"game_id": ' + b"7" * 5000 + b"}",
        b'{"game_id": ["0123456789abcdef"]}',
        b"\xff\xfe",
    ],
    ids=["deep", "nan", "inf", "digits", "wrong_type", "binary"],
)
def test_a_hostile_continue_file_is_set_aside(tmp_path: Path, raw: bytes) -> None:
    root = tmp_path / "data"
    root.mkdir()
    (root / "continue.json").write_bytes(raw)
    st = Storage(root)
    assert st.latest_autosave() is None
    (aside,) = root.glob("continue.broken-*.json")
    assert aside.read_bytes() == raw and st.notes
    app, drive = _start(root)
    try:
        assert app.crashes == 0 and isinstance(app.scene, TitleScene)
    finally:
        app.shutdown()


@pytest.mark.parametrize(
    "raw",
    [
        DEEP,
        b'{"ui_scale": Infinity}',
        b'{"volume": 1e999}',
        b'{"volume": ' + b"1" * 5000 + b"}",
        b'{"window_size": [1e400, 2]}',
    ],
    ids=["deep", "infinity", "inf_float", "digits", "inf_in_list"],
)
def test_hostile_settings_are_set_aside_and_defaults_used(tmp_path: Path, raw: bytes) -> None:
    root = tmp_path / "data"
    root.mkdir()
    (root / "settings.json").write_bytes(raw)
    app, drive = _start(root)
    try:
        assert app.crashes == 0 and app.settings.volume == 80
    finally:
        app.shutdown()
    (aside,) = root.glob("settings.broken-*.json")
    assert aside.read_bytes() == raw
    assert json.loads((root / "settings.json").read_text())["volume"] == 80  # ours, readable


def test_a_folder_or_fifo_where_the_lock_file_should_be(tmp_path: Path) -> None:
    root = tmp_path / "data"
    (root / ".lock").mkdir(parents=True)
    app, drive = _start(root)
    try:
        assert app.saver.lock.held and app.saver.failing is None and app.crashes == 0
        assert any(".lock" in n for n in app.storage.notes)
        open_session(app, make_session(3, 1, steps=2))
        assert not app.saver.unsaved  # saving works
    finally:
        app.shutdown()
    assert list(root.glob(".lock.broken-*")) and (root / ".lock").is_file()
    if POSIX and hasattr(os, "mkfifo"):
        fifo_root = tmp_path / "fifo"
        fifo_root.mkdir()
        os.mkfifo(fifo_root / ".lock")
        saver = Saver(Storage(fifo_root))
        saver.start()
        try:
            assert saver.lock.held and (fifo_root / ".lock").is_file()
        finally:
            saver.stop()


@pytest.mark.parametrize(
    "raw",
    [
        b'{"app": "noirburg", "save_version": 1, "session": ' + DEEP + b"}",
        b'{"app": "noirburg", "save_version": Infinity}',
        b'{"app": "noirburg", "save_version": 1, "saved_at": 1e999}',
        b'{"app": "noirburg", "save_version": ' + b"1" * 5000 + b"}",
    ],
    ids=["deep", "infinity", "inf_float", "digits"],
)
def test_hostile_saves_are_greyed_out_with_a_reason(tmp_path: Path, raw: bytes) -> None:
    st = Storage(tmp_path)
    st.saves_dir.mkdir(parents=True)
    path = st.saves_dir / "x.json"
    path.write_bytes(raw)
    (entry,) = st.list_saves()
    assert not entry.ok and entry.error and "not valid JSON" in entry.error
    assert path.read_bytes() == raw  # a save is never moved: the Load screen shows why


def test_the_shared_reader_limits() -> None:
    with pytest.raises(safefs.UnsafeFile, match="nested"):
        safefs.loads(b"[" * 65 + b"]" * 65)
    assert safefs.loads(b"[" * 64 + b"]" * 64) == eval("[" * 63 + "[]" + "]" * 63)
    assert safefs.loads(b'["[[[[", "\\"]]]", {"a": "{{{{"}]')[0] == "[[[["  # strings don't nest
    for bad in (b"NaN", b"[Infinity]", b"[-Infinity]", b"[1e400]", b"[" + b"9" * 60 + b"]"):
        with pytest.raises(safefs.UnsafeFile):
            safefs.loads(bad)
    assert safefs.loads(b"[1.5, -2, 12345678901234567890]") == [1.5, -2, 12345678901234567890]


# --- 2. never write what you will refuse to read ------------------------------------------


def test_saves_are_compact_and_never_larger_than_the_loader_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    st = Storage(tmp_path)
    session = make_session(4, 3, steps=400)
    # a save written by another tool with spaces (as the 19 MB save of the issue)...
    doc = {
        "app": "noirburg",
        "save_version": 1,
        "saved_at": "2026-11-01T12:00:00+00:00",
        "label": "long",
        "session": session.to_json(),
    }
    spaced = st.saves_dir / "spaced.json"
    st.saves_dir.mkdir(parents=True)
    spaced.write_text(json.dumps(doc, indent=1))
    loaded = st.load(spaced)
    # ...comes back smaller once the app writes it: compact, header included
    again = st.autosave(loaded)
    assert again.stat().st_size < spaced.stat().st_size * 0.8
    # a game grown past the loader's limit is never written: TooLarge, and the
    # player is told in words; the last good autosave stays as it was
    size = again.stat().st_size
    monkeypatch.setattr(storage_mod, "MAX_SAVE_BYTES", size - 1)
    before = again.read_bytes()
    with pytest.raises(TooLarge):
        st.autosave(loaded)
    assert again.read_bytes() == before and not list(st.saves_dir.glob(".*.tmp"))
    saver = Saver(st)
    saver.start()
    try:
        saver(loaded)
        assert saver.unsaved and "too long to save" in (saver.failing or "")
    finally:
        saver.stop()


# --- 3. headers: the lists read a few KB per save, old saves once -------------------------


def test_lists_read_headers_and_old_saves_only_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    st = Storage(tmp_path)
    for i in range(6):
        st.save(make_session(3, i, steps=5), f"new{i}", label=f"New {i}")
    old = st.saves_dir / "old.json"
    doc = json.loads(st.slot_path("new0").read_text())
    doc.pop("header")
    old.write_text(json.dumps(doc))  # a save from before headers
    full_reads: list[Path] = []
    real = storage_mod._read_save

    def counting(path: Path, *rest: Any) -> Any:
        full_reads.append(path)
        return real(path, *rest)

    monkeypatch.setattr(storage_mod, "_read_save", counting)
    fresh = Storage(tmp_path)
    entries = fresh.list_saves(complete=False)  # nothing read at all: names and times
    assert len(entries) == 7 and full_reads == [] and all(e.pending for e in entries)
    for e in entries:
        fresh.complete(e)  # the Load screen does this for the rows it shows
    assert {e.label for e in entries if e.path != old} == {f"New {i}" for i in range(6)}
    fresh.list_saves()
    fresh.list_saves()
    (was_old,) = [e for e in entries if e.path == old]
    assert full_reads == [old] and not was_old.pending and was_old.ok and was_old.players == 3
    # an edit by another program changes the size: the header is no longer trusted
    edited = st.slot_path("new1")
    edited.write_text(edited.read_text().replace('"label":"New 1"', '"label":"Edited"'))
    (row,) = [e for e in fresh.list_saves() if e.path == edited]
    assert full_reads == [old, edited] and row.label == "Edited"


def test_the_load_screen_pages_and_continue_reads_the_game_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "data"
    st = Storage(root)
    session = make_session(3, 2, steps=5)
    text = st.encode(session, "x", datetime.now(UTC))
    st.saves_dir.mkdir(parents=True)
    n = PAGE * 2 + 5
    for i in range(n):  # the same small save under many names
        (st.saves_dir / f"s{i:04d}.json").write_text(text)
    app, drive = _start(root)
    try:
        drive.click(drive.widget("load"))
        load = app.scene
        assert isinstance(load, LoadScene) and len(load.entries) == n and load.pages == 3
        rows = [k for k in load.ui if k.startswith("row")]
        assert len(rows) == PAGE  # widgets for one page only
        drive.key(pygame.K_PAGEDOWN)
        assert load.page == 1 and "row0" not in load.ui and f"row{PAGE}" in load.ui
        drive.key(pygame.K_UP)
        assert load.page == 0 and load.selected == PAGE - 1
        drive.click(drive.widget("back"))
        # Continue: the game is read once (no second read to compare with the autosave)
        st.autosave(session)
        st.remember_last(session.game_id)
        app.reset_to(TitleScene())
        drive.frames(1)
        reads: list[Path] = []
        real = storage_mod._read_save

        def counted(
            path: Path, defer: bool = False, whole: bool = False
        ) -> tuple[dict[str, Any], GameSession]:
            reads.append(path)
            return real(path, defer, whole)

        monkeypatch.setattr(storage_mod, "_read_save", counted)
        drive.click(drive.widget("continue"))
        assert isinstance(app.scene, TableScene) and len(reads) == 1
    finally:
        app.shutdown()


# --- 5. two copies on one data folder: one writer per game --------------------------------


def test_one_writer_per_game_the_other_window_keeps_a_copy(tmp_path: Path) -> None:
    root = tmp_path / "data"
    a = Saver(Storage(root))
    a.start()
    game = make_session(4, 2, steps=10)
    a.open(game)
    b = Saver(Storage(root))
    b.start()
    assert b.locked_out
    import engine

    b_game = b.storage.load(b.storage.autosave_path(game.game_id))  # B continues A's game
    b.open(b_game)
    b_game.autosave = b
    for _ in range(3):
        b_game.apply(engine.legal_actions(b_game.state)[0])
    game.autosave = a
    for _ in range(8):  # A plays on, and quits
        game.apply(engine.legal_actions(game.state)[0])
    a.stop()
    b._last_try -= 10
    b.retry()  # B takes the folder over
    try:
        assert not b.unsaved
        kept = Storage(root).load(Storage(root).autosave_path(game.game_id))
        assert kept.actions == game.actions  # A's moves, every one
        assert b_game.game_id != game.game_id  # B's line is a game of its own
        mine = Storage(root).load(Storage(root).autosave_path(b_game.game_id))
        assert mine.actions == b_game.actions
        assert any("another window" in note for note in b.storage.notes)
    finally:
        b.stop()


def test_the_locked_out_window_is_offered_a_copy(tmp_path: Path) -> None:
    root = tmp_path / "data"
    holder = Saver(Storage(root))
    holder.start()
    game = make_session(4, 2, steps=10)
    holder.open(game)
    app, drive = _start(root)
    try:
        assert app.saver.locked_out and drive.element("continue").is_enabled
        drive.click(drive.widget("continue"))
        assert app.prompt is not None and isinstance(app.scene, TitleScene)  # asked first
        drive.key(pygame.K_ESCAPE)  # Back
        assert app.prompt is None and isinstance(app.scene, TitleScene)
        drive.click(drive.widget("continue"))
        drive.key(pygame.K_RETURN)  # Play a copy
        scene = app.scene
        assert isinstance(scene, TableScene)
        assert scene.ctrl.session.game_id != game.game_id
    finally:
        app.shutdown()
        holder.stop()


# --- 6. nothing outside the data folder is touched ----------------------------------------


@pytest.mark.skipif(not POSIX, reason="symbolic links need privileges on Windows")
def test_links_in_the_data_folder_are_never_followed(tmp_path: Path) -> None:
    root, outside = tmp_path / "data", tmp_path / "outside"
    (root / "saves").mkdir(parents=True)
    outside.mkdir()
    precious = outside / "precious.json"
    precious.write_text('{"ai_speed": "fast", "volume": 3}')
    os.symlink(outside / "created-by-lock", root / ".lock")
    os.symlink(precious, root / "settings.json")
    os.symlink(precious, root / "tutorial.json")
    os.symlink(precious, root / "continue.json")
    os.symlink(precious, root / "saves" / "linked.json")
    app, drive = _start(root)
    try:
        assert app.settings.volume == 80  # the link was not read
        assert not (outside / "created-by-lock").exists()  # nor created through
        assert app.saver.lock.held and app.crashes == 0
        assert any("link" in n for n in app.storage.notes)
        drive.click(drive.widget("load"))
        assert isinstance(app.scene, LoadScene) and app.scene.entries == []
        app.set_fullscreen(False)  # writes settings: never through the link
    finally:
        app.shutdown()
    assert precious.read_text() == '{"ai_speed": "fast", "volume": 3}'
    assert sorted(p.name for p in outside.iterdir()) == ["precious.json"]
    assert (root / "settings.json").is_symlink()  # refused, left as it is
    with pytest.raises(safefs.LinkRefused):
        safefs.read_regular_file(root / "settings.json", 100)


# --- 7. paths that cannot be printed ------------------------------------------------------


def test_shown_makes_any_path_printable() -> None:
    odd = os.fsdecode(b"/tmp/d\xffata\x01/n\xc3\xa4me")
    text = safefs.shown(Path(odd))
    text.encode("utf-8")  # no lone surrogate left
    assert "\\xff" in text and "?" in text and "ä" in text
    assert safefs.shown(b"\xff") == "\\xff"


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="bytes in names: Linux only")
def test_an_undecodable_data_folder_name_is_shown_and_logged(tmp_path: Path) -> None:
    root = Path(os.fsdecode(os.fsencode(tmp_path) + b"/d\xffta-\xc3\xa4"))
    root.write_text("a file where the folder should be")  # saving fails: the red notice
    app, drive = _start(root)
    try:
        open_session(app, make_session(3, 1, steps=2))
        drive.frames(2)
        assert app.saver.unsaved and app.crashes == 0
        crash = CrashScene(root / "report.txt")  # the crash screen names such a path too
        app.push(crash)
        drive.frames(1)
        assert "\\xff" in crash.report_line()
    finally:
        app.shutdown()


# --- 9. hotseat privacy in Replay ---------------------------------------------------------


def test_replay_of_an_unfinished_hotseat_game_shows_no_hand(app: App, drive: Driver) -> None:
    """Title → Load → Replay → last move in a hotseat game in progress: no hand is
    drawn face up and the log names no private card; with one human (or once the
    game is over) the hand shows as before."""
    import dataclasses

    from noirburg_desktop.scenes.replay import replay_frames
    from noirburg_desktop.session import SeatConfig

    base = make_session(4, 2, steps=60)  # seat 0 human, seat 4-less: the others bots
    humans = [
        SeatConfig(c.name, c.colour, "human") if i < 2 else c for i, c in enumerate(base.configs)
    ]
    hotseat = dataclasses.replace(base, configs=humans)
    app.push(TitleScene())
    for session, hidden in ((hotseat, True), (base, False)):
        scene = ReplayScene()
        app.push(scene, SessionEntry(session))
        drive.key(pygame.K_END)
        drive.frames(1)
        assert scene.index == scene.total and scene.model().show_hand is (not hidden)
        app.pop()
    # the log is told as no seat sees it: never more than the one-human log shows
    secret, seen = replay_frames(hotseat)[1], replay_frames(base)[1]
    assert len(secret) == len(seen) and all(
        len(a) <= len(b) for a, b in zip(secret, seen, strict=True)
    )


# --- 10. logging to a full disk -----------------------------------------------------------


def test_log_lines_a_full_disk_refuses_are_counted_silently(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    handler = QuietFileHandler(tmp_path / "x.log", encoding="utf-8", errors="backslashreplace")

    class Full(io.TextIOWrapper):  # the file handler's kind of stream
        def write(self, s: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    logger = logging.getLogger("noirburg.test.full")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        before = QuietFileHandler.failures
        for i in range(3):
            handler.stream = Full(io.BytesIO())  # each line meets the full disk
            logger.warning("line %d in %s", i, os.fsdecode(b"d\xff"))
        assert QuietFileHandler.failures == before + 3
        captured = capsys.readouterr()
        assert "Logging error" not in captured.err and "Traceback" not in captured.err
        logger.warning("the disk is back: %s", os.fsdecode(b"\xff"))  # reopened, written
        handler.flush()
        assert "the disk is back: \\udcff" in (tmp_path / "x.log").read_text()
    finally:
        logger.removeHandler(handler)
        handler.close()
