"""How fast the table tells its story, and when it stops for a human.

The fixed-length reaction bar exists only to keep hands private between
people sharing one device: whether a bar appears must never tell anyone who
holds a reaction. With one human at the table there is nobody to hide that
from, so there is no bar at all: the table stops only when the engine asks
that human (they hold a reaction playable right now) and then waits for their
Play / Pass, or passes at once with the "auto-pass" setting.

AI turns are paced by the speed setting: a delay before each AI decision and a
multiplier on the animation of what AI seats do. The budget (checked with
`bench_pacing`): a whole AI turn at Normal in at most 4 s, at Instant 0.5 s.
"""

from __future__ import annotations

from engine.events import Event

# Seconds before each AI decision, per speed setting (storage.AI_SPEEDS).
AI_DELAY = {"slow": 0.9, "normal": 0.22, "fast": 0.08, "instant": 0.0}
# Animation pace of what AI seats do: a multiplier on every animation step.
AI_PACE = {"slow": 1.2, "normal": 0.55, "fast": 0.25, "instant": 0.0}
# A human's own actions animate at this pace (their input is never blocked by it).
HUMAN_PACE = 0.8
# Hotseat: the bar's countdown starts once the banner before it has been readable this long.
BANNER_READ_S = 1.2
# After the engine moved a human past a phase on its own, the next "Next phase" press
# within this time only tells them where they are now (it was meant for the old phase).
SKIP_GUARD_S = 1.5


def uses_bars(humans: int) -> bool:
    """The fixed-length privacy bar: only when 2+ people share the device."""
    return humans >= 2


def ai_delay(speed: str) -> float:
    return AI_DELAY.get(speed, AI_DELAY["normal"])


def pace_for(speed: str, ai_actor: bool, any_human: bool) -> float:
    """Animation multiplier for the events of one action."""
    if ai_actor or not any_human:
        return AI_PACE.get(speed, AI_PACE["normal"])
    return 0.0 if speed == "instant" else HUMAN_PACE


def skipped_phases(events: list[Event], seat: int) -> list[str]:
    """Phase letters the engine passed through for `seat` without stopping (a phase
    event followed directly by another): what the table announces as skipped."""
    out: list[str] = []
    for prev, ev in zip(events, events[1:], strict=False):
        if prev.kind == ev.kind == "phase" and prev.seat == ev.seat == seat and prev.tag != "A":
            out.append(prev.tag)
    return out
