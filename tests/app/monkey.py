"""A seeded UI monkey (issue 11): random mouse moves, clicks, drags, keys, typing,
window resizes and close requests posted to the real headless app.

    python tests/app/monkey.py --seconds 300 --seed 1     (python3 tasks.py monkey)

After every frame: no exception reached the crash screen, and when a game is
on screen the engine's invariants and the load-time checks hold for its
state. When the monkey quits the app (Esc on the title, Quit), it starts
over at the title. Prints what it did; exit code 1 on the first failure.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from engine.invariants import check_invariants  # noqa: E402
from engine.validate import validate_state  # noqa: E402
from noirburg_desktop.app import App  # noqa: E402
from noirburg_desktop.persist.storage import Settings, write_json_atomic  # noqa: E402
from noirburg_desktop.scenes.title import TitleScene  # noqa: E402

KEYS = [
    pygame.K_TAB,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_h,
    pygame.K_r,
    pygame.K_z,
    pygame.K_s,
    pygame.K_a,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_5,
    pygame.K_6,
]
SIZES = [(960, 640), (1024, 700), (1280, 800), (1600, 900), (1100, 1000), (2000, 1200)]
TEXT = "abcxyzAyşeİğ 0123456789!?\u202e"


class MonkeyFailure(AssertionError):
    pass


@dataclass
class Tally:
    events: int = 0
    frames: int = 0
    restarts: int = 0
    games_seen: int = 0
    kinds: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, n: int = 1) -> None:
        self.events += n
        self.kinds[kind] = self.kinds.get(kind, 0) + n


def _targets(app: App) -> list[pygame.Rect]:
    """Rects a player would aim at: the menu's visible buttons, the table's hit areas."""
    scene: Any = app.scene
    rects: list[pygame.Rect] = []
    manager = getattr(scene, "manager", None)
    if manager is not None:
        for sprite in manager.get_sprite_group().sprites():
            if getattr(sprite, "visible", False) and hasattr(sprite, "rect"):
                rects.append(pygame.Rect(sprite.rect))
    layout = getattr(scene, "layout", None)
    buttons = getattr(layout, "buttons", None)
    if isinstance(buttons, dict):
        rects.extend(pygame.Rect(r) for r in buttons.values())
    return [r for r in rects if r.w > 0 and r.h > 0]


def _point(app: App, rng: random.Random) -> tuple[int, int]:
    assert app.screen is not None
    w, h = app.screen.get_size()
    targets = _targets(app)
    if targets and rng.random() < 0.6:
        r = rng.choice(targets)
        return (rng.randint(r.left, r.right - 1), rng.randint(r.top, r.bottom - 1))
    return (rng.randrange(w), rng.randrange(h))


def _post(event_type: int, **kw: Any) -> None:
    pygame.event.post(pygame.event.Event(event_type, **kw))


def act(app: App, rng: random.Random, tally: Tally) -> None:
    """Post one random gesture's events."""
    roll = rng.random()
    if roll < 0.25:
        pos = _point(app, rng)
        pygame.mouse.set_pos(pos)
        _post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        tally.add("move")
    elif roll < 0.55:
        pos = _point(app, rng)
        pygame.mouse.set_pos(pos)
        button = rng.choice([1, 1, 1, 3])
        _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        _post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        tally.add("click", 3)
    elif roll < 0.65:
        start, end = _point(app, rng), _point(app, rng)
        _post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        for k in (1, 2, 3):
            x = start[0] + (end[0] - start[0]) * k // 3
            y = start[1] + (end[1] - start[1]) * k // 3
            _post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        _post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        tally.add("drag", 6)
    elif roll < 0.68:
        _post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)
        tally.add("wheel")
    elif roll < 0.90:
        key = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if rng.random() < 0.15 else 0
        if rng.random() < 0.1:
            mod |= pygame.KMOD_SHIFT
        _post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        _post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        tally.add("key", 2)
    elif roll < 0.96:
        for ch in rng.choices(TEXT, k=rng.randint(1, 4)):
            _post(pygame.TEXTINPUT, text=ch)
        tally.add("text")
    elif roll < 0.99:
        w, h = rng.choice(SIZES)
        if not app.settings.fullscreen:
            app.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        _post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
        tally.add("resize")
    else:
        _post(pygame.QUIT)
        tally.add("close")


def check(app: App, tally: Tally, seen: set[int]) -> None:
    if app.crashes:
        report = getattr(app.scene, "report", None)
        text = Path(report).read_text() if report else "(no report)"
        raise MonkeyFailure(f"an exception reached the crash screen:\n{text}")
    ctrl = getattr(app.scene, "ctrl", None)
    session = getattr(ctrl, "session", None)
    if session is not None:
        if id(session) not in seen:
            seen.add(id(session))
            tally.games_seen += 1
        problems = check_invariants(session.state) + validate_state(session.state)
        if problems:
            raise MonkeyFailure(f"engine invariants broken: {problems}")


def run(seconds: float, seed: int, data_dir: Path, log: Any = None) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    write_json_atomic(data_dir / "settings.json", Settings(ai_speed="instant").to_json())
    app = App(data_dir=data_dir, size=(1280, 800), fullscreen=False)
    app.start()
    seen: set[int] = set()
    deadline = time.monotonic() + seconds
    try:
        app.push(TitleScene())
        while time.monotonic() < deadline:
            for _ in range(rng.choice([0, 1, 1, 2, 3])):
                act(app, rng, tally)
            app.step(1 / 60)
            tally.frames += 1
            check(app, tally, seen)
            if not app.running or not app.stack:  # the monkey quit: start over
                app.running = True
                app.quit_prompt = None
                app.reset_to(TitleScene())
                tally.restarts += 1
        if log is not None:
            print(
                f"monkey seed {seed}: {tally.events} events in {tally.frames} frames, "
                f"{seconds:.0f} s, {tally.games_seen} games on screen, "
                f"{tally.restarts} restarts; {dict(sorted(tally.kinds.items()))}",
                file=log,
            )
    finally:
        app.shutdown()
    return tally


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=300.0)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="noirburg-monkey-") as tmp:
        os.environ.setdefault("NOIRBURG_LOG_DIR", str(Path(tmp) / "logs"))
        try:
            run(args.seconds, args.seed, Path(tmp) / "data", log=sys.stdout)
        except MonkeyFailure as exc:
            print(f"monkey seed {args.seed} FAILED: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
