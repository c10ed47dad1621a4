"""The house rules' checkboxes, one per rule of `engine.HOUSE_RULES`, named after the
rule: its caption is the catalogue's `new.house.<field>` and its one-line help
`new.house.<field>.help`. The New Game and Host screens take their rows from here, so
a new house rule is a line in the engine and its two texts in words/strings.py."""

from __future__ import annotations

from dataclasses import dataclass

from engine import HOUSE_RULES


@dataclass(frozen=True, slots=True)
class RuleBox:
    field: str  # its GameOptions field (engine.HouseRule.field)
    default: bool

    @property
    def widget(self) -> str:
        """The checkbox's element name: the rule's field."""
        return self.field

    @property
    def caption(self) -> str:
        """Its caption's catalogue key, e.g. "new.house.money_victory"."""
        return f"new.house.{self.field}"

    @property
    def help(self) -> str:
        """Its one-line help's catalogue key."""
        return f"{self.caption}.help"


# In the engine's order; tests/app/test_house_rule_boxes.py checks each has its words
BOXES: tuple[RuleBox, ...] = tuple(RuleBox(r.field, r.default) for r in HOUSE_RULES)
