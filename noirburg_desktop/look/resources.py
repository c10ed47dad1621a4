"""One asset helper for every way Noirburg runs.

Every file the app reads from `assets/` goes through `asset_path`. The folder
is installed as the package `noirburg_assets` (pyproject.toml maps it), so
`importlib.resources` finds it in a source checkout (editable install), a
wheel, a pipx venv and the PyInstaller bundle alike; nothing depends on the
working directory. A missing file raises `MissingAsset`: a broken install is
an error, never a silent fallback (`check_assets` loads everything, for the
tests and the build's smoke test).
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Callable
from importlib import resources as importlib_resources
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import pygame

from engine.cards import CARDS, Kind
from noirburg_desktop.words import i18n

log = logging.getLogger(__name__)

_SOURCE_ROOT = Path(__file__).resolve().parents[2]

FONT_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSerif.ttf",
    (True, True): "DejaVuSerif-Bold.ttf",
}

SOUND_NAMES = ("card", "coin", "dice", "gunshot", "siren", "click")
ICON = "icons/noirburg.png"

_sound_enabled = False
_volume = 0.8  # 0..1, the Settings' volume slider


class MissingAsset(FileNotFoundError):
    """A file Noirburg ships is not where the install put it."""


class CardArt(NamedTuple):
    """The card-art generator (`look.cardart`): it draws with this module's fonts, so
    it registers here (`use_card_art`, done by `look/__init__`) instead of being
    imported back (issue 24: no import cycles)."""

    render: Callable[[str], pygame.Surface]  # a card face by key, in the language set
    keys: tuple[str, ...]  # every card-art key, "back" included


_card_art: list[CardArt] = []


def use_card_art(art: CardArt) -> None:
    _card_art[:] = [art]


def card_art() -> CardArt:
    """The registered generator; importing any `look` module registers it."""
    if not _card_art:
        raise RuntimeError("no card art: import noirburg_desktop.look, which registers it")
    return _card_art[0]


@functools.cache
def assets_root() -> Path:
    """The folder of the `noirburg_assets` package.

    Only a checkout run without any install (`PYTHONPATH=. python -m
    noirburg_desktop`) has no such package; then it is the repo's `assets/`,
    the very same files.
    """
    try:
        root = importlib_resources.files("noirburg_assets")
    except ModuleNotFoundError:
        return _SOURCE_ROOT / "assets"
    if not isinstance(root, Path):  # a zip import or a namespace split: not a real folder
        raise MissingAsset(f"noirburg_assets is not a folder on disk: {root!r}")
    return root


def asset_path(*parts: str) -> Path:
    """Absolute path of a shipped file, e.g. asset_path("fonts", "DejaVuSans.ttf").

    Raises MissingAsset (a FileNotFoundError) if the file is not there."""
    path = assets_root().joinpath(*parts)
    if not path.is_file():
        raise MissingAsset(f"Noirburg is missing a shipped file: {path} (reinstall the game)")
    return path


@functools.cache
def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """A cached font from the shipped DejaVu set (covers Turkish ğ ş ı İ)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(asset_path("fonts", FONT_FILES[(bold, serif)]), size)


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
    """Card art at its native size (see cardart.CARD_SIZE). The shipped PNGs carry
    the English rule lines: in any other language the face is rendered by the
    card-art generator in that language (about 3 ms a face), and kept here until
    the language changes."""
    if key != "back" and i18n.language() != "en":
        # the generator draws with this module's fonts (it imports it): see CardArt
        return card_art().render(key)
    return image(f"cards/{key}.png")


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


def set_volume(value: float) -> None:
    """The effects' volume, 0..1 (each sound is set to it when played)."""
    global _volume
    _volume = min(1.0, max(0.0, float(value)))


def volume() -> float:
    return _volume


@functools.cache
def _load_sound(name: str) -> Playable:
    if pygame.mixer.get_init() is None:
        return SilentSound()
    return pygame.mixer.Sound(asset_path("sounds", f"{name}.wav"))


def sound(name: str) -> Playable:
    """A playable sound, or a silent stub when the mixer is unavailable."""
    if pygame.mixer.get_init() is None:
        return SilentSound()
    return _load_sound(name)


def play_sound(name: str) -> None:
    """Play an effect if sound is on; never raises."""
    if _sound_enabled and _volume > 0:
        with contextlib.suppress(pygame.error):
            effect = sound(name)
            effect.set_volume(_volume)
            effect.play()


# --- the whole set -------------------------------------------------------------


def window_icon() -> pygame.Surface:
    """The app icon (assets/icons/make_icon.py draws it) for pygame.display.set_icon."""
    return image(ICON)


def check_assets() -> dict[str, int]:
    """Load every shipped asset; raise MissingAsset naming each one that is absent.

    Sounds are loaded through the mixer when it runs (counted as 0 otherwise).
    Returns how many of each kind loaded, for the smoke test's report."""
    missing: list[str] = []
    counts = {"fonts": 0, "cards": 0, "sounds": 0, "icons": 0, "catalogues": 0}

    def attempt(kind: str, load: Any) -> None:
        try:
            load()
            counts[kind] += 1
        except MissingAsset as exc:
            missing.append(str(exc))

    for bold, serif in FONT_FILES:
        attempt("fonts", lambda b=bold, s=serif: font(16, b, s))
    for key in card_art().keys:
        attempt("cards", lambda k=key: card_face(k))
    if pygame.mixer.get_init() is not None:
        for name in SOUND_NAMES:
            attempt("sounds", lambda n=name: _load_sound(n))
    attempt("icons", window_icon)
    for lang in i18n.LANGUAGES:  # gettext would fall back to English without a word
        mo = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
        if mo.is_file():
            counts["catalogues"] += 1
        else:
            missing.append(f"Noirburg is missing a shipped file: {mo}")
    if missing:
        raise MissingAsset("\n".join(missing))
    return counts
