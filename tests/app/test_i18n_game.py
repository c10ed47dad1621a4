"""A Turkish table never shows the game's English words: log, refusals, card faces."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pygame
import pytest

import engine
from engine import actions as A
from noirburg_desktop.app import App
from noirburg_desktop.look import cardart, resources
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.words import i18n, strings, wording
from noirburg_desktop.words.event_styles import STYLES
from tests.app.conftest import Driver

NAMES = ("Ayşe", "Burak", "Cem", "Deniz")
WORD = re.compile(r"[A-Za-zçğıöşüÇĞİÖŞÜ]+")
# Words that may stay English on a Turkish table: the printed card names.
CARD_WORDS = {"hideout", "gangster", "moonshine", "still", "bootlegger", "speakeasy", "casino"}
CARD_WORDS |= {"poker", "night", "police", "bribe", "drive", "by", "turncoat"}


def english_vocabulary() -> set[str]:
    """Every word of the game's English log, refusal and reason templates, less card
    names and placeholders: attacks, opens, draws, turn, pays, …"""
    lines = [s.line for s in STYLES.values()]
    texts: list[str] = [w for x in lines for w in ((x,) if isinstance(x, str) else x)]
    texts += list(wording.PHASES.values())
    texts += [w for pair in wording.PLURALS.values() for w in pair]
    texts += [wording.EMPTY_SWAP, wording.HIDEOUT_OPEN, wording.TABLE]
    texts += [strings.EN[k] for k in strings.EN if k.startswith(("table.phase.", "method."))]
    words = set()
    for text in texts:
        text = re.sub(r"\{[^}]*\}", " ", text)
        words |= {w.lower() for w in WORD.findall(text) if len(w) >= 3}
    return words - CARD_WORDS


@pytest.fixture
def turkish() -> Iterator[None]:
    strings.set_language("tr")
    yield
    strings.set_language("en")


def english_in(line: str, vocab: set[str]) -> set[str]:
    line = re.sub(r"\b[RI]-[A-Z0-9-]+", " ", line)  # rule IDs (R-MOVE-3) are not words
    return {w for w in WORD.findall(line) if w.lower() in vocab}


def test_vocabulary_holds_the_game_words() -> None:
    vocab = english_vocabulary()
    assert {"attacks", "opens", "draws", "turn", "pays", "rolls", "discards"} <= vocab
    assert not vocab & {"casino", "police", "hideout"}


def test_a_whole_all_ai_game_is_logged_in_turkish(turkish: None) -> None:
    """A seeded all-AI game through the table's controller (the log the table shows),
    bot reasons included: no line holds an English word of the game's vocabulary."""
    vocab = english_vocabulary()
    levels = ("easy", "normal", "hard", "normal")  # Hard gives the ISMCTS reasons
    configs = [SeatConfig(NAMES[i], SEAT_COLOURS[i], levels[i]) for i in range(4)]
    session = GameSession.new(configs, seed=11)
    ctrl = TableController(session, ai_speed="instant", bar_seconds=0.0, threaded_ai=False)
    lines: list[str] = list(ctrl.log)

    class Kept(list[str]):  # every line the log takes, before it trims the oldest
        def append(self, line: str) -> None:
            lines.append(line)
            super().append(line)

    ctrl.log = Kept(ctrl.log)
    for _ in range(60000):
        if ctrl.game_over:
            break
        ctrl.update(1 / 60)
    assert ctrl.game_over, "the game did not finish"
    assert len(lines) > 150
    bad = [(line, english_in(line, vocab)) for line in lines if english_in(line, vocab)]
    assert not bad, f"{len(bad)} Turkish log lines with English words, e.g. {bad[:5]}"
    text = "\n".join(lines)
    for turkish_word in ("kart çekti", "açtı", "kazandı", "haraç"):
        assert turkish_word in text, turkish_word
    # a bot's reason is folded into its move's line (issue 20: it had a line of its own)
    assert any(" · " in line for line in lines), "no bot reason was logged"
    assert not any(line.startswith("\u00bb ") for line in lines), "a reason on its own line"
    assert "olası dağıtım" in text, "no Hard (ISMCTS) reason was logged"
    assert "Ayşe" in text and "Sıra: " in text


