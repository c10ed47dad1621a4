"""The guided first game ("Learn to play", issue 14), played through posted events.

The learner's moves are made with the table's real gestures (`Gestures` from
test_table_play: drags, clicks, keys) aimed at what the coach outlines; the
opponents are the script's. Checked: the lesson ends in Results with the learner
winning on the countdown, in English and Turkish; an off-script move is refused
with a nudge and an illegal one with the engine's reason plus the nudge; leaving
and coming back resumes at the same step; the progress file is written atomically
and cleared at the end.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import engine
from engine import actions as A
from noirburg_desktop.app import App
from noirburg_desktop.persist.storage import AI_SPEEDS, REACTION_POLICIES
from noirburg_desktop.scenes.results import ResultsScene
from noirburg_desktop.scenes.title import TitleScene
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.tutorial import progress
from noirburg_desktop.tutorial.coach import TutorialCoach
from noirburg_desktop.tutorial.script import G3, STEPS, YOU, in_hand
from noirburg_desktop.words import strings
from tests.app.conftest import Driver
from tests.app.test_table_play import Gestures


def coach_of(scene: TableScene) -> TutorialCoach:
    """The lesson's coach (the table knows it only as a `Lesson`)."""
    assert isinstance(scene.coach, TutorialCoach)
    return scene.coach


def step_name(scene: TableScene) -> str:
    """The lesson's step now ("end" after the last)."""
    step = coach_of(scene).step
    return step.name if step is not None else "end"


@pytest.fixture(autouse=True)
def _fast_frames(no_sleep_clock: None) -> None:
    """Frames are driven with explicit dt; the frame-rate sleep would only cost time."""


def open_lesson(app: App, drive: Driver, lang: str = "en", speed: str = "fast") -> TableScene:
    app.settings.language = lang
    strings.set_language(lang)
    app.settings.ai_speed = speed
    app.reset_to(TitleScene())
    drive.frames(2)
    drive.click(drive.widget("learn"))
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.coach is not None
    return scene


def play_steps(app: App, drive: Driver, scene: TableScene, upto: int, texts: list[str]) -> None:
    """Make the outlined move of every step below `upto` (the quick end: to Results)."""
    gestures = Gestures(app, drive)
    coach = coach_of(scene)
    for _ in range(4000):
        if app.scene is not scene or coach.index >= upto or scene.end.shown:
            return  # the lesson is over (its final board waits for "See the results")
        want = coach.wanted()
        if want is not None and scene.ctrl.my_turn() and scene.ctrl.presenter.idle:
            texts.append(coach.body())
            assert scene.layout is not None
            assert coach.target_rects(scene.layout, scene.hits), coach.step
            before = coach.index
            gestures.perform(want)
            assert coach.index == before + 1 or isinstance(want, A.StartAttack), (
                coach.step,
                scene.ctrl.toast,
            )
        else:
            app.step(0.1)
    raise AssertionError(f"the lesson stalled at {coach.step}")


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_guided_game_completes_through_real_input(
    app: App, drive: Driver, data_dir: Path, lang: str
) -> None:
    scene = open_lesson(app, drive, lang)
    texts: list[str] = []
    play_steps(app, drive, scene, len(STEPS) + 1, texts)
    for _ in range(3000):  # the quick end plays the countdown out
        if isinstance(app.scene, ResultsScene):
            break
        if scene.end.shown:
            drive.key(pygame.K_SPACE)  # the final board: "See the results" (#20)
        app.step(0.1)
    assert isinstance(app.scene, ResultsScene)
    st = scene.ctrl.state
    result = engine.outcome(st)
    assert result is not None and result.winners == (YOU,) and result.method == "countdown"
    assert st.seats[YOU].trophies and not st.seats[2].alive
    assert len(texts) >= len(STEPS) - 2  # every step's words were on screen
    assert not any(x.startswith("[") for x in texts)
    english = {strings.EN[f"tut.s.{s.name}"] for s in STEPS}
    if lang == "tr":
        assert not english & set(texts), "a coach text was shown untranslated"
    assert not progress.path(data_dir).exists()  # the lesson is complete: nothing to resume


