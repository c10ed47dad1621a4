"""noirburg_desktop/words/turkish.py: case suffixes on names and numbers, as a Turkish
writer puts them (TDK: an apostrophe after a proper name, harmony by the last
vowel as it is said, no softening of a name, numbers as they are read)."""

from __future__ import annotations

import pytest

from noirburg_desktop.words.turkish import (
    CASES,
    Suffixable,
    ending,
    number_word,
    suffix,
    suffixable,
)


@pytest.mark.parametrize(
    ("name", "gen", "acc", "dat", "loc", "abl", "ins"),
    [
        # front vowel, ends in a vowel: buffer n / y
        ("Ayşe", "Ayşe'nin", "Ayşe'yi", "Ayşe'ye", "Ayşe'de", "Ayşe'den", "Ayşe'yle"),
        # back vowel, voiceless k: t in locative/ablative, and never softened (not Burağ'ı)
        ("Burak", "Burak'ın", "Burak'ı", "Burak'a", "Burak'ta", "Burak'tan", "Burak'la"),
        # t is never softened to d (Mehmet'e, not Mehmed'e)
        ("Mehmet", "Mehmet'in", "Mehmet'i", "Mehmet'e", "Mehmet'te", "Mehmet'ten", "Mehmet'le"),
        # rounded back vowel
        ("Oğuz", "Oğuz'un", "Oğuz'u", "Oğuz'a", "Oğuz'da", "Oğuz'dan", "Oğuz'la"),
        # rounded front vowel
        ("Ümit", "Ümit'in", "Ümit'i", "Ümit'e", "Ümit'te", "Ümit'ten", "Ümit'le"),
        ("Gül", "Gül'ün", "Gül'ü", "Gül'e", "Gül'de", "Gül'den", "Gül'le"),
        # foreign names of the lesson and the game, by their last vowel
        ("Vito", "Vito'nun", "Vito'yu", "Vito'ya", "Vito'da", "Vito'dan", "Vito'yla"),
        ("Lucia", "Lucia'nın", "Lucia'yı", "Lucia'ya", "Lucia'da", "Lucia'dan", "Lucia'yla"),
        ("Dante", "Dante'nin", "Dante'yi", "Dante'ye", "Dante'de", "Dante'den", "Dante'yle"),
        ("Noirburg", "Noirburg'un", "Noirburg'u", "Noirburg'a", "Noirburg'da", "Noirburg'dan",
         "Noirburg'la"),
        # Turkish capitals: I is ı, İ is i
        ("IŞIL", "IŞIL'ın", "IŞIL'ı", "IŞIL'a", "IŞIL'da", "IŞIL'dan", "IŞIL'la"),
        ("İsmail", "İsmail'in", "İsmail'i", "İsmail'e", "İsmail'de", "İsmail'den", "İsmail'le"),
    ],
)  # fmt: skip
def test_names(name: str, gen: str, acc: str, dat: str, loc: str, abl: str, ins: str) -> None:
    got = [suffix(name, case) for case in ("gen", "acc", "dat", "loc", "abl", "ins")]
    assert got == [gen, acc, dat, loc, abl, ins]


@pytest.mark.parametrize(
    ("name", "loc", "gen", "dat"),
    [
        ("Oyuncu 1", "Oyuncu 1'de", "Oyuncu 1'in", "Oyuncu 1'e"),  # bir
        ("Oyuncu 2", "Oyuncu 2'de", "Oyuncu 2'nin", "Oyuncu 2'ye"),  # iki
        ("Oyuncu 3", "Oyuncu 3'te", "Oyuncu 3'ün", "Oyuncu 3'e"),  # üç
        ("Oyuncu 4", "Oyuncu 4'te", "Oyuncu 4'ün", "Oyuncu 4'e"),  # dört
        ("Oyuncu 5", "Oyuncu 5'te", "Oyuncu 5'in", "Oyuncu 5'e"),  # beş
        ("Oyuncu 6", "Oyuncu 6'da", "Oyuncu 6'nın", "Oyuncu 6'ya"),  # altı
        ("Oyuncu 9", "Oyuncu 9'da", "Oyuncu 9'un", "Oyuncu 9'a"),  # dokuz
        ("10", "10'da", "10'un", "10'a"),  # on
        ("13", "13'te", "13'ün", "13'e"),  # on üç: the last word
        ("40", "40'ta", "40'ın", "40'a"),  # kırk
        ("60", "60'ta", "60'ın", "60'a"),  # altmış
        ("100", "100'de", "100'ün", "100'e"),  # yüz
        ("1000", "1000'de", "1000'in", "1000'e"),  # bin
        ("0", "0'da", "0'ın", "0'a"),  # sıfır
    ],
)
def test_numbers_are_suffixed_as_they_are_read(name: str, loc: str, gen: str, dat: str) -> None:
    assert (suffix(name, "loc"), suffix(name, "gen"), suffix(name, "dat")) == (loc, gen, dat)


def test_number_words() -> None:
    assert [number_word(n) for n in (7, 20, 30, 50, 80, 90, 200, 2000, 10_000, 10**6)] == [
        "yedi",
        "yirmi",
        "otuz",
        "elli",
        "seksen",
        "doksan",
        "yüz",
        "bin",
        "bin",
        "milyon",
    ]


def test_odd_names() -> None:
    """Names without a vowel are read letter by letter; marks and accents are read
    the nearest Turkish way; the name itself is never changed."""
    assert suffix("TRT", "loc") == "TRT'de"  # "te-re-te"
    assert suffix("X", "gen") == "X'in"  # "iks"
    assert suffix("X", "loc") == "X'te"
    assert suffix("José", "gen") == "José'nin"
    assert suffix("Ayşe!", "dat") == "Ayşe!'ye"
    assert suffix("  Cem ", "dat").startswith("  Cem ")


def test_endings_of_verbs_and_words() -> None:
    """`ending` is the harmony alone: the style test builds siz imperatives with it."""
    assert [s + ending(s, "(y)In") for s in ("tıkla", "bas", "sürükle", "öldür", "unutma")] == [
        "tıklayın",
        "basın",
        "sürükleyin",
        "öldürün",
        "unutmayın",
    ]


def test_case_specs_in_format_strings() -> None:
    params = suffixable({"who": "Ayşe", "target": "Burak", "value": 3.46, "n": 3, "ok": True})
    assert "{who:gen} Hideout'u, {target:dat}".format(**params) == "Ayşe'nin Hideout'u, Burak'a"
    assert "{value:.0f} {n} {n:loc} {n:d}".format(**params) == "3 3 3'te 3"
    assert "{who} {ok}".format(**params) == "Ayşe True"  # English: no spec, no change
    assert isinstance(params["who"], Suffixable) and params["who"] == "Ayşe"
    assert set(CASES) == {"gen", "acc", "dat", "loc", "abl", "ins"}
    share = suffixable({"share": 0.4, "all": 1})
    assert "{share:.0%} {share:pct} {all:pct}".format(**share) == "40% %40 %100"
