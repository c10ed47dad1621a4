"""Issue 11, one test per defect: what a disk, a file or a hand-edited save did to
the app, reproduced, and what it does now."""

from __future__ import annotations

import errno
import json
import logging
import os
import time
from pathlib import Path

import pygame
import pytest

from noirburg_desktop import __main__ as cli
from noirburg_desktop.app import App
from noirburg_desktop.persist import storage as storage_mod
from noirburg_desktop.persist.datalock import DataLock
from noirburg_desktop.persist.storage import Storage
from noirburg_desktop.scenes.crash import CrashScene
from noirburg_desktop.scenes.load import LoadScene
from noirburg_desktop.scenes.title import TitleScene, open_session
from noirburg_desktop.table.scene import TableScene
from tests.app.app_helpers import finished_session, make_session
from tests.app.conftest import Driver
from tests.app.test_menus import _start as _title


def _play(app: App, n: int) -> None:
    """n legal actions through the session, as the table applies them."""
    import engine

    scene = app.scene
    assert isinstance(scene, TableScene)
    session = scene.ctrl.session
    for _ in range(n):
        session.apply(engine.legal_actions(session.state)[0])


def _fail_writes(monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    def refuse(*args: object, **kw: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(storage_mod, "write_json_atomic", refuse)


# --- 1. unwritable data folder ------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENOSPC, "disk is full"),
        (errno.EACCES, "no permission"),
        (errno.EROFS, "read-only"),
        (errno.EIO, "Input/output error"),
    ],
)
def test_a_failing_disk_never_stops_the_game(
    app: App, drive: Driver, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    _title(app, drive)
    _fail_writes(monkeypatch, code)
    open_session(app, make_session(4, 2, steps=5))
    drive.frames(1)
    _play(app, 3)  # raised out of session.apply before: the window vanished
    drive.frames(2)
    assert isinstance(app.scene, TableScene) and app.crashes == 0
    assert app.saver.unsaved and words in (app.saver.failing or "")
    # the notice is drawn above the table: the top rows turn the notice's red
    assert app.screen is not None
    assert app.screen.get_at((5, 5))[:3] == (110, 22, 22) or app.screen.get_at((5, 5)).r > 90
    # the disk comes back: saving resumes by itself (retried every 2 s)
    monkeypatch.undo()
    app.saver._last_try -= 10
    drive.frames(1)
    assert not app.saver.unsaved and app.saver.failing is None
    scene = app.scene
    assert isinstance(scene, TableScene)
    loaded = app.storage.load(app.storage.autosave_path(scene.ctrl.session.game_id))
    assert loaded.actions == scene.ctrl.session.actions


def test_a_file_where_the_data_folder_should_be(tmp_path: Path) -> None:
    root = tmp_path / "data"
    root.write_text("not a folder")
    app = App(data_dir=root, size=(1280, 800), fullscreen=False)
    app.start()
    try:
        drive = Driver(app)
        _title(app, drive)
        assert "a file stands where the folder" in (app.saver.failing or "")
        open_session(app, make_session(3, 4, steps=2))
        _play(app, 2)
        drive.frames(2)
        assert app.crashes == 0 and app.saver.unsaved
    finally:
        app.shutdown()
    assert root.read_text() == "not a folder"


def test_quit_warns_while_the_game_is_not_saved(
    app: App, drive: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    _title(app, drive)
    _fail_writes(monkeypatch, errno.ENOSPC)
    open_session(app, make_session(4, 2, steps=5))
    _play(app, 1)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close button
    drive.frames(1)
    assert app.running and app.quit_prompt is not None
    drive.click(app.quit_prompt.stay_rect)  # Keep playing
    assert app.running and app.quit_prompt is None
    app.reset_to(TitleScene())
    drive.frames(1)
    drive.click(drive.widget("quit"))  # the Quit button warns too
    assert app.running and app.quit_prompt is not None
    drive.key(pygame.K_RETURN)  # Quit anyway
    assert not app.running


def test_quit_asks_nothing_when_everything_is_saved(app: App, drive: Driver) -> None:
    _title(app, drive)
    open_session(app, make_session(4, 2, steps=5))
    _play(app, 1)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    drive.frames(1)
    assert not app.running and app.quit_prompt is None


# --- 2. saves/ cannot be listed ---------------------------------------------------------


def test_startup_when_the_saves_folder_cannot_be_listed(
    app: App, drive: Driver, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Storage(data_dir).autosave(make_session(4, 1, steps=4))
    real_scandir, real_stat = os.scandir, Path.stat

    def denied_scandir(path: str | os.PathLike[str]) -> object:
        if "saves" in str(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)

    def denied_stat(self: Path, **kw: object) -> os.stat_result:
        if "saves" in str(self):
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_stat(self, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", denied_scandir)
    monkeypatch.setattr(Path, "stat", denied_stat)
    _title(app, drive)  # raised PermissionError from Path.exists() before
    assert not drive.element("continue").is_enabled
    drive.click(drive.widget("load"))
    assert isinstance(app.scene, LoadScene) and app.scene.entries == []
    assert app.crashes == 0


# --- 3. saves that passed the loader and crashed a scene -----------------------------------


def _doc(data_dir: Path, name: str, mutate: object) -> Path:
    session = make_session(4, 3, steps=40)
    path = Storage(data_dir).save(session, name, label="x")
    doc = json.loads(path.read_text("utf-8"))
    mutate(doc)  # type: ignore[operator]
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize(
    ("case", "mutate"),
    [
        ("saved_at", lambda d: d.update(saved_at="9999-12-31T23:59:59-23:59")),
        ("nul_label", lambda d: d.update(label="a\x00b")),
        ("nul_name", lambda d: d["session"]["seats"][0].update(name="V\x00")),
        ("active", lambda d: d["session"]["state"].update(active=-1)),
        ("colour", lambda d: d["session"]["seats"][1].update(colour="blue")),
        ("history", lambda d: d["session"]["actions"].pop()),
    ],
)
def test_a_damaged_save_is_greyed_out_and_never_reaches_a_scene(
    app: App, drive: Driver, data_dir: Path, case: str, mutate: object
) -> None:
    path = _doc(data_dir, f"autosave-{case}", mutate)
    _title(app, drive)  # the Title died on an out-of-range saved_at before
    assert not drive.element("continue").is_enabled
    drive.click(drive.widget("load"))
    load = app.scene
    assert isinstance(load, LoadScene)  # the Load screen died on a NUL before
    (entry,) = load.entries
    assert entry.path == path and not entry.ok and entry.error
    drive.key(pygame.K_RETURN)
    assert app.scene is load and app.crashes == 0


def test_a_huge_label_loads_fast_and_is_shortened(app: App, drive: Driver, data_dir: Path) -> None:
    Storage(data_dir).save(make_session(4, 3, steps=10), "big", label="L" * 1_000_000)
    _title(app, drive)
    started = time.perf_counter()
    drive.click(drive.widget("load"))
    took = time.perf_counter() - started
    load = app.scene
    assert isinstance(load, LoadScene)
    (entry,) = load.entries
    assert entry.ok and len(entry.label) <= storage_mod.MAX_LABEL_SHOWN
    assert took < 5.0  # 12 s before; a fraction of a second now


# --- 4. settings.json ------------------------------------------------------------------------


def test_settings_deep_nesting_fifo_and_damage(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    st = Storage(tmp_path)
    tmp_path.joinpath("settings.json").write_bytes(b"[" * 100_000 + b"]" * 100_000)
    with caplog.at_level(logging.WARNING):
        assert st.load_settings().ai_speed == "normal"  # RecursionError at every start before
    assert "damaged" in caplog.text
    copies = list(tmp_path.glob("settings.broken-*.json"))
    assert len(copies) == 1 and copies[0].read_bytes().startswith(b"[[[")
    # a BOM from a Windows editor is read, not thrown away
    tmp_path.joinpath("settings.json").write_bytes(b'\xef\xbb\xbf{"ai_speed": "fast"}')
    assert Storage(tmp_path).load_settings().ai_speed == "fast"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="os.mkfifo: no FIFOs on Windows")
def test_a_settings_fifo_is_neither_waited_on_nor_replaced(tmp_path: Path) -> None:
    # a FIFO would block forever; it is not even opened for writing later
    fifo_dir = tmp_path / "fifo"
    fifo_dir.mkdir()
    os.mkfifo(fifo_dir / "settings.json")
    fst = Storage(fifo_dir)
    started = time.perf_counter()
    assert fst.load_settings().language == "en"
    assert time.perf_counter() - started < 2
    fst.save_settings(fst.load_settings())
    assert not (fifo_dir / "settings.json").is_file()  # still the FIFO


def test_a_malformed_settings_file_is_kept_before_it_is_replaced(tmp_path: Path) -> None:
    raw = b'{"ai_speed": "fast", oops'
    tmp_path.joinpath("settings.json").write_bytes(raw)
    st = Storage(tmp_path)
    settings = st.load_settings()
    st.save_settings(settings)
    (copy,) = tmp_path.glob("settings.broken-*.json")
    assert copy.read_bytes() == raw


# --- 5. housekeeping ------------------------------------------------------------------------


def test_temp_files_of_interrupted_writes_are_swept_at_start(data_dir: Path) -> None:
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    for i in range(83):
        (saves / f".autosave-x.json.{i:08x}.tmp").write_text("{")
    (saves / "keep.json.tmp").write_text("not ours")  # not a name we write
    app = App(data_dir=data_dir)
    app.start()
    try:
        assert [p.name for p in saves.iterdir()] == ["keep.json.tmp"]
    finally:
        app.shutdown()


def test_a_second_instance_is_told_and_does_not_write(data_dir: Path) -> None:
    first = App(data_dir=data_dir, size=(1280, 800))
    first.start()
    try:
        first.push(TitleScene())
        first.run_frames(1)
        second_lock = DataLock(data_dir)
        assert not second_lock.acquire() and second_lock.busy
        second = Storage(data_dir)
        second.read_only = True
        with pytest.raises(OSError):
            second.autosave(make_session(3, 1, steps=1))
    finally:
        first.shutdown()
    assert DataLock(data_dir).acquire()  # released when the first one exits


def test_the_second_app_shows_the_notice_and_takes_over_later(data_dir: Path) -> None:
    holder = DataLock(data_dir)
    assert holder.acquire()
    app = App(data_dir=data_dir, size=(1280, 800))
    app.start()
    try:
        app.push(TitleScene())
        app.run_frames(1)
        assert app.saver.locked_out and app.storage.read_only
        open_session(app, make_session(3, 1, steps=1))
        assert app.saver.unsaved and not list((data_dir / "saves").glob("autosave-*.json"))
        holder.release()
        app.saver._last_try -= 10
        app.run_frames(1)
        assert not app.saver.unsaved and list((data_dir / "saves").glob("autosave-*.json"))
    finally:
        app.shutdown()


# --- 6. the command line ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--screenshot", ""],
        ["--screenshot", "."],
        ["--screenshot", "no/such/folder/x.png"],
        ["--screenshot", "/proc/x.png"],
        ["--autoplay", "-1"],
        ["--quit-after", "nan"],
        ["--quit-after", "-2"],
        ["--quit-after", "inf"],
    ],
)
def test_cli_rejects_bad_arguments_with_exit_code_2(
    argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    os.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "error:" in err and "Traceback" not in err
    assert not (tmp_path / "no").exists()  # missing folders are not created


# --- 7. the crash screen ----------------------------------------------------------------------


def test_an_unexpected_error_shows_the_crash_screen_and_continue_still_works(
    app: App, drive: Driver, data_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    logs = tmp_path / "logs"
    monkeypatch.setenv("NOIRBURG_LOG_DIR", str(logs))
    _title(app, drive)
    open_session(app, make_session(4, 2, steps=5))
    _play(app, 2)
    drive.frames(1)

    def boom(self: TableScene, dt: float) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(TableScene, "update", boom)
    drive.frames(1)
    crash = app.scene
    assert isinstance(crash, CrashScene) and app.crashes == 1
    assert crash.report is not None and crash.report.parent == logs
    report = crash.report.read_text("utf-8")
    assert "RuntimeError: a bug" in report and "Traceback" in report
    monkeypatch.setattr(TableScene, "update", lambda self, dt: None)
    drive.click(crash.back_rect)  # the way back to the title
    assert isinstance(app.scene, TitleScene)
    assert drive.element("continue").is_enabled
    drive.click(drive.widget("continue"))  # the autosave from before the error
    scene = app.scene
    assert isinstance(scene, TableScene) and len(scene.ctrl.session.actions) >= 2


# --- issue 9's storage side: one autosave per game --------------------------------------------


def test_a_new_game_never_overwrites_another_game_in_progress(
    app: App, drive: Driver, data_dir: Path
) -> None:
    _title(app, drive)
    first = make_session(4, 2, steps=5)
    open_session(app, first)
    _play(app, 2)
    first_actions = list(first.actions)
    second = make_session(3, 7, steps=1)
    app.reset_to(TitleScene())
    open_session(app, second)
    _play(app, 1)
    files = sorted((data_dir / "saves").glob("autosave-*.json"))
    assert len(files) == 2
    kept = app.storage.load(app.storage.autosave_path(first.game_id))
    assert kept.actions == first_actions
    # Continue resumes the game last played: the second one
    app.reset_to(TitleScene())
    drive.frames(1)
    drive.click(drive.widget("continue"))
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.ctrl.session.game_id == second.game_id


def test_continue_resumes_a_game_just_loaded(app: App, drive: Driver, data_dir: Path) -> None:
    st = app.storage
    played = make_session(4, 2, steps=30)
    st.autosave(played)
    manual = st.save(make_session(5, 8, steps=6), "friday", label="Friday")
    _title(app, drive)
    drive.click(drive.widget("load"))
    load = app.scene
    assert isinstance(load, LoadScene)
    load.select([e.path for e in load.entries].index(manual))
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scene, TableScene)
    app.reset_to(TitleScene())  # no move made
    drive.frames(1)
    drive.click(drive.widget("continue"))
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.ctrl.session.players == 5


def test_loading_an_older_save_keeps_the_game_that_went_on(
    app: App, drive: Driver, data_dir: Path
) -> None:
    st = app.storage
    session = make_session(4, 2, steps=10)
    manual = st.save(session, "before", label="before")
    _title(app, drive)
    open_session(app, session)
    _play(app, 3)  # the game goes on past the manual save
    went_on = list(session.actions)
    app.reset_to(TitleScene())
    open_session(app, st.load(manual))  # the player loads the older save
    _play(app, 1)
    files = sorted((data_dir / "saves").glob("autosave-*.json"))
    assert len(files) == 2  # the loaded line is a game of its own
    assert any(st.load(f).actions == went_on for f in files)


def test_continue_never_resumes_a_finished_game(app: App, drive: Driver, data_dir: Path) -> None:
    """A finished game's autosave (even the one last viewed) is not what Continue offers:
    the unfinished game is, and Load marks the finished one as finished."""
    st = app.storage
    unfinished = make_session(4, 2, steps=30)
    st.autosave(unfinished)
    done = finished_session()
    assert done.finished
    st.autosave(done)
    st.remember_last(done.game_id)  # the finished game was the last one looked at
    entry = st.latest_autosave()
    assert entry is not None and entry.game_id == unfinished.game_id
    listed = {e.game_id: e for e in st.list_saves()}
    assert listed[done.game_id].finished and not listed[unfinished.game_id].finished
    _title(app, drive)
    drive.click(drive.widget("continue"))
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.ctrl.session.game_id == unfinished.game_id
