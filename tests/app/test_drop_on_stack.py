"""Issue 20 item 6 (newcomer playtest): a drop on the Still stacked on a Hideout asked
"whole Hideout or only the Business?" though the drop point said which. The Hideout
and the Business on top stand in columns of their own: ask only when the engine has
both (R-HIDE-ATK-1) and the point lies in both columns or neither."""

from __future__ import annotations

from pygame import Rect

from engine import Phase
from engine.actions import Action, AddAttacker, StartAttack
from engine.cards import Kind
from noirburg_desktop.table.intents import Source, Target, candidates, judge
from noirburg_desktop.table.render import HitMap
from noirburg_desktop.table.targets import narrow_to_point
from tests.engine.positions import business, gangster, give, hideout, table, turn_of


def test_the_drop_point_picks_the_hideout_or_the_business_on_top() -> None:
    state = table(players=3)
    h1 = hideout(state, 1)
    top = business(state, 1, 1, on_hideout=True)  # a Moonshine Still on the Hideout
    g = gangster(state, 0, 3, hideout(state, 0))
    give(state, 2, Kind.POLICE)
    turn_of(state, 0, Phase.ATTACK)
    ok = judge(state, candidates(state, Source("gangster", g), Target("building", top)))
    assert {s[0] for s in ok} == {StartAttack(top), StartAttack(h1)}  # both legal
    hits = HitMap()
    hits.columns = {h1: Rect(100, 100, 60, 140), top: Rect(150, 100, 60, 140)}  # overlap
    on_top = narrow_to_point(ok, hits, (200, 150))
    assert on_top == [(StartAttack(top), AddAttacker(g))]  # the Still only: no question
    on_hideout = narrow_to_point(ok, hits, (110, 150))
    assert on_hideout == [(StartAttack(h1), AddAttacker(g))]  # the whole stack
    assert narrow_to_point(ok, hits, (155, 150)) == ok  # where both lie: ask
    assert narrow_to_point(ok, hits, (5, 5)) == ok  # neither (a drop on a gangster): ask
    one: list[tuple[Action, ...]] = [(StartAttack(top), AddAttacker(g))]
    assert narrow_to_point(one, hits, (110, 150)) == one  # one meaning is never dropped
