"""Refusals that explain themselves."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid now. `rule` is the rulebook ID (e.g. "R-GANG-3");
    the message is a sentence a player understands, ending with that ID."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{reason} ({rule})")
