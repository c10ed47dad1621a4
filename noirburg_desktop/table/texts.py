"""The table's own strings, registered into the shared `strings` tables on import."""

from __future__ import annotations

from engine.cards import CARDS, Kind
from noirburg_desktop import resources, strings
from noirburg_desktop.i18n import N_

EN: dict[str, str] = {
    "table.phase.mulligan": N_("Setup: swap up to 2"),
    "table.phase.A": N_("Collect"),
    "table.phase.B": N_("Move gangsters"),
    "table.phase.C": N_("Attack"),
    "table.phase.D": N_("Open cards"),
    "table.phase.E": N_("Move the Hideout"),
    "table.phase.F": N_("Discard"),
    "table.phase.G": N_("Draw"),
    "table.phase.over": N_("Game over"),
    "table.turn_of": N_("{name}'s turn"),
    "table.to_decide": N_("{name} to decide"),
    "table.deck": N_("Deck {n}"),
    "table.discard": N_("Discard {n}"),
    "table.bank": N_("Bank"),
    "table.hiding": N_("hiding"),
    "table.over_capacity": N_("{load}/{cap}: too many!"),
    "table.countdown": N_("Countdown:"),
    "table.countdown_off": N_("not started"),
    "table.countdown_keeper": N_("{name} keeps it"),
    "table.countdown_taken": N_("{n} of 4 taken"),
    "table.in_hand": N_("{n} in hand"),
    "table.out": N_("OUT"),
    "table.ai": N_("AI"),
    "table.next": N_("Next phase  ⏎"),
    "table.end_turn": N_("End turn  ⏎"),
    "table.keep_hand": N_("Keep / swap  ⏎"),
    "table.launch": N_("Launch attack  ⏎"),
    "table.pass": N_("Pass  ⏎"),
    "table.waiting": N_("Waiting…"),
    "table.undo": N_("Undo"),
    "table.hint": N_("Hint"),
    "table.save": N_("Save"),
    "table.menu": N_("Menu"),
    "table.free": N_("free"),
    "table.saved": N_("Game saved"),
    "table.reaction_bar": N_("Reactions?  click here or press R to claim"),
    "table.claim_who": N_("Who claims? press a seat number"),
    "table.nothing_now": N_("{name}: there is nothing you can play right now."),
    "table.handoff": N_("Pass to {name}"),
    "table.handoff_sub": N_("Click or press Space when {name} is ready"),
    "table.handoff_why_turn": N_("Your turn"),
    "table.handoff_why_react": N_("Your chance to react"),
    "table.handoff_why_mulligan": N_("Swap up to two opening cards"),
    "table.which_target": N_("Attack the whole Hideout (H) or only the Business on top (B)?"),
    "table.ok": N_("OK"),
    "table.which_police": N_(
        "Police: stop the attack (S), or send the gangsters here into hiding (P)?"
    ),
    "table.choice_stop": N_("Stop the attack  (S)"),
    "table.choice_hide": N_("Into hiding  (P)"),
    "table.choice_hideout": N_("Whole Hideout  (H)"),
    "table.choice_top": N_("Business on top  (B)"),
    "table.how_many_driveby": N_(
        "How many Drive-bys? Each rolls one die (R-DRIVEBY-2)  ·  1–9, Esc"
    ),
    "table.no_undo": N_("Nothing to undo since the last draw or roll"),
    "table.hint_none": N_("No hint available"),
    "table.game_over": N_("Game over"),
    "table.browse_discard": N_("Discard pile ({n}) — click or Esc to close"),
    "table.not_now": N_("Not now"),
    "table.thinking": N_("thinking"),
    "table.rule.hideout": N_(
        "Earns 3, holds gangsters of strength up to 3 and deals 3 "
        "damage when its stack is attacked. Lose it to a ransom you can't pay and you are out."
    ),
    "table.rule.gangster": N_(
        "Strength {v}: deals and takes {v}. Needs {v} income of room on "
        "its building. Costs {c} to open."
    ),
    "table.rule.business": N_(
        "Income {v}: earns {v} at Collect, holds gangsters up to {v}, "
        "health {v}. Costs {c} to open. Destroyed: owner pays the attacker {v}."
    ),
    "table.rule.poker_night": N_(
        "Everyone with 2+ coins antes 2; host rolls two dice and keeps "
        "the higher, others roll one. Highest takes the pot. Not in the first round."
    ),
    "table.rule.police": N_(
        "Send every gangster on one Business into hiding, or stop an attack: "
        "the attackers deal no damage and go into hiding."
    ),
    "table.rule.bribe": N_("Cancels a Police card (or the Bribe just played). Free."),
    "table.rule.drive_by": N_(
        "On a Business (never a Hideout): one die of damage each, weakest "
        "gangster first, then the Business. No money is stolen."
    ),
    "table.rule.turncoat": N_(
        "Take one gangster from a Business or from hiding into your hand. "
        "Not from a Hideout; a 4 needs your own Casino."
    ),
}

strings.register("en", EN)


def t(key: str, **fmt: object) -> str:
    return strings.t(key, **fmt)


def rule_text(card_id: int) -> str:
    """The hover help for a card: what it does, in one short paragraph."""
    c = CARDS[card_id]
    if c.kind == Kind.HIDEOUT:
        return t("table.rule.hideout")
    if c.kind == Kind.GANGSTER:
        return t("table.rule.gangster", v=c.value, c=c.cost)
    if c.kind == Kind.BUSINESS:
        return t("table.rule.business", v=c.value, c=c.cost)
    return t(f"table.rule.{c.kind.name.lower()}")


def card_name(card_id: int) -> str:
    """The card's title in the current language, as the log names it ("Casino (4)")."""
    c = CARDS[card_id]
    if c.kind == Kind.GANGSTER:
        return f"{t('card.gangster.name')} {c.value}"
    name = t(f"card.{resources.card_key(card_id)}.name")
    return f"{name} ({c.value})" if c.kind == Kind.BUSINESS else name


def phase_name(phase_value: str) -> str:
    return t(f"table.phase.{phase_value}")
