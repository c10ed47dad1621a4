"""The wire: typed messages (msgspec structs) as JSON text frames.

Every frame is one message, tagged by its "t" field. Nothing outside these
structs is ever decoded: an unknown tag, a missing field or a wrong type is a
`ProtocolError`, never a crash. Card data travels as the engine's own JSON
(`engine.to_json` of a view, `action_to_json`, events as lists) so the client
can rebuild engine values with the engine's own parsers.

Bump PROTOCOL_VERSION whenever a message changes shape; a peer speaking another
version is refused at the handshake with a message that names both versions.
"""

from __future__ import annotations

from typing import Any

import msgspec

PROTOCOL_VERSION = 1
APP_NAME = "noirburg"
MAX_FRAME = 256 * 1024  # bytes; a whole view of a six-seat game is ~6 KB
MAX_NAME = 40  # characters, as session.MAX_NAME
MAX_TOKEN = 64  # a seat token is 32 hex characters
MAX_LOG = 2000  # log events a resync carries at most (the latest ones)


class ProtocolError(ValueError):
    """A frame that is not one of our messages (or too large to read)."""


# --- client -> host ----------------------------------------------------------------


class Hello(msgspec.Struct, tag="hello", tag_field="t", forbid_unknown_fields=True):
    """The first frame: who speaks, which version, and the seat token if rejoining."""

    app: str
    protocol: int
    app_version: str
    name: str
    token: str | None = None


class Act(msgspec.Struct, tag="act", tag_field="t", forbid_unknown_fields=True):
    """An intent: an engine action (`action_to_json` form) made on state `state_id`
    by the seat `token` owns. The host checks it with `legal_actions`."""

    state_id: int
    token: str
    action: dict[str, Any]


class Leave(msgspec.Struct, tag="leave", tag_field="t", forbid_unknown_fields=True):
    """The player leaves for good (the seat is handed to an AI at once)."""


ClientMessage = Hello | Act | Leave


# --- host -> client ----------------------------------------------------------------


class Reason(msgspec.Struct, forbid_unknown_fields=True):
    """A translatable sentence: the engine's Msg as `reasons.reason_to_json` writes
    it (template = the catalogue's msgid, params with card/phase references)."""

    template: str
    plural: str = ""
    number: str = ""
    params: dict[str, Any] = {}


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True):
    """One seat as the lobby and the table show it."""

    seat: int
    name: str
    connected: bool
    ai: bool  # an AI plays it now (an AI seat, or handed to one after the grace period)


class Welcome(msgspec.Struct, tag="welcome", tag_field="t", forbid_unknown_fields=True):
    """The handshake's answer: your seat and the token that reclaims it."""

    protocol: int
    app_version: str
    game_id: str
    seat: int
    token: str
    players: int


class Lobby(msgspec.Struct, tag="lobby", tag_field="t", forbid_unknown_fields=True):
    """Who sits where; sent whenever it changes. `started`: the cards are dealt."""

    seats: list[SeatInfo]
    started: bool
    waiting_for: int  # remote seats still to fill before the deal
    ai_took_over: list[int]  # seats an AI played after their player was away


class Question(msgspec.Struct, forbid_unknown_fields=True):
    """What this seat is asked now. kind: "turn" (its own decision: the table waits),
    "window" (a reaction window; every eligible seat is asked, holding a card or not,
    so nobody learns who holds one), "mulligan". `legal` is `legal_actions` as
    `action_to_json` (a window seat without an answer is offered only Pass).
    `deadline`: seconds the host waits before passing (window) or handing the seat
    to an AI (turn, when the player is away); 0 = no limit."""

    kind: str
    legal: list[dict[str, Any]]
    deadline: float = 0.0


class Update(msgspec.Struct, tag="update", tag_field="t", forbid_unknown_fields=True):
    """The seat's whole picture after a change: the view (engine JSON of
    `engine.view(state, seat)`; during a window every eligible seat's view shows the
    window asking it), the events since the last update as this seat may see them
    (`Event.for_seat`, as [kind, seat, cards, amount, target, tag]) and its question.
    `resync`: `events` is the seat's whole log so far (after a (re)connect)."""

    state_id: int
    view: dict[str, Any]
    events: list[list[Any]]
    question: Question | None
    resync: bool = False
    # reserved, empty for now: an AI's reason for its move can tell what it holds
    reasons: dict[str, Reason] = {}


class Refused(msgspec.Struct, tag="refused", tag_field="t", forbid_unknown_fields=True):
    """An intent the host did not carry out, and why (the engine's rule and message,
    or one of the network's own reasons in `net/reasons.py`). The game is unharmed."""

    code: str  # "illegal", "stale", "not_your_turn", "bad_token", "malformed", "flood", ...
    rule: str
    reason: Reason
    state_id: int


class GameOver(msgspec.Struct, tag="over", tag_field="t", forbid_unknown_fields=True):
    """The end: winners, how, and now that nothing is secret, the whole final state."""

    winners: list[int]
    method: str
    state: dict[str, Any]
    ai_took_over: list[int]


class Goodbye(msgspec.Struct, tag="bye", tag_field="t", forbid_unknown_fields=True):
    """The host closes this connection, and why (version mismatch, game full, ...)."""

    code: str
    reason: Reason


HostMessage = Welcome | Lobby | Update | Refused | GameOver | Goodbye

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_host_decoder = msgspec.json.Decoder(HostMessage)


def encode(message: ClientMessage | HostMessage) -> str:
    """One frame's text (websockets sends a str as a text frame)."""
    return _encoder.encode(message).decode("utf-8")


def _decode(frame: str | bytes, decoder: msgspec.json.Decoder[Any]) -> Any:
    if len(frame) > MAX_FRAME:
        raise ProtocolError(f"a frame of {len(frame)} bytes (the limit is {MAX_FRAME})")
    try:
        return decoder.decode(frame)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
        raise ProtocolError(str(exc)[:200]) from exc


def decode_client(frame: str | bytes) -> ClientMessage:
    """A frame from a client, or ProtocolError."""
    message: ClientMessage = _decode(frame, _client_decoder)
    return message


def decode_host(frame: str | bytes) -> HostMessage:
    """A frame from the host, or ProtocolError."""
    message: HostMessage = _decode(frame, _host_decoder)
    return message
