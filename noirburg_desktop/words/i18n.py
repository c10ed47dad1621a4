"""The player's language: gettext catalogues, plurals, Turkish casing, the system default.

Every msgid is the English source text, so a translator works from the `.po`
file alone. Catalogues live in `noirburg_desktop/locale/<lang>/LC_MESSAGES/`
as `.po` (edited) and `.mo` (compiled, committed and shipped as package data);
`python3 tasks.py i18n` extracts new strings, updates the `.po` files and
compiles them (build/catalogues.py). Only the stdlib `gettext` runs here: Babel is a
developer tool, never a runtime need.
"""

from __future__ import annotations

import ctypes
import gettext as _gettext
import locale
import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "tr": "Türkçe"}
DOMAIN = "noirburg"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_language = "en"
_catalogues: dict[str, _gettext.NullTranslations] = {}
_listeners: list[Callable[[], None]] = []


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "mark, translate later"
    """Mark `text` for extraction; it is translated where it is shown."""
    return text


def Np_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """Mark a singular/plural pair for extraction (shown with `ngettext`)."""
    return (singular, plural)


def catalogue(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of `lang` (an empty one when missing: English source text)."""
    cat = _catalogues.get(lang)
    if cat is None:
        cat = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        _catalogues[lang] = cat
    return cat


def set_language(lang: str) -> None:
    """Switch the language; unknown codes fall back to English. Caches of rendered
    words (card faces) are told, so nothing drawn in the old language survives."""
    global _language
    new = lang if lang in LANGUAGES else "en"
    if new != _language:
        _language = new
        for listener in _listeners:
            listener()


def on_language_change(listener: Callable[[], None]) -> None:
    """Call `listener` whenever the language changes (e.g. to drop cached card faces)."""
    _listeners.append(listener)


def language() -> str:
    return _language


def gettext(msgid: str) -> str:
    """`msgid` (English source text) in the current language."""
    return catalogue(_language).gettext(msgid) if msgid else msgid


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural wording for `n`, by the language's own plural rule."""
    return catalogue(_language).ngettext(singular, plural, n)


# The printed card names are English words in the Turkish edition too, and its
# capitals keep them English ("HIDEOUT’larını", "POLICE"): never HİDEOUT.
_CARD_WORDS = re.compile(
    r"\b(?:hideout|gangster|moonshine|still|bootlegger|speakeasy|casino|poker|night|"
    r"police|bribe|drive-by|turncoat)",
    re.IGNORECASE,
)


def upper(text: str, lang: str | None = None) -> str:
    """Capitals by the language's rules: Turkish i → İ and ı → I (str.upper gives I for
    both), except inside the card names, which stay English words."""
    if (lang or _language) != "tr":
        return text.upper()
    parts, pos = [], 0
    for m in _CARD_WORDS.finditer(text):
        parts += [_upper_tr(text[pos : m.start()]), m.group().upper()]
        pos = m.end()
    return "".join(parts) + _upper_tr(text[pos:])


def _upper_tr(text: str) -> str:
    return text.replace("i", "İ").replace("ı", "I").upper()


# --- the system's language (first start) -----------------------------------------


def _pick(tags: list[str]) -> str | None:
    """The first tag naming a language we have ("tr_TR.UTF-8", "tr-TR", "en")."""
    for tag in tags:
        code = tag.strip().strip('"').replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in ("c", "posix", ""):
            continue
        return code if code in LANGUAGES else "en"
    return None


def _posix_env(env: Mapping[str, str]) -> list[str]:
    """LANGUAGE (a colon list) wins, then LC_ALL, LC_MESSAGES, LANG (gettext's order)."""
    tags = env.get("LANGUAGE", "").split(":") if env.get("LANGUAGE") else []
    return tags + [env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)]


def _mac_languages() -> list[str]:
    """macOS: the user's UI languages (`defaults read -g AppleLanguages`); GUI apps
    started from the Dock get no LANG, so this comes first there."""
    try:
        out = subprocess.run(
            ["defaults", "read", "-g", "AppleLanguages"],
            capture_output=True,
            text=True,
            timeout=2,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return parse_apple_languages(out)


def parse_apple_languages(out: str) -> list[str]:
    """The tags of `defaults read -g AppleLanguages` output: ( "tr-TR", "en-US" )."""
    tags = (line.strip().strip(",").strip().strip('"') for line in out.splitlines())
    return [tag for tag in tags if tag and tag not in ("(", ")")]


def _windows_languages() -> list[str]:
    """Windows: the UI language (GetUserDefaultUILanguage, a LANGID whose low 10 bits
    are the primary language: 0x1F Turkish, 0x09 English), then the locale."""
    tags: list[str] = []
    if sys.platform != "win32":
        return tags  # no Windows API on this system (a test asking as if on Windows)
    try:
        langid = int(ctypes.windll.kernel32.GetUserDefaultUILanguage())
        name = locale.windows_locale.get(langid)
        tags.append(name or ("tr" if langid & 0x3FF == 0x1F else "en"))
    except (AttributeError, OSError, ImportError, ValueError):
        pass
    return tags


def detect_language(env: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """The language to start in, "tr" or "en", from the system's settings; English
    when unsure. NOIRBURG_LANGUAGE (e.g. "tr") overrides the system (the tests pin
    it to English)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    tags: list[str] = [env["NOIRBURG_LANGUAGE"]] if env.get("NOIRBURG_LANGUAGE") else []
    if platform.startswith("win"):
        tags += _windows_languages()
    elif platform == "darwin":
        tags += _mac_languages()
    tags += _posix_env(env)
    return _pick(tags) or "en"
