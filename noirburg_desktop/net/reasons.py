"""The network's own refusals, as the engine words its own: `Msg` templates the
catalogue translates (the host sends the template and its parameters, never an
English sentence the player would have to read)."""

from __future__ import annotations

from engine import Msg, msg
from noirburg_desktop.net import protocol as p
from noirburg_desktop.words.reasons import reason_to_json


def wire(reason: str) -> p.Reason:
    """A Msg (or the engine's refusal) as the wire carries it."""
    data = reason_to_json(reason)
    return p.Reason(
        template=data["template"],
        plural=data["plural"],
        number=data["number"],
        params=data["params"],
    )


def version_mismatch(theirs: int, ours: int) -> Msg:
    return msg(
        "This game speaks network protocol {ours}; your Noirburg speaks {theirs}. "
        "Use the same version of Noirburg as the host.",
        theirs=theirs,
        ours=ours,
    )


def app_version_mismatch(theirs: str, ours: str) -> Msg:
    return msg(
        "This game is hosted with Noirburg {ours}; yours is {theirs}. "
        "Use the same version of Noirburg as the host.",
        theirs=theirs,
        ours=ours,
    )


def wrong_app() -> Msg:
    return msg("That address is not a Noirburg game.")


def game_full() -> Msg:
    return msg("Every seat of this game is taken.")


def bad_token() -> Msg:
    return msg("This seat key does not belong to this game. Join again without it.")


def not_joined() -> Msg:
    return msg("Say hello first: the host does not know which seat you are.")


def malformed(detail: str) -> Msg:
    return msg("The host could not read that message ({detail}).", detail=detail[:120])


def stale(yours: int, now: int) -> Msg:
    return msg(
        "The table has moved on since you decided (your move was made on step {yours}, "
        "the game is at step {now}).",
        yours=yours,
        now=now,
    )


def forged() -> Msg:
    return msg("That move carries another seat's key.")


def not_your_turn() -> Msg:
    return msg("It is not your turn to decide.")


def not_a_choice() -> Msg:
    return msg("That is not one of your choices now.")


def not_started() -> Msg:
    return msg("The game has not started yet: the host is waiting for players.")


def flood() -> Msg:
    return msg("Too many messages: slow down.")


def closing() -> Msg:
    return msg("The host is closing the game.")


def already_seated() -> Msg:
    return msg("This seat is already played from another connection.")
