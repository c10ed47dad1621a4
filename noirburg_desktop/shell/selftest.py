"""Launch modes that prove a build or an install works, for the smoke tests and
the start-up measurement (build/build_exe.py, build/measure_startup.py, tests/build).

- `check_assets`: load every shipped file (fonts, card art, sounds through the
  mixer, the icon); a missing one is an error, reported with its path.
- `title_only`: open the window, draw the title screen once, report, quit.
- `demo`: show the title, then let four AI seats play `actions` moves at
  Instant speed in the real table scene (autosaving as a player's game does).
"""

from __future__ import annotations

import os
import time

import pygame

from noirburg_desktop.app import App, init_audio
from noirburg_desktop.look import resources
from noirburg_desktop.persist.safefs import shown
from noirburg_desktop.shell.screens import Screen, open_session
from noirburg_desktop.table.screenshot import make_session


def say(line: str) -> None:
    """Print a report line, and append it to $NOIRBURG_SELFTEST_OUT if set: a
    windowed Windows build may have no stdout for the smoke test to read."""
    print(line, flush=True)
    out = os.environ.get("NOIRBURG_SELFTEST_OUT")
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(line + "\n")


def check_assets() -> int:
    """Exit code 0 when every asset loads (with sound), 1 if any is missing."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # read by pygame.init()
    pygame.init()
    try:
        audio = init_audio()
        counts = resources.check_assets()
    except resources.MissingAsset as exc:
        say(f"noirburg: missing assets:\n{exc}")
        return 1
    finally:
        pygame.quit()
        resources.clear_caches()
    summary = ", ".join(f"{n} {kind}" for kind, n in counts.items())
    import engine

    say(f"engine: {'compiled' if engine.compiled() else 'pure Python'}")  # the smoke test reads it
    say(f"assets ok: {summary} (sound {'on' if audio else 'off'}) in {resources.assets_root()}")
    return 0


def title_only(app: App) -> int:
    """Cold start to the first drawn title frame (the start-up benchmark's mark)."""
    app.start()
    app.push(app.make(Screen.TITLE))
    app.step()
    say(f"title shown: {type(app.scene).__name__}")
    app.shutdown()
    return 0


def demo(app: App, actions: int, seed: int = 1, timeout: float = 300.0) -> int:
    """Title, then an all-AI game for `actions` moves; 0 if it played and autosaved."""
    speed = app.settings.ai_speed
    app.settings.ai_speed = "instant"  # for this run only, restored before saving settings
    app.start()
    app.push(app.make(Screen.TITLE))
    app.step()
    say(f"title shown: {type(app.scene).__name__}")
    session = make_session(4, seed)
    open_session(app, session)
    deadline = time.monotonic() + timeout
    while len(session.actions) < actions and not session.finished and app.step():
        if time.monotonic() > deadline:
            break
    played, scene = len(session.actions), type(app.scene).__name__
    autosave = app.storage.latest_autosave()
    app.settings.ai_speed = speed
    app.shutdown()
    say(f"demo: {played} actions, round {session.round}, scene {scene}")
    if autosave is None:
        say("demo: no autosave was written")
        return 1
    say(f"demo: autosaved to {shown(autosave.path)}")
    return 0 if played >= actions or session.finished else 1
