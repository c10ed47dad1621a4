"""Refusals that explain themselves."""

from __future__ import annotations

from typing import Any

from engine.messages import Msg


class IllegalAction(ValueError):
    """An action the rules forbid now. `rule` is the rulebook ID (e.g. "R-GANG-3");
    the message is a sentence a player understands, ending with that ID.

    `reason` is the English sentence; `message` keeps its template (the translation
    catalogue's msgid) and parameters, so the app can word it in the player's language:
    `IllegalAction("R-DRAW-1", "Drawing {count} costs {price}", count=2, price=1)`:
    `.rule`, `.key` (the template) and `.params` are all the app needs to word it."""

    def __init__(self, rule: str, reason: str, **params: Any) -> None:
        self.rule = rule
        self.message = reason if isinstance(reason, Msg) and not params else Msg(reason, **params)
        self.reason = str(self.message)
        super().__init__(f"{self.reason} ({rule})")

    @property
    def key(self) -> str:
        """The message key: the English template, which is the catalogues' msgid."""
        return self.message.template

    @property
    def params(self) -> dict[str, Any]:
        """The template's parameters (card ids as `CardRef`, phases as `PhaseRef`)."""
        return self.message.params
