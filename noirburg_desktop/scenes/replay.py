"""Replay a game move by move: the deal (seed, or the saved starting position) plus
its recorded actions, stepped with ←/→, Home/End or the buttons; Esc closes.

The positions are the engine's own: every one is `engine.apply` run on the start
position, never stored pictures, so a replay is exactly the game that was played.
Passes are folded into the move before them (they change nothing on the table).
The log beside the table grows and shrinks with the position.

Hotseat privacy (issue 22): the replay of an unfinished game with two or more
human seats shows no hand and no private card in the log, whoever sits at the
computer (the hand-off screen guards them in play; a replay must not open them).
A finished game, or a game of one human against the house, shows the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

import engine
from engine.actions import Pass
from noirburg_desktop.chronicle import tell, walk
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.scene import Scene
from noirburg_desktop.shell.screens import SessionEntry
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.controller import parse_colour
from noirburg_desktop.table.layout import TableLayout, compute_layout
from noirburg_desktop.table.overlays import draw_box
from noirburg_desktop.table.render import SeatInfo, TableModel, render_static
from noirburg_desktop.words.strings import t

if TYPE_CHECKING:
    from noirburg_desktop.session import GameSession

BUTTONS = ("first", "prev", "next", "last", "back")
KEYS = {
    pygame.K_LEFT: "prev",
    pygame.K_RIGHT: "next",
    pygame.K_HOME: "first",
    pygame.K_END: "last",
    pygame.K_ESCAPE: "back",
}


@dataclass
class Frame:
    """One position of the replay: the state after `actions` recorded actions, and
    how many log lines tell the game up to it."""

    state: engine.GameState
    actions: int
    log: int


def private(session: GameSession) -> bool:
    """Hands stay hidden in this game's replay: it is unfinished and hotseat."""
    humans = sum(1 for c in session.configs if c.is_human)
    return humans >= 2 and not session.finished


def replay_frames(session: GameSession) -> tuple[list[Frame], list[str]]:
    """Every position of the game (the start, then one per move) and the whole log
    (as nobody's eyes see it, for an unfinished hotseat game): one walk of the
    chronicle, worded as the table's log; a save opened for Replay brings the walk
    that checked it (`GameSession.positions`), so it is not walked twice."""
    names = [c.name for c in session.configs]

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None else ""

    state = session.start_state()
    log = [f"— {name(state.active)} —"]
    rounds = RoundCounter(state.first_player, state.n)
    frames = [Frame(state.clone(), 0, len(log))]
    viewer: int | None = next((i for i, c in enumerate(session.configs) if c.is_human), 0)
    if private(session):
        viewer = None  # every private card as a back, for every seat
    kept = session.positions()  # Load → Replay: the walk that checked the save kept them
    moves = kept.moments if kept is not None else walk(state, session.actions)
    for m in moves:
        log.extend(tell(m, viewer, name, rounds))  # as the live log and Load's rebuilt log
        after = m.state if kept is not None else m.state.clone()  # a kept one is its own
        if isinstance(m.action, Pass) and len(frames) > 1:
            frames[-1] = Frame(after, m.index + 1, len(log))  # folded into the last
        else:
            frames.append(Frame(after, m.index + 1, len(log)))
    return frames, log


