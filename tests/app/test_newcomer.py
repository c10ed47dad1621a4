"""Issue 20 (items 5, 7, 9): newcomers understand every loss and are not walked into one.

The Hint speaks to the player and names the safer move when the hinted one leaves the
Hideout breakable with a ransom they cannot pay; the danger line says what to do; the
log has one line per AI move; a drop that means nothing says why; two messages never run
together; New game asks before it takes Continue from an unfinished game; a first game
is gentler; prices say coins, never "$".
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import pygame
import pytest

import engine
from engine import actions as A
from engine.bots import hint
from noirburg_desktop.app import App
from noirburg_desktop.look import textprobe
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.advice import danger_line, hint_line
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.entry import Lesson
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.words import strings, wording
from tests.app.app_helpers import table_at_first_turn
from tests.app.conftest import Driver
from tests.engine.test_predict import BOOTLEGGER

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fast_frames(no_sleep_clock: None) -> None:
    """Every test here passes dt itself; the frame-rate sleep would only cost time."""


def _bootlegger_hint(lang: str = "en") -> str:
    strings.set_language(lang)
    try:
        st = engine.GameState.from_text(BOOTLEGGER)
        legal = engine.legal_actions(st)
        action, reason = hint(engine.view(st, 0), legal)
        return hint_line(st, 0, action, reason, ["You", "Lucky", "Bugsy"], legal)
    finally:
        strings.set_language("en")


def test_the_hint_speaks_to_the_player_and_names_the_safer_move() -> None:
    """Playtest 3: "Move the Hideout under Bootlegger" (in the bot's voice) raised the
    ransom from 1–6 to 3–8 with 5 coins, and nothing said so."""
    text = _bootlegger_hint()
    first, warning = text.split("\n")
    assert first == "Hint: Move your Hideout under Bootlegger (2): defence 5"
    assert warning.startswith("Careful: after that Lucky (strength 6) can break your Hideout")
    assert "ransom of 3–8, and you have 5" in warning
    assert warning.endswith("Safer: Leave your Hideout where it is (ransom 1–6, you have 5).")
    tr = _bootlegger_hint("tr")
    assert "\n" in tr and "3–8" in tr and "1–6" in tr
    assert not re.search(r"\b(Careful|Safer|Hint|your|its)\b", tr), tr


def test_the_hint_opens_a_business_in_the_player_s_voice() -> None:
    """ "Open Speakeasy (3) on your Hideout: +3 coins a turn", never "opens … on its"."""
    reason = engine.msg("opens {card} on its Hideout for income", card=engine.CardRef(60))
    st = engine.GameState.from_text("noir phase=D active=0\n0: $9 hand=B3 Ha\n1: Hb\n2: Hc")
    card = st.seats[0].hand[0]
    reason = engine.msg("opens {card} on its Hideout for income", card=engine.CardRef(card))
    hideout = st.seats[0].hideout
    assert hideout is not None
    line = hint_line(st, 0, A.OpenCard(card, hideout), reason, ["A", "B", "C"])
    assert line == "Hint: Open Speakeasy (3) on your Hideout: +3 coins a turn"


def _bot_templates() -> set[str]:
    """Every reason template the bots can give (the literals in engine/bots)."""
    found: set[str] = set()
    for path in (ROOT / "engine" / "bots").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'\bmsgn?\(\s*"((?:[^"\\]|\\.)*)"', text))
    return found


def test_every_bot_reason_has_a_why_for_the_log_and_the_hint() -> None:
    """No reason reaches the player in the bot's own voice ("keeps its hand"): each has
    a why of its own (`wording.WHY`), said to the player where it matters (`WHY_YOU`)."""
    templates = _bot_templates()
    assert len(templates) > 30
    missing = sorted(t for t in templates if t not in wording.WHY)
    assert not missing, missing
    for template, why in {**wording.WHY, **wording.WHY_YOU}.items():
        assert not re.search(r"\bits\b", why), (template, why)


def test_the_danger_line_says_what_to_do_about_it() -> None:
    st = engine.GameState.from_text(BOOTLEGGER)
    line = danger_line(st, 0, ["You", "Lucky", "Bugsy"])
    assert line.startswith("Hideout in danger: defence 3 vs Lucky's 6.")
    assert line.endswith(
        "To be safe, raise its defence by 4 with gangsters on it (a Business on top adds "
        "to the ransom too) or keep 6 coins for the ransom."
    )


def test_every_ai_move_is_one_line_of_the_log_with_its_reason() -> None:
    """Playtest 3: a "» reason" line, then the move's own line, for every AI move: the
    log ran twice as long. Now the reason is folded into the move's line, and Continue
    rebuilds the very same lines."""
    configs = [SeatConfig(n, SEAT_COLOURS[i], "normal") for i, n in enumerate("ABCD")]
    session = GameSession.new(configs, seed=7)
    ctrl = TableController(session, ai_speed="instant", bar_seconds=0.0, threaded_ai=False)
    for _ in range(3000):
        if len(session.actions) > 250 or ctrl.game_over:
            break
        ctrl.update(1 / 60)
    assert len(session.reasons) > 20
    assert not any(line.startswith("\u00bb") for line in ctrl.log)
    folded = [line for line in ctrl.log if " · " in line]
    assert len(folded) >= len(session.reasons) // 2, folded[:5]
    assert any(line.endswith("coins a turn") for line in folded)
    again = TableController(session, ai_speed="instant", bar_seconds=0.0, threaded_ai=False)
    assert again.log[-100:] == ctrl.log[-100:]


def _table(app: App, session: GameSession) -> TableScene:
    scene = table_at_first_turn(app, session)
    assert scene.ctrl.my_turn()
    return scene


def test_a_drop_on_the_empty_table_says_why(app: App, drive: Driver) -> None:
    """Playtest 3: a gangster dropped on the empty table got "Not now" and no reason."""
    configs = [SeatConfig("Ada", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate("BC")]
    scene = _table(app, GameSession.new(configs, seed=3))
    card, rect = scene.hits.hand[0]
    lay = scene.layout
    assert lay is not None
    drive.drag(rect.center, (lay.center.x + 4, lay.center.bottom - 4))  # nothing there
    toast = scene.ctrl.toast
    assert toast and toast != "Not now"
    assert wording.card_name(card) in toast or "(R-" in toast, toast


def test_two_messages_are_two_lines(app: App) -> None:
    """Playtest 3: "…F1: the rule Not this one…": the lesson's nudge ran into the refusal."""

    class Coach:
        def nudge(self) -> str:
            return "Not this one: the lesson asks for the move outlined in gold."

    scene = TableScene()
    configs = [SeatConfig(n, SEAT_COLOURS[i], "human") for i, n in enumerate(("A", "B", "C"))]
    scene._ctrl = TableController(GameSession.new(configs), threaded_ai=False)  # no screen
    scene.coach = cast(Lesson, Coach())  # `_refuse` reads only its nudge
    scene._refuse("That is refused (R-ATK-3)  · F1: the rule")
    first, second = scene.ctrl.toast.split("\n")
    assert first.endswith("F1: the rule") and second.startswith("Not this one")


def test_new_game_asks_before_it_takes_continue_from_an_unfinished_game(
    app: App, drive: Driver
) -> None:
    from noirburg_desktop.scenes.newgame import NewGameScene
    from noirburg_desktop.scenes.title import TitleScene

    title = TitleScene()
    app.push(title)
    drive.frames(2)
    drive.click(drive.widget("new"))  # nothing to lose yet: straight to New game
    first = app.scene  # (a local: the scene changes below)
    assert isinstance(first, NewGameScene)
    app.pop()
    configs = [SeatConfig(n, SEAT_COLOURS[i], "easy") for i, n in enumerate(("A", "B", "C"))]
    session = GameSession.new(configs, seed=2)
    for _ in range(30):
        session.apply(engine.legal_actions(session.state)[0])
    app.saver.open(session)  # the game Continue resumes
    title.resume()
    drive.frames(2)
    drive.click(drive.widget("new"))
    assert app.scene is title and title.asking_new
    drive.frames(2)
    assert "start_new" in title.ui and "new" not in title.ui
    drive.click(drive.widget("keep"))  # Back: nothing happened
    assert app.scene is title and not title.asking_new
    drive.frames(2)
    drive.click(drive.widget("new"))
    drive.key(pygame.K_ESCAPE)  # Esc says no too
    assert not title.asking_new and app.scene is title
    drive.click(drive.widget("new"))
    drive.click(drive.widget("start_new"))
    assert isinstance(app.scene, NewGameScene)
    assert app.storage.latest_autosave() is not None  # still there, still in Load


def test_a_first_game_sets_the_ais_to_easy(app: App, drive: Driver) -> None:
    """Easy never attacks a Hideout: nobody is knocked out in their first game. Once a
    game was played, New game offers that game's choices again (pt4 shot-87: it reset
    them), and a choice changed there is what the next one offers."""
    from noirburg_desktop.scenes.newgame import NewGameScene

    first = NewGameScene()
    app.push(first)
    drive.frames(1)
    assert first.kinds[:4] == ["human", "easy", "easy", "easy"]
    drive.click(drive.widget("start"))
    assert isinstance(app.scene, TableScene)
    app.pop()
    later = NewGameScene()
    app.push(later)
    drive.frames(1)
    assert later.kinds[:4] == ["human", "easy", "easy", "easy"]  # as last played
    later.kinds[1:4] = ["normal"] * 3
    later.start_game()
    assert isinstance(app.scene, TableScene)
    app.pop()
    third = NewGameScene()
    app.push(third)
    drive.frames(1)
    assert third.kinds[:4] == ["human", "normal", "normal", "normal"]


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_prices_say_coins_never_dollars(app: App, drive: Driver, lang: str) -> None:
    """Playtest 3: the draw buttons and the deck's chooser said "$0 $1 $2"."""
    from noirburg_desktop.table.scene_modes import ChoosingDraw
    from tests.app.test_table_play import walk_to_phase_g

    strings.set_language(lang)
    configs = [SeatConfig("Ada", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate("BC")]
    session = GameSession.new(configs, seed=5)
    walk_to_phase_g(session, 0, draws=3)
    scene = _table(app, session)
    assert scene.ctrl.state.phase is engine.Phase.DRAW
    assert app.screen is not None
    app.screen = textprobe.ProbeSurface(app.screen.get_size())
    textprobe.start()
    try:
        scene.mode = ChoosingDraw()
        app.run_frames(2)
        shown = [p.text for p in app.screen.records]
    finally:
        textprobe.stop()
        strings.set_language("en")
    assert not [s for s in shown if "$" in s], shown
    words = ("1 para", "2 para") if lang == "tr" else ("1 coin", "2 coins")
    assert all(w in shown for w in words), shown
