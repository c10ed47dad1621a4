"""Crafted hostile inputs for the reliability corpus test (issue 11).

    python tests/app/corpus.py OUT_DIR     writes the corpus and prints its size

`write_saves(folder)` fills a saves/ folder with valid saves and saves that are
damaged in every way a disk or a hand editor can damage them (types, ranges,
references, invariants, a history that does not replay, NUL bytes, dates out
of range, huge labels, FIFOs, folders and links named like saves, seeded
random field mutations). `FOLDER_CASES` are whole data-folder states
(settings.json variants, a file where a folder should be, leftover temp
files, a damaged Continue pointer). Every case is deterministic.
"""

from __future__ import annotations

import copy
import json
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE.parents[1]) not in sys.path:
    sys.path.insert(0, str(HERE.parents[1]))

from noirburg_desktop.session import GameSession  # noqa: E402
from tests.app.app_helpers import make_session  # noqa: E402

Doc = dict[str, Any]


def _doc(session: GameSession, label: str = "") -> Doc:
    return {
        "app": "noirburg",
        "save_version": 1,
        "saved_at": "2026-11-01T12:00:00+00:00",
        "label": label,
        "session": session.to_json(),
    }


def attack_session() -> GameSession:
    """A game stopped while an attack waits in a reaction window."""
    import engine
    from engine.state import PendingAttack

    session = make_session(4, 1, steps=0)
    rng = random.Random(1)
    for _ in range(3000):
        st = session.state
        if any(isinstance(f, PendingAttack) for f in st.stack) and st.window:
            return session
        session.apply(rng.choice(engine.legal_actions(st)))
    raise RuntimeError("no attack found")


def bases() -> dict[str, GameSession]:
    return {
        "mid4": make_session(4, 3, steps=80),
        "fresh6": make_session(6, 5, steps=3),
        "attack": attack_session(),
        "over3": make_session(3, 9, steps=20000),
    }


# --- targeted damage: (name, base, mutation) ----------------------------------------


def _st(d: Doc) -> Doc:
    state: Doc = d["session"]["state"]
    return state


def _set(path: str, value: Any) -> Callable[[Doc], None]:
    """A mutation setting the dotted `path` (list indices allowed) to `value`."""

    def mutate(d: Doc) -> None:
        keys: list[Any] = [int(k) if k.lstrip("-").isdigit() else k for k in path.split(".")]
        node: Any = d
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value

    return mutate


def _inflate(d: Doc) -> None:
    _st(d)["seats"][0]["money"] += 10
    _st(d)["money_in_play"] += 10


def _trophy(d: Doc) -> None:
    st = _st(d)
    st["seats"][0]["trophies"].append(st["deck"].pop())


def _dead_with_cards(d: Doc) -> None:
    _st(d)["seats"][1]["alive"] = False


def _drop_last_action(d: Doc) -> None:
    d["session"]["actions"].pop()


def _bogus_action(d: Doc) -> None:
    d["session"]["actions"].append({"kind": "no_such_action", "x": 1})


def _swap_actions(d: Doc) -> None:
    a = d["session"]["actions"]
    a[1], a[2] = a[2], a[1]


def _window_seat(d: Doc) -> None:
    for f in _st(d)["stack"]:
        if f["frame"] == "window":
            f["order"] = [99]


def _window_pos(d: Doc) -> None:
    for f in _st(d)["stack"]:
        if f["frame"] == "window":
            f["pos"] = 7


def _attack(field: str, value: Any) -> Callable[[Doc], None]:
    def mutate(d: Doc) -> None:
        for f in _st(d)["stack"]:
            if f["frame"] == "attack":
                f[field] = value

    return mutate


def _dup_card(d: Doc) -> None:
    st = _st(d)
    st["deck"][0] = st["deck"][1]


