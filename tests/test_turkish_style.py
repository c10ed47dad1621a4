"""The Turkish catalogue reads as Turkish: one voice, the book's words, no English.

* *sen* for everything that speaks to the player, never *siz*; the Rules screen's
  texts in the book's impersonal voice (neither).
* The glossary (docs/glossary-tr.md) is followed: its banned variants never come
  back, and a message whose English uses a game term says it with the book's word.
* No English word on a Turkish screen apart from the printed card names, key
  labels and rule IDs.
* Names are suffixed only through the case specs of noirburg_desktop/words/turkish.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from noirburg_desktop.words import turkish

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "noirburg_desktop" / "locale" / "tr" / "LC_MESSAGES" / "noirburg.po"
GLOSSARY = ROOT / "docs" / "glossary-tr.md"
LETTERS = "A-Za-zÇĞİÖŞÜçğıöşüâîû"
WORD = re.compile(rf"[{LETTERS}]+")


def _texts(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else [v for v in value if v]


def _catalogue() -> list[Message]:
    with open(PO, "rb") as fh:
        return [m for m in read_po(fh, locale="tr") if m.id]


MESSAGES = _catalogue()


def is_rule_text(m: Message) -> bool:
    """A rule's title or text, or a section name: what the Rules screen shows. (A
    msgid shared with another screen, e.g. "Hideout", counts as both.)"""
    return any(c.startswith(("rule ", "rules section")) for c in m.auto_comments)


def speaks_to_player(m: Message) -> bool:
    return not is_rule_text(m) or any(c.startswith("key ") for c in m.auto_comments)


def plain(text: str) -> str:
    """`text` lower-cased the Turkish way, without {fields} and rule IDs."""
    text = re.sub(r"\{[^{}]*\}", " ", text)
    text = re.sub(r"\b[RI]-[A-Z0-9-]+", " ", text)
    return turkish.lower(text)


def words(text: str) -> list[str]:
    return WORD.findall(text)


# --- one voice ----------------------------------------------------------------------

# The verbs the catalogue tells the player to do (sen imperative = the stem). Their
# siz imperative (stem + (y)In: tıklayın, basın, sürükleyin) must never appear.
IMPERATIVE_STEMS = frozenset(
    {"al", "at", "aç", "ayır", "bak", "bas", "bekle", "bırak", "bitir", "başlat", "çek"}
    | {"çıkar", "çıkart", "dağıt", "değiştir", "dikkat", "dön", "dur", "düş", "ekle", "geç"}
    | {"gir", "gönder", "git", "harca", "izle", "kapat", "karıştır", "kaydet", "kaydır"}
    | {"koy", "kullan", "oku", "oyna", "öldür", "sakla", "say", "seç", "sil", "sırala"}
    | {"sürükle", "taşı", "tıkla", "topla", "tut", "unut", "unutma", "ver", "vazgeç", "yap"}
    | {"yaz", "yerleştir", "yükle"}
)
SIZ_IMPERATIVES = {stem + turkish.ending(stem, "(y)In") for stem in IMPERATIVE_STEMS}
# 2nd person plural endings: musunuz / misiniz, -iniz possessives (Oyununuz, paranız),
# -siniz verbs (yapabilirsiniz), polite imperatives (tıklayınız)
SIZ_ENDING = re.compile(r"[aeıioöuü]n[ıiuü]z$")
NOT_SIZ = {"henüz", "deniz"}  # words that only look like it
# sen in a rule text: verbs in -sın (açabilirsin, kazanırsın, çekemezsin, oynuyorsun),
# participles with -ın (yıktığın, istediğin), the pronoun
SEN_VERB = re.compile(r"(?:[aeıioöuü]r|[ae]z|m[ae]l[ıi]|[ıiuü]yor|[ae]c[ae]k|[dt][ıiuü])s[ıiuü]n$")
SEN_PARTICIPLE = re.compile(r"[dt][ıiuü]ğ[ıiuü]n$")
SEN_PRONOUN = {"sen", "sana", "seni", "sende", "senin", "senden", "siz", "size", "sizin"}


def siz_words(text: str) -> list[str]:
    found = []
    for w in words(plain(text)):
        if w in NOT_SIZ:
            continue
        if w in SIZ_IMPERATIVES or SIZ_ENDING.search(w) or re.search(r"m[ae]y[ıi]n$", w):
            found.append(w)
    return found


def sen_words(text: str) -> list[str]:
    return [
        w
        for w in words(plain(text))
        if SEN_VERB.search(w) or SEN_PARTICIPLE.search(w) or w in SEN_PRONOUN
    ]


def test_siz_forms_are_recognised() -> None:
    """The detector itself: the siz forms the catalogue once had, and none of the sen
    or impersonal forms it uses now."""
    bad = [
        "Cihazı verin: Ayşe",
        "tıklayın ya da Boşluk tuşuna basın",
        "Yine de çıkmak istiyor musunuz?",
        "Oyununuz kaydedildi",
        "Yeni kart çekmek için para ayırmayı unutmayın.",
        "Gangsterleri güçsüzden güçlüye sıralayın ve durun.",
        "Fare tekerleğiyle kaydırın.",
        "Paranız yetmiyor",
        "Kart açabilirsiniz",
    ]
    for text in bad:
        assert siz_words(text), text
    good = [
        "Ayşe hazır olunca tıkla ya da Boşluk tuşuna bas",
        "Yine de çıkmak istiyor musun?",
        "Oyunun kaydedildi",
        "Henüz kayıtlı oyun yok.",
        "Hideout'un üzerindeki işyeri",
        "Lucia'nın Hideout'unun üstüne sürükle",
        "Gangsterler güçsüzden güçlüye sıralanır.",
    ]
    for text in good:
        assert not siz_words(text), (text, siz_words(text))
    assert sen_words("İşyerin varsa istediğin yere taşıyabilirsin")
    assert sen_words("Yıktığın her Hideout 10 puan")
    assert not sen_words("Oyuncu istediği kadar kart açabilir; çekemez; olsun.")


def test_nothing_says_siz() -> None:
    """One voice: the game says sen to the player (tıkla, bas, musun, Oyunun) and
    never siz (tıklayın, basın, musunuz, Oyununuz), rule texts included."""
    bad = {
        m.id if isinstance(m.id, str) else m.id[0]: (s, siz_words(s))
        for m in MESSAGES
        for s in _texts(m.string)
        if siz_words(s)
    }
    assert not bad, f"siz in {len(bad)} Turkish messages: {bad}"


def test_rule_texts_use_the_books_impersonal_voice() -> None:
    """The Rules screen reads like the book: "Oyuncu … açabilir", "… çıkarılır",
    never sen ("açabilirsin", "yıktığın") nor siz."""
    bad = {
        m.id: (s, sen_words(s))
        for m in MESSAGES
        if is_rule_text(m) and not speaks_to_player(m)
        for s in _texts(m.string)
        if sen_words(s)
    }
    assert not bad, f"sen in {len(bad)} rule texts: {bad}"


def test_the_player_is_told_sen() -> None:
    """The other side of one voice: the hand-off card, the claim bar, the crash and
    quit dialogs and the lesson address the player as sen."""
    by_id = {m.id: m.string for m in MESSAGES if isinstance(m.string, str)}  # no plurals here
    assert by_id["Click or press Space when {name} is ready"].endswith(
        "tıkla ya da Boşluk tuşuna bas"
    )
    assert by_id["Saving failed ({reason}). Quit anyway and lose the game in progress?"].endswith(
        "istiyor musun?"
    )
    assert (
        "Oyunun,"
        in by_id[
            "Noirburg met an error it did not expect. Your game was autosaved before it "
            "happened: Continue on the title screen resumes it."
        ]
    )


# --- the glossary -------------------------------------------------------------------------


def glossary_banned() -> list[str]:
    """Every `variant` in the glossary tables' last ("Never") column."""
    banned: list[str] = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] in ("English",):
            continue
        banned += re.findall(r"`([^`]+)`", cells[-1])
    return banned


