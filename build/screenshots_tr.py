"""More Turkish screens at the smallest window (960×640), beside build/screenshots_i18n.py.

    .venv/bin/python build/screenshots_tr.py [--out docs/screenshots] [--lang tr] [--all]

Saves <lang>-<screen>-960x640.png for: the lesson's first step, a Business card
zoomed on the table, the Rules screen's last section (the longest title), Load
(an autosave, a save made with the Save button and a damaged file; then Delete's
question) and Settings. With --all also the hand-off card, the Rules screen at a
linked rule, Results and New game, which build/screenshots_i18n.py also makes
(for both languages, side by side). Headless (SDL's dummy driver).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from noirburg_desktop.shell.entries import RulesEntry, SessionEntry
from noirburg_desktop.table.entry import TableEntry

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
SIZE = (960, 640)


def _session(players: int, humans: int, seed: int = 3, steps: int = 0):  # type: ignore[no-untyped-def]
    import random

    import engine
    from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
    from noirburg_desktop.words import i18n

    kinds = ["human"] * humans + ["normal"] * (players - humans)
    names = ("Ayşe", "Burak", "Oyuncu 3", "Zeynep", "Mehmet", "Elif")
    if i18n.language() != "tr":
        names = ("Ayşe", "Burak", "Player 3", "Zeynep", "Mehmet", "Elif")
    configs = [SeatConfig(names[i], SEAT_COLOURS[i], kinds[i]) for i in range(players)]
    session = GameSession.new(configs, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.finished:
            break
        session.apply(rng.choice(engine.legal_actions(session.state)))
    return session


def render(lang: str, out: Path, every: bool = False) -> list[Path]:
    import pygame

    from engine.cards import CARDS, Kind
    from noirburg_desktop.app import App
    from noirburg_desktop.scenes.load import LoadScene
    from noirburg_desktop.scenes.newgame import NewGameScene
    from noirburg_desktop.scenes.results import ResultsScene
    from noirburg_desktop.scenes.rules import RulesScene
    from noirburg_desktop.scenes.settings import SettingsScene
    from noirburg_desktop.table.scene import TableScene
    from noirburg_desktop.words import strings
    from noirburg_sim.tutorial_screenshot import render_step

    tag = f"{SIZE[0]}x{SIZE[1]}"
    paths = [render_step(out / f"{lang}-lesson-first-{tag}.png", "swap", lang, SIZE)]
    pygame.quit()
    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=data, size=SIZE, fullscreen=False)
        app.settings.language = lang
        app.start()
        strings.set_language(lang)

        def shot(name: str) -> None:
            app.run_frames(3)
            if not every and name in ("handoff", "rules", "results", "newgame"):
                return  # build/screenshots_i18n.py makes these, in both languages
            p = out / f"{lang}-{name}-{tag}.png"
            app.screenshot(p)
            paths.append(p)

        try:
            # the hand-off card between two human seats
            table = app.push(TableScene(), TableEntry(_session(3, 3), threaded_ai=False))
            shot("handoff")
            app.pop()
            # a Business card zoomed (the keyboard's Z), mid-game
            session = _session(3, 1, steps=80)
            table = app.push(TableScene(), TableEntry(session, threaded_ai=False))
            assert isinstance(table, TableScene)
            table.ctrl.presenter.skip_all()
            st = session.state
            business = next(
                (c for s in st.seats for c in s.buildings if CARDS[c].kind == Kind.BUSINESS), None
            )
            if business is None:
                business = next(c for c in st.seats[0].hand if CARDS[c].kind == Kind.BUSINESS)
            table.card_focus.card = business
            table.card_focus.zoom = True
            shot("business-zoom")
            app.pop()
            # Rules: first section, the last section (the longest title) and a linked rule
            rules = app.push(RulesScene(), RulesEntry("R-HIDE-ATK-5"))
            shot("rules")
            assert isinstance(rules, RulesScene)
            rules.choose(len(rules.sections) - 1)
            bar = rules.nav_list.scroll_bar if rules.nav_list is not None else None
            if bar is not None:  # the list scrolled down to the chosen (last) section
                bar.set_scroll_from_start_percentage(1.0)
            shot("rules-last")
            app.pop()
            # Load: an autosave, a Save-button save, a damaged file
            app.storage.autosave(_session(4, 1, seed=5, steps=120))
            app.storage.save(_session(3, 1, seed=6, steps=200))
            (app.storage.saves_dir / "broken.json").write_text("{not json", encoding="utf-8")
            load = app.push(LoadScene())
            assert isinstance(load, LoadScene)
            shot("load")
            load.on_delete()  # the delete button asks first
            shot("load-confirm")
            app.pop()
            app.push(ResultsScene(), SessionEntry(_session(4, 0, seed=9, steps=40000)))
            shot("results")
            app.pop()
            app.push(NewGameScene())
            shot("newgame")
            app.pop()
            app.push(SettingsScene())
            shot("settings")
            app.pop()
        finally:
            app.shutdown()
    return paths


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--lang", default="tr")
    ap.add_argument("--all", action="store_true", help="also the screens screenshots_i18n makes")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.lang.split(","):
        for p in render(lang, out, args.all):
            print(p)


if __name__ == "__main__":
    main()
