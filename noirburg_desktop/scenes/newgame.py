"""New game: seats (who plays, names, colours), house rules, first player, seed."""

from __future__ import annotations

from typing import Any

import pygame

from noirburg_desktop import theme
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.session import SEAT_COLOURS, SEAT_KINDS, GameSession, SeatConfig
from noirburg_desktop.strings import t, upper
from noirburg_desktop.widgets import Button, Choice, Swatch, TextField, Toggle

MAX_SEATS = 6
ROW_H = 54


class NewGameScene(MenuScene):
    def __init__(self) -> None:
        super().__init__()
        self.count = 4
        self.names = [""] * MAX_SEATS
        self.kinds = ["human"] + ["normal"] * (MAX_SEATS - 1)
        self.colours = list(SEAT_COLOURS[:MAX_SEATS])
        self.money_victory = True
        self.poker_to_box = False
        self.first_player: int | None = None
        self.seed_text = ""
        self.error = ""

    # --- widgets ---------------------------------------------------------------

    def build(self) -> None:
        f = self.form
        f.add(Choice("players", [(n, str(n)) for n in range(3, 7)], self.count, self.set_count))
        for i in range(MAX_SEATS):
            f.add(
                Swatch(f"colour{i}", SEAT_COLOURS, self.colours[i], self._setter(self.colours, i))
            )
            f.add(
                TextField(
                    f"name{i}",
                    self.names[i],
                    max_len=16,
                    placeholder=t("new.default_name", n=i + 1),
                    on_change=self._name_changed(i),
                )
            )
            kinds = [(k, t(f"kind.{k}")) for k in SEAT_KINDS]
            f.add(Choice(f"kind{i}", kinds, self.kinds[i], self._setter(self.kinds, i)))
        f.add(Toggle("money_victory", self.money_victory, self._attr("money_victory")))
        f.add(Toggle("poker_to_box", self.poker_to_box, self._attr("poker_to_box")))
        f.add(Choice("first", self._first_options(), self.first_player, self._attr("first_player")))
        f.add(
            TextField(
                "seed",
                self.seed_text,
                max_len=10,
                digits_only=True,
                placeholder=t("new.first_random"),
                on_change=self._attr("seed_text"),
            )
        )
        f.add(Button("back", t("new.back"), self.back))
        f.add(Button("start", t("new.start"), self.start_game, primary=True))
        self._sync_rows()

    def _setter(self, target: list[Any], i: int) -> Any:
        def set_(value: Any) -> None:
            target[i] = value
            self.error = ""

        return set_

    def _attr(self, name: str) -> Any:
        def set_(value: Any) -> None:
            setattr(self, name, value)
            self.error = ""

        return set_

    def _name_changed(self, i: int) -> Any:
        def set_(value: str) -> None:
            self.names[i] = value
            self._refresh_first()

        return set_

    def display_name(self, i: int) -> str:
        return self.names[i].strip() or t("new.default_name", n=i + 1)

    def _first_options(self) -> list[tuple[Any, str]]:
        return [(None, t("new.first_random"))] + [
            (i, self.display_name(i)) for i in range(self.count)
        ]

    def _refresh_first(self) -> None:
        choice = self.widget("first")
        assert isinstance(choice, Choice)
        keep = self.first_player if (self.first_player or 0) < self.count else None
        choice.options = self._first_options()
        choice.index = 0
        choice.set_value(keep)
        self.first_player = choice.value

    def set_count(self, n: int) -> None:
        self.count = n
        self._sync_rows()
        self._refresh_first()

    def _sync_rows(self) -> None:
        for i in range(MAX_SEATS):
            for prefix in ("colour", "name", "kind"):
                self.widget(f"{prefix}{i}").visible = i < self.count

    # --- layout ------------------------------------------------------------------

    def layout(self, w: int, h: int) -> None:
        margin = max(50, (w - 1180) // 2)
        self.seats_rect = pygame.Rect(margin, 140, int((w - 2 * margin) * 0.58), 470)
        right_x = self.seats_rect.right + 30
        self.rules_rect = pygame.Rect(right_x, 140, w - margin - right_x, 470)
        s = self.seats_rect
        self.widget("players").rect = pygame.Rect(s.right - 200, s.top + 22, 170, 38)
        row_top = s.top + 100
        name_w = max(160, s.width - 64 - 70 - 200 - 40)
        for i in range(MAX_SEATS):
            y = row_top + i * ROW_H
            self.widget(f"colour{i}").rect = pygame.Rect(s.left + 78, y + 6, 34, 34)
            self.widget(f"name{i}").rect = pygame.Rect(s.left + 124, y + 3, name_w, 40)
            self.widget(f"kind{i}").rect = pygame.Rect(s.right - 224, y + 3, 200, 40)
        r = self.rules_rect
        x = r.left + 24
        self.widget("money_victory").rect = pygame.Rect(r.right - 150, r.top + 70, 110, 30)
        self.widget("poker_to_box").rect = pygame.Rect(r.right - 150, r.top + 160, 110, 30)
        self.widget("first").rect = pygame.Rect(x, r.top + 282, r.width - 48, 40)
        self.widget("seed").rect = pygame.Rect(x, r.top + 372, r.width - 48, 40)
        by = max(s.bottom, r.bottom) + 36
        self.widget("back").rect = pygame.Rect(margin, by, 200, 52)
        self.widget("start").rect = pygame.Rect(w - margin - 300, by, 300, 52)

    # --- start ---------------------------------------------------------------------

    def configs(self) -> list[SeatConfig]:
        return [
            SeatConfig(self.display_name(i), self.colours[i], self.kinds[i])
            for i in range(self.count)
        ]

    def start_game(self) -> None:
        configs = self.configs()
        if not any(c.is_human for c in configs):
            self.error = t("new.need_human")
            return
        seed_text = self.seed_text.strip()
        if seed_text and not seed_text.isdigit():
            self.error = t("new.bad_seed")
            return
        session = GameSession.new(
            configs,
            seed=int(seed_text) if seed_text else None,
            money_victory=self.money_victory,
            poker_always_to_box=self.poker_to_box,
            first_player=self.first_player,
        )
        self.app.storage.autosave(session)
        from noirburg_desktop.scenes.title import open_session

        if not open_session(self.app, session, replace=True):
            self.error = t("title.table_missing")

    # --- drawing ---------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("new.heading"), 70)
        s, r = self.seats_rect, self.rules_rect
        theme.panel(surface, s)
        theme.panel(surface, r)
        theme.text(
            surface,
            upper(t("new.seats")),
            (s.left + 24, s.top + 30),
            size=18,
            colour=theme.GOLD,
            bold=True,
            serif=True,
        )
        theme.text(
            surface,
            t("new.players"),
            (s.right - 212, s.top + 41),
            size=16,
            colour=theme.MUTED,
            anchor="midright",
        )
        header_y = s.top + 78
        theme.text(
            surface,
            t("new.colour"),
            (s.left + 95, header_y),
            size=13,
            colour=theme.MUTED,
            anchor="center",
        )
        theme.text(
            surface,
            t("new.name"),
            (s.left + 130, header_y),
            size=13,
            colour=theme.MUTED,
            anchor="midleft",
        )
        theme.text(
            surface,
            t("new.who"),
            (s.right - 124, header_y),
            size=13,
            colour=theme.MUTED,
            anchor="center",
        )
        for i in range(self.count):
            y = s.top + 100 + i * ROW_H
            theme.text(
                surface,
                str(i + 1),
                (s.left + 40, y + 23),
                size=26,
                bold=True,
                serif=True,
                colour=theme.GOLD_DIM,
                anchor="center",
            )
        for i in range(self.count, MAX_SEATS):
            y = s.top + 100 + i * ROW_H
            theme.text(
                surface,
                t("new.empty_seat"),
                (s.centerx, y + 23),
                size=15,
                colour=theme.FAINT,
                serif=True,
                anchor="center",
            )
        x = r.left + 24
        theme.text(
            surface,
            upper(t("new.house_rules")),
            (x, r.top + 30),
            size=18,
            colour=theme.GOLD,
            bold=True,
            serif=True,
        )
        rows = (
            (r.top + 68, "new.money_victory", "new.money_victory_help"),
            (r.top + 158, "new.poker_to_box", "new.poker_to_box_help"),
        )
        for y, label, help_key in rows:
            theme.text(surface, t(label), (x, y + 4), size=17, colour=theme.IVORY)
            lines = theme.wrap(t(help_key), 13, r.width - 48)
            for k, line in enumerate(lines[:2]):
                theme.text(surface, line, (x, y + 36 + k * 16), size=13, colour=theme.MUTED)
        theme.text(surface, t("new.first_player"), (x, r.top + 256), size=17, colour=theme.IVORY)
        theme.text(surface, t("new.seed"), (x, r.top + 346), size=17, colour=theme.IVORY)
        for k, line in enumerate(theme.wrap(t("new.seed_help"), 13, r.width - 48)[:2]):
            theme.text(surface, line, (x, r.top + 418 + k * 16), size=13, colour=theme.MUTED)
        if self.error:
            w, h = surface.get_size()
            theme.text(
                surface,
                self.error,
                (w // 2, self.widget("start").rect.centery),
                size=16,
                colour=theme.RED_LIGHT,
                anchor="center",
            )