def _refusals(seed: int, steps: int) -> dict[str, str]:
    """Play a seeded random game; at every step try actions the engine refuses, and
    collect each refusal (by template) as the table words it."""
    st = engine.new_game(engine.GameOptions(players=4, seed=seed))
    rng = random.Random(seed)
    seen: dict[str, str] = {}
    for _ in range(steps):
        if st.to_act is None:
            break
        legal = engine.legal_actions(st)
        seat = st.seats[st.to_act]
        cards = list(seat.hand) + [c for b in seat.buildings for c in (b, *seat.buildings[b])]
        other = [c for s in st.seats if s is not seat for b in s.buildings for c in (b,)]
        pool: list[A.Action] = [
            A.Draw(7),
            A.Draw(3),
            A.EndPhase(),
            A.Pass(),
            A.LaunchAttack(),
            A.CancelAttack(),
            A.MoveHideout(None),
            A.Mulligan((0, 1, 2)),
        ]
        for c in cards[:6] + other[:3]:
            pool += [
                A.OpenCard(c, None),
                A.Discard(c),
                A.StartAttack(c),
                A.AddAttacker(c),
                A.MoveGangster(c, c),
                A.PlayPolice(c, c),
                A.PlayTurncoat(c, c),
            ]
        for a in pool:
            if a in legal:
                continue
            try:
                engine.apply(st.clone(), a)
            except engine.IllegalAction as exc:
                seen.setdefault(exc.message.template, wording.refusal_text(exc))
            except (ValueError, KeyError, IndexError, TypeError, AssertionError):
                pass  # a malformed probe, not a refusal
        engine.apply(st, rng.choice(legal))
    return seen


def test_refusals_are_worded_in_turkish(turkish: None) -> None:
    vocab = english_vocabulary() | {"cannot", "only", "your", "first", "phase", "must"}
    seen: dict[str, str] = {}
    for seed in (3, 4):
        seen.update(_refusals(seed, 400))
    assert len(seen) >= 15, sorted(seen)
    bad = {k: v for k, v in seen.items() if english_in(v, vocab)}
    assert not bad, bad
    assert all(re.search(r"\((?:R|I)-[A-Z0-9-]+\)", v) for v in seen.values())
    assert all(wording.rule_in(v) for v in seen.values())


def test_plural_wording() -> None:
    ev1 = engine.Event("draw", 0, (5,), 0)
    ev2 = engine.Event("draw", 0, (5, 6), 1)
    assert wording.event_line(ev1, lambda s: "Ayşe") == "Ayşe draws 1 card for 0"
    assert wording.event_line(ev2, lambda s: "Ayşe") == "Ayşe draws 2 cards for 1"
    strings.set_language("tr")
    try:
        assert wording.event_line(ev2, lambda s: "Ayşe") == "Ayşe desteden 2 kart çekti (1 para)"
    finally:
        strings.set_language("en")


def test_card_faces_follow_the_language() -> None:
    """Never the English PNG on a Turkish table: faces are rendered in Turkish, cached,
    and dropped when the language changes."""
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    try:
        english = pygame.image.tobytes(resources.card_face("police"), "RGBA")
        strings.set_language("tr")
        assert "SAKLANMIŞ" in cardart.text_of("police")
        face = resources.card_face("police")
        assert face is resources.card_face("police")  # cached
        assert face.get_size() == cardart.CARD_SIZE
        assert pygame.image.tobytes(face, "RGBA") != english
        strings.set_language("en")
        assert pygame.image.tobytes(resources.card_face("police"), "RGBA") == english
    finally:
        strings.set_language("en")
        assert i18n.language() == "en"


def test_every_event_kind_has_a_wording() -> None:
    """A new event kind needs its line in event_styles.STYLES: otherwise the log would
    show the raw kind name. Seeded random games meet every kind they can."""
    known = {k.value for k, s in STYLES.items() if s.line}
    seen: set[str] = set()
    for seed in range(6):
        st = engine.new_game(engine.GameOptions(players=3 + seed % 4, seed=seed))
        rng = random.Random(seed)
        for _ in range(3000):
            if st.to_act is None:
                break
            for ev in engine.apply(st, rng.choice(engine.legal_actions(st))):
                seen.add(ev.kind)
    assert len(seen) > 20, sorted(seen)
    assert seen <= known, f"event kinds without a log wording: {sorted(seen - known)}"
    every = {k.value for k in engine.EventKind}  # the kinds random games seldom meet too
    assert every <= known, f"event kinds without a log wording: {sorted(every - known)}"


