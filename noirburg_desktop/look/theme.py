"""The noir look shared by every menu screen: palette, backdrop and art-deco ornaments.

Kept in one place so the menus and the table agree on colours, and so the
expensive backdrop is rendered once per window size, not every frame.
"""

from __future__ import annotations

import functools
import math

import pygame

from noirburg_desktop.look import resources, textprobe
from noirburg_desktop.words import strings

# palette
INK = (11, 11, 14)
SMOKE = (24, 23, 27)
PANEL = (20, 20, 24)
PANEL_HI = (34, 32, 36)
GOLD = (201, 162, 39)
GOLD_LIGHT = (236, 205, 112)
GOLD_DIM = (116, 94, 34)
IVORY = (233, 226, 207)
MUTED = (150, 143, 126)
FAINT = (88, 84, 76)
RED = (150, 34, 34)
RED_LIGHT = (205, 70, 60)
GREEN = (86, 150, 92)

Colour = tuple[int, int, int]


def text(
    surface: pygame.Surface,
    s: str,
    pos: tuple[int, int],
    *,
    size: int = 20,
    colour: Colour = IVORY,
    bold: bool = False,
    serif: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit `s` with the shipped font; `anchor` is any pygame.Rect attribute name."""
    img = resources.font(size, bold, serif).render(s, True, colour)
    textprobe.tag(img, s)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def spaced(
    surface: pygame.Surface,
    s: str,
    center: tuple[int, int],
    *,
    size: int,
    colour: Colour = GOLD,
    spacing: float = 0.25,
    bold: bool = True,
    serif: bool = True,
) -> pygame.Rect:
    """Letter-spaced capitals, the art-deco headline look."""
    f = resources.font(size, bold, serif)
    glyphs = [f.render(ch, True, colour) for ch in s]
    for g in glyphs:
        textprobe.tag(g, s)
    gap = round(size * spacing)
    width = sum(g.get_width() for g in glyphs) + gap * max(0, len(glyphs) - 1)
    x = center[0] - width // 2
    y = center[1] - f.get_height() // 2
    for g in glyphs:
        surface.blit(g, (x, y))
        x += g.get_width() + gap
    return pygame.Rect(center[0] - width // 2, y, width, f.get_height())


def wrap(s: str, size: int, width: int, *, bold: bool = False, serif: bool = False) -> list[str]:
    """Greedy word wrap for `width` pixels."""
    f = resources.font(size, bold, serif)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def notched(r: pygame.Rect, step: int) -> list[tuple[int, int]]:
    """The corners of `r` with a square notch of `step` cut out of each (art-deco frames)."""
    return [
        (r.left + step, r.top),
        (r.right - step, r.top),
        (r.right - step, r.top + step),
        (r.right, r.top + step),
        (r.right, r.bottom - step),
        (r.right - step, r.bottom - step),
        (r.right - step, r.bottom),
        (r.left + step, r.bottom),
        (r.left + step, r.bottom - step),
        (r.left, r.bottom - step),
        (r.left, r.top + step),
        (r.left + step, r.top + step),
    ]


def deco_frame(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour = GOLD, step: int = 10
) -> None:
    """A double gold rule with stepped (notched) corners."""
    pygame.draw.lines(surface, colour, True, notched(rect, step), 2)
    inner = rect.inflate(-12, -12)
    if inner.width > 2 * step and inner.height > 2 * step:
        pygame.draw.lines(surface, GOLD_DIM, True, notched(inner, step), 1)


def fan(
    surface: pygame.Surface,
    center: tuple[int, int],
    radius: int,
    colour: Colour = GOLD,
    rays: int = 9,
    up: bool = True,
) -> None:
    """A half sunburst: the emblem of every art-deco lobby."""
    cx, cy = center
    sign = -1 if up else 1
    for i in range(rays):
        a = math.pi * (i + 0.5) / rays
        inner = (cx + math.cos(a) * radius * 0.35, cy + sign * math.sin(a) * radius * 0.35)
        outer = (cx + math.cos(a) * radius, cy + sign * math.sin(a) * radius)
        pygame.draw.line(surface, colour, inner, outer, 2)
    rect = pygame.Rect(0, 0, radius * 0.6, radius * 0.6)
    rect.center = center
    start, stop = (0, math.pi) if up else (math.pi, 2 * math.pi)
    pygame.draw.arc(surface, colour, rect, start, stop, 2)


def rule(surface: pygame.Surface, center: tuple[int, int], width: int) -> None:
    """A thin gold divider with a diamond in the middle."""
    cx, cy = center
    pygame.draw.line(surface, GOLD_DIM, (cx - width // 2, cy), (cx - 10, cy), 1)
    pygame.draw.line(surface, GOLD_DIM, (cx + 10, cy), (cx + width // 2, cy), 1)
    pygame.draw.polygon(surface, GOLD, [(cx - 6, cy), (cx, cy - 6), (cx + 6, cy), (cx, cy + 6)])


@functools.lru_cache(maxsize=4)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Smoky gradient, faint searchlight rays and a vignette, rendered once per size."""
    w, h = size
    surf = pygame.Surface(size)
    # vertical gradient, drawn on a 1-px column and stretched (fast at any size)
    col = pygame.Surface((1, 256))
    for y in range(256):
        k = y / 255
        glow = math.exp(-(((k - 0.32) / 0.42) ** 2))
        col.set_at((0, y), (int(11 + 18 * glow), int(11 + 15 * glow), int(14 + 10 * glow)))
    surf.blit(pygame.transform.smoothscale(col, (w, h)), (0, 0))
    # searchlight rays from below the top edge
    rays = pygame.Surface(size, pygame.SRCALPHA)
    origin = (w // 2, -h // 3)
    for i in range(-6, 7):
        a = math.pi / 2 + i * 0.13
        far = (origin[0] + math.cos(a) * h * 3, origin[1] + math.sin(a) * h * 3)
        a2 = a + 0.035
        far2 = (origin[0] + math.cos(a2) * h * 3, origin[1] + math.sin(a2) * h * 3)
        pygame.draw.polygon(rays, (201, 162, 39, 7), [origin, far, far2])
    surf.blit(rays, (0, 0))
    # vignette: darken towards the corners
    vig = pygame.Surface((64, 40), pygame.SRCALPHA)
    for y in range(40):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 19.5) / 20
            d = min(1.0, math.hypot(dx, dy) / 1.25)
            vig.set_at((x, y), (0, 0, 0, int(200 * d**2.2)))
    surf.blit(pygame.transform.smoothscale(vig, size), (0, 0))
    # outer art-deco frame
    deco_frame(surf, pygame.Rect(14, 14, w - 28, h - 28), GOLD_DIM, step=14)
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect, *, border: Colour = GOLD_DIM) -> None:
    """A translucent dark panel with a thin gold rule: groups related controls."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((16, 16, 20, 215))
    surface.blit(shade, rect)
    textprobe.box(surface, rect)  # a text its edge runs through is a fault
    pygame.draw.rect(surface, border, rect, 1)
    for cx, cy in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
        pygame.draw.rect(surface, GOLD, pygame.Rect(cx - 3, cy - 3, 6, 6))


def heading(surface: pygame.Surface, s: str, y: int) -> None:
    """Screen title: spaced gold capitals between two fans."""
    w = surface.get_width()
    r = spaced(surface, strings.upper(s), (w // 2, y), size=34, spacing=0.3)
    fan(surface, (r.left - 40, r.centery + 12), 26, GOLD_DIM)
    fan(surface, (r.right + 40, r.centery + 12), 26, GOLD_DIM)
    rule(surface, (w // 2, r.bottom + 14), min(520, w - 200))


# One shape per seat, drawn beside the seat's colour wherever a seat is shown, so
# that no player needs to tell colours apart (colour-vision deficiencies, dim rooms).
SEAT_SYMBOLS = ("circle", "square", "triangle", "diamond", "star", "cross")


def _symbol_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if kind == "square":
        k = r * 0.82
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if kind == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if kind == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        return pts
    # cross: a plus sign of bars a third of the size wide
    k, b = r, r * 0.36
    return [
        (cx - b, cy - k),
        (cx + b, cy - k),
        (cx + b, cy - b),
        (cx + k, cy - b),
        (cx + k, cy + b),
        (cx + b, cy + b),
        (cx + b, cy + k),
        (cx - b, cy + k),
        (cx - b, cy + b),
        (cx - k, cy + b),
        (cx - k, cy - b),
        (cx - b, cy - b),
    ]


def seat_symbol(
    surface: pygame.Surface,
    seat: int,
    center: tuple[int, int],
    radius: int,
    colour: tuple[int, int, int] | pygame.Color,
    edge: Colour = INK,
) -> pygame.Rect:
    """Seat `seat`'s shape filled with its colour, with a dark edge (legible on any fill)."""
    kind = SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]
    cx, cy = center
    if kind == "circle":
        pygame.draw.circle(surface, edge, center, radius + 1)
        pygame.draw.circle(surface, colour, center, radius)
    else:
        pts = _symbol_points(kind, cx, cy, radius + 1)
        pygame.draw.polygon(surface, edge, pts)
        pygame.draw.polygon(surface, colour, _symbol_points(kind, cx, cy, radius))
    return pygame.Rect(cx - radius - 1, cy - radius - 1, 2 * radius + 3, 2 * radius + 3)
