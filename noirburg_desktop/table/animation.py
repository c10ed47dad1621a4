"""Replaying engine Events as table animation, one step after another.

The state is already final when events arrive: this module only tells the
story (dice rolled on the table, damage weakest-first, who dies, coins moving)
so a player can follow it. Nothing here blocks input. Steps are queued with a
base duration scaled by the speed setting; `Bar` items are the reaction bar's
slots, which the scene shows for a fixed time whatever the engine decided.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame
from pygame import Rect, Surface

from engine import Event, EventKind, WindowKind
from engine.threats import Threat
from noirburg_desktop.look import resources
from noirburg_desktop.table import widgets as w
from noirburg_desktop.words.event_styles import COIN_PLACES, STYLES, Picture

# The reaction bar's slot for each kind of window the engine announces (I-REACT-WINDOW
# (a) an attack declared, (b) a reaction played, (c) a fight resolved, (d) a turn's end).
BAR_REASONS = {
    WindowKind.ATTACK: "attack",
    WindowKind.POLICE: "react",
    WindowKind.DRIVE_BY: "react",
    WindowKind.CARD: "react",
    WindowKind.RESOLVED: "resolved",
    WindowKind.END_TURN: "end",
}
WINDOW_EVENTS = frozenset({EventKind.WINDOW_OPENED, EventKind.WINDOW_CLOSED})


@dataclass(frozen=True)
class Bar:
    """A reaction-bar slot in the story. `opener` is the seat whose public action
    opened it (left out of the window, I-REACT-WINDOW), known from events alone.
    A `silent` slot is the window's beat (no bar drawn, R still claims it); `target`
    is the card a loud bar's window threatens (outlined while it runs)."""

    reason: str
    opener: int | None = None
    silent: bool = False
    target: int | None = None
    threat: Threat | None = None  # what a loud bar answers, for its words (public)


@dataclass
class Step:
    item: Event | Bar
    text: str  # banner line (names already filled in)
    duration: float
    rects: dict[str, Rect] = field(default_factory=dict)
    own_loss: bool = False  # a person's own thing lost in an AI turn: banner and flash


@dataclass
class Effect:
    kind: str
    t: float
    duration: float
    rect: Rect
    end: Rect | None = None
    value: int = 0
    card: int | None = None
    colour: tuple[int, int, int] = w.BLOOD

    @property
    def k(self) -> float:
        return min(1.0, self.t / self.duration) if self.duration > 0 else 1.0


def plan_bars(events: Sequence[Event]) -> list[Event | Bar]:
    """The story with a Bar slot wherever the engine opened a reaction window.

    The engine announces every window it opens, whether or not anyone can answer
    (and never who), so the bar gives no hand away and the table needs no window
    rules of its own."""
    out: list[Event | Bar] = []
    for ev in events:
        if ev.kind == EventKind.WINDOW_OPENED:
            out.append(Bar(BAR_REASONS[WindowKind(ev.tag)], ev.seat))
        elif ev.kind != EventKind.WINDOW_CLOSED:
            out.append(ev)
    return out


def without_windows(events: Sequence[Event]) -> list[Event | Bar]:
    """The story without reaction bars (window announcements left out)."""
    return [ev for ev in events if ev.kind not in WINDOW_EVENTS]


