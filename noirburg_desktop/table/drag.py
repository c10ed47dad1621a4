"""Drag-and-drop as a small state machine: press, move past a threshold, drop.

It knows nothing about rules: it reports a click (press and release without
moving) or a drop (source, position), and animates an illegal drop sliding
back to where the card came from. The scene turns drops into intents.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect, Surface

from engine.cards import CARDS
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.intents import Seq, Source, Target

THRESHOLD = 6  # pixels before a press becomes a drag
SLIDE_S = 0.22


@dataclass
class Drag:
    source: Source
    origin: Rect  # where the card sat
    grab: tuple[int, int]  # mouse offset inside the card
    pos: tuple[int, int]
    moved: bool = False
    targets: dict[Target, list[Seq]] | None = None  # legal drops (highlight)

    @property
    def rect(self) -> Rect:
        return Rect(self.pos[0] - self.grab[0], self.pos[1] - self.grab[1], *self.origin.size)


@dataclass
class SlideBack:
    """A refused card gliding home."""

    card: int
    start: Rect
    end: Rect
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= SLIDE_S

    def rect(self) -> Rect:
        k = min(1.0, self.t / SLIDE_S)
        k = 1 - (1 - k) ** 3
        x = self.start.x + (self.end.x - self.start.x) * k
        y = self.start.y + (self.end.y - self.start.y) * k
        return Rect(int(x), int(y), *self.end.size)


class DragController:
    def __init__(self) -> None:
        self.pressed: Drag | None = None
        self.slides: list[SlideBack] = []

    @property
    def dragging(self) -> Drag | None:
        d = self.pressed
        return d if d is not None and d.moved else None

    def press(self, source: Source, origin: Rect, pos: tuple[int, int]) -> Drag:
        self.pressed = Drag(source, origin.copy(), (pos[0] - origin.x, pos[1] - origin.y), pos)
        return self.pressed

    def motion(self, pos: tuple[int, int]) -> bool:
        """True when this motion turned the press into a drag."""
        d = self.pressed
        if d is None:
            return False
        d.pos = pos
        if not d.moved:
            ox, oy = d.origin.x + d.grab[0], d.origin.y + d.grab[1]
            if abs(pos[0] - ox) + abs(pos[1] - oy) >= THRESHOLD:
                d.moved = True
                return True
        return False

    def release(self) -> Drag | None:
        d, self.pressed = self.pressed, None
        return d

    def cancel(self) -> None:
        d, self.pressed = self.pressed, None
        if d is not None and d.moved:
            self.bounce(d)

    def bounce(self, d: Drag) -> None:
        self.slides.append(SlideBack(d.source.card, d.rect, d.origin))

    def update(self, dt: float) -> None:
        for s in self.slides:
            s.t += dt
        self.slides = [s for s in self.slides if not s.done]


def drag_surface(src: Source, size: tuple[int, int]) -> Surface:
    """The card under the pointer: a gangster lifted from a column as its top strip."""
    wd, ht = size
    if src.kind == "gangster" and CARDS[src.card].kind.name == "GANGSTER" and ht < wd * 1.2:
        return w.card_top(src.card, wd, ht)
    return w.card_face(src.card, wd)