def test_the_glossary_lists_the_banned_variants() -> None:
    banned = glossary_banned()
    for word in ("kırıldı", "çözülür", "Ev kuralları", "ÇIKTI", "Tekrar izleme", "saklanıyor"):
        assert word in banned, word
    assert len(banned) >= 25


@pytest.mark.parametrize("variant", glossary_banned())
def test_banned_variants_never_come_back(variant: str) -> None:
    """The variants the glossary rules out (kırıldı for geçildi, çözülür for
    çözümlenir, Ev kuralları for Tercihe bağlı kurallar…) appear in no Turkish text.
    Case matters: ÇIKTI (a printout) is banned, "oyundan çıktı" is right."""
    start = r"(?<![\w$])" if variant[0].isalnum() else ""
    pattern = re.compile(start + re.escape(variant))
    hits = [s for m in MESSAGES for s in _texts(m.string) if pattern.search(s)]
    assert not hits, f"{variant!r} is back: {hits[:3]}"


# (English pattern in the msgid, the book's word the Turkish must then use)
FOLLOWS: tuple[tuple[str, str], ...] = (
    (r"\bHIDDEN\b", "SAKLANMIŞ"),
    (r"\bcountdown\b", r"geri sayım|Geri sayım|GERİ SAYIM"),
    (r"\b[Rr]ansom\b", r"[Hh]ara[çc]"),
    (r"\bdiscard pile\b", r"[ıI]skarta"),
    (r"\bresolve[sd]?\b", r"çözümlen"),
    (r"\bdefence\b", r"[Ss]avunma"),
    (
        r"(?<!tie-)\b(?:break|breaks|breach|breached)\b|(?<!are )\bbroken\b|Breaking the def",
        r"geç|savunma",
    ),
    (r"\b[Bb]ribe\b.*\bcancel|\bcancel.*\bBribe\b", r"etkisiz hale"),
    (r"\b[Ww]eakest\b", r"güçsüz"),
    (r"\b[Hh]ouse rule|\b[Oo]ptional\b", r"[Tt]ercihe bağlı"),
    (r"\b[Ii]ncome\b", r"[Gg]elir|GELİR"),
    (r"\b[Pp]hases?\b", r"[Ss]afha|hamle"),
    (r"\btokens?\b", r"pul"),
    (r"\b[Tt]roph(?:y|ies)\b", r"[Gg]animet"),
    (r"\b[Hh]ost\b", r"ev sahibi|Ev sahibi"),
    (r"\bfrom the bank\b|\bto the bank\b", r"orta"),
    (r"\b[Rr]eaction window", r"[Rr]eaksiyon sıra|[Rr]eaksiyon süre"),
    (r"\bHideouts?\b", r"Hideout|HIDEOUT"),
    (r"\bPolice\b", r"Police"),
    (r"\bDrive-bys?\b", r"Drive-by"),
    (r"\bTurncoat\b", r"Turncoat"),
    (r"\bPoker Night\b", r"Poker Night"),
    (r"\bcoins?\b", r"para"),
)


