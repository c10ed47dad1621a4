"""Every reaction card kind has its gesture module (noirburg_desktop/gestures/), found
by its Kind's name, and every reaction action is worded by one: a new card kind that
forgets its module fails here, naming it (R-REACT-1)."""

from __future__ import annotations

from engine.actions import REACTION_ACTIONS
from engine.cards import REACTION_KINDS
from noirburg_desktop.gestures import DO, GESTURES, SAID


def test_every_reaction_kind_has_its_gesture() -> None:
    assert set(GESTURES) == set(REACTION_KINDS)
    for kind, gesture in GESTURES.items():
        assert gesture.kind is kind, kind.name


def test_every_reaction_action_is_said_and_done_by_one_gesture() -> None:
    missing = [cls.__name__ for cls in REACTION_ACTIONS if cls not in SAID or cls not in DO]
    assert missing == []
    owners = [cls for g in GESTURES.values() for cls in g.said]
    assert sorted(c.__name__ for c in owners) == sorted(c.__name__ for c in REACTION_ACTIONS)