TARGETED: list[tuple[str, str, Callable[[Doc], None]]] = [
    ("saved_at_far_future", "mid4", _set("saved_at", "9999-12-31T23:59:59-23:59")),
    ("saved_at_year_one", "mid4", _set("saved_at", "0001-01-01T00:00:00+14:00")),
    ("saved_at_garbage", "mid4", _set("saved_at", "yesterday")),
    ("saved_at_number", "mid4", _set("saved_at", 12)),
    ("saved_at_null", "mid4", _set("saved_at", None)),
    ("label_nul", "mid4", _set("label", "my\x00game")),
    ("label_surrogate", "mid4", _set("label", "\ud800")),
    ("label_number", "mid4", _set("label", 5)),
    ("label_newline", "mid4", _set("label", "two\nlines")),
    ("name_nul", "mid4", _set("session.seats.0.name", "Vi\x00to")),
    ("name_empty", "mid4", _set("session.seats.1.name", "")),
    ("name_long", "mid4", _set("session.seats.1.name", "x" * 500)),
    ("name_number", "mid4", _set("session.seats.1.name", 7)),
    ("name_bidi", "mid4", _set("session.seats.2.name", "\u202eevil")),
    ("colour_word", "mid4", _set("session.seats.0.colour", "red")),
    ("colour_short", "mid4", _set("session.seats.0.colour", "#12345")),
    ("colour_hex_bad", "over3", _set("session.seats.0.colour", "#gggggg")),
    ("colour_finished", "over3", _set("session.seats.2.colour", "")),
    ("kind_unknown", "mid4", _set("session.seats.0.kind", "god")),
    ("seats_two", "mid4", lambda d: d["session"]["seats"].pop()),
    ("seats_not_list", "mid4", _set("session.seats", {"a": 1})),
    ("active_minus_one", "mid4", _set("session.state.active", -1)),
    ("active_past_table", "mid4", _set("session.state.active", 4)),
    ("active_string", "mid4", _set("session.state.active", "1")),
    ("active_float", "mid4", _set("session.state.active", 1.5)),
    ("active_bool", "mid4", _set("session.state.active", True)),
    ("first_player_99", "mid4", _set("session.state.first_player", 99)),
    ("money_inflated", "mid4", _inflate),
    ("money_negative", "mid4", _set("session.state.bank", -5)),
    ("trophy_not_hideout", "mid4", _trophy),
    ("dead_with_cards", "mid4", _dead_with_cards),
    ("history_short", "mid4", _drop_last_action),
    ("history_bogus", "mid4", _bogus_action),
    ("history_swapped", "mid4", _swap_actions),
    ("history_not_list", "mid4", _set("session.actions", "none")),
    ("history_item_not_dict", "mid4", _set("session.actions.0", 3)),
    ("window_seat_99", "attack", _window_seat),
    ("window_pos_7", "attack", _window_pos),
    ("attack_target_999", "attack", _attack("target", 999)),
    ("attack_target_negative", "attack", _attack("target", -3)),
    ("attack_attacker_9", "attack", _attack("attacker", 9)),
    ("attack_no_gangsters", "attack", _attack("gangsters", [])),
    ("attack_gangster_business", "attack", _attack("gangsters", [80])),
    ("attack_stack_garbage", "attack", _set("session.state.stack", [{"frame": "boom"}])),
    ("winner_out_of_range", "over3", _set("session.state.winners", [7])),
    ("winner_negative", "over3", _set("session.state.winners", [-1])),
    ("winners_empty", "over3", _set("session.state.winners", [])),
    ("win_method_magic", "over3", _set("session.state.win_method", "magic")),
    ("phase_unknown", "mid4", _set("session.state.phase", "Z")),
    ("turn_negative", "mid4", _set("session.state.turn", -5)),
    ("turn_huge", "mid4", _set("session.state.turn", 10**30)),
    ("rng_negative", "mid4", _set("session.state.rng", "-1")),
    ("rng_word", "mid4", _set("session.state.rng", "abc")),
    ("countdown_tokens_9", "mid4", _set("session.state.countdown.tokens", 9)),
    ("countdown_keeper_12", "mid4", _set("session.state.countdown.keeper", 12)),
    ("card_duplicated", "mid4", _dup_card),
    ("card_500", "mid4", _set("session.state.deck.0", 500)),
    ("card_negative", "mid4", _set("session.state.deck.0", -1)),
    ("state_format_99", "mid4", _set("session.state.format", 99)),
    ("session_format_99", "mid4", _set("session.format", 99)),
    ("save_version_0", "mid4", _set("save_version", 0)),
    ("save_version_999", "mid4", _set("save_version", 999)),
    ("save_version_string", "mid4", _set("save_version", "1")),
    ("save_version_bool", "mid4", _set("save_version", True)),
    ("app_foreign", "mid4", _set("app", "chess")),
    ("players_7", "mid4", _set("session.options.players", 7)),
    ("options_seed_mismatch", "mid4", _set("session.options.seed", 4)),
    ("seed_bool", "mid4", _set("session.seed", True)),
    ("options_first_5", "mid4", _set("session.options.first_player", 5)),
    ("options_money_string", "mid4", _set("session.options.money_victory", "yes")),
    ("game_id_bad", "mid4", _set("session.game_id", "../../x")),
    ("game_id_number", "mid4", _set("session.game_id", 123)),
    ("state_list", "mid4", _set("session.state", [])),
    ("state_null", "mid4", _set("session.state", None)),
    ("seat_state_string", "mid4", _set("session.state.seats.0", "x")),
    ("hand_string", "mid4", _set("session.state.seats.0.hand", "abc")),
    ("buildings_garbage", "mid4", _set("session.state.seats.0.buildings", [[1]])),
    ("extra_field", "mid4", _set("session.state.cheat", 1)),
    ("session_missing", "mid4", lambda d: d.pop("session")),
]

