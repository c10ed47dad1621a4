"""Issue 24: one `EventKind → EventStyle` table says how the app shows each event."""

from __future__ import annotations

from pathlib import Path

from engine import EventKind
from noirburg_desktop.table.tips import TIP_TEXT
from noirburg_desktop.words.event_styles import BARRIERS, STYLES, EventStyle, missing_kinds

SOUNDS = Path(__file__).resolve().parents[2] / "assets" / "sounds"


def test_every_event_kind_has_its_row() -> None:
    """A new engine event kind must get its row, or the log, sound and animation
    would not know it."""
    assert missing_kinds() == []
    assert set(STYLES) == set(EventKind)
    assert all(isinstance(s, EventStyle) for s in STYLES.values())


def test_every_logged_kind_is_worded_and_every_tip_and_sound_exists() -> None:
    for kind, look in STYLES.items():
        assert look.line, kind  # even the unlogged ones keep their msgid
        if look.tip is not None:
            assert f"tip.{look.tip}" in TIP_TEXT, kind
        if look.sound is not None:
            assert list(SOUNDS.glob(f"{look.sound}.*")), (kind, look.sound)
        assert look.seconds >= 0.0, kind
        assert not look.loss or look.banner, kind  # a loss is always told in a banner


def test_the_rows_keep_the_old_tables() -> None:
    """The values the eight old tables held (behaviour unchanged), spot-checked."""
    assert {"draw", "die", "reshuffle", "mulligan_draw", "turncoat_take"} == BARRIERS
    unlogged = {k.value for k, s in STYLES.items() if not s.logged}
    assert unlogged == {"phase", "window_opened", "window_closed"}
    assert sum(s.banner for s in STYLES.values()) == 21
    assert sum(s.seconds > 0 for s in STYLES.values()) == 26
    assert STYLES[EventKind.DIE].sound == "dice" and STYLES[EventKind.DIE].seconds == 0.75
    tips = {k.value: s.tip for k, s in STYLES.items() if s.tip}
    assert tips == {
        "hidden": "hidden",
        "countdown": "countdown",
        "token": "token",
        "attack_declared": "attack",
        "ransom": "ransom",
        "driveby": "drive_by",
    }
