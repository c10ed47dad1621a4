"""A picture of one lesson step (docs/screenshots/tutorial-*.png).

`play_to` runs the guided game without a screen up to a step (the learner's
outlined moves, the scripted opponents, quiet passes); `render_step` saves that
position as the lesson's progress and opens it the way "Learn to play" resumes
it, in a real App, then saves one frame.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import engine
from engine.actions import Pass
from noirburg_desktop.session import GameSession
from noirburg_desktop.tutorial import progress
from noirburg_desktop.tutorial.coach import TutorialCoach
from noirburg_desktop.tutorial.script import YOU, opponent_move, quiet_move
from noirburg_desktop.tutorial.texts import t


def play_to(step: str, names: tuple[str, str, str] = ("You", "Vito", "Lucia")) -> GameSession:
    """The guided game up to the moment `step` is the learner's to play."""
    session = progress.new_session(names)
    coach = TutorialCoach(session)
    for _ in range(2000):
        st = session.state
        cur = coach.step
        if cur is not None and cur.name == step and coach.wanted() is not None:
            return session
        legal = engine.legal_actions(st)
        if st.to_act == YOU:
            want = coach.wanted()
            action = (
                want if want is not None else (Pass() if Pass() in legal else quiet_move(legal))
            )
        else:
            seat = st.to_act
            assert seat is not None
            action = opponent_move(engine.view(st, seat), seat, legal)
        session.apply(engine.canonical(st, action))
        coach.sync()
    raise LookupError(f"no step {step!r} in the lesson")


def render_step(
    path: str | os.PathLike[str], step: str, lang: str = "en", size: tuple[int, int] = (1280, 800)
) -> Path:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from noirburg_desktop.app import App
    from noirburg_desktop.tutorial.lesson import start_lesson
    from noirburg_desktop.words import strings

    with tempfile.TemporaryDirectory(prefix="noirburg-lesson-") as tmp:
        app = App(data_dir=tmp, size=size, fullscreen=False)
        app.settings.language = lang
        app.start()
        try:
            strings.set_language(lang)
            names = (t("tut.you"), t("tut.vito"), t("tut.lucia"))
            progress.save(Path(tmp), play_to(step, names))
            start_lesson(app)
            app.run_frames(40, 0.05)
            out = Path(path)
            app.screenshot(out)
        finally:
            app.shutdown()
    return out


if __name__ == "__main__":  # python -m noirburg_sim.tutorial_screenshot
    docs = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    for code in ("en", "tr"):
        print(render_step(docs / f"tutorial-{code}.png", "attack", code))
