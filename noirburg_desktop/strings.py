"""Every user-facing string of the app shell, looked up by key.

`t("title.new_game")` returns the text in the current language. The tables
below map each key to its English source text, marked with `N_()` so that
`python3 tasks.py i18n` extracts it into the gettext catalogues
(noirburg_desktop/locale); `t()` looks that text up in the player's catalogue.
A key missing everywhere shows itself in brackets so it is easy to spot on
screen rather than crashing. Counted wordings go in `PLURALS` and through
`tn()`, never "card(s)". Table code may add its own keys with `register()`.
"""

from __future__ import annotations

from typing import Any

from noirburg_desktop.i18n import (
    LANGUAGES,
    N_,
    Np_,
    gettext,
    language,
    ngettext,
    set_language,
    upper,
)

__all__ = ["LANGUAGES", "N_", "Np_", "register", "set_language", "t", "tn", "upper"]

EN: dict[str, str] = {
    "app.title": N_("Noirburg"),
    "app.subtitle": N_("A card game of rackets, rivals and ruin"),
    "app.tagline": N_("3–6 players · hotseat or against the house"),
    # title
    "title.continue": N_("Continue"),
    "title.continue_detail": N_("{players} players · round {round} · {date}"),
    "title.new_game": N_("New game"),
    "title.load": N_("Load game"),
    "title.rules": N_("Rules"),
    "title.settings": N_("Settings"),
    "title.quit": N_("Quit"),
    "title.no_autosave": N_("No game to continue"),
    "title.fullscreen_key": N_("F11 — fullscreen"),
    "title.load_failed": N_("Could not continue: {error}"),
    # new game
    "new.heading": N_("New game"),
    "new.players": N_("Players"),
    "new.seats": N_("Seats"),
    "new.name": N_("Name"),
    "new.who": N_("Played by"),
    "new.colour": N_("Colour"),
    "new.house_rules": N_("House rules"),
    "new.money_victory": N_("Money victory"),
    "new.money_victory_help": N_("Win by holding more than half the money in play"),
    "new.poker_to_box": N_("Poker Night always to box"),
    "new.poker_to_box_help": N_("Every Poker Night leaves the game after play"),
    "new.first_player": N_("First player"),
    "new.first_random": N_("Random"),
    "new.seed": N_("Seed"),
    "new.seed_help": N_("Blank for a fresh shuffle; a number replays the same deal"),
    "new.start": N_("Deal the cards"),
    "new.back": N_("Back"),
    "new.bad_seed": N_("The seed must be a whole number."),
    "new.default_name": N_("Player {n}"),
    "new.empty_seat": N_("— empty chair —"),
    "kind.human": N_("Human"),
    "kind.easy": N_("AI · Easy"),
    "kind.normal": N_("AI · Normal"),
    "kind.hard": N_("AI · Hard"),
    # load
    "load.heading": N_("Load game"),
    "load.empty": N_("No saved games yet."),
    "load.autosave": N_("Autosave"),
    "load.entry": N_("{players} players · round {round}"),
    "load.load": N_("Load"),
    "load.delete": N_("Delete"),
    "load.confirm_delete": N_("Really delete?"),
    "load.back": N_("Back"),
    "load.unreadable": N_("Unreadable"),
    "load.failed": N_("Could not load: {error}"),
    # settings
    "settings.heading": N_("Settings"),
    "settings.fullscreen": N_("Fullscreen"),
    "settings.ai_speed": N_("AI speed"),
    "settings.reaction_window": N_("Reaction window"),
    "settings.reaction_seconds": N_("{s} s"),
    "settings.language": N_("Language"),
    "settings.sound": N_("Sound"),
    "settings.no_audio": N_("(no audio device found)"),
    "settings.back": N_("Back"),
    "speed.slow": N_("Slow"),
    "speed.normal": N_("Normal"),
    "speed.fast": N_("Fast"),
    "speed.instant": N_("Instant"),
    "common.on": N_("On"),
    "common.off": N_("Off"),
    "common.rule_key": N_("F1: the rule"),
    # rules
    "rules.heading": N_("Rules"),
    "rules.back": N_("Back"),
    "rules.hint": N_("Scroll with the mouse wheel or the arrow keys."),
    # results
    "results.heading": N_("The smoke clears"),
    "results.winner": N_("{names} wins"),
    "results.winners": N_("{names} share the win"),
    "results.no_winner": N_("No winner"),
    "results.method": N_("by {method}"),
    "results.rematch": N_("Rematch"),
    "results.title": N_("Title screen"),
    "results.out": N_("out of the game"),
    "results.col_hideout": N_("Hideout"),
    "results.col_businesses": N_("Businesses"),
    "results.col_gangsters": N_("Gangsters"),
    "results.col_trophies": N_("Trophies"),
    "results.col_money": N_("Money"),
    "results.col_total": N_("Total"),
    "results.unfinished": N_("The game is not over yet."),
    "method.war": N_("war — two rival Hideouts destroyed"),
    "method.money": N_("money — more than half the cash in play"),
    "method.countdown": N_("score when the countdown ran out"),
    "method.last_standing": N_("being the last one standing"),
    # cards (rendered onto the card art)
    "card.hideout.name": N_("Hideout"),
    "card.hideout.text": N_("Earns 3. Holds gangsters up to 3. Fights back when attacked."),
    "card.gangster.name": N_("Gangster"),
    "card.gangster.text": N_("Deals {n}, takes {n}. Needs room for {n} on a building."),
    "card.business-1.name": N_("Moonshine Still"),
    "card.business-2.name": N_("Bootlegger"),
    "card.business-3.name": N_("Speakeasy"),
    "card.business-4.name": N_("Casino"),
    "card.business.text": N_("Earns {n} a turn. Health {n}. Holds gangsters up to strength {n}."),
    "card.poker_night.name": N_("Poker Night"),
    "card.poker_night.text": N_(
        "All with 2 coins ante 2. The host rolls two dice, keeps the "
        "higher. The highest die takes the pot."
    ),
    "card.police.name": N_("Police"),
    "card.police.text": N_("Send every gangster on one Business into hiding, or stop an attack."),
    "card.bribe.name": N_("Bribe"),
    "card.bribe.text": N_("Cancel the Police card (or Bribe) just played. Costs nothing."),
    "card.drive_by.name": N_("Drive-by"),
    "card.drive_by.text": N_(
        "One die of damage to a Business, weakest gangster first. Nothing is stolen."
    ),
    "card.turncoat.name": N_("Turncoat"),
    "card.turncoat.text": N_(
        "Take a gangster from a Business or from hiding into your hand. A 4 needs your Casino."
    ),
    "card.cost": N_("COST {n}"),
    "card.free": N_("FREE"),
    "card.reaction": N_("REACTION"),
    "card.income": N_("INCOME"),
    "card.strength": N_("STRENGTH"),
    # save errors
    "save.err_unreadable": N_("The file cannot be read ({detail})."),
    "save.err_not_json": N_("The file is damaged: it is not valid JSON."),
    "save.err_foreign": N_("This is not a Noirburg save file."),
    "save.err_too_new": N_("This save comes from a newer Noirburg (save version {version})."),
    "save.err_bad_session": N_("The saved game is damaged ({detail})."),
    "save.err_empty": N_("The file is empty."),
    "save.err_too_large": N_("The file is too large to be a Noirburg save."),
    "save.err_no_game": N_("The saved game is damaged (no game in it)."),
}

