"""Issue 20 item 5 (the hidden-gangster trap) and item 3 (whose card a Hint names).

Gangsters that attack from the Hideout never go back to it (I-MOVE-HIDEOUT) and HIDDEN
gangsters no Business has room for are discarded in phase B (R-MOVE-2): a Turkish
tester lost three gangsters that way unwarned. The attack preview and the Hint say it
before the attack is launched; the facts come from `engine.predict.homecoming`."""

from __future__ import annotations

import pytest

import engine
from engine import actions as A
from engine.cards import Kind
from engine.state import Phase
from noirburg_desktop.table.advice import hint_line, owned_do, way_home_line
from noirburg_desktop.words import strings
from tests.engine.positions import business, gangster, give, hideout, table, turn_of

NAMES = ["Sen", "Deniz", "Ayşe", "Mert"]


def _assembling(*, full: bool) -> tuple[engine.GameState, int, int, int]:
    """Seat 0 sends its Hideout's 1 and 2 at Deniz's Casino; its one Business, a
    Moonshine Still (1), is full when `full`."""
    st = table(players=4)
    h = hideout(st, 0)
    g1, g2 = gangster(st, 0, 1, h), gangster(st, 0, 2, h)
    still = business(st, 0, 1)
    if full:
        gangster(st, 0, 1, still)
    else:
        business(st, 0, 4)  # room for both
    target = business(st, 1, 4)
    turn_of(st, 0, Phase.ATTACK)
    engine.apply(st, A.StartAttack(target))
    engine.apply(st, A.AddAttacker(g1))
    return st, g1, g2, target


@pytest.fixture(autouse=True)
def _english() -> object:
    strings.set_language("en")
    yield None
    strings.set_language("en")


def test_the_preview_says_which_attackers_will_be_discarded() -> None:
    """R-MOVE-2: no Business has room, so both attackers are lost after the fight."""
    st, g1, g2, _ = _assembling(full=True)
    engine.apply(st, A.AddAttacker(g2))
    line = way_home_line(st, 0, st.attack_gangsters)
    assert "R-MOVE-2" in line and "Gangster 1" in line and "Gangster 2" in line
    strings.set_language("tr")
    tr = way_home_line(st, 0, st.attack_gangsters)
    assert "R-MOVE-2" in tr and "ıskarta" in tr and tr != line


def test_with_room_it_says_the_hideout_is_left_for_good() -> None:
    """I-MOVE-HIDEOUT: with room on a Casino they come back, but never to the Hideout."""
    st, g1, _, _ = _assembling(full=False)
    line = way_home_line(st, 0, st.attack_gangsters)
    assert "I-MOVE-HIDEOUT" in line and "Gangster 1" in line
    assert "R-MOVE-2" not in line


def test_attackers_from_a_business_come_back_unsaid() -> None:
    """R-MOVE-2: an attacker leaving a Business frees its own room: nothing to say."""
    st = table(players=4)
    casino = business(st, 0, 4)
    g3 = gangster(st, 0, 3, casino)
    target = business(st, 1, 2)
    turn_of(st, 0, Phase.ATTACK)
    engine.apply(st, A.StartAttack(target))
    engine.apply(st, A.AddAttacker(g3))
    assert way_home_line(st, 0, st.attack_gangsters) == ""


def test_the_hint_never_walks_into_the_trap_unsaid() -> None:
    """A hinted Send or Launch that strands the attackers carries the warning."""
    st, _, g2, _ = _assembling(full=True)
    send = hint_line(st, 0, A.AddAttacker(g2), "", NAMES, engine.legal_actions(st))
    assert "R-MOVE-2" in send and send.count("\n") == 1
    engine.apply(st, A.AddAttacker(g2))
    launch = hint_line(st, 0, A.LaunchAttack(), "", NAMES, engine.legal_actions(st))
    assert "R-MOVE-2" in launch


def test_the_hint_names_whose_card_it_aims_at() -> None:
    """Issue 20 item 3: with three rivals "Attack Hideout" is ambiguous."""
    st = table(players=4)
    turn_of(st, 0, Phase.ATTACK)
    deniz = hideout(st, 1)
    assert owned_do(st, 0, A.StartAttack(deniz), NAMES) == "Attack Deniz's Hideout"
    police = give(st, 0, Kind.POLICE)
    mine, ayse = business(st, 0, 2), business(st, 2, 3)
    assert owned_do(st, 0, A.PlayPolice(police, mine), NAMES) == "Play Police on Bootlegger (2)"
    assert owned_do(st, 0, A.PlayPolice(police, ayse), NAMES).endswith("Ayşe's Speakeasy (3)")
    strings.set_language("tr")
    assert owned_do(st, 0, A.StartAttack(deniz), NAMES) == "Saldır: Deniz'in Hideout"


def test_a_hinted_send_names_the_target_and_its_owner() -> None:
    """Issue 20 item 3: "Send Gangster 2: needed against Hideout" left the owner out."""
    st, _, g2, target = _assembling(full=False)
    line = hint_line(st, 0, A.AddAttacker(g2), "", NAMES, engine.legal_actions(st))
    assert line.startswith("Hint: Send Gangster 2 against Deniz's Casino (4)")
    strings.set_language("tr")
    line = owned_do(st, 0, A.AddAttacker(g2), NAMES)
    assert line == "Gönder: Gangster 2 → Deniz'in Casino (4)"
