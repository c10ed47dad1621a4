"""Translation catalogues: extract, update, compile (`python3 tasks.py i18n`).

1. Extract every marked string from the code (the mapping is `babel.cfg`; the
   keywords are below: N_, Np_, msg, msgn, _fail, fail, IllegalAction, gettext, …)
   plus the rules catalogue (engine/rules_catalogue.py: sections, titles,
   texts) into `noirburg_desktop/locale/noirburg.pot`.
2. Update each language's `.po` from it (new msgids come in untranslated;
   changed ones come in fuzzy). English is the source language: its empty
   entries are filled with the msgid itself.
3. Compile each `.po` to the `.mo` the app reads (committed, shipped as package
   data), and print what is still untranslated.

A new string therefore needs: mark it (N_("English") in a key table, or a
literal in msg()/_fail()), run this, translate the new entries of tr.po,
run this again to compile. `tests/test_i18n.py` fails until that is done.
Needs Babel (the dev/test extra), never at run time.
"""

from __future__ import annotations

import copy
import io
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "noirburg_desktop" / "locale"
DOMAIN = "noirburg"
POT = LOCALE / f"{DOMAIN}.pot"
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "Np_": (1, 2),
    "msg": None,
    "msgn": (1, 2),
    "_fail": (2,),
    "fail": (2,),  # engine/families/: a refusal's template
    "IllegalAction": (2,),
}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
FIELD = re.compile(r"\{(\w*)[^{}]*\}")

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from noirburg_desktop.words.i18n import LANGUAGES  # noqa: E402 - needs ROOT on the path

LANGS = tuple(LANGUAGES)  # every language the app offers has its catalogue (one table)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _new_catalog(locale: str | None = None) -> Catalog:
    return Catalog(
        locale=locale,
        domain=DOMAIN,
        project="Noirburg",
        version="1",
        msgid_bugs_address="",
        copyright_holder="Noirburg",
        charset="utf-8",
        fuzzy=False,
    )


def extract() -> Catalog:
    """The template: every msgid in the code and the rules catalogue."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    cat = _new_catalog()
    for filename, lineno, message, comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        cat.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    # Every key table entry, marked with N_() or not (a branch merged without the
    # marker still gets its strings extracted); the key is the translator's context.
    import noirburg_desktop.netplay.texts  # noqa: F401 - registers the network screens' keys
    import noirburg_desktop.table.texts  # noqa: F401 - registers the table's keys
    from noirburg_desktop.words import strings

    for key, text in strings.EN.items():
        _add(cat, text, "noirburg_desktop/words/strings.py", f"key {key}")
    for key, pair in strings.PLURALS.items():
        _add(cat, pair, "noirburg_desktop/words/strings.py", f"key {key}")
    from engine import rules_catalogue as rc

    for section in rc.SECTIONS:
        cat.add(section, None, [("engine/rules_catalogue.py", 0)], auto_comments=["rules section"])
    for entry in rc.RULES:
        for part, text in (("title", entry.title), ("text", entry.text)):
            cat.add(
                text,
                None,
                [("engine/rules_catalogue.py", 0)],
                auto_comments=[f"rule {entry.id} ({part})"],
            )
    return cat


def _add(cat: Catalog, text: str | tuple[str, str], where: str, comment: str) -> None:
    """Add a msgid, or note one more use of it."""
    msgid = text if isinstance(text, str) else text[0]
    found = cat.get(msgid)
    if found is None:
        cat.add(text, None, [(where, 0)], auto_comments=[comment])
    elif comment not in found.auto_comments:
        found.auto_comments.append(comment)


def _read(path: Path, locale: str | None = None) -> Catalog:
    with open(path, "rb") as fh:
        return read_po(fh, locale=locale)


def _write_po(cat: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, sort_output=True, include_lineno=False)
    text = buf.getvalue()
    # drop the volatile creation date so an unchanged catalogue stays byte-identical
    text = re.sub(rb'"POT-Creation-Date: [^"]*"\n', b"", text)
    path.write_bytes(text)


def update() -> Catalog:
    """Extract, write the .pot, update and write each .po, compile each .mo."""
    template = extract()
    _write_po(template, POT)
    for lang in LANGS:
        path = po_path(lang)
        cat = _read(path, lang) if path.exists() else _new_catalog(lang)
        cat.update(copy.deepcopy(template), update_header_comment=False)
        for m in cat:
            if not m.id:
                continue
            if lang == "en" and (_empty(m) or m.fuzzy):  # English is the source text
                m.string = m.id if not m.pluralizable else tuple(m.id)
                m.flags.discard("fuzzy")
        _write_po(cat, path)
        compile_mo(lang)
    return template


def compile_mo(lang: str) -> None:
    cat = _read(po_path(lang), lang)
    cat.creation_date = FIXED_DATE  # the same .po always compiles to the same bytes
    with open(mo_path(lang), "wb") as fh:
        write_mo(fh, cat, use_fuzzy=False)


def _empty(m: Message) -> bool:
    if isinstance(m.string, (tuple, list)):
        return not all(m.string)
    return not m.string


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def problems(lang: str, template: Catalog | None = None) -> list[str]:
    """Every msgid of the template that `lang` lacks (missing, empty or fuzzy) or
    whose translation uses a {field} the English does not have."""
    template = template or extract()
    cat = _read(po_path(lang), lang)
    out: list[str] = []
    for tm in template:
        if not tm.id:
            continue
        m = cat.get(tm.id, tm.context)
        label = tm.id if isinstance(tm.id, str) else " | ".join(tm.id)
        if m is None:
            out.append(f"missing: {label!r}")
        elif _empty(m) or m.fuzzy:
            out.append(f"{'fuzzy' if m.fuzzy else 'untranslated'}: {label!r}")
        else:
            ids = [tm.id] if isinstance(tm.id, str) else list(tm.id)
            strs = [m.string] if isinstance(m.string, str) else list(m.string)
            allowed = set().union(*(_fields(i) for i in ids))
            bad = set().union(*(_fields(s) for s in strs)) - allowed
            if bad:
                out.append(f"unknown fields {sorted(bad)} in translation of {label!r}")
    return out


def counts(lang: str, template: Catalog) -> tuple[int, int]:
    total = sum(1 for m in template if m.id)
    return total, total - len(problems(lang, template))


def main(argv: Iterable[str] = ()) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.parse_args(list(argv))  # --help only: the tool takes no options
    template = update()
    bad = 0
    for lang in LANGS:
        total, done = counts(lang, template)
        print(f"{lang}: {done}/{total} msgids translated ({po_path(lang).relative_to(ROOT)})")
        for line in problems(lang, template)[:40]:
            print("   ", line)
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
