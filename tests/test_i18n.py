"""Translation catalogues: complete, compiled, and fed only by extractable templates.

When one of these fails after you added a string: run `python3 tasks.py i18n`,
translate the new entries of noirburg_desktop/locale/tr/LC_MESSAGES/noirburg.po
(msgid is the English; write msgstr), run `python3 tasks.py i18n` again.
"""

from __future__ import annotations

import ast
import gettext
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog

from noirburg_desktop.words import i18n

ROOT = Path(__file__).resolve().parent.parent
HOW = "run `python3 tasks.py i18n`, translate the listed entries in the .po, run it again"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "noirburg_catalogues_tool", ROOT / "build" / "catalogues.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return _tool()


@pytest.fixture(scope="module")
def template(tool: ModuleType) -> Catalog:
    catalog: Catalog = tool.extract()  # build/catalogues.py, loaded by path
    return catalog


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))  # every language offered
def test_every_msgid_is_translated(tool: ModuleType, template: Catalog, lang: str) -> None:
    """Catalogue completeness: every string the code and the rules catalogue can show
    has a (non-fuzzy) translation whose {fields} all exist in the English."""
    problems = tool.problems(lang, template)
    assert not problems, f"{lang}.po lacks {len(problems)} msgid(s) ({HOW}):\n" + "\n".join(
        problems
    )
    assert sum(1 for m in template if m.id) > 500  # the extraction really found the strings


def test_the_template_matches_the_code(tool: ModuleType, template: Catalog) -> None:
    with open(tool.POT, "rb") as fh:
        pot = {m.id for m in tool.read_po(fh) if m.id}
    code = {m.id for m in template if m.id}
    assert not code - pot, f"new msgids not in noirburg.pot ({HOW}): {sorted(code - pot)}"
    assert not pot - code, f"noirburg.pot has msgids the code lost ({HOW}): {sorted(pot - code)}"


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))  # every language offered
def test_the_shipped_mo_is_compiled_from_the_po(tool: ModuleType, lang: str) -> None:
    """The app reads the committed .mo: it must say what the .po says."""
    with open(tool.po_path(lang), "rb") as fh:
        po = tool.read_po(fh, locale=lang)
    with open(tool.mo_path(lang), "rb") as fh:
        mo = gettext.GNUTranslations(fh)
    stale = []
    for m in po:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, str):
            if mo.gettext(m.id) != (m.string or m.id):
                stale.append(m.id)
        elif mo.ngettext(m.id[0], m.id[1], 2) != (m.string[-1] or m.id[1]):
            stale.append(m.id[0])
    assert not stale, f"{lang}.mo is older than its .po ({HOW}): {stale[:10]}"


def _template_calls() -> list[str]:
    """Calls whose template the extraction must be able to read, built otherwise."""
    names = {"_fail": 1, "fail": 1, "IllegalAction": 1, "msg": 0, "msgn": 0, "N_": 0}
    bad = []
    for path in sorted((ROOT / "engine").rglob("*.py")) + sorted(
        (ROOT / "noirburg_desktop").rglob("*.py")
    ):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            fn = node.func
            name = (
                fn.id
                if isinstance(fn, ast.Name)
                else fn.attr
                if isinstance(fn, ast.Attribute)
                else ""
            )
            pos = names.get(name)
            if pos is None or len(node.args) <= pos:
                continue
            arg = node.args[pos]
            literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            passed_on = isinstance(arg, ast.Name)  # _fail's own body, IllegalAction(rule, reason)
            if not literal and not passed_on:
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}(…)")
    return bad


def test_refusals_and_reasons_are_literal_templates() -> None:
    """An f-string refusal cannot be extracted or translated: write
    _fail("R-X", "{card} costs {cost}", card=CardRef(c), cost=n) instead."""
    bad = _template_calls()
    assert not bad, "templates must be string literals with named fields:\n" + "\n".join(bad)


def test_turkish_capitals() -> None:
    assert i18n.upper("istanbul ılık iğde", "tr") == "İSTANBUL ILIK İĞDE"
    assert i18n.upper("istanbul", "en") == "ISTANBUL"
    # card names stay English words, as the edition prints them ("HIDEOUT’larını")
    assert i18n.upper("Hideout'a saldırı", "tr") == "HIDEOUT'A SALDIRI"
    assert i18n.upper("Gangsterleri hareket ettirme", "tr") == "GANGSTERLERİ HAREKET ETTİRME"
    assert i18n.upper("Poker Night hep kutuya", "tr") == "POKER NIGHT HEP KUTUYA"


@pytest.mark.parametrize(
    ("env", "platform", "want"),
    [
        ({"LANG": "tr_TR.UTF-8"}, "linux", "tr"),
        ({"LANG": "en_GB.UTF-8"}, "linux", "en"),
        ({"LANG": "de_DE.UTF-8"}, "linux", "en"),  # no German catalogue: English
        ({"LANGUAGE": "tr:en", "LANG": "en_US.UTF-8"}, "linux", "tr"),  # LANGUAGE first
        ({"LC_ALL": "C", "LC_MESSAGES": "tr_TR", "LANG": "en_US"}, "linux", "tr"),  # C: next
        ({"LC_ALL": "en_US.UTF-8", "LANG": "tr_TR.UTF-8"}, "linux", "en"),
        ({}, "linux", "en"),
        ({"NOIRBURG_LANGUAGE": "tr", "LANG": "en_US"}, "linux", "tr"),
    ],
)
def test_first_start_language_from_the_system(
    env: dict[str, str], platform: str, want: str
) -> None:
    assert i18n.detect_language(env, platform) == want


def test_first_start_language_on_macos_and_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_mac_languages", lambda: ["tr-TR", "en-US"])
    assert i18n.detect_language({"LANG": "en_US.UTF-8"}, "darwin") == "tr"  # UI language wins
    monkeypatch.setattr(i18n, "_mac_languages", lambda: [])
    assert i18n.detect_language({"LANG": "tr_TR.UTF-8"}, "darwin") == "tr"
    monkeypatch.setattr(i18n, "_windows_languages", lambda: ["tr_TR"])
    assert i18n.detect_language({}, "win32") == "tr"
    monkeypatch.setattr(i18n, "_windows_languages", lambda: ["en_US"])
    assert i18n.detect_language({}, "win32") == "en"


def test_mac_language_list_is_parsed() -> None:
    out = '(\n    "tr-TR",\n    "en-US"\n)\n'
    assert i18n.parse_apple_languages(out) == ["tr-TR", "en-US"]
    assert i18n.parse_apple_languages("(\n    en,\n    tr\n)\n") == ["en", "tr"]


def test_first_start_language_is_detected_and_then_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from noirburg_desktop.persist.storage import Storage

    monkeypatch.setenv("NOIRBURG_LANGUAGE", "tr")
    store = Storage(tmp_path)
    settings = store.load_settings()  # no settings file yet: a first start
    assert settings.language == "tr"
    store.save_settings(settings)
    monkeypatch.setenv("NOIRBURG_LANGUAGE", "en")  # the system changes; the choice stays
    assert Storage(tmp_path).load_settings().language == "tr"
