"""UI scale: the whole interface drawn bigger, and a default window that fits the desktop.

Every screen (menus and table) lays itself out for a *logical* size and draws
onto a canvas of that size; the app stretches the canvas to the window. At a
scale of 150 % a 1440×960 window has a 960×640 canvas, the smallest size every
layout is checked at, so text, cards and buttons are all half again as big and
nothing needs its own scaling code. Mouse positions are mapped back to the
canvas before any scene sees them.

The scale a player picks is a wish: a window too small to hold the smallest
layout at that scale gets the largest scale that fits (the Settings row says
so), rather than a clipped table.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

MIN_SIZE = (960, 640)  # the smallest logical size every layout is checked at
BASE_SIZE = (1280, 800)  # the default window at 100 %, on a desktop big enough
SCALES = (100, 110, 125, 150)  # percent, offered in Settings
DESKTOP_MARGIN = (0.94, 0.88)  # leave room for a taskbar and the window's title bar

_scale = 1.0  # the effective factor of the window shown now (mouse mapping)

MOUSE_EVENTS = frozenset(
    {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.FINGERMOTION}
)


def effective_scale(percent: int, window: tuple[int, int]) -> float:
    """The factor actually used: `percent` / 100, or less if the window cannot hold
    MIN_SIZE at that factor (never below 1)."""
    fit = min(window[0] / MIN_SIZE[0], window[1] / MIN_SIZE[1])
    return max(1.0, min(percent / 100.0, fit))


def logical_size(window: tuple[int, int], scale: float) -> tuple[int, int]:
    """The canvas size the scenes lay out for, in a `window` shown at `scale`."""
    return (max(1, round(window[0] / scale)), max(1, round(window[1] / scale)))


def minimum_window(percent: int, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The smallest window that shows MIN_SIZE at `percent`, but never bigger than
    the desktop less its taskbar (where the scale then gives way) nor smaller than
    MIN_SIZE."""
    w, h = round(MIN_SIZE[0] * percent / 100), round(MIN_SIZE[1] * percent / 100)
    if desktop is not None:
        w = min(w, int(desktop[0] * DESKTOP_MARGIN[0]))
        h = min(h, int(desktop[1] * DESKTOP_MARGIN[1]))
    return (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))


def default_window(percent: int, desktops: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The first window size: BASE_SIZE at `percent`, shrunk to fit the first desktop
    (1366×768 laptops, 1920×1080 at 150 % system scaling = 1280×720)."""
    w, h = round(BASE_SIZE[0] * percent / 100), round(BASE_SIZE[1] * percent / 100)
    if desktops:
        dw, dh = desktops[0]
        w = min(w, int(dw * DESKTOP_MARGIN[0]))
        h = min(h, int(dh * DESKTOP_MARGIN[1]))
    return (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))


def fit_to_desktop(size: tuple[int, int], desktops: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """A remembered window size, shrunk if the desktop got smaller (another screen)."""
    if not desktops:
        return size
    dw, dh = desktops[0]
    return (max(MIN_SIZE[0], min(size[0], dw)), max(MIN_SIZE[1], min(size[1], dh)))


def desktops() -> list[tuple[int, int]]:
    """pygame's desktop sizes, or [] where there is no real desktop (the headless
    drivers of tests and screenshots report a made-up 1024×768)."""
    if pygame.display.get_init() and pygame.display.get_driver() in ("dummy", "offscreen"):
        return []
    try:
        return [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
    except pygame.error:
        return []


def set_current(scale: float) -> None:
    global _scale
    _scale = scale


def current() -> float:
    return _scale


def to_canvas(pos: tuple[int, int]) -> tuple[int, int]:
    """A window position on the canvas."""
    return (int(pos[0] / _scale), int(pos[1] / _scale))


def mouse_pos() -> tuple[int, int]:
    """The pointer on the canvas (what pygame.mouse.get_pos() is at 100 %)."""
    return to_canvas(pygame.mouse.get_pos())


def map_event(event: pygame.event.Event) -> pygame.event.Event:
    """`event` with its positions on the canvas (a new event; others pass unchanged)."""
    if _scale == 1.0 or event.type not in MOUSE_EVENTS or not hasattr(event, "pos"):
        return event
    data = dict(event.dict)
    data["pos"] = to_canvas(event.pos)
    if "rel" in data:
        data["rel"] = (int(event.rel[0] / _scale), int(event.rel[1] / _scale))
    return pygame.event.Event(event.type, data)
