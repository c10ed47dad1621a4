"""Issue 20 item 8 (newcomer playtest): moving the Hideout under a Business showed no
visible change. The move now has its banner and lights up the mover's board."""

from __future__ import annotations

import engine
from engine import actions as A
from engine.events import EventKind
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.words.event_styles import STYLES
from tests.app.test_while_away import _session


def test_moving_the_hideout_under_a_business_is_shown() -> None:
    assert STYLES[EventKind.HIDEOUT_MOVE].banner and STYLES[EventKind.HIDEOUT_MOVE].seconds > 0
    session = _session(3)
    ctrl = TableController(session, ai_speed="normal", bar_seconds=0.0, threaded_ai=False)
    st = ctrl.state
    for _ in range(20000):  # the bots play until someone moves a Hideout under a Business
        st = ctrl.state
        if ctrl.game_over:
            break
        legal = engine.legal_actions(st)
        moves = [a for a in legal if isinstance(a, A.MoveHideout) and a.under is not None]
        if moves and st.to_act == 0:
            break
        if st.to_act == 0:
            ctrl.apply(legal[0] if not isinstance(legal[0], A.MoveHideout) else legal[-1])
        else:
            ctrl.update(1 / 10)
    assert moves, "no Hideout move in this game"
    ctrl.presenter.skip_all()
    events = ctrl.apply(moves[0])
    moved = [e for e in events if e.kind == EventKind.HIDEOUT_MOVE]
    assert moved
    steps = [s for s in ctrl.presenter.queue if getattr(s.item, "kind", "") == "hideout_move"]
    cur = ctrl.presenter.current
    if cur is not None and getattr(cur.item, "kind", "") == "hideout_move":
        steps.append(cur)
    assert steps and steps[0].duration > 0 and steps[0].text  # a banner, for a while
