"""Issue 20 item 2 (newcomer playtests): the reaction tip came up in the person's own
phase D, the Drive-by tip in the Hideout phase, and tips covered the log. A tip now
shows only while its moment lasts, and never over the log or the hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import engine
from engine import Phase
from noirburg_desktop.app import App
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.table.tips import TipWatcher
from noirburg_sim.tutorial_screenshot import play_to
from tests.app.conftest import Driver


@pytest.fixture(autouse=True)
def _fast_frames(no_sleep_clock: None) -> None:
    """Frames are driven with explicit dt."""


class _Ctrl(SimpleNamespace):
    def is_human(self, seat: int | None) -> bool:
        return seat == 0

    def my_turn(self) -> bool:
        return bool(self.mine)


def test_a_tip_whose_moment_passed_is_not_shown() -> None:
    settings = SimpleNamespace(tips_off=False, tips_seen=[])
    tips = TipWatcher(settings, lambda: None)
    st = SimpleNamespace(active=1, phase=Phase.ATTACK, to_act=1, window=None)
    ctrl = _Ctrl(state=st, mine=False, humans=[0], observers=[])
    tips.attach(ctrl)
    drive_by = engine.Event("driveby", 0, (5,), 4, 1, "")
    tips._applied(engine.actions.EndPhase(), [drive_by])
    tips.current = "attack"  # another tip is being read meanwhile
    st.active, st.phase, st.to_act, ctrl.mine = 0, Phase.HIDEOUT, 0, True  # their phase E
    tips.update(ctrl)
    assert tips.current is None  # the attack tip's moment is over too
    assert "drive_by" not in settings.tips_seen  # dropped unseen: it comes back next time
    tips.update(ctrl)
    assert tips.current is None
    st.phase = Phase.OPEN  # their own phase D, nobody asked: no reaction tip
    tips.offer("reaction")
    tips.update(ctrl)
    assert tips.current is None


def test_tips_stay_off_the_log_and_the_hand(app: App, drive: Driver) -> None:
    session = play_to("launch")
    app.settings.ai_speed = "fast"
    scene = app.push(TableScene(), TableEntry(session, threaded_ai=False))
    assert isinstance(scene, TableScene) and scene.tips is not None
    drive.frames(2)
    seen = 0
    for _ in range(600):
        cur = scene.tips.current
        lay = scene.layout
        if cur is not None and lay is not None:
            drive.frames(1)
            r = scene.tips.rect
            assert scene.tips.relevant(cur, scene.ctrl)
            assert not r.colliderect(lay.log) and not r.colliderect(lay.hand), cur
            assert not r.colliderect(lay.seats[lay.viewing].rect)
            drive.click(r.center)
            seen += 1
        if scene.ctrl.my_turn():
            drive.key(32)  # Space: launch, pass, next phase
        app.step(0.05)
    assert seen >= 2
