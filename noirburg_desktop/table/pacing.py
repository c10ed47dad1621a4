"""How fast the table tells its story, and when it stops for a human.

The fixed-length reaction bar exists only to keep hands private between
people sharing one device: whether a bar appears must never tell anyone who
holds a reaction, so it follows public facts only (a window whose action
threatens a person's table, see `prompting`). With one human at the table there
is nobody to hide that from, so there is no bar at all: when the engine asks
that human (they hold a reaction playable right now) the table waits for their
Play / Pass if the Settings' reaction policy says to ask (by default: a threat
to what they own that they can answer), else passes for them once the window's
story has been told (its beat; none at Instant unless they hold with R).

AI turns are paced by the speed setting: a delay before each AI decision and a
multiplier on the animation of what AI seats do. The budget (checked with
`bench_pacing`): a whole AI turn at Normal in at most 4 s, at Instant 0.5 s.
"""

from __future__ import annotations

from engine import Event
from engine.actions import Action, EndPhase, Pass

# Seconds before each AI decision, per speed setting (storage.AI_SPEEDS).
AI_DELAY = {"slow": 0.9, "normal": 0.2, "fast": 0.08, "instant": 0.0}
# Animation pace of what AI seats do: a multiplier on every animation step.
AI_PACE = {"slow": 1.2, "normal": 0.45, "fast": 0.2, "instant": 0.0}
# A human's own actions animate at this pace (their input is never blocked by it, but
# the next AI seat waits for the story to end).
HUMAN_PACE = 0.5
# Wall-time budget of one AI turn per speed: as a turn uses it up, its animations and
# delays get shorter (down to MIN_SCALE), so a busy turn (two Poker Nights, a Drive-by,
# two attacks) still ends close to the budget. Instant has no animation or delay at all.
TURN_BUDGET = {"slow": 9.0, "normal": 3.0, "fast": 1.6, "instant": 0.4}
MIN_SCALE = 0.12
STORY_SHARE = 0.4  # at most this share of the turn's remaining budget for one action
STORY_FLOOR_S = 0.3  # ...but every action's story stays on screen at least this long
# When a human's turn ends, what is left of its story plays this much faster (they made
# those moves themselves; the next seat should not wait for their replay).
AFTER_TURN_SCALE = 0.35
# Hotseat: the bar's countdown starts once the banner before it has been readable this long.
BANNER_READ_S = 1.2
# After the engine moved a human past a phase on its own, or the decision came back to
# them after others moved (a reaction window that closed on its clock, the AIs' turns),
# the next "Next phase" press within this time only tells them where they are now (it
# was meant for the old phase or for the window: playtest 3 lost an Open phase so).
SKIP_GUARD_S = 1.5
# Hotseat: the hand-off screen (and a private note) takes no click or key until it has
# stood this long, so the last of a burst of clicks cannot wave it away and show the next
# player's hand to the one who was clicking (playtest 3).
CURTAIN_CALM_S = 0.35
# Their own "Next phase" into phase G, whose button ends the turn: a double press
# within this time must not end it with the free card alone.
DOUBLE_PRESS_S = 0.6


def uses_bars(humans: int) -> bool:
    """The fixed-length privacy bar: only when 2+ people share the device."""
    return humans >= 2


def is_quiet(action: Action) -> bool:
    """Ending a phase or passing shows nothing: no delay before it."""
    return isinstance(action, (EndPhase, Pass))


def budget_scale(speed: str, turn_t: float) -> float:
    """How much of the normal pacing an AI turn `turn_t` seconds old still gets."""
    budget = TURN_BUDGET.get(speed, TURN_BUDGET["normal"])
    return max(MIN_SCALE, 1.0 - turn_t / budget)


def story_fit(speed: str, turn_t: float, story_s: float) -> float:
    """Scale for one AI action's story so it takes at most STORY_SHARE of what is left
    of the turn's budget (never below STORY_FLOOR_S, so it is still seen)."""
    left = TURN_BUDGET.get(speed, TURN_BUDGET["normal"]) - turn_t
    cap = max(STORY_FLOOR_S, STORY_SHARE * left)
    return 1.0 if story_s <= cap else cap / story_s


def ai_delay(speed: str, turn_t: float = 0.0) -> float:
    return AI_DELAY.get(speed, AI_DELAY["normal"]) * budget_scale(speed, turn_t)


def pace_for(speed: str, ai_actor: bool, any_human: bool, turn_t: float = 0.0) -> float:
    """Animation multiplier for the events of one action."""
    if ai_actor or not any_human:
        return AI_PACE.get(speed, AI_PACE["normal"]) * budget_scale(speed, turn_t)
    return 0.0 if speed == "instant" else HUMAN_PACE


def skipped_phases(events: list[Event], seat: int) -> list[str]:
    """Phase letters the engine passed through for `seat` without stopping (a phase
    event followed directly by another): what the table announces as skipped."""
    out: list[str] = []
    for prev, ev in zip(events, events[1:], strict=False):
        if prev.kind == ev.kind == "phase" and prev.seat == ev.seat == seat and prev.tag != "A":
            out.append(prev.tag)
    return out
