"""Render the access screenshots for docs/screenshots/ (issue 14).

    .venv/bin/python build/screenshots_access.py [--out DIR]

- access-table-150.png: the table at 150 % UI scale in the smallest window that
  shows it (1440×960), the keyboard's card cursor on a dimmed hand card, zoomed
  with Z: its rule text and the engine's reason it cannot be played now.
- access-newgame-focus.png: New game at 1280×800 driven by the keyboard only,
  the focus ring on a seat's "Played by" picker.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from noirburg_desktop.table.entry import TableEntry

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def key(app: object, k: int, mod: int = 0) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.run_frames(2)  # type: ignore[attr-defined]


def save(app: object, name: str) -> Path:
    out = OUT / name
    out.parent.mkdir(parents=True, exist_ok=True)
    app.screenshot(out)  # type: ignore[attr-defined]
    return out


def table_150() -> Path:
    import pygame

    from noirburg_desktop.app import App
    from noirburg_desktop.table.advice import playable_now
    from noirburg_desktop.table.scene import TableScene
    from noirburg_desktop.table.screenshot import make_session, play_through

    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=data, size=(960, 640), fullscreen=False)
        app.settings.ui_scale = 150
        app.start()
        try:
            for seed in range(3, 40):  # a deal where the viewer holds a dimmed card
                scene = TableScene()
                app.reset_to(scene, TableEntry(make_session(4, seed, 1), threaded_ai=False))
                play_through(scene, 60, seed)
                ctrl = scene.ctrl
                while not (ctrl.my_turn() and ctrl.state.phase.name in ("OPEN", "DISCARD")):
                    if ctrl.state.phase.name == "GAME_OVER":
                        break
                    play_through(scene, 1, seed)
                app.run_frames(3)
                playable = playable_now(ctrl)
                hand = [cid for cid, _ in scene.hits.hand]
                dimmed = [c for c in hand if playable is not None and c not in playable]
                if dimmed:
                    for _ in range(hand.index(dimmed[0]) + 1):
                        key(app, pygame.K_RIGHT)
                    key(app, pygame.K_z)
                    break
            return save(app, "access-table-150.png")
        finally:
            app.shutdown()


def newgame_focus() -> Path:
    import pygame

    from noirburg_desktop.app import App
    from noirburg_desktop.scenes.newgame import NewGameScene

    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=data, size=(1280, 800), fullscreen=False)
        app.start()
        try:
            app.push(NewGameScene())
            app.run_frames(2)
            scene = app.scene
            key(app, pygame.K_TAB)
            key(app, pygame.K_RIGHT)  # 5 players
            while scene.focused() != "name0":  # type: ignore[union-attr]
                key(app, pygame.K_TAB)
            for ch in "Ayşe":
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            app.run_frames(2)
            while scene.focused() != "kind1":  # type: ignore[union-attr]
                key(app, pygame.K_TAB)
            key(app, pygame.K_LEFT)
            key(app, pygame.K_LEFT)  # Human
            app.run_frames(2)
            return save(app, "access-newgame-focus.png")
        finally:
            app.shutdown()


def main(argv: list[str] | None = None) -> None:
    global OUT
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--out", type=Path, default=OUT, help=f"folder for the PNGs (default {OUT})")
    OUT = p.parse_args(argv).out
    for path in (table_150(), newgame_focus()):
        print(path)


if __name__ == "__main__":
    main()
