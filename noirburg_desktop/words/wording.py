"""The game's story in the player's language: log lines, refusals, bot reasons, actions.

The engine reports structured events (kind, seat, cards, amount, target, tag)
and messages (an English template + parameters, `engine.Msg`); this
module words them through the gettext catalogues, with the players' names put
in. Nothing here parses engine English. Turkish templates leave names unsuffixed
where they can ("Sıra: Burak"); where a suffix reads better they ask for it with a
case spec ("{who:gen} Hideout'u dayandı" → "Burak'ın Hideout'u dayandı"), which
noirburg_desktop/words/turkish.py fills by the name's sound.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine import CardRef, Event, IllegalAction, Msg, PhaseRef
from engine import actions as A
from engine.cards import CARDS, Kind
from noirburg_desktop.gestures import DO, SAID, Saying
from noirburg_desktop.look import resources
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.words.event_styles import STYLES
from noirburg_desktop.words.i18n import N_, Np_, gettext, ngettext
from noirburg_desktop.words.strings import t
from noirburg_desktop.words.turkish import suffixable

Namer = Callable[[int | None], str]

# --- cards and phases ---------------------------------------------------------------


def card_name(card_id: int) -> str:
    """A card as the log names it: "Gangster 3", "Casino (4)", "Police" (the printed
    names stay as the Turkish edition prints them; the catalogue may still say otherwise)."""
    if card_id < 0:
        return gettext(N_("a hidden card"))
    c = CARDS[card_id]
    if c.kind == Kind.GANGSTER:
        return f"{t('card.gangster.name')} {c.value}"
    name = t(f"card.{resources.card_key(card_id)}.name")
    return f"{name} ({c.value})" if c.kind == Kind.BUSINESS else name


def card_list(cards: tuple[int, ...] | list[int]) -> str:
    return ", ".join(card_name(c) for c in cards)


PHASES: dict[str, str] = {  # inside sentences: "phase B (move gangsters)"
    "mulligan": N_("setup"),
    "A": N_("A (collect)"),
    "B": N_("B (move gangsters)"),
    "C": N_("C (attack)"),
    "D": N_("D (open cards)"),
    "E": N_("E (move the Hideout)"),
    "F": N_("F (discard)"),
    "G": N_("G (draw)"),
    "over": N_("over"),
}


def phase_in_sentence(letter: str) -> str:
    return gettext(PHASES[letter]) if letter in PHASES else letter


# --- messages (refusals, bot reasons) -----------------------------------------------


def param(value: Any) -> Any:
    """A message parameter in the current language."""
    if isinstance(value, CardRef):
        return card_name(int(value))
    if isinstance(value, PhaseRef):
        return phase_in_sentence(str(value))
    if isinstance(value, Msg):
        return say(value)
    if isinstance(value, (tuple, list)):
        return ", ".join(str(param(v)) for v in value)
    if isinstance(value, (int, float, str)):
        return value
    return action_text(value)


def _fill(text: str, params: dict[str, Any]) -> str:
    try:
        return text.format(**suffixable(params))  # a Turkish text may say {who:gen}
    except (KeyError, IndexError, ValueError):
        return text


def say(message: str) -> str:
    """An engine message (`Msg`) or a plain English msgid, in the current language."""
    if not isinstance(message, Msg):
        return gettext(message)
    if message.plural:
        n = int(message.params.get(message.number, 1))
        text = ngettext(message.template, message.plural, n)
    else:
        text = gettext(message.template)
    return _fill(text, {k: param(v) for k, v in message.params.items()})


def refusal_text(exc: IllegalAction) -> str:
    """The engine's refusal for the player: the sentence, its rule ID, and the key
    that opens the Rules screen at that rule (`rule_in` finds the ID again)."""
    return f"{say(exc.message)} ({exc.rule})  · {t('common.rule_key')}"


_RULE_ID = re.compile(r"\(((?:R|I)-[A-Z0-9-]+)\)")


def rule_in(text: str) -> str | None:
    """The last rule ID cited in a shown text ("… (R-GANG-3)"), for the F1 link."""
    found = _RULE_ID.findall(text or "")
    return found[-1] if found else None


# --- actions (the attack being assembled, hints, the keyboard cycle) ------------------


def action_text(a: Any) -> str:
    """What an action does, as a verb phrase ("opens Casino (4) on Hideout")."""
    if isinstance(a, A.Mulligan):
        if not a.cards:
            return gettext(N_("keeps the opening hand"))
        return _fill(gettext(N_("swaps {cards}")), {"cards": card_list(a.cards)})
    if isinstance(a, A.EndPhase):
        return gettext(N_("ends the phase"))
    if isinstance(a, A.MoveGangster):
        return _fill(
            gettext(N_("moves {card} to {to}")),
            {"card": card_name(a.gangster), "to": card_name(a.to)},
        )
    if isinstance(a, A.DiscardGangster):
        return _fill(gettext(N_("discards {card}")), {"card": card_name(a.gangster)})
    if isinstance(a, A.StartAttack):
        return _fill(gettext(N_("targets {card}")), {"card": card_name(a.target)})
    if isinstance(a, A.AddAttacker):
        return _fill(gettext(N_("sends {card}")), {"card": card_name(a.gangster)})
    if isinstance(a, A.LaunchAttack):
        return gettext(N_("launches the attack"))
    if isinstance(a, A.CancelAttack):
        return gettext(N_("calls the attack off"))
    if isinstance(a, A.OpenCard):
        if a.on is None:
            return _fill(gettext(N_("opens {card}")), {"card": card_name(a.card)})
        return _fill(
            gettext(N_("opens {card} on {on}")),
            {"card": card_name(a.card), "on": card_name(a.on)},
        )
    if isinstance(a, A.MoveHideout):
        if a.under is None:
            return gettext(N_("moves the Hideout into the open"))
        return _fill(gettext(N_("moves the Hideout under {card}")), {"card": card_name(a.under)})
    if isinstance(a, A.Discard):
        return _fill(gettext(N_("discards {card}")), {"card": card_name(a.card)})
    return _draw_or_reaction_text(a)


def _draw_or_reaction_text(a: Any) -> str:
    """`action_text` for a draw, the reaction cards (their gestures' `said`) and Pass."""
    if isinstance(a, A.Draw):
        pair = PLURALS["draw_n"]
        return _fill(ngettext(pair[0], pair[1], a.count), {"n": a.count, "price": a.price})
    saying = SAID.get(type(a))
    if saying is not None:
        return _say(saying, a, card_name)
    if isinstance(a, A.Pass):
        return gettext(N_("passes"))
    return gettext(N_("acts"))


def _say(saying: Saying, a: Any, name: Callable[[int], str]) -> str:
    """A reaction card's action in its gesture's words, `name` naming its card."""
    params: dict[str, Any] = {}
    if saying.card is not None:
        params["card"] = name(saying.card(a))
    if isinstance(saying.text, tuple):
        n = saying.count(a) if saying.count is not None else 1
        params["n"] = n
        return _fill(ngettext(saying.text[0], saying.text[1], n), params)
    text = gettext(saying.text)
    return _fill(text, params) if params else text


# --- the player's own moves, as the Hint says them ("Open Casino (4) on your Hideout") -----


END_PHASE_DO: dict[str, str] = {  # "End the phase", said as what it keeps
    "B": N_("Leave your gangsters where they are"),
    "C": N_("Attack no one this turn"),
    "D": N_("Open nothing more"),
    "E": N_("Leave your Hideout where it is"),
    "F": N_("Discard nothing more"),
    "G": N_("End your turn without drawing"),
}


def do_text(a: Any, hideout: int | None = None, phase: str = "") -> str:
    """What the player would do, as an instruction to them ("Open Speakeasy (3) on your
    Hideout"); `hideout`: their own Hideout, named "your Hideout"; `phase`: the phase
    letter, which says what ending it keeps."""

    def card(c: int) -> str:
        return gettext(N_("your Hideout")) if hideout is not None and c == hideout else card_name(c)

    if isinstance(a, A.Mulligan):
        if not a.cards:
            return gettext(N_("Keep your opening hand"))
        return _fill(gettext(N_("Swap {cards}")), {"cards": card_list(a.cards)})
    if isinstance(a, A.EndPhase):
        return gettext(END_PHASE_DO.get(phase, N_("End the phase")))
    if isinstance(a, A.MoveGangster):
        return _fill(
            gettext(N_("Move {card} to {to}")), {"card": card(a.gangster), "to": card(a.to)}
        )
    if isinstance(a, (A.DiscardGangster, A.Discard)):
        c = a.gangster if isinstance(a, A.DiscardGangster) else a.card
        return _fill(gettext(N_("Discard {card}")), {"card": card_name(c)})
    if isinstance(a, A.StartAttack):
        return _fill(gettext(N_("Attack {card}")), {"card": card_name(a.target)})
    if isinstance(a, A.AddAttacker):
        return _fill(gettext(N_("Send {card}")), {"card": card_name(a.gangster)})
    if isinstance(a, A.LaunchAttack):
        return gettext(N_("Launch the attack"))
    if isinstance(a, A.CancelAttack):
        return gettext(N_("Call the attack off"))
    if isinstance(a, A.OpenCard):
        if a.on is None:
            return _fill(gettext(N_("Open {card}")), {"card": card_name(a.card)})
        return _fill(
            gettext(N_("Open {card} on {on}")), {"card": card_name(a.card), "on": card(a.on)}
        )
    if isinstance(a, A.MoveHideout):
        if a.under is None:
            return gettext(N_("Move your Hideout into the open"))
        return _fill(gettext(N_("Move your Hideout under {card}")), {"card": card_name(a.under)})
    return _draw_or_reaction_do(a, hideout)


def _draw_or_reaction_do(a: Any, hideout: int | None) -> str:
    """`do_text` for a draw, the reaction cards (their gestures' `do`) and Pass."""
    if isinstance(a, A.Draw):
        pair = PLURALS["do_draw_n"]
        return _fill(ngettext(pair[0], pair[1], a.count), {"n": a.count, "cost": coins(a.price)})
    saying = DO.get(type(a))
    if saying is not None:

        def name(c: int) -> str:
            if saying.own_hideout and hideout is not None and c == hideout:
                return gettext(N_("your Hideout"))
            return card_name(c)

        return _say(saying, a, name)
    if isinstance(a, A.Pass):
        return gettext(N_("Pass"))
    return action_text(a)


def coins(n: int) -> str:
    """A price: "2 coins" / "2 para", or "free" (never "$")."""
    if n == 0:
        return gettext(N_("free"))
    pair = PLURALS["coins"]
    return _fill(ngettext(pair[0], pair[1], n), {"n": n})


# --- why a bot moves: folded into its move's log line, and the Hint's reason ------------
# The bots give a reason as a whole phrase ("opens {card} for income", the engine's
# template); the log already says what was done, so it adds only the why, and the Hint
# says the why to the player. Keyed by the bot's template; a template missing here is
# said whole. "" adds nothing (the move says it all).
WHY: dict[str, str] = {
    "the only move": N_("the only move"),
    "plays a hunch": N_("a hunch"),
    "picked at random": N_("at random"),
    "swaps {cards}: the least useful to start with": N_("the least useful to start with"),
    "keeps a playable opening hand": N_("the hand is playable"),
    "calls the Police: the attack would cost about {loss:.0f}": N_(
        "the attack would cost about {loss:.0f}"
    ),
    "answers the Bribe: the Police goes ahead after all": N_("the Police goes ahead after all"),
    "bribes the Police that would hurt it": N_("that Police would hurt them"),
    "lets it happen": N_("nothing here is worth a reaction"),
    "hides its guards from the Drive-by (Police before the roll)": N_(
        "the guards hide before the dice roll"
    ),
    "takes its own {card} back before it turns": N_("back to hand before it turns"),
    "adds a Drive-by to finish the Business off": N_("to finish the Business off"),
    "hosts a Poker Night: {n} players ante, host rolls twice": N_(
        "{n} players ante, the host rolls twice"
    ),
    "turns a rival's {card}": N_("a gangster taken from a rival"),
    "sends a Drive-by at {card}": N_("good odds against a rival's income"),
    "calls the Police on the defenders first, to attack the Business bare": N_(
        "to attack the Business bare"
    ),
    "makes room on {card}": N_("to make room on {card}"),
    "{card} is over capacity (R-MOVE-3)": N_("{card} is over capacity (R-MOVE-3)"),
    "leaves its gangsters where they stand": N_("the gangsters stay where they stand"),
    "brings {card} back to guard {building}": N_("to guard {building}"),
    "has no room left for {card} (R-MOVE-3)": N_("no room left for {card} (R-MOVE-3)"),
    "attacks {card}: {why} (worth ~{value:.0f})": N_("{why}"),
    "sees no attack worth the risk": N_("no attack is worth the risk"),
    "attacks with what is drafted": N_("with the gangsters already sent"),
    "calls the attack off": N_("no plan for this target"),
    "sends {card} against {target}": N_("needed against {target}"),
    "launches the attack on {target}: {why}": N_("{why}"),
    "opens {card} on its Hideout for income": N_("+{income} coins a turn"),
    "opens {card} for income": N_("+{income} coins a turn"),
    "opens {card} to guard {building}": N_("to guard {building}"),
    "keeps its money back for drawing (R-OPEN-6)": N_("coins kept for drawing (R-OPEN-6)"),
    "moves the Hideout under {card}: defence {n}": N_("defence {n}"),
    "keeps the Hideout where it is": N_("the Hideout stays where it is"),
    "discards {card} to draw something better": N_("to draw something better"),
    "keeps its hand": N_("the hand is worth keeping"),
    "cannot draw": N_("no card can be drawn"),
    "draws the one free card: the game is nearly over": N_("the game is nearly over"),
    "draws {k} for {n} coin": "",
    "destroys a weak {n}-income Business": N_("a weak {n}-income Business"),
    "breaks a weak Hideout to knock its boss out": N_("a weak Hideout, whose boss may go out"),
    "breaks a weak Hideout": N_("a weak Hideout"),
    "{why} (checked in {done} sampled deals: {share:.0%} to win)": N_(
        "{why} ({share:.0%} to win in {done} sampled deals)"
    ),
    "{action} looks best in {done} sampled deals ({share:.0%} to win)": N_(
        "best in {done} sampled deals ({share:.0%} to win)"
    ),
}
# Where the Hint says it to the player, not of a bot.
WHY_YOU: dict[str, str] = {
    "bribes the Police that would hurt it": N_("that Police would hurt you"),
    "hides its guards from the Drive-by (Police before the roll)": N_(
        "your guards hide before the dice roll"
    ),
    "takes its own {card} back before it turns": N_("take it back before it turns on you"),
    "leaves its gangsters where they stand": N_("your gangsters are well placed"),
    "keeps its money back for drawing (R-OPEN-6)": N_("keep your coins for drawing (R-OPEN-6)"),
    "keeps the Hideout where it is": N_("your Hideout is best where it is"),
    "keeps its hand": N_("your hand is worth keeping"),
}


def why_text(reason: str, you: bool = False) -> str:
    """The why of a bot's reason alone ("+3 coins a turn"), for the log or (`you`) the
    Hint; "" when the move says it all."""
    if not reason:
        return ""
    if not isinstance(reason, Msg):
        return gettext(reason)
    template = (WHY_YOU.get(reason.template) if you else None) or WHY.get(reason.template)
    if template is None:
        return say(reason)
    if not template:
        return ""
    params = {
        k: (why_text(v, you) if isinstance(v, Msg) else param(v)) for k, v in reason.params.items()
    }
    card = reason.params.get("card")
    if isinstance(card, CardRef) and CARDS[int(card)].kind == Kind.BUSINESS:
        params["income"] = CARDS[int(card)].value  # printed on the card ("Earns 3 a turn")
    return _fill(gettext(template), params)


def with_why(line: str, reason: str) -> str:
    """A bot's move as one log line: what happened, then why (playtest 3: the reason had
    a line of its own, and the log ran twice as long)."""
    why = why_text(reason)
    return _fill(gettext(N_("{line} · {why}")), {"line": line, "why": why}) if why else line


def actor_line(name: str, action: Any) -> str:
    """ "Ayşe: sends Gangster 2" — a player and what they do."""
    return _fill(gettext(N_("{who}: {action}")), {"who": name, "action": action_text(action)})


def reason_line(name: str, reason: str) -> str:
    """A bot's reason in the log: "» Ayşe: opens Casino (4) for income"."""
    return "\u00bb " + _fill(gettext(N_("{who}: {action}")), {"who": name, "action": say(reason)})


# --- events (the game log) ------------------------------------------------------------

# Counted action wordings (the events' own lines are in event_styles.STYLES).
PLURALS: dict[str, tuple[str, str]] = {
    "draw_n": Np_("draws {n} card for {price}", "draws {n} cards for {price}"),
    "coins": Np_("{n} coin", "{n} coins"),
    "do_draw_n": Np_("Draw {n} card ({cost})", "Draw {n} cards ({cost})"),
}

# Special cases: an empty swap, a Hideout moved into the open, an unknown kind.
EMPTY_SWAP = N_("{who} keeps the opening hand")
HIDEOUT_OPEN = N_("{who} moves the Hideout into the open")
UNKNOWN = N_("{who}: {kind}")
TABLE = N_("The table")


def event_line(ev: Event, name: Namer, rounds: RoundCounter | None = None) -> str:
    """One log line for `ev` (already filtered for the viewer), names put in. A turn
    line advances `rounds` and names the round, as Continue and Load do (I-ROUND:
    every player still in plays once a round)."""
    who = name(ev.seat) if ev.seat is not None else gettext(TABLE)
    round_no = 0  # a turn line is worded with the caller's counter (controller, Load, Replay)
    if ev.kind == "turn" and ev.seat is not None and rounds is not None:
        round_no = rounds.turn(ev.seat)
    params: dict[str, Any] = {
        "who": who,
        "cards": card_list(ev.cards),
        "amount": ev.amount,
        "n": len(ev.cards),
        "target": name(ev.target) if ev.kind == "pay" and ev.target is not None else "",
        "turn": ev.amount + 1,
        "round": round_no,
        "phase": t(f"table.phase.{ev.tag}") if ev.tag else "",
        "method": t(f"method.{ev.tag}") if ev.tag else "",
        "kind": ev.kind,
    }
    k, line = ev.kind, STYLES[ev.kind].line
    if isinstance(line, tuple):
        text = ngettext(line[0], line[1], len(ev.cards))
    elif k == "mulligan" and not ev.cards:
        text = gettext(EMPTY_SWAP)
    elif k == "hideout_move" and not ev.cards:
        text = gettext(HIDEOUT_OPEN)
    else:
        text = gettext(line or UNKNOWN)
    return _fill(text, params)


def logged(ev: Event) -> bool:
    """Does the log show `ev`? (Phase changes are in the header and reaction windows in
    the reaction bar.)"""
    return STYLES[ev.kind].logged
