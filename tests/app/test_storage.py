"""Saves and settings on disk: atomic writes, damaged files as readable entries."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from noirburg_desktop.persist import storage
from noirburg_desktop.persist.storage import SaveError, Settings, Storage, write_json_atomic
from tests.app.app_helpers import make_session

ROOT = Path(__file__).resolve().parents[2]


def test_data_dir_env_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOIRBURG_DATA_DIR", str(tmp_path / "x"))
    assert Storage().root == tmp_path / "x"
    monkeypatch.delenv("NOIRBURG_DATA_DIR")
    assert "oirburg" in str(storage.default_data_dir())


def test_failed_replace_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "save.json"
    write_json_atomic(path, {"v": 1})

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_json_atomic(path, {"v": 2})
    monkeypatch.undo()
    assert json.loads(path.read_text("utf-8")) == {"v": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temp file left behind


def test_sigkill_during_a_save_loop_never_corrupts(tmp_path: Path) -> None:
    """Kill a process that saves as fast as it can; the file is always whole.
    `kill()` is SIGKILL on Linux and macOS, TerminateProcess on Windows: no handler runs."""
    target = tmp_path / "autosave.json"
    script = textwrap.dedent(f"""
        import sys; sys.path.insert(0, {str(ROOT)!r})
        from pathlib import Path
        from noirburg_desktop.persist.storage import write_json_atomic
        p = Path({str(target)!r})
        i = 0
        while True:
            write_json_atomic(p, {{"i": i, "pad": "x" * (20000 + (i % 7) * 5000)}})
            i += 1
            if i == 3:
                print("ready", flush=True)
    """)
    for delay in (0.05, 0.13, 0.21):
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.kill()
        proc.wait()
        doc = json.loads(target.read_text("utf-8"))  # parses: never half-written
        assert doc["pad"] == "x" * len(doc["pad"]) and doc["i"] >= 2


def _error_for(tmp_path: Path, raw: bytes) -> str:
    """What the Load list says of a save it cannot open."""
    error = _entry_for(tmp_path, raw).error
    assert error is not None
    return error


def _entry_for(tmp_path: Path, raw: bytes) -> storage.SaveEntry:
    st_ = Storage(tmp_path)
    st_.saves_dir.mkdir(parents=True, exist_ok=True)
    p = st_.saves_dir / "x.json"
    p.write_bytes(raw)
    (entry,) = st_.list_saves()
    assert p.read_bytes() == raw  # a bad file is never rewritten or removed
    return entry


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(raw=st.binary(max_size=400))
def test_random_bytes_give_a_readable_error(tmp_path: Path, raw: bytes) -> None:
    entry = _entry_for(tmp_path, raw)
    assert not entry.ok and entry.error and entry.error[0].isupper()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(session=JSON, version=st.integers(-3, 3) | st.text(max_size=3))
def test_random_json_in_a_save_shell_gives_a_readable_error(
    tmp_path: Path, session: object, version: object
) -> None:
    doc = {
        "app": "noirburg",
        "save_version": version,
        "saved_at": "2024-01-01T00:00:00",
        "label": "x",
        "session": session,
    }
    entry = _entry_for(tmp_path, json.dumps(doc).encode())
    assert not entry.ok and isinstance(entry.error, str) and len(entry.error) > 10


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_mutated_real_saves_never_raise(tmp_path: Path, data: st.DataObject) -> None:
    """Flip values deep inside a real save: the list still renders, load raises SaveError only."""
    st_ = Storage(tmp_path)
    path = st_.save(make_session(3, 2, steps=30), "victim")
    doc = json.loads(path.read_text("utf-8"))
    state = doc["session"]["state"]
    key = data.draw(st.sampled_from(sorted(state)))
    state[key] = data.draw(JSON)
    path.write_text(json.dumps(doc))
    entry = st_.entry(path)
    if not entry.ok:
        with pytest.raises(SaveError):
            st_.load(path)


def test_known_bad_files_have_specific_messages(tmp_path: Path) -> None:
    assert "empty" in _error_for(tmp_path, b"")
    assert "not valid JSON" in _error_for(tmp_path, b"{nope")
    foreign = json.dumps({"app": "solitaire", "save_version": 1}).encode()
    assert "not a Noirburg save" in _error_for(tmp_path, foreign)
    newer = json.dumps({"app": "noirburg", "save_version": 99, "session": {}}).encode()
    assert "newer Noirburg" in _error_for(tmp_path, newer)


def test_save_list_skips_damage_and_loads_the_rest(tmp_path: Path) -> None:
    st_ = Storage(tmp_path)
    good_a = st_.save(make_session(4, 1), "a", label="Alpha")
    st_.autosave(make_session(5, 2))
    bad = st_.saves_dir / "bad.json"
    bad.write_text('{"app": "noirburg", "save_version": 1, "session": {"format": 1, "seats"')
    entries = st_.list_saves()
    assert len(entries) == 3
    assert entries[0].is_autosave and entries[0].players == 5
    by_slot = {e.slot: e for e in entries}
    assert not by_slot["bad"].ok and by_slot["a"].ok and by_slot["a"].label == "Alpha"
    assert by_slot["a"].round >= 1 and by_slot["a"].names[0] == "Vito"
    assert st_.load(good_a).players == 4
    assert bad.exists()


def test_save_format_fields(tmp_path: Path) -> None:
    st_ = Storage(tmp_path)
    doc = json.loads(st_.save(make_session(), "x", label="L").read_text("utf-8"))
    assert doc["app"] == "noirburg" and doc["save_version"] == 1 and doc["label"] == "L"
    assert "T" in doc["saved_at"] and {"seats", "options", "actions", "state"} <= set(
        doc["session"]
    )


def test_unnamed_saves_get_distinct_slots(tmp_path: Path) -> None:
    st_ = Storage(tmp_path)
    s = make_session(steps=5)
    assert st_.save(s) != st_.save(s)


def test_save_names_are_in_the_players_language(tmp_path: Path) -> None:
    """A save made with the Save button keeps a safe file name (save-20261127-025018),
    and the Load screen names it in the player's language with a local date:
    "Save 2026-11-27 02:50" / "Kayıt 27.11.2026 02:50" (issue 21)."""
    import re
    from datetime import datetime

    from noirburg_desktop.words import strings

    st_ = Storage(tmp_path)
    path = st_.save(make_session(steps=3))
    assert re.fullmatch(r"save-\d{8}-\d{6}\.json", path.name)
    st_.autosave(make_session(steps=3))
    st_.save(make_session(steps=3), "mine", label="Before the raid")
    by_slot = {e.slot: e for e in st_.list_saves()}
    entry = by_slot[path.stem]
    stamp = entry.saved_at
    assert stamp is not None
    local = stamp.astimezone()
    assert entry.title == f"Save {local:%Y-%m-%d %H:%M}"
    assert by_slot["mine"].title == "Before the raid"
    auto = next(e for e in by_slot.values() if e.is_autosave)
    assert auto.title == "Autosave"
    strings.set_language("tr")
    try:
        assert entry.title == f"Kayıt {local:%d.%m.%Y %H:%M}"
        assert entry.date_text() == f"{local:%d.%m.%Y %H:%M}"
        assert auto.title == "Otomatik kayıt"
        assert "save" not in entry.title
    finally:
        strings.set_language("en")
    assert storage.date_time_text(datetime(2026, 11, 27, 2, 50)) == "2026-11-27 02:50"


def test_delete_only_inside_the_saves_folder(tmp_path: Path) -> None:
    st_ = Storage(tmp_path)
    p = st_.save(make_session(steps=3), "gone")
    st_.delete(p)
    assert not p.exists()
    outside = tmp_path / "precious.json"
    outside.write_text("{}")
    with pytest.raises(ValueError):
        st_.delete(outside)


def test_settings_round_trip_and_garbage(tmp_path: Path) -> None:
    st_ = Storage(tmp_path)
    assert st_.load_settings() == Settings()
    s = Settings(fullscreen=True, ai_speed="fast", reaction_window_s=8, language="tr", sound=False)
    s.reactions = "always"
    st_.save_settings(s)
    assert st_.load_settings() == s
    st_.settings_path.write_text(
        '{"fullscreen": "yes", "ai_speed": "warp", "reaction_window_s": -4,'
        ' "window_size": [1, 2, 3], "sound": false, "reactions": "sometimes"}'
    )
    loaded = st_.load_settings()
    assert loaded.fullscreen is False and loaded.ai_speed == "normal"
    assert loaded.reaction_window_s == 20 and loaded.sound is False
    assert loaded.reactions == "threats"
    st_.settings_path.write_bytes(b"\xff\xfe garbage")
    assert st_.load_settings() == Settings()


@pytest.mark.parametrize(
    ("old", "reactions", "seconds"),
    [
        ({"auto_pass_reactions": True, "reaction_window_s": 5}, "never", 20),
        ({"always_ask_reactions": True, "reaction_window_s": 12}, "always", 12),
        ({"auto_pass_reactions": False, "always_ask_reactions": False}, "threats", 20),
        ({"auto_pass_reactions": True, "always_ask_reactions": True}, "never", 20),
        ({"reaction_window_s": 3}, "threats", 3),
    ],
)
def test_settings_from_before_issue_20_still_load(
    tmp_path: Path, old: dict[str, object], reactions: str, seconds: int
) -> None:
    """Issue 20 replaced the Auto-pass tick box (`auto_pass_reactions`) and the hidden
    `always_ask_reactions` key by Settings → Reactions; an old file keeps its meaning:
    auto-pass on is "Never ask", always-ask is "Ask at every chance". The old default
    window of 5 s becomes the new default of 20 s; a length the player picked stays."""
    st_ = Storage(tmp_path)
    st_.settings_path.parent.mkdir(parents=True, exist_ok=True)
    st_.settings_path.write_text(json.dumps({"ai_speed": "fast", **old}))
    loaded = st_.load_settings()
    assert (loaded.reactions, loaded.reaction_window_s, loaded.ai_speed) == (
        reactions,
        seconds,
        "fast",
    )
    st_.save_settings(loaded)
    data = json.loads(st_.settings_path.read_text())
    assert "auto_pass_reactions" not in data and data["reactions"] == reactions
    assert st_.load_settings() == loaded  # and saved again, it means the same
