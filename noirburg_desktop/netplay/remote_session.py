"""A session whose state is one seat's view, fed by the host: the table's seam.

`TableController` reads a `GameSession`; a window playing one seat of a hosted game
hands it a `RemoteSession` instead. Its `state` is always `engine.view(state, seat)`
as the host sent it (never the full state), it has no history (the host keeps it,
and autosaves it), and it refuses `apply`: the seat's moves go to the host as
intents (`remote_table.RemoteController`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Event, GameState
from engine.actions import Action
from noirburg_desktop.netplay.feed import SeatLink
from noirburg_desktop.session import GameSession, SeatConfig, new_game_id


class RemoteSession(GameSession):
    """One seat's picture of a hosted game."""

    def __init__(
        self,
        seat: int,
        configs: Sequence[SeatConfig],
        view: GameState,
        link: SeatLink | None = None,
        state_id: int = 0,
    ) -> None:
        super().__init__(list(configs), view.options, view, [], 0, new_game_id())
        self.seat = seat
        self.link = link  # the connection to the host (the table's controller uses it)
        self.state_id = state_id  # the host's id of the position `state` shows

    def is_human(self, seat: int) -> bool:
        """The only person this window decides for: its own seat (the others are
        played at their own computers, or by the host's AIs)."""
        return seat == self.seat

    def apply(self, action: Action) -> list[Event]:
        raise RuntimeError("a remote seat's moves are applied by the host")


class HostedResult(GameSession):
    """A hosted game as its host sent it at the end: the whole final position, no
    history (the host keeps that). The Results screen shows it; it offers no replay
    (nothing to step through here) and no rematch (a new game is hosted anew)."""
