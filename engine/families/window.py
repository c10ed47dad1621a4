"""Passing (I-REACT-WINDOW): a seat asked in a reaction window may always decline."""

from __future__ import annotations

from engine.actions import Pass
from engine.families.base import Effect, Events, Family, fail, window_frame
from engine.state import GameState, Window


def explain(state: GameState, me: int, a: Pass) -> None:
    if state.window is None:
        fail("I-REACT-WINDOW", "There is nothing to pass on: no reaction window is open")


def _run(state: GameState, seat: int, a: Pass, ev: Events) -> None:
    w = state.stack[-1]
    assert isinstance(w, Window)
    state.stack[-1] = window_frame(w.kind, w.opener, w.order, w.pos + 1)


FAMILY: Family = Family({Pass: Effect(_run)}, explain)