@pytest.mark.parametrize(("english", "turkish_word"), FOLLOWS)
def test_the_catalogue_follows_the_glossary(english: str, turkish_word: str) -> None:
    """Where the English uses a game term, the Turkish uses the book's word for it
    (and the printed card names stay as printed)."""
    en, tr = re.compile(english), re.compile(turkish_word)
    used = 0
    bad = []
    for m in MESSAGES:
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        if not any(en.search(re.sub(r"\{[^{}]*\}", " ", i)) for i in ids):
            continue
        used += 1
        bad += [(ids[0], s) for s in _texts(m.string) if not tr.search(s)]
    assert used, f"no msgid uses {english!r} any more: drop the pair"
    assert not bad, f"{len(bad)} messages say {english!r} without {turkish_word!r}: {bad[:4]}"


# --- English-free -------------------------------------------------------------------------

CARD_WORDS = {"hideout", "hideouts", "gangster", "gangsters", "moonshine", "still"}
CARD_WORDS |= {"bootlegger", "speakeasy", "casino", "poker", "night", "police", "bribe"}
CARD_WORDS |= {"drive", "by", "bys", "turncoat"}
KEY_LABELS = {"esc", "tab", "enter", "home", "end", "f1", "f11"}
NAMES = {"noirburg", "noir", "dante", "vito", "lucia", "qr"}
TURKISH_TOO = {"her", "disk", "normal", "panel"}  # Turkish words an English text also has


def english_words() -> set[str]:
    vocab: set[str] = set()
    for m in MESSAGES:
        for text in [m.id] if isinstance(m.id, str) else list(m.id):
            vocab |= {w.lower() for w in words(re.sub(r"\{[^{}]*\}", " ", text)) if len(w) >= 3}
    return vocab - CARD_WORDS - KEY_LABELS - NAMES - TURKISH_TOO


