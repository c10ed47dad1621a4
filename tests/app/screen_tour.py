"""Every screen of the app, shown in a real App, with the words on it measured.

`tour(lang, window, percent)` opens each screen in turn (title, its "Start a new
game?", New game with a picker open, Settings with a picker open, Load, Rules,
Results, Replay, a crowded six-player table mid-game with a hint and the draw
buttons, the "You are out" panel, a hotseat hand-off, a lesson step) and returns,
per screen, what is wrong with its text (see `textprobe` and `gui_faults`).

With NOIRBURG_TOUR_SHOTS=<folder> it also saves each screen as a PNG there, to be
looked at (tests/app/test_text_fits.py; README "Access").
"""

from __future__ import annotations

import os
import random
import tempfile
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame import Rect
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UISelectionList,
    UITextEntryLine,
)

import engine
from engine import Phase
from engine.actions import Draw
from noirburg_desktop.app import App
from noirburg_desktop.look import textprobe
from noirburg_desktop.scene import Scene
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.shell.entries import LobbyEntry, RulesEntry, SessionEntry
from noirburg_desktop.table import scene as table_scene
from noirburg_desktop.table.ai_driver import choose_action
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.words import strings

FRAME = 14  # the menus' deco frame is drawn this far inside the window
CHEVRON_ROOM = 24  # a menu button's ‹ › marks take this much at each end (and a gap)


def faults_on_screen(app: App) -> list[str]:
    """The text faults of the frame just drawn (canvas records and pygame_gui)."""
    canvas = app.screen
    assert isinstance(canvas, textprobe.ProbeSurface)
    out = [f"left out for want of room: {x!r}" for x in textprobe.take_dropped()]
    bounds = canvas.get_rect()
    scene = app.scene
    if isinstance(scene, MenuScene):
        bounds = bounds.inflate(-2 * FRAME, -2 * FRAME)
    records = list(canvas.records)
    if isinstance(scene, MenuScene) and scene.manager is not None:
        lists = [r for _, r in covering_lists(scene)]
        records = [p for p in records if not any(p.ink.colliderect(r) for r in lists)]
        for wid, picker in scene.pickers.items():
            lst = getattr(picker.element.current_state, "options_selection_list", None)
            if lst is not None and lst.alive() and lst.rect.w < picker.element.rect.w:
                out.append(f"picker {wid}: its list is narrower than its box")
        gui, gui_out = gui_texts(scene)
        out += gui_out
        controls = control_rects(scene)
        for p in records:  # a hand-drawn text half under a control ("Sound is off")
            for r in controls:
                if p.ink.colliderect(r) and not r.contains(p.ink):
                    out.append(f"half under a control at {tuple(r)}: {p.text!r}")
        records += gui
    out += textprobe.text_faults(records, canvas.boxes, bounds)
    lay = getattr(scene, "layout", None)
    handoff = isinstance(scene, TableScene) and scene.ctrl.handoff is not None
    if isinstance(lay, TableLayout) and not handoff:
        out += region_faults(lay, canvas)
    return out


def region_faults(lay: TableLayout, canvas: textprobe.ProbeSurface) -> list[str]:
    """Every text on the table lies inside one region: the top bar, the sidebar, a seat,
    the middle, the message strip, or a pop-up clear of its edge (a caption spilling from
    the middle into a seat is a fault even where it overlaps no other text)."""
    regions = [lay.top_bar, lay.sidebar, lay.center, lay.banner]
    regions += [r.inflate(-6, -4) for r in canvas.panels]
    regions += [a.rect for a in lay.seats]
    return [
        f"outside its region: {p.text!r} at {tuple(p.ink)}"
        for p in canvas.records
        if not any(r.contains(p.ink) for r in regions)
    ]


CONTROLS = (
    UIButton,
    UILabel,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UISelectionList,
    UITextEntryLine,
)


def control_rects(scene: MenuScene[Any]) -> list[Rect]:
    assert scene.manager is not None
    return [
        Rect(el.rect)
        for el in scene.manager.get_sprite_group().sprites()
        if isinstance(el, CONTROLS) and el.visible and el.rect.w > 0
    ]


