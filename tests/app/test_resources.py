"""Assets: fonts (Turkish glyphs), card art, sounds, the icon; a missing one is an error."""

from __future__ import annotations

import importlib
from pathlib import Path

import pygame
import pytest

from noirburg_desktop.look import cardart, resources
from noirburg_desktop.words import strings


@pytest.fixture(autouse=True)
def _display() -> None:
    pygame.display.init()
    pygame.display.set_mode((10, 10))


def _missing_glyph(f: pygame.font.Font) -> bytes:
    return pygame.image.tobytes(f.render("\ue000", True, (255, 255, 255), (0, 0, 0)), "RGB")


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("serif", [False, True])
def test_shipped_fonts_have_turkish_letters(bold: bool, serif: bool) -> None:
    """ğ ş ı İ must render as real glyphs, not the missing-glyph box."""
    f = resources.font(28, bold, serif)
    box = _missing_glyph(f)
    for ch in "ğĞşŞıİçÇöÖüÜ":
        img = f.render(ch, True, (255, 255, 255), (0, 0, 0))
        assert img.get_width() > 2, ch
        assert pygame.image.tobytes(img, "RGB") != box, f"{ch!r} renders as a missing glyph"


def test_turkish_menu_strings_exist_and_fall_back() -> None:
    strings.set_language("tr")
    try:
        assert strings.t("title.new_game") == "Yeni oyun"
        assert strings.t("app.title") == "Noirburg"
        assert strings.t("no.such.key") == "[no.such.key]"
    finally:
        strings.set_language("en")


# Every string of every language: tests/test_i18n.py (catalogue completeness).


def test_turkish_title_screen_renders(tmp_path: Path) -> None:
    """The whole title screen in Turkish draws without missing glyphs or errors."""
    from pygame_gui.elements import UIButton

    from noirburg_desktop.app import App
    from noirburg_desktop.scenes.title import TitleScene

    a = App(data_dir=tmp_path)
    a.settings.language = "tr"
    a.start()
    try:
        a.push(TitleScene())
        assert a.run_frames(2)
        assert isinstance(a.scene, TitleScene)
        quit_button = a.scene.widget("quit")
        assert isinstance(quit_button, UIButton) and quit_button.text == "Çıkış"
    finally:
        a.shutdown()
        strings.set_language("en")


def test_every_card_png_is_shipped_and_small() -> None:
    total = 0
    for key in cardart.KEYS:
        path = resources.asset_path("cards", f"{key}.png")
        assert path.exists(), key
        total += path.stat().st_size
        assert resources.card_face(key).get_size() == cardart.CARD_SIZE
    assert total < 3_000_000


def test_missing_card_art_is_an_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A broken install (no PNG) raises MissingAsset naming the file, never draws a stand-in."""
    resources.clear_caches()
    monkeypatch.setattr(resources, "assets_root", lambda: tmp_path)
    try:
        with pytest.raises(resources.MissingAsset, match="police.png"):
            resources.card_face("police")
        with pytest.raises(resources.MissingAsset, match="DejaVuSans.ttf"):
            resources.font(12)
        with pytest.raises(resources.MissingAsset) as err:
            resources.check_assets()
        assert "back.png" in str(err.value) and "noirburg.png" in str(err.value)
    finally:
        resources.clear_caches()


def test_card_key_covers_every_engine_card() -> None:
    from engine.cards import CARDS

    keys = {resources.card_key(c.id) for c in CARDS}
    assert keys == set(cardart.KEYS) - {"back"}


def test_assets_come_from_the_noirburg_assets_package() -> None:
    """importlib.resources finds the installed package (here: the editable install of
    the checkout's assets/ folder), so the working directory never matters."""
    # by name: mypy cannot follow setuptools' editable-install finder to assets/
    noirburg_assets = importlib.import_module("noirburg_assets")
    assert noirburg_assets.__file__ is not None

    assert resources.assets_root() == Path(noirburg_assets.__file__).parent
    assert resources.asset_path("fonts", "DejaVuSans.ttf").is_file()


def test_every_shipped_asset_loads() -> None:
    from noirburg_desktop.app import init_audio

    assert init_audio(), "the dummy audio driver should give a mixer"
    try:
        counts = resources.check_assets()
    finally:
        pygame.mixer.quit()
        resources.clear_caches()
    assert counts == {
        "fonts": 4,
        "cards": len(cardart.KEYS),
        "sounds": len(resources.SOUND_NAMES),
        "icons": 1,
        "catalogues": 2,  # en and tr: a missing one would fall back to English silently
    }


def test_sounds_are_shipped_and_small() -> None:
    total = 0
    for name in resources.SOUND_NAMES:
        p = resources.asset_path("sounds", f"{name}.wav")
        assert p.exists(), name
        total += p.stat().st_size
    assert total < 1_000_000


def test_a_missing_translation_catalogue_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """gettext falls back to English when a .mo is absent: check_assets must not."""
    from noirburg_desktop.words import i18n

    monkeypatch.setattr(i18n, "LOCALE_DIR", i18n.LOCALE_DIR / "nowhere")
    with pytest.raises(resources.MissingAsset, match="noirburg.mo"):
        resources.check_assets()
    resources.clear_caches()