def test_turkish_screens_are_english_free() -> None:
    """No English on a Turkish screen apart from the printed card names, the key
    labels and rule IDs: no "Shift", "Space", "Bank", "seed", "$"."""
    vocab = english_words()
    assert {"shift", "space", "bank", "replay", "seed", "coins"} <= vocab
    bad = {}
    for m in MESSAGES:
        for s in _texts(m.string):
            text = re.sub(r"\{[^{}]*\}", " ", re.sub(r"\b[RI]-[A-Z0-9-]+", " ", s))
            english = [w for w in words(text) if w.lower() in vocab]
            if english or "$" in s:
                bad[m.id if isinstance(m.id, str) else m.id[0]] = (s, english)
    assert not bad, f"English in {len(bad)} Turkish messages: {bad}"


# --- names with case suffixes ---------------------------------------------------------------


def test_case_specs_are_the_helpers() -> None:
    """A Turkish msgstr may suffix a name or a number with {field:case}; any other
    spec must be the English's own ({value:.0f})."""
    for m in MESSAGES:
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        english_specs = {spec for i in ids for spec in re.findall(r"\{\w+(:[^{}]*)\}", i)}
        for s in _texts(m.string):
            for field, spec in re.findall(r"\{(\w+):([^{}]*)\}", s):
                assert spec in turkish.SPECS or f":{spec}" in english_specs, (m.id, field, spec)


def test_suffixed_names_in_the_log() -> None:
    """The log's suffixed lines, worded through the catalogue with real names."""
    from engine import Event
    from noirburg_desktop.table import texts  # noqa: F401 - registers the table's keys
    from noirburg_desktop.words import strings, wording

    names = {0: "Ayşe", 1: "Burak", 2: "Oyuncu 3"}

    def name_of(seat: int | None) -> str:  # wording.Namer: asked only for a real seat
        assert seat is not None
        return names[seat]

    strings.set_language("tr")
    try:
        line = wording.event_line(Event("pay", 0, (), 6, target=1), name_of)
        assert line == "Ayşe, Burak'a 6 para ödedi"
        assert wording.event_line(Event("breach", 2, (), 0), name_of) == (
            "Oyuncu 3'ün Hideout'unun savunması geçildi"
        )
        assert wording.event_line(Event("hold", 1, (), 0), name_of) == "Burak'ın Hideout'u dayandı"
        assert strings.t("table.turn_of", name="Ayşe") == "Sıra: Ayşe"  # no suffix needed
        assert "{" not in strings.t("table.out_body", name="Zeynep")
        assert strings.t("table.out_body", name="Zeynep").startswith("Zeynep'in Hideout'u")
    finally:
        strings.set_language("en")
    assert wording.event_line(Event("pay", 0, (), 6, target=1), name_of) == "Ayşe pays 6 to Burak"


def test_question_keys_follow_the_turkish_words() -> None:
    """The table's questions name their keys by the player's words: Turkish "Saldırıyı
    engelle (E)" / "Gangsterleri sakla (S)", not the English S and P; each question's
    keys differ and its title names the same letters."""
    import pygame

    from noirburg_desktop.table.question import _letter_keys
    from noirburg_desktop.table.texts import t
    from noirburg_desktop.words import strings

    pairs = (
        ("table.which_police", "table.choice_stop", "table.choice_hide"),
        ("table.which_target", "table.choice_hideout", "table.choice_top"),
    )
    for lang, want in (("en", "SPHB"), ("tr", "ESHİ")):
        strings.set_language(lang)
        try:
            letters = ""
            for title, a, b in pairs:
                ka, kb = _letter_keys(t(a), 0), _letter_keys(t(b), 0)
                assert ka != kb and 0 not in ka + kb
                for key in (a, b):
                    letter = re.search(r"\((\w)\)\s*$", t(key))
                    assert letter is not None
                    assert f"({letter.group(1)})" in t(title)
                    letters += letter.group(1)
            assert letters == want
        finally:
            strings.set_language("en")
    assert _letter_keys("Üstteki işyeri  (İ)", 0) == (pygame.K_i,)