def covering_lists(scene: MenuScene[Any]) -> list[tuple[int, Rect]]:
    """Open drop-down lists: (layer, rect); what lies under them is hidden."""
    assert scene.manager is not None
    return [
        (el.get_top_layer(), Rect(el.rect))
        for el in scene.manager.get_sprite_group().sprites()
        if isinstance(el, UISelectionList) and el.visible
    ]


def gui_texts(scene: MenuScene[Any]) -> tuple[list[textprobe.Placed], list[str]]:
    """The pygame_gui texts on screen as placed texts, and the ones wider than their
    element (a label's, a button's between its ‹ › marks)."""
    assert scene.manager is not None
    placed: list[textprobe.Placed] = []
    out: list[str] = []
    screen = Rect((0, 0), scene.size)
    lists = covering_lists(scene)
    for el in scene.manager.get_sprite_group().sprites():
        if not isinstance(el, (UIButton, UILabel)) or isinstance(el, UICheckBox):
            continue
        text = getattr(el, "text", "")
        if not el.visible or not text or not text.strip():
            continue
        rect = Rect(el.rect)
        clip = el.ui_container.get_rect() if el.ui_container is not None else screen
        if not Rect(clip).contains(rect):
            continue  # a row scrolled out of its list
        if any(layer > el.get_top_layer() and r.colliderect(rect) for layer, r in lists):
            continue  # under an open drop-down list
        font = el.font
        assert font is not None  # a text element has its font
        tw, th = font.size(text)
        room = rect.w
        if isinstance(el, UIButton):
            room -= 2 * 2  # the border
            wid = next((k for k, v in scene.ui.items() if v is el), None)
            if wid is not None and wid not in scene.plain:
                room -= 2 * CHEVRON_ROOM
        if tw > room:
            out.append(f"wider than its element ({tw} > {room}): {text!r}")
        align = getattr(el, "text_horiz_alignment", "center")
        ink = Rect(0, 0, min(tw, rect.w), min(th, rect.h))
        ink.centery = rect.centery
        if align == "left":
            ink.left = rect.left
        elif align == "right":
            ink.right = rect.right
        else:
            ink.centerx = rect.centerx
        placed.append(textprobe.Placed(text, ink))
    return placed, out


@contextmanager
def probing(app: App) -> Iterator[None]:
    """The canvas and the layers become ProbeSurfaces; every text is recorded."""
    from noirburg_desktop.scenes import replay

    with pytest.MonkeyPatch.context() as patch:  # puts the real Surfaces back after
        patch.setattr(table_scene, "Surface", textprobe.ProbeSurface)
        patch.setattr(replay, "Surface", textprobe.ProbeSurface)
        assert app.screen is not None
        app.screen = textprobe.ProbeSurface(app.screen.get_size())
        textprobe.start()
        try:
            yield
        finally:
            textprobe.stop()


def named_session(players: int, humans: int, seed: int) -> GameSession:
    """Seats named as New game names them by default ("Player 3" / "Oyuncu 3")."""
    kinds = ["human"] * humans + ["normal"] * (players - humans)
    names = [strings.t("new.default_name", n=i + 1) for i in range(players)]
    configs = [SeatConfig(names[i], SEAT_COLOURS[i], kinds[i]) for i in range(players)]
    return GameSession.new(configs, seed=seed)


_PLAYED: dict[tuple[object, ...], list[Any]] = {}  # the bots' moves, once per game and goal


def play_until(
    session: GameSession, done: Callable[[engine.GameState], bool], seed: int, most: int = 6000
) -> None:
    """Normal bots play every seat until `done(state)` (or the game ends); the moves are
    kept, so the next language or window size replays them instead of asking the bots."""
    from engine.actions import action_from_json

    key = (session.players, session.seed, seed, done, most)
    if key in _PLAYED:
        for data in _PLAYED[key]:
            session.apply(action_from_json(data))
        return
    rng = random.Random(seed)
    start = len(session.actions)
    for _ in range(most):
        st = session.state
        if st.phase is Phase.GAME_OVER or done(st):
            break
        legal = engine.legal_actions(st)
        seat = st.to_act
        assert seat is not None
        session.apply(choose_action("normal", engine.view(st, seat), legal, rng)[0])
    _PLAYED[key] = list(session.actions[start:])


