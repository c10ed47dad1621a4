"""What one seat at a networked table hears from its host, in the app's own terms.

The table and the lobby never see the wire: they read these values from a
`SeatLink` (`poll()` every frame) and send intents through it. Everything a seat
hears was made for that seat alone: `SeatUpdate.view` is `engine.view(state, seat)`
and its events are `Event.for_seat(seat)`, so the window holds no other seat's card
and no deck order while the game runs. Only `Finished` carries the whole game, once
it is over (replays are per seat until the end)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine import Event, GameState
from engine.actions import Action
from noirburg_desktop.session import GameSession, SeatConfig


@dataclass(frozen=True)
class LobbySeat:
    """One seat as the lobby shows it: who sits there and whether they are here."""

    name: str
    kind: str  # "human" (a person at their own computer) or an AI level
    connected: bool
    you: bool = False


@dataclass(frozen=True)
class Lobby:
    """The host's table before the deal: every seat, filled or waiting."""

    seats: tuple[LobbySeat, ...]
    ready: bool  # every person's seat is taken: the host may start


@dataclass(frozen=True)
class Started:
    """The deal: our seat, and every seat's name, colour and kind."""

    seat: int
    configs: tuple[SeatConfig, ...]


@dataclass(frozen=True)
class SeatUpdate:
    """The host applied an action (or resynced us after a reconnect): our view after
    it, the events we may see, and who acted. `action` is set only for our own
    action or a public one no event tells (an attack being assembled)."""

    view: GameState
    events: tuple[Event, ...]
    actor: int | None
    action: Action | None
    state_id: int
    resync: bool = False  # a whole picture (join, reconnect): `events` is our whole log
    # What the host asks us now: its legal actions for our seat (None: read them off
    # the view, as an in-process host leaves them), and whether we are asked at all.
    legal: tuple[Action, ...] | None = None
    asked: bool | None = None


@dataclass(frozen=True)
class Refused:
    """The host refused our last action (stale, out of turn, or illegal there)."""

    reason: str


@dataclass(frozen=True)
class Finished:
    """The game is over: the whole game (every hand, the seed), now that nothing is
    hidden any more; the Results screen and its replay read it."""

    session: GameSession


@dataclass(frozen=True)
class Connection:
    """The link changed: "connecting", "connected", "lost" (reconnecting with our
    token), "closed" (for good) or "refused" (the host said no; `reason` says why)."""

    status: str
    reason: str = ""


Heard = Lobby | Started | SeatUpdate | Refused | Finished | Connection


class SeatLink(Protocol):
    """One seat's connection to a host, polled from the pygame loop (the network
    runs on its own thread; this never blocks)."""

    def poll(self) -> list[Heard]:
        """Everything heard since the last call, oldest first."""
        ...

    def send_action(self, action: Action, state_id: int) -> None:
        """Ask the host to apply `action` for our seat in the position `state_id`."""
        ...

    def start_game(self) -> None:
        """The hosting window's Start (a joined window's call is ignored)."""
        ...

    @property
    def hosting(self) -> bool:
        """This window hosts the game (leaving its table stops the host)."""
        ...

    def close(self) -> None:
        """Leave the table (the seat stays ours for a rejoin with the token)."""
        ...
