"""Events are data: the kinds are an enum, documented exactly, and windows are announced."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from engine import Event, EventKind, Phase, WindowKind, apply
from engine import actions as A
from engine.cards import Kind
from tests.engine.positions import attack, business, gangster, give, pass_windows, table, turn_of

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine-api.md"


def test_engine_api_lists_exactly_the_event_kinds() -> None:
    """docs/engine-api.md's table of kinds matches `EventKind`, no more, no less."""
    text = DOC.read_text(encoding="utf-8")
    listed = re.findall(r"^\| `([a-z_]+)` \|", text, re.MULTILINE)
    assert len(listed) == len(set(listed)), "a kind is listed twice"
    assert set(listed) == {k.value for k in EventKind}


def test_event_is_a_frozen_record_with_a_plain_repr() -> None:
    ev = Event("die", 2, (), 5)
    plain: str = ev.kind  # a str enum: equal to the plain word that saves and logs hold
    assert ev.kind is EventKind.DIE and plain == "die"
    assert ev._fields == ("kind", "seat", "cards", "amount", "target", "tag")
    with pytest.raises(AttributeError):
        ev.amount = 6  # type: ignore[misc]
    assert not hasattr(ev, "__dict__")  # slotted
    assert repr(ev) == "Event(die, seat=2, amount=5)"
    assert str(ev) == repr(ev)  # no English prose from the engine
    assert ev == Event(EventKind.DIE, 2, (), 5) and hash(ev) == hash(Event("die", 2, (), 5))
    assert pickle.loads(pickle.dumps(ev)) == ev
    with pytest.raises(KeyError):
        Event("no_such_kind")


def test_for_seat_hides_private_cards() -> None:
    ev = Event("draw", 1, (10, 11), 1)
    assert ev.for_seat(1) is ev
    assert ev.for_seat(0).cards == (-1, -1) and ev.for_seat(None).cards == (-1, -1)
    public = Event("discard", 1, (10,))
    assert public.for_seat(0) is public


def test_I_REACT_WINDOW_windows_are_announced_without_who_is_asked() -> None:
    """I-REACT-WINDOW (a), (c): an attack opens a window and its resolution another; the
    events name the kind and the opener and are the same whether or not anyone could answer."""
    stories = []
    for answer in (False, True):
        state = table(players=3, money=5)
        target = business(state, 1, 2)
        g = gangster(state, 0, 2, business(state, 0, 3))
        if answer:
            give(state, 2, Kind.POLICE)
        turn_of(state, 0, Phase.ATTACK)
        events = attack(state, target, g)
        events += pass_windows(state)
        stories.append([(e.kind, e.seat, e.tag) for e in events if "window" in e.kind])
    assert stories[0] == stories[1]
    assert stories[0][:4] == [
        (EventKind.WINDOW_OPENED, 0, WindowKind.ATTACK),
        (EventKind.WINDOW_CLOSED, 0, WindowKind.ATTACK),
        (EventKind.WINDOW_OPENED, 0, WindowKind.RESOLVED),
        (EventKind.WINDOW_CLOSED, 0, WindowKind.RESOLVED),
    ]


def test_I_BRIBE_CHAIN_a_bribe_closes_the_police_window_and_opens_another() -> None:
    """I-BRIBE-CHAIN: the Bribe replaces the Police window with one for answers to it."""
    state = table(players=3, money=5)
    b = business(state, 1, 2)
    gangster(state, 1, 1, b)
    police = give(state, 0, Kind.POLICE)
    bribe = give(state, 1, Kind.BRIBE)
    turn_of(state, 0, Phase.OPEN)
    events = apply(state, A.PlayPolice(police, b))
    assert [(e.kind, e.tag) for e in events if "window" in e.kind] == [
        (EventKind.WINDOW_OPENED, WindowKind.POLICE)
    ]
    while state.to_act != 1:
        events = apply(state, A.Pass())
    events = apply(state, A.PlayBribe(bribe))
    windows = [(e.kind, e.seat, e.tag) for e in events if "window" in e.kind]
    assert windows[:2] == [
        (EventKind.WINDOW_CLOSED, 0, WindowKind.POLICE),
        (EventKind.WINDOW_OPENED, 1, WindowKind.POLICE),
    ]
