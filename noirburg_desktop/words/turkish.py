"""Turkish case suffixes on names and numbers: "Ayşe'nin", "Burak'a", "Oyuncu 3'te".

A Turkish sentence often needs a case suffix on a player's name, and the suffix
follows the name's sound: vowel harmony (the last vowel: Ayşe'ye, Burak'a),
a buffer consonant after a vowel (Ayşe'nin, Vito'yu), d → t after a voiceless
consonant (Mehmet'te, Burak'tan). Proper names take an apostrophe and are
never softened (Burak'ı, not Burağ'ı; Mehmet'e, not Mehmed'e). A number is
suffixed as it is read: 3 is "üç" (Oyuncu 3'te, 3'ün), 6 is "altı" (6'da),
40 is "kırk" (40'ta), 100 is "yüz" (100'ü).

Most sentences put a name where it needs no suffix ("Sıra: Ayşe", "… ({who})").
Where a suffix reads better, a Turkish msgstr asks for it with a format spec:
"{who:gen} Hideout'u dayandı" → "Ayşe'nin Hideout'u dayandı". `suffixable()`
wraps the parameters so that str.format understands these specs (and "{share:pct}",
a percentage the Turkish way: %40); the English msgids never use them.
"""

from __future__ import annotations

from typing import Any

# case spec -> (suffix after a back vowel, after a front vowel): the templates below
# use A (a/e), I (ı/i/u/ü), D (d/t after a voiceless consonant) and a buffer letter
# in parentheses that is dropped after a consonant.
CASES: dict[str, str] = {
    "gen": "(n)In",  # genitive: Ayşe'nin Hideout'u, Burak'ın
    "acc": "(y)I",  # accusative: Ayşe'yi, Burak'ı
    "dat": "(y)A",  # dative: Ayşe'ye, Burak'a
    "loc": "DA",  # locative: Ayşe'de, Burak'ta
    "abl": "DAn",  # ablative: Ayşe'den, Burak'tan
    "ins": "(y)lA",  # with (ile): Ayşe'yle, Burak'la
}
APOSTROPHE = "'"
# "{share:pct}": a share (0.4) as Turkish writes a percentage, the sign first ("%40")
PERCENT = "pct"
SPECS = frozenset(CASES) | {PERCENT}

BACK = set("aıouâû")
FRONT = set("eiöüîê")
VOWELS = BACK | FRONT
# foreign letters in a name, read the nearest Turkish way
_FOLD = str.maketrans(
    {"é": "e", "è": "e", "ë": "e", "ä": "e", "à": "a", "á": "a", "å": "a", "ó": "o"}
    | {"ò": "o", "ø": "ö", "í": "i", "ì": "i", "ï": "i", "ú": "u", "ù": "u", "ÿ": "i"}
)
VOICELESS = set("fstkçşhp")  # "fıstıkçı şahap": d → t after these

# The last word a number is read with, by place (units, tens), then powers of ten.
_UNITS = ("sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
_TENS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
_POWERS = ((10**12, "trilyon"), (10**9, "milyar"), (10**6, "milyon"), (1000, "bin"), (100, "yüz"))
# A name with no vowel at all ("TRT", "X") is read letter by letter: its last letter's name.
_LETTER_NAMES = {
    "b": "be", "c": "ce", "ç": "çe", "d": "de", "f": "fe", "g": "ge", "ğ": "yumuşak ge",
    "h": "he", "j": "je", "k": "ke", "l": "le", "m": "me", "n": "ne", "p": "pe", "q": "kü",
    "r": "re", "s": "se", "ş": "şe", "t": "te", "v": "ve", "w": "çift ve", "x": "iks",
    "y": "ye", "z": "ze",
}  # fmt: skip


def lower(text: str) -> str:
    """Lower case the Turkish way: I → ı, İ → i (str.lower gives i and i̇)."""
    return text.replace("I", "ı").replace("İ", "i").lower()


def number_word(n: int) -> str:
    """The last word `n` is read with: 3 → "üç", 40 → "kırk", 300 → "yüz", 2000 → "bin"."""
    n = abs(n)
    if n % 10:
        return _UNITS[n % 10]
    if n % 100:
        return _TENS[(n // 10) % 10]
    if n == 0:
        return _UNITS[0]
    for size, word in reversed(_POWERS):  # the smallest power that divides n is read last
        if n % size == 0 and (n // size) % (1000 if size >= 1000 else 10):
            return word
    return "bin"


def sound(text: str) -> str:
    """How the end of `text` is read, in Turkish letters: the last number word when
    it ends in digits, the letter's name when it has no vowel, else its letters."""
    word = text.rstrip()
    while word and not (word[-1].isalnum()):
        word = word[:-1]  # "Ayşe!" and "Oyuncu 3)" are read without the mark
    if not word:
        return ""
    if word[-1].isdigit():
        digits = ""
        while word and word[-1].isdigit():
            digits = word[-1] + digits
            word = word[:-1]
        return number_word(int(digits))
    folded = lower(word).translate(_FOLD)
    if not any(ch in VOWELS for ch in folded):
        return _LETTER_NAMES.get(folded[-1], "e")
    return folded


def suffix(name: str, case: str) -> str:
    """`name` with the Turkish case ending `case` (a key of CASES), after an apostrophe.
    Consonant softening is never applied (Burak'a, Mehmet'e): names stay as written."""
    return f"{name}{APOSTROPHE}{ending(sound(name), CASES[case])}"


def ending(said: str, template: str) -> str:
    """The ending `template` takes after a word read as `said` (Turkish letters):
    A is a/e, I is ı/i/u/ü by vowel harmony, D is d/t (t after a voiceless consonant),
    and a letter in parentheses is a buffer used only after a vowel.
    ending("burak", "(y)A") == "a"; ending("ayşe", "(n)In") == "nin"."""
    vowels = [ch for ch in said if ch in VOWELS]
    last_vowel = vowels[-1] if vowels else "e"
    back = last_vowel in BACK
    rounded = last_vowel in "oöuüû"
    ends_in_vowel = bool(said) and said[-1] in VOWELS
    voiceless = bool(said) and said[-1] in VOICELESS
    out = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch == "(":  # a buffer letter, only after a vowel
            if ends_in_vowel:
                out.append(template[i + 1])
            i += 3
            continue
        if ch == "A":
            out.append("a" if back else "e")
        elif ch == "I":
            out.append(("u" if rounded else "ı") if back else ("ü" if rounded else "i"))
        elif ch == "D":
            out.append("t" if voiceless else "d")
        else:
            out.append(ch)
        i += 1
    return "".join(out)


class Suffixable(str):
    """A format parameter that a Turkish template may suffix: "{who:gen}", "{n:loc}".
    Any other spec formats the original value as usual ("{value:.0f}")."""

    value: Any

    def __new__(cls, value: Any) -> Suffixable:
        obj = super().__new__(cls, value)
        obj.value = value
        return obj

    def __format__(self, spec: str) -> str:
        if spec in CASES:
            return suffix(str(self), spec)
        if spec == PERCENT and isinstance(self.value, (int, float)):
            return f"%{self.value * 100:.0f}"  # Turkish writes the sign first: %40
        return format(self.value, spec)


def suffixable(params: dict[str, Any]) -> dict[str, Any]:
    """`params` with its names and numbers ready for a Turkish spec (a case, or PERCENT)."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        plain = isinstance(value, str) or number
        out[key] = Suffixable(value) if plain and not isinstance(value, Suffixable) else value
    return out
