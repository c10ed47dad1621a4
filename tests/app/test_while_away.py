"""Issue 20 item 5 (newcomer playtests): a Business lost almost every round while three
AIs played in 5–8 s, unseen. At the start of their turn a person now reads "While you
waited": what happened to their own things and coins since their last turn."""

from __future__ import annotations

import random
import re

import pygame

import engine
from engine import actions as A
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.ai_driver import choose_action
from noirburg_desktop.table.away_panel import away_lines, away_rect
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene
from noirburg_desktop.table.texts import t
from noirburg_desktop.table.while_away import MAX_LINES, AwayDigest, AwayNews, concerns
from noirburg_desktop.words.wording import event_line
from tests.app.conftest import Driver

LOSSES = ("destroyed", "dies", "die", "breaks", "takes", "hiding")


def _session(seed: int, humans: int = 1) -> GameSession:
    kinds = ["human"] * humans + ["normal"] * (4 - humans)
    configs = [SeatConfig(n, SEAT_COLOURS[i], kinds[i]) for i, n in enumerate("ABCD")]
    return GameSession.new(configs, seed=seed)


def _play_ai_game(
    seed: int, turns: int
) -> tuple[TableController, list[tuple[AwayNews, list[str]]]]:
    """Seat 0 is a person played by a Normal bot; the news at each of its turns."""
    session = _session(seed)
    ctrl = TableController(session, ai_speed="instant", bar_seconds=0.0, threaded_ai=False)
    rng = random.Random(seed)
    seen: list[tuple[AwayNews, list[str]]] = []
    last = None
    for _ in range(20000):
        st = ctrl.state
        if ctrl.game_over or len(seen) >= turns:
            break
        news = ctrl.away_news
        if news is not None and news is not last:
            last = news
            seen.append((news, list(ctrl.log[-120:])))
        if st.to_act == 0:
            legal = engine.legal_actions(st)
            ctrl.apply(choose_action("normal", engine.view(st, 0), legal, rng)[0])
        else:
            ctrl.update(1 / 30)
    return ctrl, seen


def test_the_news_names_own_losses_and_the_coins_they_cost() -> None:
    """Every line of the news is a line of the log (the same catalogue wording), about
    seat 0 (`concerns`), and the coins go from the end of its last turn to now."""
    found_loss = False
    for seed in (3, 16, 5):
        ctrl, seen = _play_ai_game(seed, 12)
        assert seen, "no news in 12 turns"
        for news, log in seen:
            assert news.seat == 0
            for line in news.lines:
                paid = re.fullmatch(r"You paid (\w+) (\d+) coins?", line)
                if paid:  # its own payment, in the second person; the log has it too
                    assert f"A pays {paid[2]} to {paid[1]}" in log, line
                    continue
                # an AI's move line carries its reason after " · " (one line per move)
                assert any(entry == line or entry.startswith(f"{line} · ") for entry in log), line
                found_loss |= any(word in line for word in LOSSES)
            coins = news.coins
            assert coins is None or coins[0] != coins[1]
        if found_loss:
            break
    assert found_loss, "three seeds of Normal AIs never touched seat 0's things"


def test_only_that_seats_events_and_only_off_its_turn() -> None:
    """Hotseat: seat 1's news holds nothing about seat 0, and nothing from its own turn."""
    session = _session(7, humans=2)
    digest = AwayDigest([0, 1], session.state.active)
    rng = random.Random(7)
    got: list[AwayNews] = []
    for _ in range(1500):
        st = session.state
        if session.finished:
            break
        before = st.active
        events = session.apply(rng.choice(engine.legal_actions(st)))
        active = before
        for ev in events:
            if ev.kind == "turn" and ev.seat is not None:
                active = ev.seat
            for seat in (0, 1):
                if concerns(ev, seat):
                    assert ev.seat == seat or ev.target == seat
        news = digest.record(events, session.state, lambda ev: f"{ev.kind}:{ev.seat}")
        if news is not None:
            got.append(news)
            assert news.seat == active
    assert got
    assert any(n.lines for n in got)