def test_a_refusal_at_the_table_links_to_its_rule(app: App, drive: Driver) -> None:
    """A human's refused draw shows the Turkish refusal with its rule ID; F1 opens the
    Rules screen at that rule, in Turkish; Back returns to the same table."""
    from engine.state import Phase
    from noirburg_desktop.scenes.rules import RulesScene
    from noirburg_desktop.table.scene import TableScene

    strings.set_language("tr")
    try:
        configs = [SeatConfig("Ayşe", SEAT_COLOURS[0], "human")]
        configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate(NAMES[1:3])]
        session = GameSession.new(configs, seed=1, first_player=0)
        app.settings.ai_speed = "instant"
        table = app.push(TableScene(), TableEntry(session, threaded_ai=False))
        assert isinstance(table, TableScene)
        st = session.state
        for _ in range(3000):  # keep the opening hand, Enter through D and E, discard in F
            st = session.state
            if not table.ctrl.my_turn():
                app.step(0.1)  # reaction bars and AI seats run on the clock
            elif st.phase is Phase.DRAW:
                break
            elif st.phase is Phase.DISCARD and len(st.seats[0].hand) > 3:
                for _ in range(30):  # Tab through the legal actions to a discard
                    drive.key(pygame.K_TAB)
                    if isinstance(table.kb_action, A.Discard):
                        break
                drive.key(pygame.K_RETURN)
            else:
                drive.key(pygame.K_RETURN)
        assert st.phase is Phase.DRAW and st.active == 0 and len(st.seats[0].hand) == 3
        drive.key(pygame.K_5)  # five more cards: the hand may not pass 6 (R-DRAW-3)
        toast = table.ctrl.toast
        assert "(R-DRAW-3)" in toast and "kart" in toast and "F1" in toast, toast
        drive.key(pygame.K_F1)
        rules = app.scene
        assert isinstance(rules, RulesScene) and rules.linked == "R-DRAW-3"
        assert "El sınırı" in rules.page_html()  # the rule's Turkish title
        assert rules.scroll > 0 or len(rules.entries[rules.sections[rules.section]]) < 4
        drive.key(pygame.K_ESCAPE)
        assert app.scene is table
    finally:
        strings.set_language("en")


def test_turn_lines_count_rounds_as_continue_does() -> None:
    """I-ROUND: the log's turn line names the round (every player's turn once), the same
    number the title's Continue and the Load screen show (playtest: "turn 11" vs "round 4")."""
    from engine.events import Event
    from noirburg_desktop.persist.rounds import RoundCounter
    from noirburg_desktop.words import strings, wording

    def fourth_round() -> RoundCounter:
        rounds = RoundCounter(first_player=0, players=3)
        for seat in (0, 1, 2) * 3 + (0,):  # three whole rounds, then seat 0 again
            rounds.turn(seat)
        return rounds

    ev = Event("turn", 1, amount=10)  # the 11th turn of a 3-player game: round 4
    try:
        strings.set_language("en")
        line = wording.event_line(ev, lambda s: "Ayşe", fourth_round())
        assert line == "— Ayşe's turn (round 4) —"
        strings.set_language("tr")
        line = wording.event_line(ev, lambda s: "Ayşe", fourth_round())
        assert line == "— Sıra: Ayşe (4. tur) —"
    finally:
        strings.set_language("en")


def test_rounds_stay_right_after_a_knock_out() -> None:
    """I-ROUND after a knock-out: a round is every seat still in playing once, so
    with seat 1 out of four the rounds have three turns (playtest: "round 4" shown
    on two turns of the same player in a row)."""
    from noirburg_desktop.persist.rounds import RoundCounter

    rounds = RoundCounter(first_player=2, players=4)
    seen = [rounds.turn(s) for s in (2, 3, 0, 1, 2, 3, 0)]  # two rounds, seat 1 then out
    seen += [rounds.turn(s) for s in (2, 3, 0, 2, 3, 0, 2)]
    assert seen == [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5]
    gone = RoundCounter(first_player=0, players=3)  # the first player itself is out
    assert [gone.turn(s) for s in (0, 1, 2, 1, 2, 1)] == [1, 1, 1, 2, 2, 3]


def test_continue_and_the_log_name_the_same_round_after_a_knock_out() -> None:
    """The title's Continue (session.round) and the log's last turn line agree, also
    in a game where a seat was knocked out (their rounds are shorter)."""
    import random

    import engine
    from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
    from noirburg_desktop.table.history import rebuild

    configs = [SeatConfig(n, SEAT_COLOURS[i], "easy") for i, n in enumerate("ABCD")]
    for seed in range(60):
        session = GameSession.new(configs, seed=seed)
        rng = random.Random(seed)
        st = session.state
        while not st.game_over and all(s.alive for s in st.seats):
            session.apply(rng.choice(engine.legal_actions(st)))
        if st.game_over:
            continue
        for _ in range(12):  # a few more turns with a seat out
            start = st.turn
            while st.turn == start and not st.game_over:
                session.apply(rng.choice(engine.legal_actions(st)))
        got = rebuild(session, 0, None, lambda s: f"P{s}")
        last = next(x for x in reversed(got.log) if x.startswith("— P") and "round" in x)
        assert last.endswith(f"(round {session.round}) —"), (last, session.round)
        return
    raise AssertionError("no game with a knock-out in 60 seeds")
