"""Render the table to a PNG without a person at the keyboard.

`render_table_screenshot` deals a game, autoplays N actions picked from
`legal_actions` (seeded), shows it in a real TableScene and saves one frame.
Used by `noirburg --screenshot` and to keep docs/screenshots/ honest.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import Any

import pygame

import engine
from engine import Phase
from engine.actions import AddAttacker, StartAttack
from noirburg_desktop.app import App
from noirburg_desktop.persist.storage import Settings
from noirburg_desktop.scene import Scene
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.ai_driver import choose_action, fallback_choice
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene

NAMES = ("Ayşe", "Mehmet", "Zeynep", "Emre", "Elif", "Burak")


def make_session(players: int, seed: int, humans: int = 0) -> GameSession:
    """A session with `humans` human seats first and AI seats after."""
    kinds = ["human"] * humans + ["normal"] * (players - humans)
    configs = [SeatConfig(NAMES[i], SEAT_COLOURS[i], kinds[i]) for i in range(players)]
    return GameSession.new(configs, seed=seed)


def render_table_screenshot(
    path: str | os.PathLike[str],
    players: int = 4,
    seed: int = 1,
    autoplay: int = 0,
    size: tuple[int, int] = (1280, 800),
    humans: int = 0,
    frames: int = 2,
) -> Path:
    """Deal, autoplay, draw one frame of the real table scene and save it as PNG."""
    headless()
    session = make_session(players, seed, humans)
    pygame.init()
    screen = pygame.display.set_mode(size)
    scene = show_table(session)
    scene.ctrl.ai_speed = "slow"
    play_through(scene, autoplay, seed)
    for _ in range(frames):
        scene.draw(screen)
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(out))
    return out


def render_late_screenshot(
    path: str | os.PathLike[str],
    players: int,
    seed: int,
    size: tuple[int, int],
    min_buildings: int,
    assemble: bool = False,
) -> Path:
    """A late game: Normal bots play every seat until the table holds `min_buildings`
    buildings and the human seat (0) is in its attack or opening phase with a full
    hand; with `assemble`, it then starts an attack so the preview shows."""
    headless()
    pygame.init()
    screen = pygame.display.set_mode(size)
    scene = show_table(make_session(players, seed, 1))
    ctrl = scene.ctrl
    rng = random.Random(seed)
    want = Phase.ATTACK if assemble else Phase.OPEN
    for _ in range(8000):
        st = ctrl.state
        if st.phase is Phase.GAME_OVER:
            break
        legal = engine.legal_actions(st)
        built = sum(len(x.buildings) for x in st.seats)
        ready = st.active == 0 and st.to_act == 0 and st.window is None
        if ready and built >= min_buildings and st.phase is want and len(st.seats[0].hand) >= 4:
            starts = [a for a in legal if isinstance(a, StartAttack)]
            if not assemble:
                break
            if starts:
                ctrl.apply(starts[0])
                adds = [a for a in engine.legal_actions(ctrl.state) if isinstance(a, AddAttacker)]
                for a in adds[:2]:
                    ctrl.apply(a)
                break
        seat = st.to_act
        assert seat is not None  # not over: someone is to act
        ctrl.apply(choose_action("normal", engine.view(st, seat), legal, rng)[0])
    ctrl.presenter.skip_all()
    ctrl.toast = ""
    ctrl.version += 1
    for _ in range(3):
        scene.update(1 / 60)
        scene.draw(screen)
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(out))
    return out


def play_through(scene: TableScene, n: int, seed: int) -> None:
    """Autoplay through the scene's controller with Normal bots, so the log and dice
    fill in as in a real game."""
    rng = random.Random(seed)
    ctrl = scene.ctrl
    for _ in range(n):
        legal = engine.legal_actions(ctrl.state)
        if not legal:
            break
        seat = ctrl.state.to_act
        assert seat is not None  # someone may act: `legal` is not empty
        view = engine.view(ctrl.state, seat)
        ctrl.apply(choose_action("normal", view, legal, rng)[0])
    ctrl.presenter.skip_all()
    ctrl.toast = ""
    ctrl.version += 1


def headless() -> None:
    """No window on screen: the dummy video and audio drivers, unless asked otherwise
    (set before `pygame.init()`, which reads them)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class ShotApp(App):
    """A real App that never opens its window nor the player's data folder (nothing is
    saved there; default settings); a game that ends during autoplay stays on the table."""

    def __init__(self) -> None:
        super().__init__(data_dir=Path(tempfile.gettempdir()) / "noirburg-shot")
        self.settings = Settings()

    def replace(self, scene: Scene[Any], payload: Any = None) -> Scene[Any]:
        return scene


def show_table(session: GameSession) -> TableScene:
    """A TableScene on a `ShotApp`, entered with `session` (AI decisions in-thread)."""
    scene = TableScene()
    ShotApp().push(scene, TableEntry(session, threaded_ai=False))
    return scene


def render_docs_screenshots(
    folder: str | os.PathLike[str], size: tuple[int, int] = (1280, 800)
) -> list[Path]:
    """The README/docs set: 3 and 6 players mid-game, an attack, the hand-off screen."""
    headless()
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = [
        render_table_screenshot(out / "table-3p.png", 3, seed=3, autoplay=140, size=size, humans=1),
        render_table_screenshot(out / "table-6p.png", 6, seed=3, autoplay=240, size=size, humans=1),
    ]
    # Late games at the two sizes the table must stay readable at (issue 9).
    for wh in ((1280, 800), (960, 640)):
        tag = f"{wh[0]}x{wh[1]}"
        paths.append(render_late_screenshot(out / f"late-3p-{tag}.png", 3, 3, wh, 11, True))
        paths.append(render_late_screenshot(out / f"late-6p-{tag}.png", 6, 3, wh, 16))
    screen = pygame.display.set_mode(size)

    def scene_for(session: GameSession) -> TableScene:
        scene = show_table(session)
        scene.draw(screen)
        return scene

    # An attack, caught mid-story: the arrow, the dice, the damage.
    scene = scene_for(make_session(4, seed=5, humans=1))
    rng = random.Random(5)
    for _ in range(3000):
        legal = engine.legal_actions(scene.ctrl.state)
        if not legal:
            break
        scene.ctrl.presenter.skip_all()
        scene.ctrl.toast = ""  # the autoplayed human's messages are not this picture's
        scene.ctrl.version += 1
        scene.draw(screen)
        events = scene.ctrl.apply(fallback_choice(legal, rng))
        if any(e.kind == "attack_declared" for e in events) and any(
            e.kind in ("kill", "destroy") for e in events
        ):
            break
    for _ in range(int(0.5 * 60)):
        scene.update(1 / 60)
        scene.draw(screen)
    p = out / "table-attack.png"
    pygame.image.save(screen, str(p))
    paths.append(p)
    # The hand-off screen of a hotseat game.
    scene = scene_for(make_session(3, seed=3, humans=3))
    scene.update(1 / 60)
    scene.draw(screen)
    p = out / "handoff.png"
    pygame.image.save(screen, str(p))
    paths.append(p)
    return paths