PLURALS: dict[str, tuple[str, str]] = {}

# Translations still kept in code by key (e.g. a branch written before the
# catalogues): shown until the catalogue has the msgid, and harvested into the
# .po files by `python3 tasks.py i18n`.
LEGACY: dict[str, dict[str, str]] = {}


def register(lang: str, entries: dict[str, str]) -> None:
    """Add strings (e.g. the table scene's): English entries are new keys (their text
    is the msgid, mark it with N_); other languages are legacy translations."""
    if lang == "en":
        EN.update(entries)
    else:
        LEGACY.setdefault(lang, {}).update(entries)


def _fill(text: str, fmt: dict[str, Any]) -> str:
    if not fmt:
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError, ValueError):
        return text


def t(key: str, **fmt: Any) -> str:
    """The text for `key` in the current language, formatted with `fmt`."""
    msgid = EN.get(key)
    if msgid is None:
        return f"[{key}]"
    text = gettext(msgid)
    if text == msgid and language() != "en":
        text = LEGACY.get(language(), {}).get(key, text)
    return _fill(text, fmt)


def tn(key: str, n: int, **fmt: Any) -> str:
    """The counted text for `key` (a `PLURALS` entry) for `n`, formatted with n and `fmt`."""
    pair = PLURALS.get(key)
    if pair is None:
        return f"[{key}]"
    return _fill(ngettext(pair[0], pair[1], n), {"n": n, **fmt})
