"""The New Game and Host screens' house-rule checkboxes come from one app table
(words/house_rules.py) over the engine's HOUSE_RULES: one box per rule, in its
order, each with English words (issue 24: one place per kind)."""

from __future__ import annotations

from engine import HOUSE_RULES, GameOptions
from noirburg_desktop.session import options_from_json, options_to_json
from noirburg_desktop.words.house_rules import BOXES
from noirburg_desktop.words.strings import EN


def test_one_box_per_engine_house_rule_with_its_words() -> None:
    assert [b.field for b in BOXES] == [r.field for r in HOUSE_RULES]
    assert [b.default for b in BOXES] == [r.default for r in HOUSE_RULES]
    for b in BOXES:
        assert b.caption in EN and b.help in EN, b
    assert len({b.widget for b in BOXES}) == len(BOXES)


def test_session_options_keep_every_house_rule() -> None:
    for r in HOUSE_RULES:
        options = GameOptions(players=5, seed=7, first_player=2, **{r.field: not r.default})
        data = options_to_json(options)
        assert data[r.field] is (not r.default)
        assert options_from_json(data) == options
