"""The lobby: who sits where before the deal, the address to share (hosting), and
the host's Start. The deal opens the table for this window's seat."""

from __future__ import annotations

import pygame

from noirburg_desktop.look import theme
from noirburg_desktop.netplay.feed import Connection, Heard, Lobby, SeatUpdate, Started
from noirburg_desktop.netplay.hosting import lan_addresses
from noirburg_desktop.netplay.opening import open_remote_table
from noirburg_desktop.netplay.texts import t
from noirburg_desktop.netplay.wire import NetSeatLink
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.shell.screens import LobbyEntry
from noirburg_desktop.words.strings import upper

MAX_SEATS = 6


class LobbyScene(MenuScene[LobbyEntry]):
    """Enters with the seat's link, and the port (hosting) or address (joined)."""

    def __init__(self) -> None:
        super().__init__()
        self.link: NetSeatLink | None = None
        self.lobby: Lobby | None = None
        self.status = "connecting"
        self.reason = ""
        self.address = ""
        self.share: list[str] = []
        self.started: Started | None = None
        self.leaving = False
        self.moved = False  # a resumed game's old port was taken: the address changed

    def enter(self, payload: LobbyEntry) -> None:
        self.link = payload.link
        self.address = payload.address
        port = payload.port
        self.moved = payload.moved
        if port is not None:
            self.share = [f"{a}:{port}" for a in lan_addresses()[:2]]
        super().enter(payload)

    @property
    def hosting(self) -> bool:
        return self.link is not None and self.link.hosting

    def layout(self, w: int, h: int) -> None:
        compact = h < 760
        margin = max(50, (w - 1180) // 2)
        top = 126 if compact else 150
        height = h - top - (112 if compact else 160)
        self.seats_rect = pygame.Rect(margin, top, int((w - 2 * margin) * 0.55), height)
        right = self.seats_rect.right + 30
        self.info_rect = pygame.Rect(right, top, w - margin - right, height)
        self.row_h = (height - 70) // MAX_SEATS
        by = self.seats_rect.bottom + (24 if compact else 36)
        self.rects = {
            "leave": pygame.Rect(margin, by, 200, 52),
            "start": pygame.Rect(w - margin - 300, by, 300, 52),
        }

    def build(self) -> None:
        self.button("leave", t("net.leave"), self.rects["leave"], self.back)
        if self.hosting:
            ready = self.lobby is not None and self.lobby.ready and self.status == "connected"
            self.button(
                "start", t("net.start"), self.rects["start"], self.start, primary=True,
                enabled=ready,
            )  # fmt: skip

    # --- hearing -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        link = self.link
        if link is None or self.leaving:
            return
        heard = link.poll()
        for k, msg in enumerate(heard):
            if isinstance(msg, SeatUpdate) and self.started is not None:
                # the table hears this picture too: a resync's events are the seat's
                # whole log so far (a window rejoining mid-game tells the story again)
                link.unread(heard[k:])
                self.leaving = True
                open_remote_table(self.app, link, self.started, msg)
                return
            self._hear(msg)

    def _hear(self, msg: Heard) -> None:
        if isinstance(msg, Lobby):
            was_ready = self.lobby is not None and self.lobby.ready
            self.lobby = msg
            if msg.ready != was_ready:
                self.rebuild()
        elif isinstance(msg, Connection):
            self.status, self.reason = msg.status, msg.reason
            self.rebuild()
        elif isinstance(msg, Started):
            self.started = msg

    # --- actions -------------------------------------------------------------------
    def start(self) -> None:
        if self.link is not None:
            self.link.start_game()

    def back(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None
        self.app.pop()

    # --- drawing -------------------------------------------------------------------
    def status_line(self) -> str:
        if self.status in ("refused", "closed"):
            return t("net.closed", reason=self.reason) if self.reason else t("net.closed_plain")
        if self.status != "connected":
            return t("net.connecting", address=self.address or "127.0.0.1")
        if self.hosting:
            ready = self.lobby is not None and self.lobby.ready
            return "" if ready else t("net.waiting_players")
        return t("net.waiting_host")

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("net.lobby_heading"), 70)
        s, info = self.seats_rect, self.info_rect
        theme.panel(surface, s)
        theme.panel(surface, info)
        seats = self.lobby.seats if self.lobby is not None else ()
        for i, seat in enumerate(seats[:MAX_SEATS]):
            y = s.top + 30 + i * self.row_h + self.row_h // 2
            theme.text(
                surface, str(i + 1), (s.left + 36, y), size=24, bold=True, serif=True,
                colour=theme.GOLD_DIM, anchor="center",
            )  # fmt: skip
            if seat.name:
                name = t("net.you_tag", name=seat.name) if seat.you else seat.name
                colour = theme.IVORY if seat.connected else theme.MUTED
                theme.text(
                    surface, name, (s.left + 70, y), size=18, colour=colour, anchor="midleft"
                )
                if seat.kind != "human":
                    tag = t("table.ai")
                else:
                    tag = t("net.here") if seat.connected else t("net.away")
                theme.text(
                    surface, tag, (s.right - 24, y), size=15, colour=theme.MUTED,
                    anchor="midright",
                )  # fmt: skip
            else:
                theme.text(
                    surface, t("net.waiting_seat"), (s.left + 70, y), size=16,
                    colour=theme.FAINT, serif=True, anchor="midleft",
                )  # fmt: skip
        x = info.left + 24
        y = info.top + 30
        if self.hosting:
            theme.text(
                surface, upper(t("net.share")), (x, y), size=18, colour=theme.GOLD, bold=True,
                serif=True,
            )  # fmt: skip
            y += 40
            for address in self.share:
                theme.text(surface, address, (x, y), size=22, colour=theme.GOLD_LIGHT, bold=True)
                y += 32
            y += 6
            keys = ("net.share_lan", "net.share_internet")
            for key in (("net.port_moved",) if self.moved else ()) + keys:
                for line in theme.wrap(t(key), 14, info.width - 48):
                    theme.text(surface, line, (x, y), size=14, colour=theme.MUTED)
                    y += 18
                y += 8
        line = self.status_line()
        if line:
            colour = theme.RED_LIGHT if self.status in ("refused", "closed") else theme.IVORY
            for k, part in enumerate(theme.wrap(line, 16, info.width - 48)[:3]):
                theme.text(surface, part, (x, info.bottom - 80 + k * 20), size=16, colour=colour)
