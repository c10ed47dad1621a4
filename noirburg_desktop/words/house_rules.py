"""The house rules' checkboxes, one row per rule of `engine.HOUSE_RULES`: the
catalogue words that caption and explain each. The New Game and Host screens take
their rows from here, so a new house rule is a line in the engine and one here."""

from __future__ import annotations

from dataclasses import dataclass

from engine import HOUSE_RULES


@dataclass(frozen=True, slots=True)
class RuleBox:
    field: str  # its GameOptions field (engine.HouseRule.field)
    caption: str  # its catalogue key, e.g. "new.money_victory"
    default: bool

    @property
    def widget(self) -> str:
        """The checkbox's element name: its caption key without "new."."""
        return self.caption.removeprefix("new.")

    @property
    def help(self) -> str:
        """Its one-line help's catalogue key."""
        return self.caption + "_help"


_CAPTIONS = {
    "money_victory": "new.money_victory",
    "poker_always_to_box": "new.poker_to_box",
    "ransom_excess": "new.ransom_excess",
}
# In the engine's order; a rule without a caption here fails at import (KeyError)
BOXES: tuple[RuleBox, ...] = tuple(
    RuleBox(r.field, _CAPTIONS[r.field], r.default) for r in HOUSE_RULES
)
