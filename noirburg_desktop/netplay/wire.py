"""`SeatLink` over the real wire: `net.client.NetClient` in the app's own terms.

The client library delivers protocol values (`Status`, `Welcome`, `Lobby`,
`Picture`, `Refused`, `GameOver`); the lobby and the table read `feed` values. This
is the one place that maps them, so the screens never import the protocol. The
host's words (a refusal, a goodbye) arrive as the engine's or the network's `Msg`
and are worded here with the catalogue; a reason that cannot be read is replaced
by a plain one (every byte from the network is hostile)."""

from __future__ import annotations

from collections.abc import Callable

import engine
from engine.actions import Action
from noirburg_desktop.net import protocol as p
from noirburg_desktop.net.client import NetClient, Picture, Status, reason_text
from noirburg_desktop.netplay.feed import (
    Connection,
    Finished,
    Heard,
    Lobby,
    LobbySeat,
    Refused,
    SeatUpdate,
    Started,
)
from noirburg_desktop.netplay.remote_session import HostedResult
from noirburg_desktop.netplay.texts import t
from noirburg_desktop.session import SEAT_COLOURS, SeatConfig, printable
from noirburg_desktop.words.wording import say


def worded(reason: p.Reason | None) -> str:
    """A reason from the host in the player's language ("" when there is none)."""
    if reason is None:
        return ""
    try:
        text = str(say(reason_text(reason)))
    except (KeyError, TypeError, ValueError, AttributeError):
        return t("net.unreadable_reason")
    return text if printable(text) else t("net.unreadable_reason")


def _name(raw: str, seat: int, ai: bool = False) -> str:
    """A seat name as the host sent it, if the fonts can draw it (else "Player n"); an
    AI seat the host left unnamed (`hosted.clean_name`'s "#n", no language's word) as
    "AI n" in the player's language."""
    name = raw.strip()[:40]
    if ai and name == f"#{seat + 1}":
        return t("net.ai_seat", n=seat + 1)
    return name if name and printable(name) else t("new.default_name", n=seat + 1)


class NetSeatLink:
    """One seat's connection to a host, polled every frame (see `feed.SeatLink`)."""

    def __init__(self, client: NetClient, start: Callable[[], None] | None = None) -> None:
        self.client = client
        self._start = start  # the hosting window's Start, None when joined
        self.on_close: list[Callable[[], None]] = []  # the hosting window stops its host
        # told (game id, seat token) at every welcome: the window keeps the token
        self.on_welcome: list[Callable[[str, str], None]] = []
        self.seat: int | None = None
        self.lobby: Lobby | None = None
        self.configs: tuple[SeatConfig, ...] = ()
        self.started: Started | None = None
        self._unread: list[Heard] = []  # heard by the lobby, left for the table

    def unread(self, heard: list[Heard]) -> None:
        """Give back what the lobby took but the table must hear (the deal's tail)."""
        self._unread = list(heard) + self._unread

    # --- SeatLink --------------------------------------------------------------------
    def poll(self) -> list[Heard]:
        out, self._unread = self._unread, []
        for item in self.client.poll():
            out.extend(self._heard(item))
        return out

    def send_action(self, action: Action, state_id: int) -> None:
        self.client.act(action, state_id)

    @property
    def hosting(self) -> bool:
        return self._start is not None

    def start_game(self) -> None:
        if self._start is not None:
            self._start()

    def close(self) -> None:
        self.client.close()
        while self.on_close:
            self.on_close.pop()()

    # --- mapping -------------------------------------------------------------------
    def _heard(self, item: object) -> list[Heard]:
        if isinstance(item, Status):
            return [Connection(item.state, worded(item.reason))]
        if isinstance(item, p.Welcome):
            self.seat = item.seat
            for keep in self.on_welcome:
                keep(item.game_id, item.token)
            return []
        if isinstance(item, p.Lobby):
            return [self._lobby(item)]
        if isinstance(item, Picture):
            return self._picture(item)
        if isinstance(item, p.Refused):
            return [Refused(worded(item.reason) or item.code)]
        if isinstance(item, p.GameOver):
            return self._over(item)
        return []

    def _lobby(self, lobby: p.Lobby) -> Lobby:
        seats = sorted(lobby.seats, key=lambda s: s.seat)
        shown = tuple(
            LobbySeat(
                _name(s.name, s.seat, s.ai) if s.connected or s.ai else "",
                "normal" if s.ai else "human",
                s.connected or s.ai,
                s.seat == self.seat,
            )
            for s in seats
        )
        self.configs = tuple(
            SeatConfig(
                _name(s.name, s.seat, s.ai),
                SEAT_COLOURS[i % len(SEAT_COLOURS)],
                "normal" if s.ai else "human",
            )
            for i, s in enumerate(seats)
        )
        self.lobby = Lobby(shown, lobby.waiting_for == 0)
        return self.lobby

    def _picture(self, pic: Picture) -> list[Heard]:
        out: list[Heard] = []
        seat = self.seat
        if seat is None:
            return out
        if self.started is None or pic.resync:
            if len(self.configs) != pic.view.n:  # no lobby heard yet: plain names
                self.configs = tuple(
                    SeatConfig(t("new.default_name", n=i + 1), SEAT_COLOURS[i], "human")
                    for i in range(pic.view.n)
                )
            self.started = Started(seat, self.configs)
            out.append(self.started)
        out.append(
            SeatUpdate(
                pic.view,
                tuple(pic.events),
                None,
                None,
                pic.state_id,
                pic.resync,
                legal=tuple(pic.legal),
                asked=pic.question is not None,
            )
        )
        return out

    def _over(self, over: p.GameOver) -> list[Heard]:
        """The whole game, now that nothing is hidden: the Results screen reads it."""
        try:
            state = engine.load_state(over.state)
        except (engine.SaveFormatError, ValueError, TypeError, KeyError):
            return [Connection("closed", t("net.unreadable_reason"))]
        configs = list(self.configs)
        if len(configs) != state.n:
            return [Connection("closed", t("net.unreadable_reason"))]
        session = HostedResult(configs, state.options, state, [], state.options.seed)
        return [Finished(session)]