def test_wrong_moves_get_the_refusal_and_a_nudge(app: App, drive: Driver) -> None:
    scene = open_lesson(app, drive)
    play_steps(app, drive, scene, 1, [])  # the swap
    for _ in range(50):
        if coach_of(scene).wanted() is not None and scene.ctrl.my_turn():
            break
        app.step(0.1)
    assert step_name(scene) == "open_top"
    st = scene.ctrl.state
    n = len(scene.ctrl.session.actions)
    drive.key(pygame.K_SPACE)  # legal (end phase D) but not the step
    assert len(scene.ctrl.session.actions) == n
    assert scene.ctrl.toast == strings.t("tut.nudge")
    # illegal: a Gangster 3 (costs 2, strength 3) onto the Moonshine Still is not in play;
    # onto the Hideout it costs 2 of 3 coins — legal, refused as off-script
    g = Gestures(app, drive)
    g3 = in_hand(st, YOU, G3)
    hideout = st.seats[YOU].hideout
    assert g3 is not None and hideout is not None
    from tests.app.test_table_play import grab

    drive.drag(grab(g._hand_card(g3)), g._column(hideout))
    assert len(scene.ctrl.session.actions) == n
    assert strings.t("tut.nudge") in scene.ctrl.toast
    # illegal: the Gangster 3 dropped on another player's Hideout
    theirs = st.seats[1].hideout
    assert theirs is not None
    drive.drag(grab(g._hand_card(g3)), g._column(theirs))
    assert len(scene.ctrl.session.actions) == n
    assert strings.t("tut.nudge") in scene.ctrl.toast and "R-" in scene.ctrl.toast
    assert step_name(scene) == "open_top"
    drive.key(pygame.K_h)  # the Hint points at the lesson's move, not at a bot's idea
    assert scene.ctrl.toast == strings.t("tut.hint")
    assert scene.hint_action == coach_of(scene).wanted()


def test_leave_and_resume(app: App, drive: Driver, data_dir: Path) -> None:
    scene = open_lesson(app, drive)
    play_steps(app, drive, scene, 4, [])
    done = coach_of(scene).index
    history = list(scene.ctrl.session.actions)
    assert progress.path(data_dir).exists()
    assert not list(data_dir.glob(".tutorial.json.*.tmp"))  # atomic: no temp left behind
    lay = scene.layout
    assert lay is not None
    drive.click(lay.buttons["menu"])
    assert isinstance(app.scene, TitleScene)
    assert drive.element("learn").text == strings.t("title.learn_resume")
    drive.click(drive.widget("learn"))
    again = app.scene
    assert isinstance(again, TableScene) and again is not scene
    assert again.ctrl.session.actions == history
    assert coach_of(again).index == done
    play_steps(app, drive, again, done + 2, [])


def test_undo_takes_the_lesson_back_a_step(app: App, drive: Driver) -> None:
    scene = open_lesson(app, drive)
    play_steps(app, drive, scene, 3, [])  # swap, Speakeasy on the Hideout, Gangster 2 on it
    assert step_name(scene) == "open_still"
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.frames(1)
    assert step_name(scene) == "open_g2"  # the outline points at the Gangster 2 again
    play_steps(app, drive, scene, 4, [])
    assert step_name(scene) == "open_g1"


def test_every_step_is_a_legal_move_when_it_comes() -> None:
    """Pure engine: the script reaches each step in order, and the move it asks for is
    among `legal_actions` right then (the opponents' moves are chosen from them too)."""
    from noirburg_desktop.tutorial.coach import TutorialCoach
    from noirburg_sim.tutorial_screenshot import play_to

    for step in STEPS:
        session = play_to(step.name)
        coach = TutorialCoach(session)
        assert coach.step is step
        want = coach.wanted()
        assert want is not None
        st = session.state
        assert engine.canonical(st, want) in engine.legal_actions(st), step.name
        assert session.verify_replay()


def test_the_deal_is_the_scripts() -> None:
    """The arranged start: the learner's six cards, the deck's top, the forced dice; and
    the engine's own strict loader accepts it."""
    from engine.cards import CARDS
    from noirburg_desktop.tutorial.script import DICE, start_state

    st = start_state()
    names = sorted(str(CARDS[c]) for c in st.seats[YOU].hand)
    assert names == sorted(
        [
            "Speakeasy (3)",
            "Gangster 2",
            "Moonshine Still (1)",
            "Gangster 1",
            "Gangster 3",
            "Poker Night",
        ]
    )
    assert [str(CARDS[c]) for c in reversed(st.deck[-2:])] == ["Bribe", "Drive-by"]
    assert tuple(st.forced_dice) == DICE
    assert "forced_dice" not in engine.to_json(engine.view(st, 1))  # hidden from the bots


def test_the_draw_step_outlines_the_deck_not_card_number_one(app: App, drive: Driver) -> None:
    """Draw(1) names no card: its 1 is a count. The playtest saw step 7 ("draw one
    card") outline Vito's Hideout, card id 1, instead of only the deck."""
    scene = open_lesson(app, drive)
    upto = next(i for i, s in enumerate(STEPS) if s.name == "draw1")
    play_steps(app, drive, scene, upto, [])
    coach = coach_of(scene)
    assert coach is not None and coach.step is not None and coach.step.name == "draw1"
    lay = scene.layout
    assert lay is not None
    rects = coach.target_rects(lay, scene.hits)
    assert lay.deck in rects
    card_one = scene.hits.rect_of(1)
    assert card_one is None or all(not r.colliderect(card_one) for r in rects), rects


