"""An action's story: the engine's events as the Presenter's steps and the log's lines.

Each event becomes a log line (`wording.event_line`) and an animation step of its
style's `seconds` at the AI pace; a reaction window becomes a claim bar when the
Settings' policy makes it loud (`prompting.loud_window`), else a silent beat as long
as the event before it, in which R still claims. An AI's turn fits one budget, but a
person's own loss is never squeezed: they must see it (`while_away.own_loss`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from pygame import Rect

import engine
from engine.threats import Threat
from noirburg_desktop.table import pacing
from noirburg_desktop.table.animation import Bar, Presenter, Step, plan_bars, without_windows
from noirburg_desktop.table.prompting import loud_window
from noirburg_desktop.table.while_away import own_loss
from noirburg_desktop.words.event_styles import STYLES


@dataclass(frozen=True)
class Audience:
    """Who watches the story, and at what pace it is told."""

    viewer: int  # whose view the events are worded for
    humans: list[int]
    use_bars: bool  # hotseat: windows get claim bars (`pacing.uses_bars`)
    reactions: str  # Settings → Reactions (`prompting`)
    ai_speed: str
    turn_t: float  # seconds the AI's turn has taken so far (its budget)


def tell(
    events: list[engine.Event],
    presenter: Presenter,
    audience: Audience,
    *,
    ai_actor: bool,
    opened: Threat | None,
    word: Callable[[engine.Event], str],
    log: Callable[[str], None],
    rects: Callable[[engine.Event], dict[str, Rect]],
) -> None:
    """Push the story of `events` to `presenter` and log its lines; `opened` is the
    threat of the window the action itself opened (the only one it threatens)."""
    a = audience
    items = plan_bars(events) if a.use_bars else without_windows(events)
    first_bar = True
    beat = 0.0  # the last event's animation: a silent bar lasts as long
    pace = pacing.pace_for(a.ai_speed, ai_actor, bool(a.humans), a.turn_t)
    if ai_actor and a.humans:  # one long story (a Poker Night's dice) must fit too
        kinds = [x.kind for x in items if isinstance(x, engine.Event)]
        story = sum(STYLES[k].seconds for k in kinds) * pace
        pace *= pacing.story_fit(a.ai_speed, a.turn_t, story)
    for item in items:
        if isinstance(item, Bar):
            threat = opened if first_bar else None
            first_bar = False
            if loud_window(a.reactions, threat, a.humans):
                target = threat.target if threat is not None else None
                bar = replace(item, target=target, threat=threat)
                presenter.push(Step(bar, "", presenter.bar_seconds))
            else:  # the window's beat: R claims it, nothing is drawn
                presenter.push(Step(replace(item, silent=True), "", beat))
            continue
        assert isinstance(item, engine.Event)  # plan_bars adds Bars, passes events on
        ev = item.for_seat(a.viewer)
        line = word(ev)
        if ev.kind != "phase":
            log(line)
        dur = STYLES[ev.kind].seconds * pace
        loss = ai_actor and own_loss(ev, a.humans)
        if loss:  # never squeezed by the AI turn's budget: the person must see it
            full = STYLES[ev.kind].seconds * pacing.AI_PACE.get(a.ai_speed, 0.0)
            dur = max(dur, full)
        beat = dur
        presenter.push(Step(ev, line, dur, rects(ev), own_loss=loss))