def test_the_panel_shows_at_turn_start_off_the_hand_and_closes_on_a_click(
    app: App, drive: Driver
) -> None:
    session = _session(3)
    app.settings.ai_speed = "instant"
    app.push(TableScene(), TableEntry(session, threaded_ai=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    rng = random.Random(3)
    shown = False
    for _ in range(4000):
        app.step(0.05)
        c = scene.ctrl
        if c.game_over:
            break
        if scene.away_rect is not None:
            shown = True
            break
        if c.my_turn() and c.presenter.idle:
            st = c.state
            if st.phase is engine.Phase.MULLIGAN:
                scene._try(A.Mulligan(()))
            else:
                legal = engine.legal_actions(st)
                scene._try(choose_action("normal", engine.view(st, 0), legal, rng)[0])
    assert shown, "no 'While you waited' panel in a whole game"
    lay = scene.layout
    r = scene.away_rect
    assert lay is not None and r is not None
    assert scene.ctrl.my_turn() and scene.ctrl.away_news is not None
    assert not r.colliderect(lay.hand) and not r.colliderect(lay.sidebar)
    assert lay.table.contains(r)
    drive.click(r.center)
    assert scene.ctrl.away_news is None and scene.away_rect is None
    pygame.event.clear()


def test_a_loss_in_an_ai_turn_is_held_and_flashed_on_the_card() -> None:
    """Item 1c: late in an AI turn the pacing budget squeezes each event to 12 % of its
    time; a person's own loss keeps its whole animation time at the chosen speed, with
    a banner and a flash on the lost card. A rival's loss is squeezed as before."""
    from noirburg_desktop.table import pacing
    from noirburg_desktop.words.event_styles import STYLES

    session = _session(3)
    ctrl = TableController(session, ai_speed="normal", bar_seconds=0.0, threaded_ai=False)
    ctrl.pacer.turn_t = 100.0  # far past the AI turn's budget
    mine = engine.Event("destroy", 0, (20,), 0, None, "")
    theirs = engine.Event("destroy", 2, (21,), 0, None, "")
    ctrl.presenter.queue.clear()
    ctrl._present([mine, theirs], ai_actor=True)
    steps = list(ctrl.presenter.queue)
    full = STYLES[engine.EventKind.DESTROY].seconds * pacing.AI_PACE["normal"]
    assert steps[0].own_loss and steps[0].duration >= full
    assert not steps[1].own_loss and steps[1].duration < full


def _word(ev: engine.Event) -> str:
    return f"{ev.kind}:{ev.seat}"


def _away_turn(events: list[engine.Event], money: int) -> AwayNews:
    """Seat 0 ends its turn with 5 coins, seat 1 plays `events`, and seat 0's turn
    begins with `money` coins."""
    state = _session(1).state.clone()
    digest = AwayDigest([0], 0)
    state.seats[0].money = 5
    assert digest.record([engine.Event("turn", 1, (), 1, None, "")], state, _word) is None
    state.seats[0].money = money
    turn = engine.Event("turn", 0, (), 2, None, "")

    def you_paid(ev: engine.Event) -> str:
        return f"you paid {ev.target} {ev.amount}"

    news = digest.record([*events, turn], state, _word, you_paid)
    assert news is not None and news.seat == 0
    return news


def test_an_attack_stopped_by_the_police_reads_as_stopped() -> None:
    """Playtest: "Player 2 attacks Speakeasy (3) with strength 3" read as a hit when
    the person's Police had stopped it. Each listed attack carries its outcome."""
    stopped = _away_turn(
        [
            engine.Event("attack_declared", 1, (20,), 3, 0, ""),
            engine.Event("react", 0, (30,), 0, None, ""),
            engine.Event("attack_stopped", 1, (20,), 0, None, ""),
            engine.Event("attack_declared", 1, (21,), 4, 0, ""),
            engine.Event("damage", 0, (21,), 4, 1, ""),
            engine.Event("destroy", 0, (21,), 0, None, ""),
        ],
        5,
    )
    assert stopped.lines[0] == "destroy:0"  # the loss first (playtest shot-54-10)
    assert stopped.lines[1] == "attack_declared:1" and stopped.outcomes[1] == "stopped"
    assert stopped.lines[2] == "attack_declared:1" and stopped.outcomes[2] == "destroyed"
    assert stopped.coins is None
    shown = away_lines(stopped)
    assert shown[1] == "attack_declared:1: stopped by the Police"
    assert shown[2] == "attack_declared:1: the Business was destroyed"


def test_the_coins_line_names_its_causes_and_a_payment_is_yours() -> None:
    """Playtest: "Your coins: 3 → 9" without the Poker Night win of 8; and the person's
    own payment read "Player 1 pays 2 to Player 2" instead of "You paid …"."""
    news = _away_turn(
        [
            engine.Event("poker_ante", 0, (), 2, None, ""),
            engine.Event("poker_win", 0, (), 10, None, ""),
            engine.Event("pay", 0, (), 2, 1, ""),
            engine.Event("pay", 1, (), 1, 0, ""),
        ],
        12,
    )
    assert news.coins == (5, 12)
    assert news.causes == (("poker", 8), ("paid", -2), ("received", 1))
    assert "you paid 1 2" in news.lines and "pay:1" in news.lines
    coins = away_lines(news)[-1]
    assert coins == "Your coins: 5 → 12 (Poker Night +8, payments -2, payments to you +1)"


def test_losses_and_knockouts_come_first_and_the_cut_drops_the_rest() -> None:
    """Playtest shot-54-10: after one turn the panel began "You paid Player 3 4 coins"
    with no cause, ended "… and 3 more", and never named the lost second Casino;
    shot-t4-x: a rival's knock-out was never mentioned."""
    chatter = [engine.Event("pay", 1, (), 1, 0, "") for _ in range(7)]
    news = _away_turn(
        [
            engine.Event("destroy", 0, (21,), 0, None, ""),  # my Casino, the oldest line
            *chatter,
            engine.Event("eliminate", 2, (), 0, 1, ""),  # a rival's, not my things
        ],
        12,
    )
    assert news.lines[:2] == ("destroy:0", "eliminate:2")
    assert len(news.lines) == MAX_LINES and news.more == 9 - MAX_LINES
    assert news.lines[2:] == ("pay:1",) * (MAX_LINES - 2)  # the rest, newest kept
    shown = away_lines(news)
    assert shown[0] == "destroy:0" and shown[-1] == t("table.away.more", n=news.more)


def test_the_game_over_keeps_what_the_person_did_not_see() -> None:
    """Playtest shot-t6-x: the Game over panel replaced "While you waited", so the
    person never saw how they lost. `last_news` gives it when no turn of theirs comes."""
    state = _session(1).state.clone()
    digest = AwayDigest([0], 0)
    digest.record([engine.Event("turn", 1, (), 1, None, "")], state, _word)
    assert digest.last_news(0, state) is None  # nothing happened to seat 0 yet
    ending = [
        engine.Event("ransom", 0, (), 7, 1, ""),
        engine.Event("eliminate", 0, (), 0, 1, ""),
        engine.Event("game_over", None, (), 0, None, "war"),
    ]
    assert digest.record(ending, state, _word) is None  # no turn begins
    news = digest.last_news(0, state)
    assert news is not None and news.lines == ("ransom:0", "eliminate:0")
    assert digest.last_news(1, state) is None  # not a watched seat


def test_the_table_keeps_the_last_news_for_the_game_over_panel(app: App) -> None:
    """The controller hands the unseen lines to the Game over panel (shot-t6-x)."""
    from tests.app.app_helpers import finished_session

    session = finished_session()  # seat 0 is the human
    ctrl = TableController(session, ai_speed="instant", bar_seconds=0.0, threaded_ai=False)
    assert ctrl.game_over and ctrl.humans == [0] and ctrl.end_news is None
    ctrl.away.digest.active = 1  # the ending came on a rival's turn
    ending = [
        engine.Event("ransom", 0, (), 7, 1, ""),
        engine.Event("eliminate", 0, (), 0, 1, ""),
    ]
    ctrl._take_away_news(ending, 1)
    news = ctrl.end_news
    assert news is not None and news.seat == 0 and len(news.lines) == 2
    assert news.lines[1] == event_line(ending[1].for_seat(0), ctrl.name)
    scene = TableScene()
    app.push(scene, TableEntry(session, threaded_ai=False))
    scene.end.shown = True
    assert app.window is not None
    bare, shot = pygame.Surface(app.window.get_size()), pygame.Surface(app.window.get_size())
    scene.draw(bare)
    scene.ctrl.end_news = news
    scene.draw(shot)  # drawn beside the Game over panel, without "Click to close"
    assert scene.layout is not None
    r, _ = away_rect(scene.layout, news)

    def pixels(s: pygame.Surface) -> bytes:
        return pygame.image.tobytes(s.subsurface(r).copy(), "RGB")

    assert pixels(bare) != pixels(shot)
