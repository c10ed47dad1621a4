"""One asset helper for source checkouts and PyInstaller bundles.

Every file the app reads from `assets/` goes through `asset_path`, which looks
in `sys._MEIPASS` when frozen and next to the package otherwise, so nothing
depends on the working directory.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import sys
from pathlib import Path
from typing import Any, Protocol

import pygame

from engine.cards import CARDS, Kind
from noirburg_desktop import i18n

log = logging.getLogger(__name__)

_SOURCE_ROOT = Path(__file__).resolve().parent.parent

FONT_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSerif.ttf",
    (True, True): "DejaVuSerif-Bold.ttf",
}

SOUND_NAMES = ("card", "coin", "dice", "gunshot", "siren", "click")

_sound_enabled = False


def base_dir() -> Path:
    """The folder that holds `assets/`: the bundle when frozen, else the repo root."""
    meipass = getattr(sys, "_MEIPASS", None)
    return Path(meipass) if meipass else _SOURCE_ROOT


def asset_path(*parts: str) -> Path:
    """Absolute path of a file under assets/, e.g. asset_path("fonts", "DejaVuSans.ttf")."""
    return base_dir().joinpath("assets", *parts)


@functools.cache
def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """A cached font from the shipped DejaVu set (covers Turkish ğ ş ı İ)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = asset_path("fonts", FONT_FILES[(bold, serif)])
    try:
        return pygame.font.Font(path, size)
    except (OSError, FileNotFoundError):
        # never pygame's default font: it has no ğ ş ı İ. The plain DejaVu face, or fail.
        log.warning("font %s missing; using DejaVuSans", path)
        return pygame.font.Font(asset_path("fonts", FONT_FILES[(False, False)]), size)


@functools.cache
def image(name: str) -> pygame.Surface:
    """Load assets/<name> (e.g. "cards/back.png") with alpha; raises if missing."""
    surf = pygame.image.load(asset_path(*name.split("/")))
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def clear_caches() -> None:
    """Forget fonts and images: they die with pygame.quit(), and App.start() may
    run again in the same process (tests, a restarted window)."""
    for fn in (font, image, card_face, card_scaled, card_rotated, _load_sound):
        fn.cache_clear()


# --- cards -------------------------------------------------------------------


def card_key(card_id: int) -> str:
    """The art key of an engine card id: "gangster-3", "business-4", "police", ..."""
    card = CARDS[card_id]
    if card.kind == Kind.HIDEOUT:
        return "hideout"
    if card.kind == Kind.GANGSTER:
        return f"gangster-{card.value}"
    if card.kind == Kind.BUSINESS:
        return f"business-{card.value}"
    return card.kind.name.lower()


@functools.cache
def card_face(key: str) -> pygame.Surface:
    """Card art at its native size (see cardart.CARD_SIZE): the shipped PNG if
    present, else rendered on the fly, so a missing file never breaks a game.
    The shipped PNGs carry the English rule lines: in any other language the face
    is rendered by the card-art generator in that language (about 3 ms a face),
    and kept here until the language changes."""
    if key != "back" and i18n.language() != "en":
        from noirburg_desktop import cardart

        return cardart.render(key)
    try:
        return image(f"cards/{key}.png")
    except (FileNotFoundError, pygame.error):
        from noirburg_desktop import cardart

        log.info("card art %s missing; rendering procedurally", key)
        return cardart.render(key)


@functools.cache
def card_scaled(key: str, width: int) -> pygame.Surface:
    """Card art scaled to `width` (keeps the aspect ratio); cached per size."""
    src = card_face(key)
    height = round(src.get_height() * width / src.get_width())
    return pygame.transform.smoothscale(src, (width, height))


@functools.cache
def card_rotated(key: str, width: int, angle: float) -> pygame.Surface:
    """Card art `width` wide turned by `angle` degrees (the title screen's fans)."""
    return pygame.transform.rotozoom(card_scaled(key, width), angle, 1.0)


def _forget_card_faces() -> None:
    for fn in (card_face, card_scaled, card_rotated):
        fn.cache_clear()


i18n.on_language_change(_forget_card_faces)


# --- sounds ------------------------------------------------------------------


class Playable(Protocol):
    def play(self) -> Any: ...

    def set_volume(self, value: float) -> None: ...


class SilentSound:
    """Stands in for pygame.mixer.Sound when there is no audio device."""

    def play(self) -> None:
        return None

    def set_volume(self, value: float) -> None:
        return None


def set_sound_enabled(on: bool) -> None:
    """Sound setting + mixer availability; `play_sound` honours it."""
    global _sound_enabled
    _sound_enabled = bool(on) and pygame.mixer.get_init() is not None


def sound_enabled() -> bool:
    return _sound_enabled


@functools.cache
def _load_sound(name: str) -> Playable:
    if pygame.mixer.get_init() is None:
        return SilentSound()
    try:
        return pygame.mixer.Sound(asset_path("sounds", f"{name}.wav"))
    except (FileNotFoundError, pygame.error) as exc:
        log.info("sound %s unavailable: %s", name, exc)
        return SilentSound()


def sound(name: str) -> Playable:
    """A playable sound, or a silent stub when the mixer is unavailable."""
    if pygame.mixer.get_init() is None:
        return SilentSound()
    return _load_sound(name)


def play_sound(name: str) -> None:
    """Play an effect if sound is on; never raises."""
    if _sound_enabled:
        with contextlib.suppress(pygame.error):
            sound(name).play()
