"""The rules catalogue must match the rulebook's IDs, and every ID must be tested.

`test_every_rule_is_cited_by_a_test` is the project's rule-coverage gate: it
fails, listing the IDs, until each rule and interpretation has a test that
cites it (in its name, e.g. `test_R_ATK_3_...`, or in its docstring).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.rules_catalogue import RULES, RULES_BY_ID, SECTIONS, RuleEntry, rule, rules_in

REPO = Path(__file__).resolve().parents[1]
RULEBOOK = REPO.parent / "shared" / "rules" / "RULES.md"
TESTS = REPO / "tests"

# A table row starts with its ID: `| R-ATK-3 | ...`; inline rulings are bold: `**I-DICE:**`.
ROW_ID = re.compile(r"^\|\s*([RI]-[A-Z0-9]+(?:-[A-Z0-9]+)*)\s*\|", re.MULTILINE)
BOLD_ID = re.compile(r"\*\*([RI]-[A-Z0-9]+(?:-[A-Z0-9]+)*):\*\*")


def _rulebook_text() -> str:
    if not RULEBOOK.is_file():
        pytest.skip(f"rulebook not found at {RULEBOOK} (the shared/ checkout is absent)")
    return RULEBOOK.read_text(encoding="utf-8")


def _rulebook_ids(text: str) -> list[str]:
    ids = ROW_ID.findall(text) + BOLD_ID.findall(text)
    return list(dict.fromkeys(ids))


def test_catalogue_ids_match_rulebook() -> None:
    book = _rulebook_ids(_rulebook_text())
    assert len(book) > 100, "the ID regexes found suspiciously few IDs in RULES.md"
    missing = [i for i in book if i not in RULES_BY_ID]
    extra = [e.id for e in RULES if e.id not in book]
    assert not missing, f"IDs in RULES.md but not in the catalogue: {missing}"
    assert not extra, f"IDs in the catalogue but not in RULES.md: {extra}"


def test_catalogue_follows_rulebook_order() -> None:
    """The rules browser shows entries in catalogue order, which should be the book's."""
    text = _rulebook_text()
    positions: dict[str, int] = {}
    for pattern in (ROW_ID, BOLD_ID):
        for m in pattern.finditer(text):
            positions.setdefault(m.group(1), m.start())
    book_order = sorted(positions, key=positions.__getitem__)
    assert [e.id for e in RULES] == book_order


def test_catalogue_is_reworded_not_copied() -> None:
    """The catalogue is a summary in our own words: no long verbatim runs from RULES.md."""
    words = re.findall(r"[a-z0-9]+", _rulebook_text().lower())
    run = 10
    book_runs = {tuple(words[k : k + run]) for k in range(len(words) - run + 1)}
    copied = []
    for entry in RULES:
        ew = re.findall(r"[a-z0-9]+", entry.text.lower())
        if any(tuple(ew[k : k + run]) in book_runs for k in range(len(ew) - run + 1)):
            copied.append(entry.id)
    assert not copied, f"entries copying {run}+ consecutive words from RULES.md: {copied}"


def test_entries_are_complete_and_sectioned() -> None:
    assert len(SECTIONS) == len(set(SECTIONS))
    for entry in RULES:
        assert isinstance(entry, RuleEntry)
        assert entry.title.strip() and entry.text.strip(), entry.id
        assert entry.section in SECTIONS, entry.id
        assert entry.is_interpretation == entry.id.startswith("I-")
        assert str(entry).startswith(entry.id)
    # Every section has rules, and the sections partition the catalogue in order.
    assert all(rules_in(s) for s in SECTIONS)
    assert [e for s in SECTIONS for e in rules_in(s)] == list(RULES)


def test_rule_lookup() -> None:
    assert rule("R-GANG-3").section == "Gangsters"
    assert rule("I-BREACH") is RULES_BY_ID["I-BREACH"]
    with pytest.raises(KeyError, match="R-NOPE-1"):
        rule("R-NOPE-1")
    with pytest.raises(AttributeError):
        rule("R-ATK-3").text = "changed"  # type: ignore[misc]


def _cite_pattern(rule_id: str) -> re.Pattern[str]:
    """`R-ATK-1` (docstring) or `R_ATK_1` (test name), but not inside `R-ATK-10`."""
    hyphen = re.escape(rule_id)
    under = re.escape(rule_id.replace("-", "_"))
    return re.compile(rf"(?<![A-Za-z0-9])(?:{hyphen}|(?i:{under}))(?![A-Za-z0-9])")


def test_cite_pattern_boundaries() -> None:
    assert _cite_pattern("R-ATK-1").search("def test_R_ATK_1_hidden_cannot_attack")
    assert _cite_pattern("R-ATK-1").search('"""Only placed gangsters attack (R-ATK-1)."""')
    assert not _cite_pattern("R-ATK-1").search("R-ATK-10 and R_ATK_10")
    assert not _cite_pattern("I-DMG").search("I-HIDE-DMG")


def test_every_rule_is_cited_by_a_test() -> None:
    """Rule coverage: each catalogue ID appears in at least one test module under tests/."""
    me = Path(__file__).resolve()
    sources = [
        p.read_text(encoding="utf-8") for p in sorted(TESTS.rglob("*.py")) if p.resolve() != me
    ]
    corpus = "\n".join(sources)
    missing = [e.id for e in RULES if not _cite_pattern(e.id).search(corpus)]
    assert not missing, (
        f"{len(missing)} of {len(RULES)} rule IDs are cited by no test in tests/: "
        + ", ".join(missing)
    )