# --- issue 20: the lesson owns its pacing --------------------------------------------------


@pytest.mark.parametrize("reactions", REACTION_POLICIES)
@pytest.mark.parametrize("speed", AI_SPEEDS)
def test_the_lesson_completes_at_every_speed_and_reaction_setting(
    app: App, drive: Driver, speed: str, reactions: str
) -> None:
    """Issue 20: at AI speed Instant the lesson locked up at the Bribe step (Vito's Police
    resolved in the same frame, the learner never asked). The lesson keeps its own pace
    (Normal, or Slow when chosen) and asks for its Bribe whatever Settings → Reactions
    says, and only for it."""
    app.settings.reactions = reactions
    app.settings.reaction_window_s = 5
    scene = open_lesson(app, drive, speed=speed)
    assert scene.ctrl.ai_speed == ("slow" if speed == "slow" else "normal")
    asked: list[str] = []
    real = scene.ctrl.lesson_ask
    assert real is not None

    def spy() -> bool:
        got = real()
        asked.append(step_name(scene))
        return got

    scene.ctrl.lesson_ask = spy
    play_steps(app, drive, scene, len(STEPS) + 1, [])
    for _ in range(3000):
        if isinstance(app.scene, ResultsScene):
            break
        if scene.end.shown:
            drive.key(pygame.K_SPACE)  # the final board: "See the results" (#20)
        app.step(0.1)
    assert isinstance(app.scene, ResultsScene)
    assert "bribe" in asked


@pytest.mark.parametrize("how", ["click", "F5"])
def test_restart_lesson_starts_again_from_the_deal(
    app: App, drive: Driver, data_dir: Path, how: str
) -> None:
    """Issue 20: the coach panel offers "Restart lesson" (a click, or F5): the progress
    is dropped and the lesson starts again at its first step, in place of the old one."""
    scene = open_lesson(app, drive)
    play_steps(app, drive, scene, 4, [])
    assert coach_of(scene).index == 4 and progress.path(data_dir).exists()
    depth = len(app.stack)
    drive.frames(1)
    if how == "click":
        assert coach_of(scene).restart_rect.w > 0
        drive.click(coach_of(scene).restart_rect)
    else:
        drive.key(pygame.K_F5)
    again = app.scene
    assert isinstance(again, TableScene) and again is not scene and again.coach is not None
    assert len(app.stack) == depth
    assert coach_of(again).index == 0 and not again.ctrl.session.actions
    drive.frames(2)
    assert coach_of(again).step is STEPS[0]
    play_steps(app, drive, again, 2, [])  # and it plays on


def test_the_bribe_is_asked_even_when_the_opponents_play_at_once(app: App, drive: Driver) -> None:
    """The lock-up's cause: the lesson decided "pass for the learner" once per frame,
    before the table ran, so a Police played and put to the learner in the same frame
    (Instant) was passed for them. The lesson now answers at the moment it is asked;
    here its opponents are forced to Instant, past its own pacing."""
    scene = open_lesson(app, drive, speed="instant")
    scene.ctrl.ai_speed = "instant"
    play_steps(app, drive, scene, len(STEPS) + 1, [])
    for _ in range(3000):
        if isinstance(app.scene, ResultsScene):
            break
        if scene.end.shown:
            drive.key(pygame.K_SPACE)  # the final board: "See the results" (#20)
        app.step(0.1)
    assert isinstance(app.scene, ResultsScene)


def test_step_24_shows_only_the_raid_being_launched(app: App, drive: Driver) -> None:
    """Issue 20 item 4: at step 24 (Launch the raid on Lucia's Hideout) the table drew
    the die of the Drive-by two turns back beside the bank, as if the raid's ransom were
    already rolled. A new turn clears the last fight's dice; what is outlined and
    previewed is the raid itself: Lucia's Hideout, Gangster 3 and Gangster 1."""
    from engine.cards import KIND, VALUE
    from noirburg_desktop.tutorial.script import G1

    scene = open_lesson(app, drive)
    launch = next(i for i, s in enumerate(STEPS) if s.name == "raid_launch")
    play_steps(app, drive, scene, launch, [])
    for _ in range(50):  # the story of the turns before plays out
        app.step(0.1)
    assert step_name(scene) == "raid_launch"
    assert coach_of(scene).heading().startswith("Lesson · step 24 ")
    st = scene.ctrl.state
    lucia = st.seats[2].hideout
    model = scene.model()
    assert model.dice == (0, 0), "a die from an earlier fight is still drawn"
    target, sent = model.attack
    assert target == lucia
    assert sorted((KIND[c], VALUE[c]) for c in sent) == sorted([G3, G1])
    preview = [text for text, _ in model.advice if text.startswith("Strength ")]
    assert preview and preview[0].startswith("Strength 4 vs defence 3")