def crowded(st: engine.GameState) -> bool:
    """Late in a six-player game: full boards, the countdown kept, the human to draw."""
    built = sum(len(s.buildings) for s in st.seats)
    return (
        built >= 16
        and st.countdown_keeper is not None
        and st.active == 0
        and st.to_act == 0
        and st.window is None
        and st.phase is Phase.DRAW
        and st.seats[0].alive
    )


def never(st: engine.GameState) -> bool:
    return False


def turn_14(st: engine.GameState) -> bool:
    return bool(st.turn >= 14)


def rival_turn_8(st: engine.GameState) -> bool:
    return bool(st.turn >= 8 and st.to_act == st.active != 0)


def finished(players: int, seed: int) -> GameSession:
    s = named_session(players, 1, seed)
    play_until(s, never, seed, 20000)
    return s


class TitleSceneStub(Scene[None]):
    """Where the remote table is opened from (it replaces the top scene)."""


class _QuietClient:
    """A network client that hears nothing (the lobby's look, with no host)."""

    def poll(self) -> list[object]:
        return []

    def close(self) -> None:
        pass


class _NoSleep:
    def tick(self, fps: int = 0) -> int:
        return 16

    def get_fps(self) -> float:
        return 60.0


class Tour:
    """One language, one window size and UI scale: every screen, its faults."""

    def __init__(self, lang: str, window: tuple[int, int], percent: int, data: Path) -> None:
        self.lang, self.window, self.percent = lang, window, percent
        self.app = App(data_dir=data, size=window, fullscreen=False)
        self.app.settings.language = lang
        self.app.settings.ui_scale = percent
        self.found: dict[str, list[str]] = {}
        self.shots = os.environ.get("NOIRBURG_TOUR_SHOTS")

    def look(self, name: str, frames: int = 3) -> None:
        self.app.run_frames(frames)
        faults = faults_on_screen(self.app)
        if faults:
            self.found[name] = faults
        if self.shots:
            Path(self.shots).mkdir(parents=True, exist_ok=True)
            tag = f"{self.lang}-{self.window[0]}x{self.window[1]}-{self.percent}"
            assert self.app.window is not None
            pygame.image.save(self.app.window, str(Path(self.shots) / f"{tag}-{name}.png"))

    def run(self) -> dict[str, list[str]]:
        app = self.app
        app.start()
        app.clock = _NoSleep()  # type: ignore[assignment]  # frames as fast as they draw
        try:
            app.audio = False  # the title says why there is no sound: under Quit (playtest)
            strings.set_language(self.lang)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                with probing(app):
                    self._menus()
                    self._table()
            for wn in caught:
                if "too small" in str(wn.message):
                    self.found.setdefault("pygame_gui", []).append(str(wn.message))
        finally:
            app.shutdown()
            strings.set_language("en")
        return self.found

    def _menus(self) -> None:
        from noirburg_desktop.scenes.load import LoadScene
        from noirburg_desktop.scenes.newgame import NewGameScene
        from noirburg_desktop.scenes.replay import ReplayScene
        from noirburg_desktop.scenes.results import ResultsScene
        from noirburg_desktop.scenes.rules import RulesScene
        from noirburg_desktop.scenes.settings import SettingsScene
        from noirburg_desktop.scenes.title import TitleScene

        app = self.app
        six = finished(6, 9)
        app.storage.save(six, label=strings.t("load.autosave") + " · 6")
        unfinished = named_session(6, 1, 4)
        play_until(unfinished, turn_14, 4)
        assert not unfinished.finished
        app.saver.open(unfinished)  # the game Continue points to
        broken = app.storage.saves_dir / "broken.json"
        broken.write_text('{"format": "noirburg-save", "version": 1, "session": {"seed": []}}')
        title = TitleScene()
        app.push(title)
        self.look("title")
        title.on_new()
        self.look("title-ask-new")
        title.cancel_new()
        ng = NewGameScene()
        app.push(ng)
        self.look("newgame")
        ng.set_count(6)
        ng.rebuild()
        self.look("newgame-6")
        self._open_picker("kind1", "newgame-picker")
        app.pop()
        settings = SettingsScene()
        app.push(settings)
        self.look("settings")
        self._open_picker("language", "settings-picker")
        app.pop()
        app.push(LoadScene())
        self.look("load")
        app.pop()
        app.push(RulesScene(), RulesEntry("R-HIDE-ATK-5"))
        self.look("rules")
        app.pop()
        app.push(ResultsScene(), SessionEntry(six))
        self.look("results")
        app.pop()
        replay = ReplayScene()
        app.push(replay, SessionEntry(six))
        replay.index = replay.total // 2
        self.look("replay")
        app.pop()
        self._network()
        app.pop()

    def _network(self) -> None:
        """Network game (five games found, an error), Host a game, a full lobby."""
        from noirburg_desktop.net.beacon import Game
        from noirburg_desktop.netplay.feed import Connection, Lobby, LobbySeat
        from noirburg_desktop.netplay.hosting import Unfinished
        from noirburg_desktop.netplay.texts import t as nt
        from noirburg_desktop.netplay.wire import NetSeatLink
        from noirburg_desktop.scenes.host import HostScene
        from noirburg_desktop.scenes.join import JoinScene
        from noirburg_desktop.scenes.lobby import LobbyScene

        app = self.app
        join = JoinScene()
        app.push(join)
        long_name = "Ayşe Yılmaz-Karaosmanoğlu"
        join.games = [
            Game(long_name, f"192.168.100.{200 + i}", 47800, 5, "0.1.0", 1, 0.0) for i in range(5)
        ]
        join.error = nt("net.bad_address")
        join.listener, listener = None, join.listener  # the list stays as set
        join.rebuild()
        self.look("network-join")
        join.listener = listener
        app.pop()
        host = HostScene()
        app.push(host)
        host._set_players(6)
        host.error = nt("net.need_name")
        self.look("network-host")
        self._open_picker("ai_level", "network-host-picker")
        host.error = ""
        names = tuple(f"{long_name} {i}" for i in range(6))
        host.unfinished = Unfinished({}, 6, names, 12, True, 47800, None)
        host.rebuild()
        self.look("network-host-resume")
        app.pop()
        lobby = LobbyScene()
        link = NetSeatLink(_QuietClient(), start=lambda: None)  # type: ignore[arg-type]
        app.push(lobby, LobbyEntry(link, port=47800))
        lobby.share = ["192.168.100.200:47800", "10.0.0.123:47800"]
        seats = [LobbySeat(long_name, "human", True, True), LobbySeat("", "human", False)]
        seats += [LobbySeat(f"{long_name} {i}", "human", i % 2 == 0) for i in range(2)]
        seats += [LobbySeat(nt("net.ai_seat", n=k), "normal", True) for k in (5, 6)]
        lobby._hear(Lobby(tuple(seats), False))
        lobby._hear(Connection("connected"))
        self.look("network-lobby")
        app.pop()
        self._remote_table_lost()

    def _remote_table_lost(self) -> None:
        """A network seat's table whose link to the host is down: the banner."""
        from noirburg_desktop.netplay.feed import SeatUpdate, Started
        from noirburg_desktop.netplay.opening import open_remote_table
        from tests.app.net_fakes import FakeHost

        names = ("Ayşe", "Mehmet", "Zeynep", "Emre")
        kinds = ("easy", "human", "easy", "easy")
        host = FakeHost([SeatConfig(names[i], SEAT_COLOURS[i], kinds[i]) for i in range(4)])
        link = host.links[1]
        host.start()
        heard = link.poll()
        started = next(m for m in heard if isinstance(m, Started))
        first = next(m for m in heard if isinstance(m, SeatUpdate))
        self.app.push(TitleSceneStub())
        open_remote_table(self.app, link, started, first)
        host.drop(1)
        self.look("network-table-lost")
        self.app.pop()

    def _open_picker(self, wid: str, name: str) -> None:
        scene = self.app.scene
        assert isinstance(scene, MenuScene)
        el = scene.ui[wid]
        pos = Rect(el.rect).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.look(name)

    def _long_messages(self, scene: TableScene) -> None:
        """The longest refusal with the lesson's nudge (two messages, two lines), the
        Police question, and the sidebar's money warning under a danger line."""
        from engine.actions import StartAttack, StopAttack
        from engine.errors import IllegalAction
        from engine.predict import money_victory_need
        from noirburg_desktop.table.question import Choice, Question
        from noirburg_desktop.table.scene_modes import Asking, Playing
        from noirburg_desktop.table.texts import t
        from noirburg_desktop.tutorial.texts import t as tut
        from noirburg_desktop.words import wording

        c = scene.ctrl
        refusal = IllegalAction(
            "R-ATK-3",
            "That building was already attacked this turn (single-attack rule; "
            "a Hideout and the Business on it count as one, R-HIDE-ATK-3)",
        )
        c.set_toast(f"{wording.refusal_text(refusal)}\n{tut('tut.nudge')}")
        self.look("table-6-refusal")
        c.set_toast("")
        q = Question(
            t("table.which_police"),
            [
                Choice(t("table.choice_stop"), (pygame.K_s,), (StopAttack(0),)),
                Choice(t("table.choice_hide"), (pygame.K_p,), (StartAttack(0),)),
            ],
        )
        scene.mode = Asking(q)
        self.look("table-6-question")
        scene.mode = Playing()
        st = c.state
        need = money_victory_need(st)
        rich = next(i for i in range(1, st.n) if st.seats[i].alive)
        if need is not None:
            st.seats[rich].money = need - 1  # a rival about to win by money
            c.version += 1
            self.look("table-6-money")

    def _table(self) -> None:
        app = self.app
        s = named_session(6, 1, 3)
        play_until(s, crowded, 3, 20000)
        scene = TableScene()
        app.push(scene, TableEntry(s, threaded_ai=False))
        scene.ctrl.ai_speed = "slow"
        app.run_frames(2)
        scene.ctrl.presenter.skip_all()
        self.look("table-6")
        scene._hint()
        self.look("table-6-hint")
        self._long_messages(scene)
        if scene.ctrl.state.phase is Phase.DRAW and scene.ctrl.my_turn():
            from noirburg_desktop.table.scene_modes import ChoosingDraw

            scene.mode = ChoosingDraw()
            self.look("table-6-draw-menu")
        app.pop()
        # the hand-off of a hotseat game
        hot = named_session(3, 3, 3)
        app.push(TableScene(), TableEntry(hot, threaded_ai=False))
        self.look("handoff")
        app.pop()
        # the last human knocked out: "You are out"
        out = named_session(4, 1, 5)
        play_until(out, rival_turn_8, 5)
        from engine import combat

        if out.state.seats[0].alive:
            combat.eliminate(out.state, 0, out.state.active, [])
        scene = TableScene()
        app.push(scene, TableEntry(out, threaded_ai=False))
        self.look("you-are-out")
        app.pop()
        # the game's final moment: the final board and why it ended (#20)
        scene = TableScene()
        app.push(scene, TableEntry(finished(4, 5), threaded_ai=False))
        app.run_frames(2)
        scene.ctrl.presenter.skip_all()
        self.look("game-over")
        assert scene.end.shown
        app.pop()
        # a lesson step
        from noirburg_desktop.tutorial import progress
        from noirburg_desktop.tutorial.lesson import start_lesson
        from noirburg_desktop.tutorial.texts import t as tut
        from noirburg_sim.tutorial_screenshot import play_to

        names = (tut("tut.you"), tut("tut.vito"), tut("tut.lucia"))
        progress.save(app.storage.root, play_to("attack", names))
        start_lesson(app)
        app.run_frames(40, 0.05)
        self.look("lesson")
        app.pop()
        _ = Draw  # the draw buttons are on the six-player table above


def tour(lang: str, window: tuple[int, int], percent: int) -> dict[str, list[str]]:
    with tempfile.TemporaryDirectory(prefix="noirburg-tour-") as data:
        return Tour(lang, window, percent, Path(data)).run()


def report(found: dict[str, Any]) -> str:
    return "\n".join(f"{screen}:\n  " + "\n  ".join(faults) for screen, faults in found.items())
