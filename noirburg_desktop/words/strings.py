"""Every user-facing string of the app shell, looked up by key.

`t("title.new_game")` returns the text in the current language. The tables
below map each key to its English source text, which is the gettext msgid:
`python3 tasks.py i18n` extracts every entry of these tables (and of tables
added with `register()`) into the catalogues (noirburg_desktop/locale), and
`t()` looks the text up in the player's catalogue.
A key missing everywhere shows itself in brackets so it is easy to spot on
screen rather than crashing. Counted wordings go in `PLURALS` and through
`tn()`, never "card(s)". Table code may add its own keys with `register()`.
"""

from __future__ import annotations

from typing import Any

from noirburg_desktop.words.i18n import (
    LANGUAGES,
    N_,
    Np_,
    gettext,
    ngettext,
    set_language,
    upper,
)
from noirburg_desktop.words.turkish import suffixable

__all__ = ["LANGUAGES", "N_", "Np_", "register", "set_language", "t", "tn", "upper"]

EN: dict[str, str] = {
    "app.title": "Noirburg",
    "app.subtitle": "A card game of rackets, rivals and ruin",
    "app.tagline": "3–6 players · hotseat or against the house",
    "app.sound_on": "Sound on (M)",
    "app.sound_off": "Sound off (M)",
    "app.no_audio": "Sound is off: no audio device was found",
    # title
    "title.continue": "Continue",
    "title.continue_detail": "{players} players · round {round} · {date}",
    "title.new_game": "New game",
    "title.network": "Network game",
    "title.load": "Load game",
    "title.rules": "Rules",
    "title.settings": "Settings",
    "title.quit": "Quit",
    "title.no_autosave": "No game to continue",
    "title.fullscreen_key": "F11 — fullscreen",
    "title.load_failed": "Could not continue: {error}",
    "title.ask_new": "Start a new game?",
    "title.ask_new_body": "Your unfinished game ({game}) stays in Load game; "
    "Continue will open the new one.",
    "title.start_new": "New game",
    "title.keep_game": "Back",
    # new game
    "new.heading": "New game",
    "new.players": "Players",
    "new.seats": "Seats",
    "new.name": "Name",
    "new.who": "Played by",
    "new.colour": "Colour",
    "new.house_rules": "House rules",
    # the house rules' checkboxes: new.house.<engine.HouseRule.field>[.help] (words/house_rules)
    "new.house.money_victory": "Money victory",
    "new.house.money_victory.help": "Over half the money in play wins",
    "new.house.poker_always_to_box": "Poker Night always to box",
    "new.house.poker_always_to_box.help": "Each Poker Night leaves the game",
    "new.house.ransom_excess": "Ransom counts the excess",
    "new.house.ransom_excess.help": "Ransom adds attack minus defence",
    "new.first_player": "First player",
    "new.first_random": "Random",
    "new.seed": "Seed",
    "new.seed_help": "Blank for a fresh shuffle; a number replays the same deal",
    "new.start": "Deal the cards",
    "new.back": "Back",
    "new.bad_seed": "The seed must be a whole number.",
    "new.default_name": "Player {n}",
    "new.empty_seat": "— empty chair —",
    "kind.human": "Human",
    "kind.easy": "AI · Easy",
    "kind.normal": "AI · Normal",
    "kind.hard": "AI · Hard",
    "kind.expert": "AI · Expert",
    # load
    "load.heading": "Load game",
    "load.empty": "No saved games yet.",
    "load.autosave": "Autosave",
    "load.entry": "{players} players · round {round}",
    "load.entry_finished": "{players} players · finished in round {round}",
    "load.load": "Load",
    "load.delete": "Delete",
    "load.confirm_delete": "Really delete?",
    "load.back": "Back",
    "load.unreadable": "Unreadable",
    "load.failed": "Could not load: {error}",
    "load.page": "Page {n} of {total} · {saves} saves (Page Up / Page Down)",
    "load.prev_page": "◀ Page",
    "load.next_page": "Page ▶",
    "load.manual_save": "Save {date}",
    # settings
    "settings.heading": "Settings",
    "settings.fullscreen": "Fullscreen",
    "settings.ai_speed": "AI speed",
    "settings.reaction_window": "Wait for my reaction",
    "settings.reactions": "Reactions",
    "settings.reactions.threats": "Ask when I'm threatened",
    "settings.reactions.always": "Ask at every chance",
    "settings.reactions.never": "Never ask",
    "settings.reaction_seconds": "{s} s",
    "settings.wait_for_me": "Wait for me",
    "settings.language": "Language",
    "settings.sound": "Sound",
    "settings.no_audio": "(no audio device found)",
    "settings.volume": "Volume",
    "settings.volume_value": "{n} %",
    "settings.ui_scale": "Text and UI size",
    "settings.scale_value": "{n} %",
    "settings.scale_limited": "this window shows {n} %",
    "settings.reduced_motion": "Reduced motion",
    "settings.keys": "Tab / Shift+Tab: move · ←/→: change · Space/Enter: press · M: mute",
    "settings.tips_off": "Hide tips",
    "settings.back": "Back",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "common.on": "On",
    "common.off": "Off",
    "common.rule_key": "F1: the rule",
    # a date and time as the language writes them (each field arrives zero-padded)
    "common.date_time": "{year}-{month}-{day} {hour}:{minute}",
    # rules
    "rules.heading": "Rules",
    "rules.back": "Back",
    "rules.hint": "Scroll with the mouse wheel or the arrow keys.",
    # results
    "results.heading": "The smoke clears",
    "results.winner": "{names} wins",
    "results.winners": "{names} share the win",
    "results.no_winner": "No winner",
    "results.method": "by {method}",
    "results.rematch": "Rematch",
    "results.title": "Title screen",
    "results.out": "out of the game",
    "results.col_hideout": "Hideout",
    "results.col_businesses": "Businesses",
    "results.col_gangsters": "Gangsters",
    "results.col_trophies": "Trophies",
    "results.col_money": "Money",
    "results.col_total": "Total",
    "results.unfinished": "The game is not over yet.",
    "method.war": "war — two rival Hideouts destroyed",
    "method.money": "money — more than half the cash in play",
    "method.countdown": "score when the countdown ran out",
    "method.last_standing": "being the last one standing",
    # cards (rendered onto the card art)
    "card.hideout.name": "Hideout",
    "card.hideout.text": "Earns 3. Holds gangsters up to 3. Fights back when attacked.",
    "card.gangster.name": "Gangster",
    "card.gangster.text": "Deals {n}, takes {n}. Needs room for {n} on a building.",
    "card.business-1.name": "Moonshine Still",
    "card.business-2.name": "Bootlegger",
    "card.business-3.name": "Speakeasy",
    "card.business-4.name": "Casino",
    "card.business.text": "Earns {n} a turn. Health {n}. Holds gangsters up to strength {n}.",
    "card.poker_night.name": "Poker Night",
    "card.poker_night.text": "All with 2 coins ante 2. The host rolls two dice, keeps the "
    "higher. The highest die takes the pot.",
    "table.rule.poker_night": "Everyone with 2+ coins antes 2; host rolls two dice and keeps "
    "the higher, others roll one. Highest takes the pot. Not in the first round.",
    "card.police.name": "Police",
    "card.police.text": "Send every gangster on one Business into hiding, or stop an attack.",
    "table.rule.police": "Send every gangster on one Business into hiding, or stop an attack: "
    "the attackers deal no damage and go into hiding.",
    "card.bribe.name": "Bribe",
    "card.bribe.text": "Cancel the Police card (or Bribe) just played. Costs nothing.",
    "table.rule.bribe": "Cancels a Police card (or the Bribe just played). Free.",
    "card.drive_by.name": "Drive-by",
    "card.drive_by.text": "One die of damage to a Business, weakest gangster first. "
    "Nothing is stolen.",
    "table.rule.drive_by": "On a Business (never a Hideout): one die of damage each, weakest "
    "gangster first, then the Business. No money is stolen.",
    "card.turncoat.name": "Turncoat",
    "card.turncoat.text": "Take a gangster from a Business or from hiding into your hand. "
    "A 4 needs your Casino.",
    "table.rule.turncoat": "Take one gangster from a Business or from hiding into your hand. "
    "Not from a Hideout; a 4 needs your own Casino.",
    "card.cost": "COST {n}",
    "card.free": "FREE",
    "card.reaction": "REACTION",
    "card.income": "INCOME",
    "card.strength": "STRENGTH",
    # save errors
    "save.err_unreadable": "The file cannot be read ({detail}).",
    "save.err_not_json": "The file is damaged: it is not valid JSON.",
    "save.err_foreign": "This is not a Noirburg save file.",
    "save.err_too_new": "This save comes from a newer Noirburg (save version {version}).",
    "save.err_bad_session": "The saved game is damaged ({detail}).",
    "save.err_empty": "The file is empty.",
    "save.err_too_large": "The file is too large to be a Noirburg save.",
    "save.err_no_game": "The saved game is damaged (no game in it).",
    # reliability (issue 11)
    "save.err_bad_date": "The save's date is damaged.",
    "save.err_bad_label": "The save's title is damaged.",
    "save.err_locked": "another Noirburg window is using this data folder",
    "save.failing": "Saving is failing: {reason}. The game goes on; "
    "it will be saved as soon as that is possible.",
    "save.locked_notice": "Another Noirburg window is using this data folder: "
    "this window does not save.",
    "save.reason_full": "the disk is full",
    "save.reason_denied": "no permission to write to {folder}",
    "save.reason_readonly": "the disk is read-only",
    "save.reason_not_folder": "a file stands where the folder {folder} should be",
    "save.reason_too_large": "the game has grown too long to save (over {mb} MB)",
    "save.reason_link": "{name} in the data folder is a link; Noirburg does not follow links",
    # every file is hostile input (issue 22)
    "files.set_aside": "{name} could not be used ({why}); it was set aside as {copy}.",
    "files.unusable_kept": "{name} could not be used ({why}); it was left as it is.",
    "files.link": "{name} in the data folder is a link; Noirburg does not follow links.",
    "files.why_link": "a link",
    "files.why_content": "its content is damaged",
    "copy.title": "This game is open in another window",
    "copy.text": "Another Noirburg window is using this data folder and may be playing "
    "this game. Play a copy of it here? The copy is saved as a game of its own once "
    "the other window closes.",
    "copy.play": "Play a copy",
    "copy.back": "Back",
    "copy.forked": "This game went on in another window: your moves here are kept as a "
    "game of its own.",
    "save.quit_title": "The game is not saved",
    "save.quit_text": "Saving failed ({reason}). Quit anyway and lose the game in progress?",
    "save.quit_anyway": "Quit anyway",
    "save.keep_playing": "Keep playing",
    "crash.heading": "Something went wrong",
    "crash.text": "Noirburg met an error it did not expect. Your game was autosaved before it "
    "happened: Continue on the title screen resumes it.",
    "crash.text_unsaved": "Noirburg met an error it did not expect. Saving was failing "
    "before it: the game will be saved as soon as the disk allows it.",
    "crash.report": "A report was written to {path}",
    "crash.no_report": "No report could be written ({reason}).",
    "crash.back": "Back to the title",
    # learn (issue 14): the guided game, replays
    "title.learn": "Learn to play",
    "title.learn_resume": "Learn to play (resume)",
    "results.replay": "Replay",
    "load.replay": "Replay",
    "replay.heading": "Replay",
    "replay.position": "Move {n} of {total}",
    "replay.start": "The deal",
    "replay.first": "◀◀ Start",
    "replay.prev": "◀ Back",
    "replay.next": "Next ▶",
    "replay.last": "End ▶▶",
    "replay.back": "Close (Esc)",
    "replay.keys": "← → step · Home / End · Esc closes",
}

PLURALS: dict[str, tuple[str, str]] = {}


def register(lang: str, entries: dict[str, str]) -> None:
    """Add English key entries (e.g. the table scene's); their text is the msgid that
    `tasks.py i18n` extracts. Translations live only in the catalogues."""
    if lang != "en":
        raise ValueError(f"translations go in the {lang} catalogue, not in code")
    EN.update(entries)


def _fill(text: str, fmt: dict[str, Any]) -> str:
    if not fmt:
        return text
    try:
        return text.format(**suffixable(fmt))  # a Turkish text may suffix a name: {who:gen}
    except (KeyError, IndexError, ValueError):
        return text


def t(key: str, **fmt: Any) -> str:
    """The text for `key` in the current language, formatted with `fmt`."""
    msgid = EN.get(key)
    if msgid is None:
        return f"[{key}]"
    return _fill(gettext(msgid), fmt)


def tn(key: str, n: int, **fmt: Any) -> str:
    """The counted text for `key` (a `PLURALS` entry) for `n`, formatted with n and `fmt`."""
    pair = PLURALS.get(key)
    if pair is None:
        return f"[{key}]"
    return _fill(ngettext(pair[0], pair[1], n), {"n": n, **fmt})
