"""The guided game's opponents: the table's AI seats, answered from the script.

It stands in for `AIDriver` (same request / poll interface), so the table runs the
guided game exactly as a normal one; the moves come from `script.opponent_move`,
decided from the seat's own view and chosen among the engine's legal actions.
"""

from __future__ import annotations

from engine import GameState
from engine.actions import Action
from noirburg_desktop.table.ai_driver import AIDriver, Decision
from noirburg_desktop.tutorial.script import opponent_move


class ScriptedDriver(AIDriver):
    """Decides at once, on the UI thread (a script needs no thinking time)."""

    def __init__(self) -> None:
        super().__init__(seed=0, threaded=False)

    def request(self, seat: int, level: str, view: GameState, legal: list[Action]) -> None:
        self._token += 1
        self.seat = seat
        self._sync = Decision(seat, opponent_move(view, seat, legal), "", self._token)