class Presenter:
    """The queue of story steps and the effects currently on screen."""

    def __init__(self) -> None:
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.elapsed = 0.0
        self.effects: list[Effect] = []
        self.bar_seconds = 5.0
        self.hold = False  # a bar stands still while a claim names its seat
        self.stop_at_bar = False  # a hold armed before the bar: the next bar stands still
        self.read_s = 1.2  # a bar's countdown starts once the banner was up this long
        self.dice: tuple[int, int] = (0, 0)
        self.banner = ""
        self.banner_t = 0.0
        self.finished_bars = 0  # bumps each time a bar slot ends
        self.last_bar: Bar | None = None  # the bar slot that ended last
        self.rng = random.Random(7)
        # Settings' reduced motion: nothing slides, shakes, flickers or flashes; each
        # effect is shown still, at its final look, for the same time
        self.reduced = False

    # --- queue ---------------------------------------------------------------------
    def push(self, step: Step) -> None:
        self.queue.append(step)

    @property
    def idle(self) -> bool:
        return self.current is None and not self.queue

    @property
    def bar(self) -> Bar | None:
        cur = self.current
        return cur.item if cur is not None and isinstance(cur.item, Bar) else None

    def bar_left(self) -> float:
        cur = self.current
        if cur is None or not isinstance(cur.item, Bar):
            return 0.0
        return max(0.0, cur.duration - self.elapsed)

    def end_bar(self) -> None:
        """Close the current bar early (a claim was made)."""
        if self.bar is not None and self.current is not None:
            self.elapsed = self.current.duration

    def hurry(self, scale: float) -> None:
        """Shorten every queued step (not bars, whose length is fixed) by `scale`."""
        for st in self.queue:
            if not isinstance(st.item, Bar):
                st.duration *= scale

    def skip_all(self) -> None:
        """Jump to the end of the story (e.g. after undo or load)."""
        self.queue.clear()
        self.current = None
        self.effects.clear()

    def update(self, dt: float) -> None:
        for e in self.effects:
            e.t += dt
        self.effects = [e for e in self.effects if e.t < e.duration]
        if self.banner:
            self.banner_t += dt
        budget = dt
        while True:
            if self.current is None:
                if not self.queue:
                    return
                self.current = self.queue.popleft()
                self.elapsed = 0.0
                self._start(self.current)
            if isinstance(self.current.item, Bar) and self._bar_waits():
                return
            left = self.current.duration - self.elapsed
            if budget < left:
                self.elapsed += budget
                return
            budget -= max(0.0, left)
            if isinstance(self.current.item, Bar):
                self.finished_bars += 1
                self.last_bar = self.current.item
            self.current = None

    def _bar_waits(self) -> bool:
        """A bar does not count down while a claim is being made, nor before the banner
        that precedes it could be read (both public, so they give no hand away)."""
        if self.hold or self.stop_at_bar:
            return True
        return bool(self.banner) and self.banner_t < self.read_s and self.elapsed == 0.0

    def _start(self, step: Step) -> None:
        item = step.item
        if isinstance(item, Bar):
            return
        kind = item.kind
        look = STYLES[kind]
        if kind == "turn":  # a new turn: the last fight's dice are not this turn's (#20)
            self.dice = (0, 0)
        if look.sound is not None and step.duration > 0:  # instant speed stays quiet
            resources.play_sound(look.sound)
        if step.text and (look.banner or step.own_loss):
            self.banner = step.text
            self.banner_t = 0.0
        self._add_effects(item, step)

    def _add_effects(self, item: Event, step: Step) -> None:
        """The pictures that tell `item` where its rects say it happened."""
        look = STYLES[item.kind]
        picture = look.picture
        d = max(0.25, step.duration * 1.6)
        r = step.rects
        if picture is Picture.DIE:
            v = item.amount
            self.dice = (v, self.dice[0]) if self.dice[0] else (v, 0)
            if "dice" in r:
                self.effects.append(Effect("die", 0.0, max(0.3, step.duration), r["dice"], value=v))
            if "seat" in r:
                self.effects.append(Effect("die_at", 0.0, d * 1.5, r["seat"], value=v))
        elif picture is Picture.HIT and "target" in r:
            amt = item.amount
            self.effects.append(Effect("float", 0.0, d, r["target"], value=-amt))
            self.effects.append(Effect("flash", 0.0, step.duration, r["target"]))
        elif picture is Picture.GHOST and "card" in r:
            cards = item.cards
            self.effects.append(
                Effect("ghost", 0.0, d, r["card"], card=cards[0] if cards else None)
            )
        elif look.place in COIN_PLACES and "from" in r and "to" in r:
            amt = item.amount
            if amt > 0:
                self.effects.append(
                    Effect("coins", 0.0, max(0.3, step.duration), r["from"], r["to"], value=amt)
                )
        elif picture is Picture.ARROW and "from" in r and "to" in r:
            self.effects.append(Effect("arrow", 0.0, d * 2, r["from"], r["to"]))
        elif picture is Picture.FLASH and "target" in r:
            self.effects.append(Effect("flash", 0.0, d, r["target"]))
        if step.own_loss and picture not in (Picture.HIT, Picture.FLASH):
            for key in ("card", "target"):  # flashed on the very card lost, its whole time
                if key in r:
                    self.effects.append(Effect("flash", 0.0, d, r[key]))

    # --- drawing -------------------------------------------------------------------
    def draw(self, dest: Surface) -> None:
        for e in self.effects:
            getattr(self, f"_draw_{e.kind}")(dest, e)

    def _draw_die(self, dest: Surface, e: Effect) -> None:
        face = e.value if e.k > 0.7 or self.reduced else self.rng.randint(1, 6)
        s = e.rect.w
        off = 0 if self.reduced else int((1 - e.k) * 8)
        dest.blit(w.die(face, s, hot=True), e.rect.move(self.rng.randint(-off, off), -off))

    def _draw_die_at(self, dest: Surface, e: Effect) -> None:
        s = max(20, min(34, e.rect.h))
        face = e.value if e.k > 0.25 or self.reduced else self.rng.randint(1, 6)
        dest.blit(w.die(face, s, hot=True), (e.rect.right - s - 4, e.rect.y + 2))

    def _draw_float(self, dest: Surface, e: Effect) -> None:
        surf = w.text(f"{e.value}", max(18, e.rect.w // 2), (240, 70, 70), bold=True, serif=True)
        if self.reduced:  # still, fully readable
            dest.blit(surf, surf.get_rect(center=e.rect.center))
            return
        surf = surf.copy()
        surf.set_alpha(int(255 * (1 - e.k * e.k)))
        dest.blit(surf, surf.get_rect(center=(e.rect.centerx, e.rect.centery - int(30 * e.k))))

    def _draw_flash(self, dest: Surface, e: Effect) -> None:
        if self.reduced:  # a steady red frame instead of a flash
            pygame.draw.rect(dest, w.BLOOD, e.rect, 3, border_radius=6)
            return
        alpha = int(160 * (1 - e.k))
        over = w.cached(("flash", e.rect.size), lambda: _tint(e.rect.size, (200, 30, 30)))
        over.set_alpha(alpha)
        dest.blit(over, e.rect)

    def _draw_ghost(self, dest: Surface, e: Effect) -> None:
        if e.card is None:
            return
        face = w.card_face(e.card, e.rect.w).copy()
        face.set_alpha(160 if self.reduced else int(255 * (1 - e.k)))
        shake = int(4 * (1 - e.k)) * (1 if int(e.t * 30) % 2 else -1)
        r = e.rect if self.reduced else e.rect.move(shake, int(e.k * 12))
        dest.blit(face, r)
        if e.k < 0.8 or self.reduced:
            pygame.draw.line(dest, w.BLOOD, r.topleft, r.bottomright, 4)
            pygame.draw.line(dest, w.BLOOD, r.topright, r.bottomleft, 4)

    def _draw_coins(self, dest: Surface, e: Effect) -> None:
        if e.end is None:
            return
        n = min(6, max(1, e.value))
        fives, _ones = w.split_money(e.value)
        if self.reduced:  # no flight: the amount beside where it goes
            lab = w.text(f"+{e.value}", 18, w.BRASS, bold=True)
            c = w.coin(5 if fives else 1, 18)
            dest.blit(c, c.get_rect(midright=(e.end.centerx - 2, e.end.centery)))
            dest.blit(lab, lab.get_rect(midleft=(e.end.centerx + 2, e.end.centery)))
            return
        for i in range(n):
            k = max(0.0, min(1.0, e.k * 1.4 - i * 0.08))
            k = 1 - (1 - k) ** 2
            x = e.rect.centerx + (e.end.centerx - e.rect.centerx) * k
            y = e.rect.centery + (e.end.centery - e.rect.centery) * k - 40 * k * (1 - k)
            c = w.coin(5 if i < fives else 1, 18)
            dest.blit(c, c.get_rect(center=(int(x), int(y))))

    def _draw_arrow(self, dest: Surface, e: Effect) -> None:
        if e.end is None:
            return
        k = 1.0 if self.reduced else min(1.0, e.k * 8)
        a = pygame.Vector2(e.rect.center)
        b = pygame.Vector2(e.end.center)
        tip = a + (b - a) * k
        pygame.draw.line(dest, w.BLOOD, a, tip, 5)
        if (b - a).length() > 1:
            d = (b - a).normalize()
            n = pygame.Vector2(-d.y, d.x)
            pygame.draw.polygon(dest, w.BLOOD, [tip, tip - d * 18 + n * 10, tip - d * 18 - n * 10])


def _tint(size: tuple[int, int], colour: tuple[int, int, int]) -> Surface:
    surf = Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*colour, 255), (0, 0, *size), border_radius=6)
    return surf
