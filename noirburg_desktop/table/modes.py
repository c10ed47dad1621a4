"""What the table is waiting for: one explicit mode instead of a bag of flags.

The engine says who must decide; a shared screen adds what only the table
knows: a human answering a reaction (who claimed the bar, the lone human the
engine asks, the human a poll reached), the bar standing still while a claim
names its seat, an "always ask" poll going round the humans, and a hand-off
screen or a private note covering the table. `TableController` holds exactly
one `Mode`; the covers wrap the flow they return to, so combinations that
cannot happen (a note under a hand-off, a claim while a poll asks someone
else) cannot be written down. `after_action` is the one transition an engine
action makes; the controller's other transitions are named methods.
"""

from __future__ import annotations

from dataclasses import dataclass

from noirburg_desktop.table.handoff import Handoff


@dataclass(frozen=True, slots=True)
class Watching:
    """Nobody is asked out of turn: turns, AI moves and the story run."""


@dataclass(frozen=True, slots=True)
class NamingClaimant:
    """R (or a click) on the bar with 2+ humans: the bar stands still until a seat
    number says who claims it."""


@dataclass(frozen=True, slots=True)
class Answering:
    """`seat`, a human, answers the engine in a reaction window: they claimed the
    bar, are the lone human the engine asks, or a poll reached them. `poll` is
    who the poll asks after them (None outside a poll)."""

    seat: int
    poll: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Polling:
    """ "Always ask" after a bar: these humans, in turn order, each get the same
    hand-off, then the engine's question or a "nothing to play" note. The story
    waits meanwhile, so the number of screens never depends on who holds what."""

    queue: tuple[int, ...]


Flow = Watching | NamingClaimant | Answering | Polling


@dataclass(frozen=True, slots=True)
class HandingOff:
    """The hand-off screen covers the table; `then` goes on once the seat is ready
    (and `handoff.message`, if any, becomes their private note)."""

    handoff: Handoff
    then: Flow


@dataclass(frozen=True, slots=True)
class Noting:
    """A private note for the device holder covers the table until closed."""

    text: str
    then: Flow


Mode = Flow | HandingOff | Noting


def flow_of(mode: Mode) -> Flow:
    """The flow under any cover."""
    return mode.then if isinstance(mode, HandingOff | Noting) else mode


def with_flow(mode: Mode, flow: Flow) -> Mode:
    """`mode` with its flow replaced, the cover (if any) kept."""
    if isinstance(mode, HandingOff):
        return HandingOff(mode.handoff, flow)
    if isinstance(mode, Noting):
        return Noting(mode.text, flow)
    return flow


def answering(mode: Mode) -> int | None:
    """The human the table waits on in a reaction window, if any."""
    flow = flow_of(mode)
    return flow.seat if isinstance(flow, Answering) else None


def poll_queue(mode: Mode) -> tuple[int, ...] | None:
    """The humans an "always ask" poll has still to ask (None: no poll under way)."""
    flow = flow_of(mode)
    if isinstance(flow, Polling):
        return flow.queue
    return flow.poll if isinstance(flow, Answering) else None


def after_action(mode: Mode, actor: int | None, passed: bool) -> Mode:
    """An engine action was applied for `actor`. An answer covers one decision,
    never the next (a polled human's pass lets the poll go on); a reaction, not a
    pass, changes the situation, so its own bar polls again."""
    flow = flow_of(mode)
    if isinstance(flow, Answering) and flow.seat == actor:
        return with_flow(
            mode, Polling(flow.poll) if flow.poll is not None and passed else Watching()
        )
    if passed:
        return mode
    if isinstance(flow, Polling):
        return with_flow(mode, Watching())
    if isinstance(flow, Answering) and flow.poll is not None:
        return with_flow(mode, Answering(flow.seat))
    return mode
