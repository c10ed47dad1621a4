"""Sentences as data: a template and its parameters, worded by the app.

The engine explains refusals and bots give reasons, but words belong to the
app, which speaks the player's language. A `Msg` is still a `str` (the English
sentence, for logs, tests and the simulator) that also keeps its `template`
(the English source text: the translation catalogue's msgid) and its `params`.
A parameter that names a card is a `CardRef`, a phase a `PhaseRef`, so the
app can name those in its language too; a parameter may itself be a `Msg`.

Templates use `str.format` fields (`{card}`, `{loss:.0f}`). Write them as
literals in `msg(...)`, `msgn(...)`, `_fail(rule, ...)` or
`IllegalAction(rule, ...)` calls: the catalogue's extraction finds them there.
"""

from __future__ import annotations

from typing import Any

from engine.cards import describe

# The English phase names used inside sentences ("phase B (move gangsters)").
PHASE_EN = {
    "mulligan": "setup",
    "A": "A (collect)",
    "B": "B (move gangsters)",
    "C": "C (attack)",
    "D": "D (open cards)",
    "E": "E (move the Hideout)",
    "F": "F (discard)",
    "G": "G (draw)",
    "over": "over",
}


class CardRef(int):
    """A card id inside a message: the wording layer names the card."""


class PhaseRef(str):
    """A phase letter inside a message: the wording layer names the phase."""


def english(value: Any) -> Any:
    """A parameter as the English sentence shows it."""
    if isinstance(value, CardRef):
        return describe(value)
    if isinstance(value, PhaseRef):
        return PHASE_EN.get(str(value), str(value))
    if isinstance(value, (tuple, list)):
        return ", ".join(str(english(v)) for v in value)
    if isinstance(value, (int, float, str)):
        return value
    return str(value)


class Msg(str):
    """The English sentence, plus what it takes to word it in another language."""

    template: str
    plural: str
    number: str
    params: dict[str, Any]

    def __new__(cls, template: str, _plural: str = "", _number: str = "", **params: Any) -> Msg:
        n = params.get(_number, 1) if _number else 1
        chosen = _plural if _plural and n != 1 else template
        try:
            text = chosen.format(**{k: english(v) for k, v in params.items()})
        except (KeyError, IndexError, ValueError):
            text = chosen
        obj = super().__new__(cls, text)
        obj.template = template
        obj.plural = _plural
        obj.number = _number
        obj.params = dict(params)
        return obj

    def __reduce__(self) -> Any:
        # keep template and params through copy and the simulator's worker processes
        return (_rebuild, (self.template, self.plural, self.number, self.params))


def _rebuild(template: str, plural: str, count: str, params: dict[str, Any]) -> Msg:
    return Msg(template, plural, count, **params)


def msg(template: str, **params: Any) -> Msg:
    """A sentence with named parameters (the template is the English msgid)."""
    return Msg(template, **params)


def msgn(singular: str, plural: str, n: int, **params: Any) -> Msg:
    """A sentence whose wording depends on the number `n` (passed on as `{n}`)."""
    return Msg(singular, plural, "n", n=n, **params)


def as_msg(text: str) -> Msg:
    """Any string as a message (a plain string is its own template)."""
    return text if isinstance(text, Msg) else Msg(text)
