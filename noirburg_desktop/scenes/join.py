"""Network game: the games found on this network, an address typed in, your name;
or Host a game. Joining opens the lobby."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from noirburg_desktop.look import theme
from noirburg_desktop.net.beacon import Game, Listener
from noirburg_desktop.net.client import NetClient, parse_address
from noirburg_desktop.netplay import tokens
from noirburg_desktop.netplay.texts import t
from noirburg_desktop.netplay.wire import NetSeatLink
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.session import printable
from noirburg_desktop.shell.screens import LobbyEntry, Screen

MAX_LISTED = 5
NAME_SHOWN = 24  # a game's name in the list, cut beyond (a host's name may have 40)
REFRESH_S = 0.5
# A joined window keeps trying to reach a host that went away for this long: the host's
# leave question tells its players that the others wait at their tables.
RECONNECT_S = 30 * 60.0


# The name typed last in this window: Host a game and Network game share it.
TYPED: dict[str, str] = {"name": ""}


def _shown(game: Game) -> tuple[str, str, int, int]:
    """What the list shows of a game (its last-heard time changes every second)."""
    return (game.name, game.address, game.port, game.free)


class JoinScene(MenuScene[None]):
    def __init__(self) -> None:
        super().__init__()
        self.name = ""
        self.address = ""
        self.error = ""
        self.games: list[Game] = []
        self.listener: Listener | None = None
        self.since = 0.0
        self.kept = False  # a seat token is kept for a game: "Rejoin your seat"

    def enter(self, payload: None = None) -> None:
        self.name = TYPED["name"]
        last = tokens.last_address(self.tokens_dir)
        if last is not None:
            self.address, self.kept = last, True
            self.name = self.name or tokens.name_for(self.tokens_dir, last)
        try:
            self.listener = Listener().start()
        except OSError:  # the beacon's port is taken here: typed addresses still work
            self.listener = None
        super().enter(payload)

    def exit(self) -> None:
        if self.listener is not None:
            self.listener.stop()
            self.listener = None
        super().exit()

    def resume(self, result: Any = None) -> None:
        self.error = ""
        self.rebuild()

    # --- layout --------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        compact = h < 760
        margin = max(50, (w - 1180) // 2)
        top = 126 if compact else 150
        height = h - top - (112 if compact else 160)
        self.list_rect = pygame.Rect(margin, top, int((w - 2 * margin) * 0.52), height)
        right = self.list_rect.right + 30
        self.form_rect = pygame.Rect(right, top, w - margin - right, height)
        f, li = self.form_rect, self.list_rect
        r: dict[str, pygame.Rect] = {}
        row = 58 if compact else 66
        for i in range(MAX_LISTED):
            r[f"game{i}"] = pygame.Rect(li.left + 20, li.top + 56 + i * row, li.width - 40, 36)
        r["name"] = pygame.Rect(f.left + 24, f.top + 64, f.width - 48, 40)
        r["address"] = pygame.Rect(f.left + 24, f.top + (150 if compact else 164), f.width - 48, 40)
        r["join"] = pygame.Rect(f.left + 24, f.bottom - 70, f.width - 48, 50)
        r["rejoin"] = pygame.Rect(f.left + 24, f.bottom - 126, f.width - 48, 46)
        by = f.bottom + (24 if compact else 36)
        r["back"] = pygame.Rect(margin, by, 200, 52)
        r["host"] = pygame.Rect(w - margin - 300, by, 300, 52)
        self.rects = r

    def build(self) -> None:
        r = self.rects
        for i, game in enumerate(self.games[:MAX_LISTED]):
            name = game.name if len(game.name) <= NAME_SHOWN else game.name[: NAME_SHOWN - 1] + "…"
            self.button(f"game{i}", name, r[f"game{i}"], self._join_listed(game), chevrons=False)
        self.entry("name", self.name, r["name"], self._set_name, max_len=24)
        self.entry(
            "address",
            self.address,
            r["address"],
            self._set_address,
            max_len=60,
            placeholder="192.168.1.20:47800",
        )
        self.button("join", t("net.join"), r["join"], self.join_typed, primary=True)
        if self.kept:
            self.button("rejoin", t("net.rejoin"), r["rejoin"], self.rejoin_typed)
        self.button("back", t("net.back"), r["back"], self.back)
        self.button("host", t("net.host"), r["host"], self.host)

    def _set_name(self, text: str) -> None:
        self.name = text
        TYPED["name"] = text
        self.error = ""

    def _set_address(self, text: str) -> None:
        self.address = text
        self.error = ""

    # --- the list ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.since += dt
        if self.since >= REFRESH_S and self.listener is not None:
            self.since = 0.0
            found = [g for g in self.listener.games() if g.compatible][:MAX_LISTED]
            if [_shown(g) for g in found] != [_shown(g) for g in self.games]:
                self.games = found
                self.rebuild()  # only when the list changes: a rebuild ends typing
            else:
                self.games = found

    # --- actions -------------------------------------------------------------------
    def _join_listed(self, game: Game) -> Any:
        return lambda: self.join(game.address, game.port)

    def join_typed(self) -> None:
        try:
            host, port = parse_address(self.address, 47800)
        except ValueError:
            self.error = t("net.bad_address") if self.address.strip() else t("net.pick_game")
            return
        self.join(host, port)

    def rejoin_typed(self) -> None:
        """Join the typed address again with the seat token kept for it."""
        try:
            host, port = parse_address(self.address, 47800)
        except ValueError:
            self.error = t("net.bad_address")
            return
        kept = tokens.token_for(self.tokens_dir, f"{host}:{port}")
        self.join(host, port, kept[1] if kept is not None else None)

    def join(self, host: str, port: int, token: str | None = None) -> None:
        """Join (or, with the seat's token, rejoin: the host knows that seat's name, so
        none is asked for; seen after a crash, "Type your name first" blocked it)."""
        name = self.name.strip()
        if token is None and (not name or not printable(name)):
            self.error = t("net.need_name")
            return
        if token is not None and not (name and printable(name)):
            name = tokens.name_for(self.tokens_dir, f"{host}:{port}")
        client = NetClient(host, port, name, token, reconnect_for=RECONNECT_S).start()
        link = NetSeatLink(client)
        address, folder = f"{host}:{port}", self.tokens_dir
        link.on_welcome.append(
            lambda game_id, tok: tokens.keep(folder, address, game_id, tok, name)
        )
        self.app.push(self.app.make(Screen.LOBBY), LobbyEntry(link, address=f"{host}:{port}"))

    @property
    def tokens_dir(self) -> Path:
        return self.app.storage.root / "joined"

    def host(self) -> None:
        self.app.push(self.app.make(Screen.HOST))

    def back(self) -> None:
        self.app.pop()

    # --- drawing -------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("net.join_heading"), 70)
        li, f = self.list_rect, self.form_rect
        theme.panel(surface, li)
        theme.panel(surface, f)
        theme.text(
            surface, t("net.found"), (li.left + 24, li.top + 30), size=18, colour=theme.GOLD,
            bold=True, serif=True,
        )  # fmt: skip
        for i, game in enumerate(self.games[:MAX_LISTED]):
            line = t("net.game_line", free=game.free, address=f"{game.address}:{game.port}")
            at = self.rects[f"game{i}"]
            theme.text(surface, line, (at.left + 4, at.bottom + 3), size=13, colour=theme.MUTED)
        if not self.games:
            theme.text(
                surface, t("net.searching"), (li.centerx, li.top + 100), size=15,
                colour=theme.MUTED, anchor="center",
            )  # fmt: skip
        x = f.left + 24
        theme.text(surface, t("net.your_name"), (x, f.top + 40), size=17, colour=theme.IVORY)
        ay = self.rects["address"].top
        theme.text(surface, t("net.address"), (x, ay - 24), size=17, colour=theme.IVORY)
        for k, line in enumerate(theme.wrap(t("net.address_help"), 13, f.width - 48)[:2]):
            theme.text(surface, line, (x, ay + 48 + k * 16), size=13, colour=theme.MUTED)
        if self.error:
            lines = theme.wrap(self.error, 14, f.width - 48)[:2]
            for k, line in enumerate(lines):
                y = self.rects["rejoin" if self.kept else "join"].top - 40 + k * 17
                theme.text(surface, line, (x, y), size=14, colour=theme.RED_LIGHT)
