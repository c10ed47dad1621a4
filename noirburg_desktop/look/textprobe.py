"""Where the words land: a record of every text drawn, for the test that they all fit.

Off (and free) unless a test or a tool calls `start()`. Then:

* the text helpers (`theme.text`, `theme.spaced`, `widgets.text`, `widgets.text_fit`,
  `widgets.coin_price`) `tag` each text surface they make with its words, and
  `text_fit` notes when it could only fit its box by cutting the words with "…";
* a `ProbeSurface` (the canvas and the table's layer, under test) records every tagged
  surface blitted onto it: the words, where their ink lies, the box they were fitted to;
  a whole-surface blit (the next frame) starts the record again, and a layer blitted
  onto the canvas brings its own record along;
* pop-ups `cover` what they hide (the table under a question is not read), inline
  panels (the message strip, a toast) declare their `box`: a text it cuts in half is a
  fault, since the player sees half a name;
* drawing code that has to leave out a line for want of room says so (`dropped`).

The test (tests/app/test_text_fits.py) reads `faults()` after each screen; the app
itself never looks at any of this.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame
from pygame import Rect

_active = False
_tags: dict[int, tuple[Any, str, bool]] = {}  # id(surface) -> (surface, words, cut)
_dropped: list[str] = []  # lines left out for want of room, since the last `clear_dropped`


@dataclass
class Placed:
    """A text on a surface: its words, its ink, whether it was cut to fit."""

    text: str
    ink: Rect
    cut: bool = False


@dataclass
class Box:
    """An inline panel drawn over what was there (a toast, the message strip)."""

    rect: Rect
    covered: list[Placed] = field(default_factory=list)  # texts it cut through


def start() -> None:
    """Record from now on (text caches made before are not tagged: clear them first)."""
    global _active
    _active = True
    _tags.clear()
    _dropped.clear()


def stop() -> None:
    global _active
    _active = False
    _tags.clear()
    _dropped.clear()


def active() -> bool:
    return _active


def tag(surface: pygame.Surface, text: str, cut: bool = False) -> None:
    """`surface` shows `text` (cut short with "…" when `cut`)."""
    if _active:
        _tags[id(surface)] = (surface, text, cut)


def dropped(text: str) -> None:
    """A line that was left out: there was no room for it."""
    if _active and text:
        _dropped.append(text)


def take_dropped() -> list[str]:
    out = list(_dropped)
    _dropped.clear()
    return out


def _text_of(surface: Any) -> tuple[str, bool] | None:
    hit = _tags.get(id(surface))
    if hit is None or hit[0] is not surface:
        return None
    return hit[1], hit[2]


def cover(dest: pygame.Surface, rect: Rect) -> None:
    """A pop-up over `rect`: the texts under it are hidden, not read."""
    if isinstance(dest, ProbeSurface):
        dest.records = [p for p in dest.records if not p.ink.colliderect(rect)]
        dest.panels.append(Rect(rect))


def box(dest: pygame.Surface, rect: Rect) -> None:
    """An inline panel over `rect`: a text it covers only in part is cut through."""
    if isinstance(dest, ProbeSurface):
        b = Box(Rect(rect))
        keep = []
        for p in dest.records:
            if not p.ink.colliderect(rect):
                keep.append(p)
            elif not rect.contains(p.ink):
                b.covered.append(p)
        dest.records = keep
        dest.boxes.append(b)
        dest.panels.append(Rect(rect))


class ProbeSurface(pygame.Surface):
    """A Surface that remembers the texts blitted onto it (see the module doc)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.records: list[Placed] = []
        self.boxes: list[Box] = []
        self.panels: list[Rect] = []  # pop-ups and inline panels: a text's box

    def convert(self, *args: Any) -> ProbeSurface:
        return self

    def convert_alpha(self, *args: Any) -> ProbeSurface:
        return self

    def fill(self, *args: Any, **kwargs: Any) -> Rect:
        done = super().fill(*args, **kwargs)
        rect = args[1] if len(args) > 1 else kwargs.get("rect")
        if rect is None or Rect(rect).contains(self.get_rect()):
            self.records, self.boxes, self.panels = [], [], []  # a new frame
        return done

    def blit(
        self,
        source: pygame.Surface,
        dest: Any = (0, 0),
        area: Any = None,
        special_flags: int = 0,
    ) -> Rect:
        done = super().blit(source, dest, area, special_flags)
        if not _active:
            return done
        if isinstance(dest, Rect):
            at = dest.topleft
        else:
            at = (int(dest[0]), int(dest[1]))
        size = Rect(area).size if area is not None else source.get_size()
        rect = Rect(at, size)
        if rect.contains(self.get_rect()):
            self.records, self.boxes, self.panels = [], [], []  # a new frame (or a layer)
        if isinstance(source, ProbeSurface):
            for p in source.records:
                self.records.append(Placed(p.text, p.ink.move(at), p.cut))
            self.panels += [r.move(at) for r in source.panels]
            for b in source.boxes:
                self.boxes.append(Box(b.rect.move(at), [Placed(p.text, p.ink.move(at), p.cut)
                                                        for p in b.covered]))  # fmt: skip
            return done
        hit = _text_of(source)
        if hit is not None:
            ink = source.get_bounding_rect()
            if area is not None:
                ink = ink.clip(Rect(area)).move(-Rect(area).x, -Rect(area).y)
            if ink.w and ink.h:
                self.records.append(Placed(hit[0], ink.move(at), hit[1]))
        return done


def text_faults(records: list[Placed], boxes: list[Box], bounds: Rect) -> list[str]:
    """What is wrong with the texts on one screen: cut, cut through by a panel, out of
    `bounds`, or overlapping another text."""
    out: list[str] = []
    for p in records:
        if p.cut:
            out.append(f"cut to fit: {p.text!r}")
        if not bounds.contains(p.ink):
            out.append(f"outside the window: {p.text!r} at {tuple(p.ink)}")
    for b in boxes:
        for p in b.covered:
            out.append(f"half covered by a panel at {tuple(b.rect)}: {p.text!r}")
    for i, a in enumerate(records):
        near = a.ink.inflate(2 * GAP, 0)  # touching words read as one ("Banka61")
        for c in records[i + 1 :]:
            if near.colliderect(c.ink) and not (a.text == c.text and a.ink == c.ink):
                out.append(f"overlap: {a.text!r} {tuple(a.ink)} and {c.text!r} {tuple(c.ink)}")
    return out


GAP = 2  # the least room between two texts side by side
