"""Whole games and every action kind through posted mouse and keyboard events.

`Gestures.perform` turns one legal action into the gesture the table expects
(drag a hand card onto a building, drag a gangster, click the deck and press
a number, Space for next phase / pass, Esc to call an attack off...) and
checks that the engine received exactly that action. Nothing here calls the
controller to act: if a gesture cannot express an action, the test fails.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest
from pygame import Rect

import engine
from engine import actions as A
from engine.legality import canonical
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table import texts
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.pacing import CURTAIN_CALM_S
from noirburg_desktop.table.scene import TableScene
from tests.app.conftest import Driver


@pytest.fixture(autouse=True)
def _fast_frames(no_sleep_clock: None) -> None:
    """Every test here passes dt itself; the frame-rate sleep would only cost time."""


def grab(r: Rect) -> tuple[int, int]:
    """A point on a card that no neighbour covers (fanned hands overlap on the right)."""
    return (r.x + min(10, r.w // 4), r.y + r.h // 2)


class Gestures:
    """Maps a legal action onto the gesture a player would make for it."""

    def __init__(self, app: App, drive: Driver) -> None:
        self.app, self.drive = app, drive
        self.kinds: set[str] = set()  # action kinds performed so far
        self.questions: set[str] = set()

    @property
    def scene(self) -> TableScene:
        s = self.app.scene
        assert isinstance(s, TableScene)
        return s

    def _hand(self, card: int) -> Rect:
        return dict(self.scene.hits.hand)[card]

    def _hand_card(self, cards: tuple[int, ...] | int) -> Rect:
        """The rect of an identical copy in hand (the engine lists one per kind)."""
        st = self.scene.ctrl.state
        want = cards if isinstance(cards, int) else cards[0]
        hand = dict(self.scene.hits.hand)
        if want in hand:
            return hand[want]
        from engine.legality import SIG

        assert st.to_act is not None  # a gesture is someone's
        for c, r in hand.items():
            if SIG[c] == SIG[want] and c in st.seats[st.to_act].hand:
                return r
        raise AssertionError(f"card {want} not in the drawn hand")

    def _gang(self, g: int) -> tuple[int, int]:
        """A gangster's visible strip: the next one on the building covers the rest."""
        r = self.scene.hits.gangsters[g]
        return (r.x + r.w // 3, r.y + 5)

    def _column(self, building: int) -> tuple[int, int]:
        r = self.scene.hits.columns[building]
        return (r.centerx, r.y + min(r.h - 4, int(r.w * 0.5)))

    def _stack_overlap(self, building: int) -> pygame.Rect | None:
        """Where a Hideout's column and its top Business's column overlap, if any."""
        cols = self.scene.hits.columns
        for s in self.scene.ctrl.state.seats:
            if s.top is not None and s.hideout is not None and building in (s.hideout, s.top):
                a, b = cols.get(s.hideout), cols.get(s.top)
                if a is not None and b is not None:
                    clip = a.clip(b)
                    return clip if clip.w > 2 and clip.h > 2 else None
        return None

    def _empty_board_point(self) -> tuple[int, int]:
        sc = self.scene
        lay = sc.layout
        assert lay is not None
        area = lay.seats[sc.ctrl.viewer].board
        for y in range(area.bottom - 6, area.y, -12):
            for x in range(area.x + 4, area.right, 12):
                p = (x, y)
                target = sc.target_at(p)
                if target is not None and target.kind == "board":
                    return p
        raise AssertionError("no empty spot on the board")

    def _answer(self, key: int) -> None:
        q = self.scene.question
        assert q is not None, "expected a question"
        self.questions.add(q.title)
        self.drive.key(key)

    def perform(self, action: A.Action) -> None:
        """Make the gesture for `action` and check the engine got it."""
        sc = self.scene
        ctrl = sc.ctrl
        if sc.layout is None:
            self.drive.frames(1)  # nothing drawn yet: nothing to aim at
        st = ctrl.state
        assert ctrl.my_turn(), "gesture while the table does not take input"
        want = canonical(st, action)
        n_before = len(ctrl.session.actions)
        drive = self.drive
        lay = sc.layout
        assert lay is not None
        seq: list[A.Action] = [want]
        if isinstance(action, A.Mulligan):
            for c in action.cards:
                drive.click(grab(self._hand_card(c)))
            drive.key(pygame.K_RETURN)
        elif isinstance(action, A.EndPhase) and st.phase is engine.Phase.DRAW:
            drive.key(pygame.K_0)  # phase G: Space takes the free card; 0 ends without
        elif isinstance(action, (A.EndPhase, A.Pass, A.LaunchAttack)):
            if isinstance(action, A.EndPhase) and ctrl.guard_active():
                self.app.step(2.0)  # the engine just moved on by itself: read where first
            drive.key(pygame.K_SPACE)
        elif isinstance(action, A.CancelAttack):
            drive.key(pygame.K_ESCAPE)
        elif isinstance(action, A.Draw):
            drive.click(lay.deck)
            assert sc.draw_menu
            drive.key(pygame.K_0 + action.count)
        elif isinstance(action, A.MoveGangster):
            drive.drag(self._gang(action.gangster), self._column(action.to))
        elif isinstance(action, A.DiscardGangster):
            drive.drag(self._gang(action.gangster), lay.discard.center)
        elif isinstance(action, A.AddAttacker):
            assert st.attack_target is not None
            drive.drag(self._gang(action.gangster), self._column(st.attack_target))
        elif isinstance(action, A.StartAttack):
            g = next(a.gangster for a in _legal_after(st, action) if isinstance(a, A.AddAttacker))
            seq = [want, A.AddAttacker(g)]
            # where the Hideout and the Business on top overlap the drop cannot say
            # which (the question); elsewhere it does (tests/app/test_drop_on_stack.py)
            both = self._stack_overlap(action.target)
            drive.drag(self._gang(g), both.center if both else self._column(action.target))
            if sc.question is not None:
                hideouts = {s.hideout for s in st.seats}
                self._answer(pygame.K_h if action.target in hideouts else pygame.K_b)
        elif isinstance(action, A.OpenCard):
            end = self._empty_board_point() if action.on is None else self._column(action.on)
            drive.drag(grab(self._hand_card(action.card)), end)
        elif isinstance(action, A.MoveHideout):
            assert st.to_act is not None
            h = st.seats[st.to_act].hideout
            assert h is not None
            end = self._empty_board_point() if action.under is None else self._column(action.under)
            r = sc.hits.buildings[
                h
            ]  # by its top-left: gangsters and the top Business cover the rest
            drive.drag((r.x + 6, r.y + 8), end)
        elif isinstance(action, A.Discard):
            drive.drag(grab(self._hand_card(action.card)), lay.discard.center)
        elif isinstance(action, A.PlayPolice):
            drive.drag(grab(self._hand_card(action.card)), self._column(action.business))
            if sc.question is not None:
                self._answer(pygame.K_p)
        elif isinstance(action, (A.StopAttack, A.PlayBribe, A.PlayPokerNight)):
            drive.drag(grab(self._hand_card(action.card)), lay.center.center)
        elif isinstance(action, A.PlayDriveBy):
            drive.drag(grab(self._hand_card(action.cards)), self._column(action.target))
            if sc.question is not None:
                self._answer(pygame.K_0 + len(action.cards))
        elif isinstance(action, A.JoinDriveBy):
            drive.drag(grab(self._hand_card(action.cards)), lay.center.center)
            if sc.question is not None:
                self._answer(pygame.K_0 + len(action.cards))
        elif isinstance(action, A.PlayTurncoat):
            drive.drag(grab(self._hand_card(action.card)), self._gang(action.gangster))
        else:  # pragma: no cover - a new action kind needs a gesture here
            raise AssertionError(f"no gesture for {action!r}")
        got = ctrl.session.actions[n_before:]
        assert len(got) >= len(seq), (action, got, ctrl.toast)
        # Anything after the gesture's own actions is the table passing for unclaimed humans.
        if all(ctrl.is_human(i) for i in range(ctrl.n)):  # else AIs may act in the same frame
            assert all(x["type"] == "Pass" for x in got[len(seq) :]), (action, got)
        for made, w in zip(got, seq, strict=False):  # the session records actions as JSON
            assert made["type"] == type(w).__name__, (action, got)
        if isinstance(action, (A.PlayDriveBy, A.JoinDriveBy)):
            assert len(got[0]["cards"]) == len(action.cards)
        self.kinds.add(type(action).__name__)


def _legal_after(st: engine.GameState, action: A.Action) -> list[A.Action]:
    s = st.clone()
    engine.apply(s, action)
    return engine.legal_actions(s)


def choose(rng: random.Random, legal: list[A.Action]) -> A.Action:
    """Seeded, like a restless player: mostly does something, sometimes moves on."""
    rest = [a for a in legal if not isinstance(a, (A.EndPhase, A.Pass, A.CancelAttack))]
    if rest and rng.random() < 0.65:
        return rng.choice(rest)
    return rng.choice(legal)


def run_table(
    app: App,
    drive: Driver,
    rng: random.Random,
    gestures: Gestures,
    *,
    pick: Callable[[list[A.Action]], A.Action] | None = None,
    max_steps: int = 6000,
    stop: Callable[[], bool] = lambda: False,
    want: set[str] | None = None,
) -> None:
    """Play what the table asks of its humans until the results (or `stop`)."""
    from noirburg_desktop.scenes.results import ResultsScene

    for _ in range(max_steps):
        if isinstance(app.scene, ResultsScene) or stop():
            return
        sc = gestures.scene
        ctrl = sc.ctrl
        if sc.end.shown:
            drive.key(pygame.K_SPACE)  # the final board: "See the results" (#20 item 5)
            continue
        if sc.out.shown(ctrl):
            drive.key(pygame.K_w)  # every human is out: watch (the AIs wait for it, issue 20)
            continue
        if ctrl.handoff is not None or ctrl.note:
            drive.click((12, 12))
            continue
        p = ctrl.presenter
        st = ctrl.state
        if p.bar is not None and ctrl.claimant is None and ctrl.poll is None:
            asked = st.to_act if st.window is not None else None
            if asked is not None and ctrl.is_human(asked):
                legal = engine.legal_actions(st)
                missing = (want or set()) - gestures.kinds
                eager = any(type(a).__name__ in missing for a in legal)
                if any(not isinstance(a, A.Pass) for a in legal) and (eager or rng.random() < 0.5):
                    drive.key(pygame.K_r)
                    if ctrl.choosing_claim:
                        drive.key(pygame.K_1 + asked)
                    continue
            app.step(0.25)
            continue
        if ctrl.my_turn():
            legal = ctrl.legal()
            missing = (want or set()) - gestures.kinds
            fresh = [a for a in legal if type(a).__name__ in missing]
            if fresh:
                gestures.perform(rng.choice(fresh))
            else:
                gestures.perform(pick(legal) if pick else choose(rng, legal))
            continue
        app.step(0.1)
    raise AssertionError("the table stalled")


def humans(n: int, seed: int) -> GameSession:
    names = ("Ayşe", "Mehmet", "Zeynep", "Emre", "Elif", "Burak")
    configs = [SeatConfig(names[i], SEAT_COLOURS[i], "human") for i in range(n)]
    return GameSession.new(configs, seed=seed)


def test_three_human_hotseat_game_to_results_by_gestures_only(app: App, drive: Driver) -> None:
    from noirburg_desktop.scenes.results import ResultsScene

    app.settings.reaction_window_s = 1
    session = humans(3, seed=21)
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    g = Gestures(app, drive)
    run_table(app, drive, random.Random(4), g)
    assert isinstance(app.scene, ResultsScene)
    assert session.finished and session.verify_replay()
    core = {"Mulligan", "EndPhase", "OpenCard", "Discard", "Draw", "StartAttack", "LaunchAttack"}
    assert core <= g.kinds, g.kinds


ALL_KINDS = {
    "Mulligan", "EndPhase", "MoveGangster", "DiscardGangster", "StartAttack", "AddAttacker",
    "LaunchAttack", "CancelAttack", "OpenCard", "MoveHideout", "Discard", "Draw", "PlayPolice",
    "StopAttack", "PlayBribe", "PlayDriveBy", "JoinDriveBy", "PlayTurncoat", "PlayPokerNight",
    "Pass",
}  # fmt: skip


def test_every_action_kind_is_reachable_by_gestures(app: App, drive: Driver) -> None:
    """Hotseat games where each human reaches first for what has not been done yet."""
    app.settings.reaction_window_s = 1
    g = Gestures(app, drive)
    for seed in range(30):
        if g.kinds >= ALL_KINDS:
            break
        app.reset_to(TableScene(), TableEntry(humans(4, seed=100 + seed), threaded_ai=False))
        run_table(
            app, drive, random.Random(seed), g, want=ALL_KINDS, stop=lambda: g.kinds >= ALL_KINDS
        )
    assert g.kinds >= ALL_KINDS, ALL_KINDS - g.kinds


def test_questions_hideout_or_top_and_driveby_count(app: App, drive: Driver) -> None:
    """R-HIDE-ATK-1 asks H/B; R-DRIVEBY-2 asks how many when several are in hand."""
    from noirburg_desktop.table.texts import t

    app.settings.reaction_window_s = 1
    g = Gestures(app, drive)
    how_many = t("table.how_many_driveby", most=9).split("·")[0]  # its range varies

    def asked_both() -> bool:
        hb = t("table.which_target") in g.questions
        return hb and any(q.startswith(how_many) for q in g.questions)

    def pick_rich(legal: list[A.Action]) -> A.Action:
        hb = [a for a in legal if isinstance(a, A.StartAttack) and _has_top(g, a.target)]
        many = [a for a in legal if isinstance(a, A.PlayDriveBy) and len(a.cards) > 1]
        return (hb or many or [choose(rng, legal)])[0]

    rng = random.Random(1)
    for seed in range(40):
        if asked_both():
            break
        app.reset_to(TableScene(), TableEntry(humans(3, seed=300 + seed), threaded_ai=False))
        run_table(app, drive, rng, g, pick=pick_rich, stop=asked_both)
    assert asked_both(), g.questions
    assert not any(q.startswith(how_many) and "1–9" in q for q in g.questions)  # real range


def _has_top(g: Gestures, target: int) -> bool:
    st = g.scene.ctrl.state
    return any(s.top is not None and target in (s.hideout, s.top) for s in st.seats)


def test_undo_takes_an_opening_back(app: App, drive: Driver) -> None:
    configs = [SeatConfig("Ayşe", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate(("Bo", "Cy"))]
    session = GameSession.new(configs, seed=8)
    app.settings.reaction_window_s = 1
    app.settings.ai_speed = "instant"
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    g = Gestures(app, drive)
    ctrl = g.scene.ctrl
    for _ in range(2000):
        if ctrl.my_turn() and any(isinstance(a, A.OpenCard) for a in ctrl.legal()):
            break
        if ctrl.my_turn():
            g.perform(next((a for a in ctrl.legal() if isinstance(a, A.Mulligan)), A.EndPhase()))
        app.step(0.1)
    opening = next(a for a in ctrl.legal() if isinstance(a, A.OpenCard))
    before = engine.to_json(ctrl.state)
    g.perform(opening)
    assert engine.to_json(ctrl.state) != before
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert engine.to_json(ctrl.state) == before


def test_always_ask_polls_every_other_human_with_identical_handoffs(
    app: App, drive: Driver
) -> None:
    """Settings → Reactions "Ask at every chance" (the old `always_ask_reactions` key):
    after a bar each human but the opener gets the same hand-off; the table then shows
    the engine's question or a private note."""
    app.settings.reaction_window_s = 1
    app.settings.reactions = "always"
    session = humans(3, seed=5)
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    g = Gestures(app, drive)
    ctrl = g.scene.ctrl
    assert ctrl.always_ask
    seen: list[tuple[int, str, str]] = []
    for _ in range(400):  # the three mulligans, then the first player's turn to its end
        if ctrl.handoff is not None:
            seen.append((ctrl.handoff.seat, ctrl.handoff.why, ctrl.handoff.message))
            app.run_frames(int(CURTAIN_CALM_S * 60) + 2)  # read it, then click
            drive.click((12, 12))
            if ctrl.note:
                app.run_frames(int(CURTAIN_CALM_S * 60) + 2)  # read the note, then click
                drive.click((12, 12))
            elif ctrl.my_turn() and ctrl.state.window is not None:
                drive.key(pygame.K_SPACE)  # asked: pass
            continue
        if ctrl.my_turn() and ctrl.state.window is None:
            st = ctrl.state
            if st.turn >= 1:
                break
            g.perform(A.Mulligan() if st.phase.name == "MULLIGAN" else A.EndPhase())
            continue
        app.step(0.25)
    polls = [s for s in seen if s[1] == "react"]
    opener = 0 if not polls else (polls[0][0] - 1) % 3
    assert len(polls) >= 2 and {s for s, _, _ in polls[:2]} == {0, 1, 2} - {opener}
    # The screen itself never tells whether there is something to play.
    assert all(why == "react" for _, why, _ in polls)


def test_threaded_ai_keeps_frames_coming_and_shows_thinking(app: App, drive: Driver) -> None:
    """Hard bots think on a worker thread: every frame returns quickly meanwhile."""
    import time

    from noirburg_desktop.table import ai_driver

    real = ai_driver.choose_action

    def slow(*args: object, **kw: object) -> tuple[A.Action, str]:
        time.sleep(0.3)  # a Hard bot on a slow machine
        return real(*args, **kw)  # type: ignore[arg-type]

    configs = [SeatConfig(n, SEAT_COLOURS[i], "hard") for i, n in enumerate(("A", "B", "C"))]
    session = GameSession.new(configs, seed=4)
    app.settings.ai_speed = "fast"
    ai_driver.choose_action = slow
    try:
        app.push(TableScene(), TableEntry(session))
        scene = app.scene
        assert isinstance(scene, TableScene)
        ctrl = g_ctrl = scene.ctrl
        app.run_frames(10)  # first frames scale the card art once
        worst, thinking_frames = 0.0, 0
        t_end = time.perf_counter() + 30  # generous: a loaded CI machine is slow, not frozen
        while time.perf_counter() < t_end and len(session.actions) < 4:
            t0 = time.perf_counter()
            app.step(1 / 60)
            worst = max(worst, time.perf_counter() - t0)
            thinking_frames += ctrl.ai.busy and ctrl.think_t > 0.2
        assert len(session.actions) >= 3, "the AI never decided"
        # A frozen window would show one frame at least as long as the 0.3 s think.
        assert thinking_frames > 5 and worst < 0.25, (thinking_frames, worst)
        assert g_ctrl.ai.threaded
    finally:
        ai_driver.choose_action = real


def walk_to_phase_g(session: GameSession, seat: int, draws: int = 1) -> None:
    """Play the engine straight on (pass in windows, one discard a turn for room in
    hand, end the phases) until `seat` is in phase G with `draws` draw sizes listed."""
    st = session.state
    for _ in range(3000):
        legal = engine.legal_actions(st)
        listed = sum(isinstance(a, A.Draw) for a in legal)
        at_g = st.phase is engine.Phase.DRAW and st.window is None and st.active == seat
        if at_g and listed >= draws:
            return
        discards = [a for a in legal if isinstance(a, A.Discard)]
        if st.window is not None:
            session.apply(legal[-1])  # Pass
        elif discards and st.discarded_this_turn == 0:
            session.apply(discards[0])  # room in hand for the draw
        elif A.EndPhase() in legal and st.phase is not engine.Phase.MULLIGAN:
            session.apply(A.EndPhase())
        else:
            session.apply(legal[0])
    raise AssertionError(f"never reached seat {seat}'s phase G")


def _table_at_phase_g(app: App, drive: Driver) -> TableScene:
    """A table where the lone human (seat 0) is in phase G with the free card listed:
    the engine is walked there directly (keep hands, pass, end phases)."""
    configs = [SeatConfig("Ada", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate(("B", "C"))]
    session = GameSession.new(configs, seed=5)
    walk_to_phase_g(session, 0)
    app.settings.ai_speed = "instant"
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    for _ in range(200):
        app.step(0.05)
        if scene.ctrl.my_turn():
            break
    assert scene.ctrl.my_turn()
    return scene


def test_space_in_phase_g_takes_the_free_card_and_0_ends_without(app: App, drive: Driver) -> None:
    """R-DRAW-1/2: in phase G the main button (and Space) draws the free card, which
    ends the turn; a player who wants no card presses 0 or picks "none" from the deck
    (playtest: one Space in phase G used to end the turn and lose the free card)."""
    for key, drew in ((pygame.K_SPACE, True), (pygame.K_0, False)):
        scene = _table_at_phase_g(app, drive)
        ctrl = scene.ctrl
        turn = ctrl.state.turn
        done = len(ctrl.session.actions)
        label, enabled = ctrl.next_label()
        assert enabled and label == texts.t("table.draw_free_end")
        drive.key(key)
        mine = ctrl.session.actions[done]  # the AIs may have moved on since
        assert mine == ({"type": "Draw", "count": 1} if drew else {"type": "EndPhase"})
        assert ctrl.state.turn > turn or ctrl.state.turn_ending  # the turn is over


def test_the_deck_menu_offers_none_to_end_phase_g_without_drawing(app: App, drive: Driver) -> None:
    scene = _table_at_phase_g(app, drive)
    ctrl = scene.ctrl
    lay = scene.layout
    assert lay is not None
    drive.click(lay.deck.center)
    assert scene.draw_menu
    rects = dict(scene._draw_menu_rects())
    assert 0 in rects and 1 in rects  # "none" beside the counts
    done = len(ctrl.session.actions)
    drive.click(rects[0].center)
    assert ctrl.session.actions[done] == {"type": "EndPhase"}
