"""Every user-facing string of the app shell, looked up by key.

`t("title.new_game")` returns the text in the current language; a key missing
from a translation falls back to English, and a key missing everywhere shows
itself in brackets so it is easy to spot on screen rather than crashing.
Table code may add its own keys with `register()`.
"""

from __future__ import annotations

from typing import Any

LANGUAGES: dict[str, str] = {"en": "English", "tr": "Türkçe"}

EN: dict[str, str] = {
    "app.title": "Noirburg",
    "app.subtitle": "A card game of rackets, rivals and ruin",
    "app.tagline": "3–6 players · hotseat or against the house",
    # title
    "title.continue": "Continue",
    "title.continue_detail": "{players} players · round {round} · {date}",
    "title.new_game": "New game",
    "title.load": "Load game",
    "title.rules": "Rules",
    "title.settings": "Settings",
    "title.quit": "Quit",
    "title.no_autosave": "No game to continue",
    "title.fullscreen_key": "F11 — fullscreen",
    "title.load_failed": "Could not continue: {error}",
    # new game
    "new.heading": "New game",
    "new.players": "Players",
    "new.seats": "Seats",
    "new.name": "Name",
    "new.who": "Played by",
    "new.colour": "Colour",
    "new.house_rules": "House rules",
    "new.money_victory": "Money victory",
    "new.money_victory_help": "Win by holding more than half the money in play",
    "new.poker_to_box": "Poker Night always to box",
    "new.poker_to_box_help": "Every Poker Night leaves the game after play",
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
    # load
    "load.heading": "Load game",
    "load.empty": "No saved games yet.",
    "load.autosave": "Autosave",
    "load.entry": "{players} players · round {round}",
    "load.load": "Load",
    "load.delete": "Delete",
    "load.confirm_delete": "Really delete?",
    "load.back": "Back",
    "load.unreadable": "Unreadable",
    "load.failed": "Could not load: {error}",
    # settings
    "settings.heading": "Settings",
    "settings.fullscreen": "Fullscreen",
    "settings.ai_speed": "AI speed",
    "settings.reaction_window": "Reaction window",
    "settings.reaction_seconds": "{s} s",
    "settings.language": "Language",
    "settings.sound": "Sound",
    "settings.no_audio": "(no audio device found)",
    "settings.back": "Back",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "common.on": "On",
    "common.off": "Off",
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
    "card.police.name": "Police",
    "card.police.text": "Send every gangster on one Business into hiding, or stop an attack.",
    "card.bribe.name": "Bribe",
    "card.bribe.text": "Cancel the Police card (or Bribe) just played. Costs nothing.",
    "card.drive_by.name": "Drive-by",
    "card.drive_by.text": "One die of damage to a Business, weakest gangster first. "
    "Nothing is stolen.",
    "card.turncoat.name": "Turncoat",
    "card.turncoat.text": "Take a gangster from a Business or from hiding into your hand. "
    "A 4 needs your Casino.",
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
}

