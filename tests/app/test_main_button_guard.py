"""Issue 20 item 3 (newcomer playtest): in phase G a repeated click ended the turn,
"Next phase" having become "Draw 1 free, end turn" under the cursor; and a blocked
"Next phase" only said so after a red refusal."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine import Phase
from noirburg_desktop.app import App
from noirburg_desktop.table import pacing
from noirburg_desktop.table.main_button import CHANGE_GUARD_S
from noirburg_desktop.words import strings
from tests.app.app_helpers import own_turn_at, settled_table
from tests.app.conftest import Driver


def test_a_quick_second_click_does_not_end_the_turn(app: App, drive: Driver) -> None:
    session = own_turn_at(first=4, tries=20, ready=lambda st: st.phase is Phase.DISCARD)
    scene = settled_table(app, drive, session)
    lay = scene.layout
    assert lay is not None
    button = lay.buttons["next"]
    turn = session.state.turn
    drive.click(button)  # phase F ends: the button now draws the free card and ends
    st = session.state
    assert st.phase is Phase.DRAW and st.active == 0
    drive.click(button)  # the double click's second half, 2 frames later
    assert session.state.phase is Phase.DRAW and session.state.turn == turn  # ignored
    drive.frames(int(CHANGE_GUARD_S * 60) + 2)
    drive.click(button)  # a deliberate click on the new words does what they say
    assert session.state.turn != turn or session.state.active != 0


@pytest.mark.parametrize("lang", ["en", "tr"])
@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_a_blocked_next_phase_box_never_covers_the_panel(
    data_dir: Path, size: tuple[int, int], lang: str
) -> None:
    """R-MOVE-2: HIDDEN gangsters must be placed or discarded before phase B ends.
    pt4 shot-33/134: with the pointer on the blocked "Next phase" a red box repeated
    the panel's own warning over the panel and cut its "Hideout in danger" line. The
    button looks blocked, the panel says why (whole), and nothing covers the panel."""
    from noirburg_desktop.table.advice import advice_lines
    from noirburg_desktop.table.render import advice_fit, advice_rects

    strings.set_language(lang)
    app = App(data_dir=data_dir, size=size, fullscreen=False)
    app.start()
    try:
        drive = Driver(app)
        session = own_turn_at(
            first=2, tries=20, ready=lambda st: st.phase is Phase.MOVE and bool(st.seats[0].hidden)
        )
        scene = settled_table(app, drive, session)
        lay = scene.layout
        assert lay is not None and app.screen is not None
        label, enabled = scene.ctrl.next_label()
        assert label and not enabled  # drawn in the disabled look before any click
        why = scene.ctrl.next_blocked()
        assert "R-MOVE-2" in why
        lines = advice_lines(scene.ctrl)
        assert (why, "warn") in lines  # the panel says why
        panel, _ = advice_rects(lay, lines)
        _, wrapped = advice_fit(panel, lines)
        shown = [(" ".join(" ".join(parts).split()), tone) for parts, tone in wrapped]
        assert (" ".join(why.split()), "warn") in shown  # whole, not given way
        drive.point((lay.table.centerx, lay.table.bottom - 4))
        drive.frames(2)
        before = pygame.image.tobytes(app.screen.subsurface(panel).copy(), "RGB")
        drive.point(lay.buttons["next"].center)
        drive.frames(2)
        after = pygame.image.tobytes(app.screen.subsurface(panel).copy(), "RGB")
        assert before == after  # nothing drawn over the panel on hover
        assert scene.ctrl.toast == ""
    finally:
        app.shutdown()
        strings.set_language("en")


def test_a_blocked_next_phase_says_why_in_the_sidebar_without_hovering(
    app: App, drive: Driver
) -> None:
    """Playtest (#20): a newcomer could not leave phase B and only the Hint said why;
    the engine's reason (R-MOVE-2) now stands in the sidebar's panel as a warning."""
    from noirburg_desktop.table.advice import advice_lines

    session = own_turn_at(
        first=2, tries=20, ready=lambda st: st.phase is Phase.MOVE and bool(st.seats[0].hidden)
    )
    scene = settled_table(app, drive, session)
    why = scene.ctrl.next_blocked()
    assert why and "R-MOVE-2" in why
    assert (why, "warn") in advice_lines(scene.ctrl)


def test_a_burst_of_enters_never_ends_the_turn(app: App, drive: Driver) -> None:
    """pt4 shot-150: three quick presses of "Next phase" ended a hotseat turn: the
    guard held off one press, and the next one drew the free card (R-DRAW-2: the draw
    ends the turn). Now every press within DOUBLE_PRESS_S of the button coming to end
    the turn, or of a press so held off, is held off; a press after a pause ends it."""
    session = own_turn_at(first=4, tries=20, ready=lambda st: st.phase is Phase.DISCARD)
    scene = settled_table(app, drive, session)
    turn = session.state.turn
    drive.key(pygame.K_RETURN)  # phase F ends: Enter now draws the free card and ends
    assert session.state.phase is Phase.DRAW and session.state.active == 0
    for _ in range(6):  # a burst, a press every 0.3 s
        app.run_frames(18)
        drive.key(pygame.K_RETURN)
        st = session.state
        assert st.phase is Phase.DRAW and st.turn == turn and st.active == 0
    assert scene.ctrl.main_ends_turn()
    app.run_frames(int(pacing.DOUBLE_PRESS_S * 60) + 3)
    drive.key(pygame.K_RETURN)  # a deliberate press after a pause does what it says
    assert session.state.turn != turn or session.state.active != 0


def test_the_end_turn_button_looks_apart_from_next_phase(app: App, drive: Driver) -> None:
    """pt4 shot-150: "Next phase" and "Draw 1 free, end turn" stood in the same spot in
    the same red; the one that ends the turn is drawn in brass."""
    from noirburg_desktop.table.render import END_TURN_FILL

    session = own_turn_at(first=4, tries=20, ready=lambda st: st.phase is Phase.DISCARD)
    scene = settled_table(app, drive, session)
    lay = scene.layout
    assert lay is not None and app.screen is not None
    r = lay.buttons["next"]
    spot = (r.x + 6, r.bottom - 5)  # inside the border, below the words
    drive.frames(2)
    red = tuple(app.screen.get_at(spot))[:3]
    drive.key(pygame.K_RETURN)  # phase F ends: the button now ends the turn
    drive.frames(2)
    assert session.state.phase is Phase.DRAW and scene.ctrl.main_ends_turn()
    brass = tuple(app.screen.get_at(spot))[:3]
    assert red != brass
    assert brass == END_TURN_FILL