class ReplayScene(Scene[SessionEntry]):
    """Enters with the game (`SessionEntry`). Pushed over Results or Load; Esc pops."""

    session: GameSession  # the game shown (set by `enter`)

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[Frame] = []
        self.log: list[str] = []
        self.index = 0
        self.viewer = 0
        self.layout: TableLayout | None = None
        self.layer: Surface | None = None
        self.layer_key: tuple[object, ...] = ()
        self.rects: dict[str, Rect] = {}
        self.mouse = (0, 0)

    def enter(self, payload: SessionEntry) -> None:
        self.session = payload.session
        self.frames, self.log = replay_frames(self.session)
        self.viewer = next((i for i, c in enumerate(self.session.configs) if c.is_human), 0)
        self.index = 0

    @property
    def state(self) -> engine.GameState:
        return self.frames[self.index].state

    @property
    def total(self) -> int:
        return len(self.frames) - 1

    def go(self, where: str) -> None:
        if where == "back":
            self.app.pop()
            return
        target = {
            "first": 0,
            "prev": self.index - 1,
            "next": self.index + 1,
            "last": self.total,
        }[where]
        self.index = max(0, min(self.total, target))

    # --- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self.go(KEYS[event.key])
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for key, r in self.rects.items():
                if r.collidepoint(event.pos):
                    self.go(key)
                    return True
        return False

    # --- drawing -------------------------------------------------------------------------
    def model(self) -> TableModel:
        cfg = self.session.configs
        seats = [SeatInfo(c.name, parse_colour(c.colour), not c.is_human) for c in cfg]
        frame = self.frames[self.index]
        st = frame.state
        status = t("replay.position", n=self.index, total=self.total)
        return TableModel(
            state=st,
            seats=seats,
            viewing=self.viewer,
            show_hand=not private(self.session),
            log=self.log[: frame.log],
            status=f"{t('replay.heading')} · {status}",
            next_label=t("replay.next"),
            next_enabled=self.index < self.total,
        )

    def draw(self, surface: Surface) -> None:
        size = surface.get_size()
        lay = self.layout
        if lay is None or lay.size != size:
            lay = self.layout = compute_layout(size, self.session.players, self.viewer)
            self.layer = None
        key = (self.index, size)
        if self.layer is None or key != self.layer_key:
            if self.layer is None or self.layer.get_size() != size:
                self.layer = Surface(size)
            render_static(self.layer, lay, self.model())
            self.layer_key = key
        surface.blit(self.layer, (0, 0))
        self._controls(surface, lay)

    def _controls(self, surface: Surface, lay: TableLayout) -> None:
        """The replay's own buttons over the sidebar's play buttons (which mean nothing
        here): Start, Back, Forward, End, and Close; the position and the keys above."""
        top = lay.draw_buttons[0].y if lay.draw_buttons else lay.buttons["next"].y
        # inside the window, and the keys wrapped inside the box (playtest 3: "Esc kapatır"
        # ran into the window's edge)
        keys = w.wrap(t("replay.keys"), 12, lay.sidebar.w - 24)
        head = 44 + 15 * (len(keys) - 1)
        panel = Rect(
            lay.sidebar.x + 2, top - head, lay.sidebar.w - 6, lay.sidebar.bottom - top + head - 3
        )
        draw_box(surface, panel, w.BRASS)
        x, wd = panel.x + 8, panel.w - 16
        bh = max(28, (panel.bottom - top - 20) // 3)
        half = (wd - 6) // 2
        self.rects = {
            "prev": Rect(x, top, half, bh),
            "next": Rect(x + half + 6, top, half, bh),
            "first": Rect(x, top + bh + 6, half, bh),
            "last": Rect(x + half + 6, top + bh + 6, half, bh),
            "back": Rect(x, top + 2 * (bh + 6), wd, bh),
        }
        pos = t("replay.position", n=self.index, total=self.total)
        if self.index == 0:
            pos = f"{pos} · {t('replay.start')}"
        surface.blit(w.text(pos, 15, w.BRASS, bold=True), (x, panel.y + 6))
        for i, line in enumerate(keys):
            surface.blit(w.text(line, 12, w.INK_DIM), (x, panel.y + 25 + 15 * i))
        labels = {k: t(f"replay.{k}") for k in BUTTONS}
        for key, r in self.rects.items():
            live = key == "back" or (
                self.index > 0 if key in ("first", "prev") else self.index < self.total
            )
            hot = r.collidepoint(self.mouse) and live
            pygame.draw.rect(surface, (60, 52, 36) if hot else (34, 32, 30), r, border_radius=6)
            pygame.draw.rect(surface, w.BRASS if live else w.INK_FAINT, r, 1, border_radius=6)
            size = 15
            label = w.text_fit(labels[key], size, r.w - 6, colour=w.INK if live else w.INK_FAINT)
            surface.blit(label, label.get_rect(center=r.center))
