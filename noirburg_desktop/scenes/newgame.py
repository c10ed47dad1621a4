"""New game: seats (who plays, names, colours), house rules, first player, seed."""

from __future__ import annotations

from typing import Any

import pygame

from engine import SEAT_RANGE
from noirburg_desktop.look import theme
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.session import SEAT_COLOURS, SEAT_KINDS, GameSession, SeatConfig
from noirburg_desktop.shell import gui
from noirburg_desktop.shell.screens import open_session
from noirburg_desktop.words.house_rules import BOXES
from noirburg_desktop.words.strings import t, upper

MAX_SEATS = 6
ROW_H = 54
# y offsets inside the house-rules panel: roomy windows, and 640-px-high ones;
# "rules" is the first house rule's checkbox, "step" the space between them
ROOMY = {"rules": 64, "step": 70, "first": 298, "seed": 380}
COMPACT = {"rules": 54, "step": 56, "first": 250, "seed": 318}
# Each house rule's checkbox and one-line help (the compact layout has room for one line only).
HOUSE_RULE_HELP = tuple((b.widget, b.help) for b in BOXES)


class NewGameScene(MenuScene[None]):
    def __init__(self) -> None:
        super().__init__()
        self.count = 4
        self.names = [""] * MAX_SEATS
        self.kinds = ["human"] + ["normal"] * (MAX_SEATS - 1)
        self.colours = list(SEAT_COLOURS[:MAX_SEATS])
        self.house = {b.field: b.default for b in BOXES}  # the house rules' boxes
        self.first_player: int | None = None
        self.seed_text = ""
        self.error = ""
        self.first_game: bool | None = None  # decided on entering (see `enter`)

    def enter(self, payload: None = None) -> None:
        # A gentler first game: with no game ever saved in this data folder, the AI
        # seats start at Easy, which never attacks a Hideout (README, "Learning the game").
        if self.first_game is None:
            self.first_game = not self.app.storage.has_games()
            if self.first_game:
                self.kinds = ["human"] + ["easy"] * (MAX_SEATS - 1)
            self._recall()
        super().enter(payload)

    def _recall(self) -> None:
        """The last game's choices, not the defaults (pt4 shot-87 vs shot-02); a value
        of a hand-edited settings.json that is not a choice here is left out."""
        s = self.app.settings
        if 3 <= s.last_players <= MAX_SEATS:
            self.count = s.last_players
        for i, kind in enumerate(s.last_kinds[:MAX_SEATS]):
            if kind in SEAT_KINDS:
                self.kinds[i] = kind
        if s.last_players:
            self.house = {b.field: b.field in s.last_house for b in BOXES}

    def _remember(self) -> None:
        s = self.app.settings
        s.last_players = self.count
        s.last_kinds = self.kinds[: self.count]
        s.last_house = [f for f, on in self.house.items() if on]
        self.app.storage.save_settings(s)

    # --- elements ----------------------------------------------------------------

    def extra_theme(self) -> dict[str, Any]:
        """One theme class per seat colour, so a swatch is a plain themed UIButton."""
        blocks: dict[str, Any] = {}
        for k, colour in enumerate(SEAT_COLOURS):
            c = gui.hexc(tuple(pygame.Color(colour)))
            blocks[f"@swatch_{k}"] = {
                "colours": {
                    **{f"{s}_bg": c for s in ("normal", "hovered", "selected", "active")},
                    "normal_border": gui.hexc(theme.GOLD_DIM),
                    "hovered_border": gui.hexc(theme.GOLD_LIGHT),
                    "selected_border": gui.hexc(theme.GOLD_LIGHT),
                    "active_border": gui.hexc(theme.GOLD_LIGHT),
                },
                "misc": {"shape": "rectangle", "border_width": "2", "shadow_width": "0"},
            }
        return blocks

    def build(self) -> None:
        r = self.rects
        players = [(n, str(n)) for n in SEAT_RANGE]
        self.picker("players", players, self.count, r["players"], self.set_count)
        kinds = [(k, t(f"kind.{k}")) for k in SEAT_KINDS]
        for i in range(self.count):
            self.button(
                f"colour{i}",
                "",
                r[f"colour{i}"],
                self._next_colour(i),
                cls=self._swatch_class(i),
                chevrons=False,
            )
            self.steppers[f"colour{i}"] = self._step_colour(i)  # ←/→ as well as Enter
            self.entry(
                f"name{i}",
                self.names[i],
                r[f"name{i}"],
                self._name_changed(i),
                placeholder=t("new.default_name", n=i + 1),
            )
            self.picker(
                f"kind{i}", kinds, self.kinds[i], r[f"kind{i}"], self._setter(self.kinds, i)
            )
        for b in BOXES:
            on = self.house[b.field]
            self.toggle(b.widget, on, r[b.widget], self._rule(b.field), caption=t(b.caption))
        self._make_first()
        self.entry(
            "seed",
            self.seed_text,
            r["seed"],
            self._attr("seed_text"),
            max_len=10,
            digits_only=True,
            placeholder=t("new.first_random"),
        )
        self.button("back", t("new.back"), r["back"], self.back)
        self.button("start", t("new.start"), r["start"], self.start_game, primary=True)

    def _swatch_class(self, i: int) -> str:
        colour = self.colours[i]
        return f"@swatch_{SEAT_COLOURS.index(colour) if colour in SEAT_COLOURS else 0}"

    def _next_colour(self, i: int) -> Any:
        step = self._step_colour(i)
        return lambda: step(1)

    def _step_colour(self, i: int) -> Any:
        def step(delta: int) -> None:
            """The next colour no other seat wears; at a full table, trade with its wearer."""
            k = SEAT_COLOURS.index(self.colours[i]) if self.colours[i] in SEAT_COLOURS else -1
            taken = {self.colours[j] for j in range(self.count) if j != i}
            n = len(SEAT_COLOURS)
            tries = [SEAT_COLOURS[(k + delta * m) % n] for m in range(1, n)]  # not its own
            free = [c for c in tries if c not in taken]
            new = free[0] if free else tries[0]
            if new in taken:
                j = next(j for j in range(self.count) if j != i and self.colours[j] == new)
                self.colours[j] = self.colours[i]
                self._restyle(j)
            self.colours[i] = new
            self._restyle(i)
            self.error = ""

        return step

    def _restyle(self, i: int) -> None:
        swatch = self.ui.get(f"colour{i}")
        if swatch is not None:
            swatch.change_object_id(gui.oid(f"#colour{i}", self._swatch_class(i)))

    def _make_first(self) -> None:
        """(Re)create the first-player picker: its labels are the seats' names."""
        old = self.ui.pop("first", None)
        if old is not None:
            old.kill()
        self.picker(
            "first",
            self._first_options(),
            self.first_player,
            self.rects["first"],
            self._attr("first_player"),
            up=True,
        )

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

    def _rule(self, field: str) -> Any:
        def set_(on: bool) -> None:
            self.house[field] = on
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
        if self.first_player is not None and self.first_player >= self.count:
            self.first_player = None
        if "first" in self.ui:
            self._make_first()

    def set_count(self, n: int) -> None:
        for i in range(self.count, n):  # a seat joining takes a colour nobody wears
            taken = set(self.colours[:i])
            if self.colours[i] in taken:
                self.colours[i] = next(c for c in SEAT_COLOURS if c not in taken)
        self.count = n
        self._refresh_first()
        self.rebuild()  # seat rows appear or go

    # --- layout ------------------------------------------------------------------

    def layout(self, w: int, h: int) -> None:
        compact = h < 760
        margin = max(50, (w - 1180) // 2)
        top = 126 if compact else 140
        height = h - top - 112 if compact else 470
        self.row_top, self.row_h = (94, 46) if compact else (100, ROW_H)
        self.offsets = COMPACT if compact else ROOMY
        self.seats_rect = pygame.Rect(margin, top, int((w - 2 * margin) * 0.58), height)
        right_x = self.seats_rect.right + 30
        self.rules_rect = pygame.Rect(right_x, top, w - margin - right_x, height)
        s, r, o = self.seats_rect, self.rules_rect, self.offsets
        py = (16, 34) if compact else (22, 38)
        rects = {"players": pygame.Rect(s.right - 200, s.top + py[0], 170, py[1])}
        kind_w = min(200, max(160, s.width - 330))
        name_w = s.width - 124 - kind_w - 36
        for i in range(MAX_SEATS):
            y = s.top + self.row_top + i * self.row_h
            rects[f"colour{i}"] = pygame.Rect(s.left + 78, y + 4, 34, 34)
            rects[f"name{i}"] = pygame.Rect(s.left + 124, y + 1, name_w, 40)
            rects[f"kind{i}"] = pygame.Rect(s.right - kind_w - 24, y + 1, kind_w, 40)
        x = r.left + 24
        for k, b in enumerate(BOXES):
            rects[b.widget] = pygame.Rect(x, r.top + o["rules"] + k * o["step"], 24, 24)
        rects["first"] = pygame.Rect(x, r.top + o["first"], r.width - 48, 40)
        rects["seed"] = pygame.Rect(x, r.top + o["seed"], r.width - 48, 40)
        by = max(s.bottom, r.bottom) + (24 if compact else 36)
        rects["back"] = pygame.Rect(margin, by, 200, 52)
        rects["start"] = pygame.Rect(w - margin - 300, by, 300, 52)
        self.rects = rects

    # --- start ---------------------------------------------------------------------

    def configs(self) -> list[SeatConfig]:
        return [
            SeatConfig(self.display_name(i), self.colours[i], self.kinds[i])
            for i in range(self.count)
        ]

    def start_game(self) -> None:
        configs = self.configs()  # all-AI tables are allowed: the game can be watched
        seed_text = self.seed_text.strip()
        if seed_text and not seed_text.isdigit():
            self.error = t("new.bad_seed")
            return
        session = GameSession.new(
            configs,
            seed=int(seed_text) if seed_text else None,
            first_player=self.first_player,
            **self.house,
        )
        self._remember()
        open_session(self.app, session, replace=True)

    # --- drawing ---------------------------------------------------------------------

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Each seat's symbol on its colour swatch: the seat is never told by colour alone."""
        for i in range(self.count):
            el = self.ui.get(f"colour{i}")
            if el is not None and el.visible:
                theme.seat_symbol(surface, i, el.rect.center, 8, theme.INK, edge=theme.IVORY)

    def help_width(self) -> int:
        """Pixels a house rule's help line may take (beside its checkbox)."""
        return int(self.rules_rect.width) - 84

    def help_lines_shown(self) -> int:
        return 1 if self.offsets is COMPACT else 2

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
            (s.right - 212, self.rects["players"].centery),
            size=16,
            colour=theme.MUTED,
            anchor="midright",
        )
        header_y = s.top + self.row_top - (16 if self.row_h < ROW_H else 22)
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
            y = s.top + self.row_top + i * self.row_h
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
            y = s.top + self.row_top + i * self.row_h
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
        o = self.offsets
        for widget, help_key in HOUSE_RULE_HELP:
            lines = theme.wrap(t(help_key), 13, self.help_width())
            for k, line in enumerate(lines[: self.help_lines_shown()]):
                y = self.rects[widget].top + 32 + k * 16
                theme.text(surface, line, (x + 36, y), size=13, colour=theme.MUTED)
        first_y, seed_y = r.top + o["first"] - 26, r.top + o["seed"] - 26
        theme.text(surface, t("new.first_player"), (x, first_y), size=17, colour=theme.IVORY)
        theme.text(surface, t("new.seed"), (x, seed_y), size=17, colour=theme.IVORY)
        for k, line in enumerate(theme.wrap(t("new.seed_help"), 13, r.width - 48)[:2]):
            y = r.top + o["seed"] + 46 + k * 16
            theme.text(surface, line, (x, y), size=13, colour=theme.MUTED)
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
