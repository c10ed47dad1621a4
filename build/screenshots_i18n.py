"""Render the language screenshots for docs/screenshots/ (issue 10).

    .venv/bin/python build/screenshots_i18n.py [--size 960x640] [--lang tr,en] [--out DIR]

For each language: the 4-player table mid-game, the New game screen, the
results screen of a finished game and the Rules screen (opened at a rule, as
a refusal's F1 does), saved as docs/screenshots/<lang>-<screen>-<W>x<H>.png.
960×640 is the smallest window the app allows: where the longest Turkish
strings must still fit.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

from noirburg_desktop.shell.entries import RulesEntry, SessionEntry

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def finished_session(seed: int = 9) -> object:
    import engine
    from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
    from noirburg_desktop.table.screenshot import NAMES

    configs = [SeatConfig(NAMES[i], SEAT_COLOURS[i], "normal") for i in range(4)]
    session = GameSession.new(configs, seed=seed)
    rng = random.Random(seed)
    from noirburg_desktop.table.ai_driver import choose_action

    while not session.finished:
        st = session.state
        legal = engine.legal_actions(st)
        session.apply(choose_action("easy", engine.view(st, st.to_act), legal, rng)[0])
    return session


def render(lang: str, size: tuple[int, int]) -> list[Path]:
    import pygame

    from noirburg_desktop.app import App
    from noirburg_desktop.scenes.newgame import NewGameScene
    from noirburg_desktop.scenes.results import ResultsScene
    from noirburg_desktop.scenes.rules import RulesScene
    from noirburg_desktop.table.screenshot import render_table_screenshot
    from noirburg_desktop.words import strings

    tag = f"{size[0]}x{size[1]}"
    strings.set_language(lang)
    paths = [
        render_table_screenshot(
            OUT / f"{lang}-table-4p-{tag}.png", 4, seed=3, autoplay=120, size=size, humans=1
        )
    ]
    paths += render_long_strings(lang, size)
    pygame.quit()
    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=data, size=size, fullscreen=False)
        app.settings.language = lang
        app.start()
        try:
            for name, scene, payload in (
                ("newgame", NewGameScene(), None),
                ("results", ResultsScene(), SessionEntry(finished_session())),
                ("rules", RulesScene(), RulesEntry("R-HIDE-ATK-5")),
            ):
                app.push(scene, payload)
                app.run_frames(3)
                assert app.screen is not None
                p = OUT / f"{lang}-{name}-{tag}.png"
                pygame.image.save(app.screen, str(p))
                paths.append(p)
                app.pop()
        finally:
            app.shutdown()
    strings.set_language("en")
    return paths


def render_long_strings(lang: str, size: tuple[int, int]) -> list[Path]:
    """The table's longest texts: the longest refusal as a toast, the Police question
    (its longest question), and the hotseat hand-off screen."""
    import pygame

    from engine.actions import StartAttack, StopAttack
    from engine.errors import IllegalAction
    from noirburg_desktop.table.question import Choice, Question
    from noirburg_desktop.table.scene_modes import Asking
    from noirburg_desktop.table.screenshot import make_session, play_through, show_table
    from noirburg_desktop.table.texts import t
    from noirburg_desktop.words import wording

    tag = f"{size[0]}x{size[1]}"
    screen = pygame.display.set_mode(size)
    scene = show_table(make_session(4, 3, humans=1))
    play_through(scene, 120, 3)
    refusal = IllegalAction(
        "R-ATK-3",
        "That building was already attacked this turn (single-attack rule; "
        "a Hideout and the Business on it count as one, R-HIDE-ATK-3)",
    )
    scene.ctrl.set_toast(wording.refusal_text(refusal))
    for _ in range(2):
        scene.draw(screen)
    p0 = OUT / f"{lang}-table-refusal-{tag}.png"
    pygame.image.save(screen, str(p0))
    scene.ctrl.set_toast("")
    scene.mode = Asking(
        Question(
            t("table.which_police"),
            [
                Choice(t("table.choice_stop"), (pygame.K_s,), (StopAttack(0),)),
                Choice(t("table.choice_hide"), (pygame.K_p,), (StartAttack(0),)),
            ],
        )
    )
    for _ in range(2):
        scene.draw(screen)
    p1 = OUT / f"{lang}-table-question-{tag}.png"
    pygame.image.save(screen, str(p1))
    scene = show_table(make_session(3, 3, humans=3))
    scene.update(1 / 60)
    scene.draw(screen)
    p2 = OUT / f"{lang}-handoff-{tag}.png"
    pygame.image.save(screen, str(p2))
    return [p0, p1, p2]


def main(argv: list[str] | None = None) -> None:
    global OUT
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--size", default="960x640", help="window size WxH (default 960x640)")
    ap.add_argument("--lang", default="tr,en", help="languages, comma-separated (default tr,en)")
    ap.add_argument("--out", type=Path, default=OUT, help=f"folder for the PNGs (default {OUT})")
    args = ap.parse_args(argv)
    OUT = args.out
    w, h = (int(x) for x in args.size.split("x"))
    OUT.mkdir(parents=True, exist_ok=True)
    for lang in args.lang.split(","):
        for p in render(lang, (w, h)):
            print(p)


if __name__ == "__main__":
    main()