TR: dict[str, str] = {
    "app.subtitle": "Haraç, rakipler ve yıkım üzerine bir kart oyunu",
    "app.tagline": "3–6 oyuncu · aynı ekranda ya da bilgisayara karşı",
    "title.continue": "Devam et",
    "title.continue_detail": "{players} oyuncu · {round}. tur · {date}",
    "title.new_game": "Yeni oyun",
    "title.load": "Oyun yükle",
    "title.rules": "Kurallar",
    "title.settings": "Ayarlar",
    "title.quit": "Çıkış",
    "title.no_autosave": "Devam edilecek oyun yok",
    "title.fullscreen_key": "F11 — tam ekran",
    "title.load_failed": "Devam edilemedi: {error}",
    "new.heading": "Yeni oyun",
    "new.players": "Oyuncular",
    "new.seats": "Koltuklar",
    "new.name": "İsim",
    "new.who": "Oynayan",
    "new.colour": "Renk",
    "new.house_rules": "Ev kuralları",
    "new.money_victory": "Para zaferi",
    "new.money_victory_help": "Oyundaki paranın yarısından fazlasını tutan kazanır",
    "new.poker_to_box": "Poker Gecesi hep kutuya",
    "new.poker_to_box_help": "Her Poker Gecesi oynandıktan sonra oyundan çıkar",
    "new.first_player": "İlk oyuncu",
    "new.first_random": "Rastgele",
    "new.seed": "Tohum",
    "new.seed_help": "Boş bırakılırsa yeni bir karıştırma; sayı aynı dağıtımı verir",
    "new.start": "Kartları dağıt",
    "new.back": "Geri",
    "new.bad_seed": "Tohum bir tam sayı olmalı.",
    "new.default_name": "Oyuncu {n}",
    "new.empty_seat": "— boş sandalye —",
    "kind.human": "İnsan",
    "kind.easy": "YZ · Kolay",
    "kind.normal": "YZ · Normal",
    "kind.hard": "YZ · Zor",
    "load.heading": "Oyun yükle",
    "load.empty": "Henüz kayıtlı oyun yok.",
    "load.autosave": "Otomatik kayıt",
    "load.entry": "{players} oyuncu · {round}. tur",
    "load.load": "Yükle",
    "load.delete": "Sil",
    "load.confirm_delete": "Gerçekten silinsin mi?",
    "load.back": "Geri",
    "load.unreadable": "Okunamıyor",
    "settings.heading": "Ayarlar",
    "settings.fullscreen": "Tam ekran",
    "settings.ai_speed": "YZ hızı",
    "settings.reaction_window": "Tepki süresi",
    "settings.reaction_seconds": "{s} sn",
    "settings.language": "Dil",
    "settings.sound": "Ses",
    "settings.no_audio": "(ses aygıtı bulunamadı)",
    "settings.back": "Geri",
    "speed.slow": "Yavaş",
    "speed.normal": "Normal",
    "speed.fast": "Hızlı",
    "speed.instant": "Anında",
    "common.on": "Açık",
    "common.off": "Kapalı",
    "rules.heading": "Kurallar",
    "rules.back": "Geri",
    "results.heading": "Duman dağılıyor",
    "results.rematch": "Rövanş",
    "results.title": "Ana ekran",
    "load.failed": "Yüklenemedi: {error}",
    # güvenilirlik (issue 11)
    "save.err_bad_date": "Kaydın tarihi bozuk.",
    "save.err_bad_label": "Kaydın başlığı bozuk.",
    "save.err_locked": "bu veri klasörünü başka bir Noirburg penceresi kullanıyor",
    "save.failing": "Kaydedilemiyor: {reason}. Oyun sürüyor; mümkün olur olmaz kaydedilecek.",
    "save.locked_notice": "Bu veri klasörünü başka bir Noirburg penceresi kullanıyor: "
    "bu pencere kaydetmiyor.",
    "save.reason_full": "disk dolu",
    "save.reason_denied": "{folder} klasörüne yazma izni yok",
    "save.reason_readonly": "disk salt okunur",
    "save.reason_not_folder": "{folder} klasörünün yerinde bir dosya var",
    "save.quit_title": "Oyun kaydedilmedi",
    "save.quit_text": "Kaydetme başarısız ({reason}). Yine de çıkıp süren oyunu kaybetmek "
    "istiyor musunuz?",
    "save.quit_anyway": "Yine de çık",
    "save.keep_playing": "Oynamaya devam",
    "crash.heading": "Bir şeyler ters gitti",
    "crash.text": "Noirburg beklemediği bir hatayla karşılaştı. Oyununuz ondan önce otomatik "
    "kaydedildi: başlık ekranındaki Devam et onu sürdürür.",
    "crash.text_unsaved": "Noirburg beklemediği bir hatayla karşılaştı. Daha önce kaydetme "
    "başarısızdı: disk izin verir vermez oyun kaydedilecek.",
    "crash.report": "Bir rapor yazıldı: {path}",
    "crash.no_report": "Rapor yazılamadı ({reason}).",
    "crash.back": "Başlık ekranına dön",
    "rules.hint": "Fare tekerleği ya da ok tuşlarıyla kaydırın.",
    "results.winner": "{names} kazandı",
    "results.winners": "{names} zaferi paylaşıyor",
    "results.no_winner": "Kazanan yok",
    "results.method": "{method}",
    "results.out": "oyun dışı",
    "results.unfinished": "Oyun henüz bitmedi.",
    "results.col_hideout": "Sığınak",
    "results.col_businesses": "İşletmeler",
    "results.col_gangsters": "Gangsterler",
    "results.col_trophies": "Ganimetler",
    "results.col_money": "Para",
    "results.col_total": "Toplam",
    "method.war": "savaşla — iki rakip Sığınak yıkıldı",
    "method.money": "parayla — oyundaki paranın yarısından fazlası",
    "method.countdown": "geri sayım bittiğinde puanla",
    "method.last_standing": "ayakta kalan son kişi olarak",
}

TABLES: dict[str, dict[str, str]] = {"en": EN, "tr": TR}

_language = "en"


def set_language(lang: str) -> None:
    """Switch the language; unknown codes fall back to English."""
    global _language
    _language = lang if lang in TABLES else "en"


def register(lang: str, entries: dict[str, str]) -> None:
    """Add strings (e.g. the table scene's) to a language table."""
    TABLES.setdefault(lang, {}).update(entries)


def upper(text: str) -> str:
    """Capitals for headings; Turkish maps i to İ (str.upper would give I)."""
    if _language == "tr":
        text = text.replace("i", "İ")
    return text.upper()


def t(key: str, **fmt: Any) -> str:
    """The text for `key` in the current language, formatted with `fmt`."""
    text = TABLES.get(_language, {}).get(key) or EN.get(key)
    if text is None:
        return f"[{key}]"
    if not fmt:
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError, ValueError):
        return text