VALID_LABELS = [
    ("valid_plain", "mid4", "Friday game"),
    ("valid_turkish", "fresh6", "Ayşe'nin oyunu — İstanbul"),
    ("valid_attack", "attack", ""),
    ("valid_over", "over3", "finished"),
    ("valid_huge_label", "mid4", "L" * 1_000_000),
]

JUNK: list[Any] = [None, -1, 0, 10**20, 1.5, "", "\x00", [], {}, True, "#zzzzzz", [-1], {"a": []}]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for k, v in items:
        out.append((*prefix, k))
        if isinstance(v, dict | list) and v:
            out.extend(_paths(v, (*prefix, k)))
    return out


def fuzzed(doc: Doc, seed: int) -> Doc:
    """`doc` with one to three random fields replaced by junk (seeded)."""
    rng = random.Random(seed)
    d = copy.deepcopy(doc)
    paths = _paths(d)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(paths)
        node: Any = d
        try:
            for k in path[:-1]:
                node = node[k]
            node[path[-1]] = copy.deepcopy(rng.choice(JUNK))
        except (KeyError, IndexError, TypeError):
            continue
    return d


@dataclass
class SaveCase:
    name: str
    valid: bool | None  # should load; False: greyed out with a reason; None: either


def write_saves(saves: Path, n_fuzz: int = 110) -> list[SaveCase]:
    """Fill `saves` with the save corpus; returns what each file is."""
    saves.mkdir(parents=True, exist_ok=True)
    base = bases()
    docs = {k: _doc(s, label=k) for k, s in base.items()}
    cases: list[SaveCase] = []

    def put(name: str, payload: bytes | Doc, valid: bool | None) -> None:
        raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        (saves / f"{name}.json").write_bytes(raw)
        cases.append(SaveCase(name, valid))

    for name, b, label in VALID_LABELS:
        put(name, _doc(base[b], label=label), True)
    # a valid autosave for Continue; a damaged one named like an autosave
    s = base["mid4"]
    put(f"autosave-{s.game_id}", _doc(s, label="Autosave"), True)
    for name, b, mutate in TARGETED:
        d = copy.deepcopy(docs[b])
        mutate(d)
        put(name, d, False)
    bad_auto = copy.deepcopy(docs["mid4"])
    _inflate(bad_auto)
    put("autosave-00000000deadbeef", bad_auto, False)
    # raw bytes
    good = json.dumps(docs["mid4"]).encode()
    put("raw_empty", b"", False)
    put("raw_spaces", b"   \n", False)
    put("raw_truncated", good[: len(good) // 2], False)
    put("raw_binary", bytes(random.Random(1).randrange(256) for _ in range(4096)), False)
    put("raw_latin1", '{"app": "noirburg", "label": "caf\xe9"}'.encode("latin-1"), False)
    put("raw_bom", b"\xef\xbb\xbf" + good, True)
    put("raw_json_list", b"[1, 2, 3]", False)
    deep = b"[" * 100_000 + b"]" * 100_000
    put("raw_deep", b'{"app": "noirburg", "save_version": 1, "session": ' + deep + b"}", False)
    put("raw_deep_state", good.replace(b'"deck": [', b'"deck": [' + deep + b", ", 1), False)
    put("raw_json_string", b'"noirburg"', False)
    put("raw_big_int", b'{"app": "noirburg", "save_version": ' + b"9" * 5000 + b"}", False)
    put("raw_nan", good.replace(b'"bank": ', b'"bank": NaN, "x": '), False)
    put("raw_too_large", b" " * (20 * 1024 * 1024 + 10), False)
    # things that are not regular files, named like saves (never listed or read)
    (saves / "a_folder.json").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(saves / "a_fifo.json")
        os.symlink("/dev/zero", saves / "a_device_link.json")
        os.symlink(saves / "loop.json", saves / "loop.json")
    (saves / "control\x01name.json").write_bytes(json.dumps(docs["mid4"]).encode())
    cases.append(SaveCase("control\x01name", True))
    (saves / ".hidden.json").write_bytes(b"{}")  # dot files are not saves
    (saves / "notes.txt").write_bytes(b"not a save")
    # seeded random damage
    keys = sorted(docs)
    for i in range(n_fuzz):
        d = fuzzed(docs[keys[i % len(keys)]], seed=1000 + i)
        put(f"fuzz_{i:03d}", d, True if d == docs[keys[i % len(keys)]] else None)
    return cases


# --- whole data-folder states ---------------------------------------------------------------


def _settings(raw: bytes) -> Callable[[Path], None]:
    def make(root: Path) -> None:
        root.mkdir(parents=True, exist_ok=True)
        (root / "settings.json").write_bytes(raw)

    return make


def _fifo_settings(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    os.mkfifo(root / "settings.json")


def _device_settings(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    os.symlink("/dev/zero", root / "settings.json")


def _dir_settings(root: Path) -> None:
    (root / "settings.json").mkdir(parents=True)


def _root_is_file(root: Path) -> None:
    root.parent.mkdir(parents=True, exist_ok=True)
    root.write_bytes(b"I am a file")


def _saves_is_file(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "saves").write_bytes(b"I am a file")


def _temp_files(root: Path) -> None:
    saves = root / "saves"
    saves.mkdir(parents=True)
    for i in range(30):
        (saves / f".autosave-x.json.{i:08d}.tmp").write_bytes(b'{"half": ')
    (root / ".settings.json.abcd1234.tmp").write_bytes(b"{")


def _continue(raw: bytes) -> Callable[[Path], None]:
    def make(root: Path) -> None:
        root.mkdir(parents=True, exist_ok=True)
        (root / "continue.json").write_bytes(raw)

    return make


def _continue_dir(root: Path) -> None:
    (root / "continue.json").mkdir(parents=True)


FOLDER_CASES: list[tuple[str, Callable[[Path], None]]] = [
    ("missing", lambda root: None),
    ("settings_deep", _settings(b"[" * 100_000 + b"]" * 100_000)),
    ("settings_deep_dict", _settings(b'{"a":' * 50_000 + b"1" + b"}" * 50_000)),
    ("settings_bom", _settings(b'\xef\xbb\xbf{"ai_speed": "fast"}')),
    ("settings_malformed", _settings(b'{"ai_speed": "fast",')),
    ("settings_binary", _settings(bytes(range(256)))),
    ("settings_list", _settings(b"[1, 2]")),
    (
        "settings_bad_values",
        _settings(
            b'{"window_size": [0, -1], "language": "\\u0000",'
            b' "reaction_window_s": 1e308, "fullscreen": "yes"}'
        ),
    ),
    ("settings_huge_window", _settings(b'{"window_size": [100000, 100000]}')),
    ("settings_language_xx", _settings(b'{"language": "xx", "ai_speed": "warp"}')),
    ("settings_big", _settings(b'{"a": "' + b"x" * 200_000 + b'"}')),
    ("settings_fifo", _fifo_settings),
    ("settings_device", _device_settings),
    ("settings_folder", _dir_settings),
    ("root_is_file", _root_is_file),
    ("saves_is_file", _saves_is_file),
    ("temp_files", _temp_files),
    ("continue_garbage", _continue(b"\x00\x01")),
    ("continue_unknown_game", _continue(b'{"game_id": "0123456789abcdef"}')),
    ("continue_traversal", _continue(b'{"game_id": "../../../etc/passwd"}')),
    ("continue_folder", _continue_dir),
]


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "corpus-out")
    cases = write_saves(out / "saves")
    for name, make in FOLDER_CASES:
        make(out / "folders" / name)
    bad = sum(not c.valid for c in cases)
    print(f"{len(cases)} save files ({bad} damaged) and {len(FOLDER_CASES)} folder states in {out}")


if __name__ == "__main__":
    main()
