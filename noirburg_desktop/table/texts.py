"""The table's own strings, registered into the shared `strings` tables on import."""

from __future__ import annotations

from engine.cards import CARDS, Kind
from noirburg_desktop.look import resources
from noirburg_desktop.words import strings
from noirburg_desktop.words.i18n import Np_

EN: dict[str, str] = {
    "table.phase.mulligan": "Setup: swap up to 2",
    "table.phase.A": "Collect",
    "table.phase.B": "Move gangsters",
    "table.phase.C": "Attack",
    "table.phase.D": "Open cards",
    "table.phase.E": "Move the Hideout",
    "table.phase.F": "Discard",
    "table.phase.G": "Draw",
    "table.phase.over": "Game over",
    "table.turn_of": "{name}'s turn",
    "table.checking": "Checking the game's history in the background… play on",
    "table.check_differs": "The saved position did not match the game's moves: "
    "the game goes on from where its moves lead",
    "table.check_broken": "This save's moves do not replay: it cannot be continued "
    "(its file keeps every move made)",
    "table.check_differs_refused": "The saved position did not match the game's moves: "
    "the game goes on from where they lead; {n} move(s) made meanwhile could not be "
    "made there (see the log)",
    "table.check_refused": "Not carried over, {name}'s move: {why}",
    "table.check_not_theirs": "it is not their move there",
    "table.to_decide": "{name} to decide",
    "table.deck": "Deck {n}",
    "table.discard": "Discard {n}",
    "table.bank": "Bank",
    "table.hiding": "hiding",
    "table.over_capacity": "{load}/{cap}: too many!",
    "table.countdown": "Countdown:",
    "table.countdown_off": "not started",
    "table.countdown_keeper": "{name} keeps the countdown",
    "table.countdown_taken": "Countdown: {n} of 4 tokens taken; the game ends at 4",
    "table.in_hand": "{n} in hand",
    "table.out": "OUT",
    "table.ai": "AI",
    "table.next": "Next phase  ⏎",
    "table.end_turn": "End turn  ⏎",
    "table.draw_free_end": "Draw 1 free, end turn  ⏎",
    "table.keep_hand": "Keep / swap  ⏎",
    "table.launch": "Launch attack  ⏎",
    "table.pass": "Pass  ⏎",
    "table.pass_in": "Pass ({s})  ⏎",
    "table.money.near": "{who} has {money} coins: {need} at the end of their turn wins by money",
    "table.money.near_me": "Money victory: end your turn with {need} coins (you have {money})",
    "table.react_timed_out": "No reaction in time: passed",
    "table.waiting": "Waiting…",
    "table.undo": "Undo",
    "table.hint": "Hint",
    "table.save": "Save",
    "table.menu": "Menu",
    "table.free": "free",
    "table.draw_none": "no card",
    "table.saved": "Game saved",
    "table.reaction_bar": "Reactions? Click here or press R to claim",
    "table.reaction_bar_hint": "— a reaction? Click or press R",
    "table.claim_who": "Who claims? press a seat number",
    "table.nothing_now": "{name}: there is nothing you can play right now.",
    "table.you_drew": "{name}, you drew: {cards}. Your turn is over.",
    "table.you_drew_others_react": "{name}, you drew: {cards}. The others may still react "
    "before your turn ends.",
    "table.handoff": "Pass to {name}",
    "table.handoff_sub": "Click or press Space when {name} is ready",
    "table.handoff_why_turn": "Your turn",
    "table.handoff_react": "{name}: a chance to react",
    "table.handoff_why_mulligan": "Swap up to two opening cards",
    "table.handoff_why_drawn": "The cards you drew",
    "table.hold_on": "Holding: the table waits for you at your next chance to react (R again: "
    "let go)",
    "table.hold_off": "Let go: the table goes on",
    "table.hold_armed": "Holding: the next chance to react waits for a seat number (R again: "
    "let go)",
    "table.which_target": "Attack the whole Hideout (H) or only the Business on top (B)?",
    "table.ok": "OK",
    "table.away.title": "While you waited",
    "table.away.coins": "Your coins: {before} → {after}",
    "table.away.coins_why": "Your coins: {before} → {after} ({why})",
    "table.away.cause": "{cause} {amount}",
    "table.away.cause.paid": "payments",
    "table.away.cause.received": "payments to you",
    "table.away.cause.income": "income",
    "table.away.line_outcome": "{line}: {outcome}",
    "table.away.outcome.stopped": "stopped by the Police",
    "table.away.outcome.destroyed": "the Business was destroyed",
    "table.away.outcome.breached": "the Hideout defence broke",
    "table.away.outcome.held": "the Hideout held",
    "table.away.outcome.damaged": "damaged, still standing",
    "table.away.you_paid": "You paid {target} {coins}",
    "table.away.more": "… and {n} more in the log",
    "table.away.close": "Click to close",
    "table.log_new": "↓ new lines",
    "table.which_police": "Police: stop the attack (S), or send the gangsters here "
    "into hiding (P)?",
    "table.choice_stop": "Stop the attack  (S)",
    "table.choice_hide": "Into hiding  (P)",
    "table.choice_hideout": "Whole Hideout  (H)",
    "table.choice_top": "Business on top  (B)",
    "table.how_many_driveby": "How many Drive-bys? Each rolls one die (R-DRIVEBY-2)  ·  "
    "1–{most}, Esc",
    "table.no_undo": "Nothing to undo since the last draw or roll",
    "table.host_saves": "The host saves this game after every move",
    "table.hint_none": "No hint available",
    "table.kb_move": "{move} — Enter",
    "table.game_over": "Game over",
    "table.end_results": "See the results (Space)",
    "table.over_side": "The game is over. {who}. See the results for everyone's score.",
    "table.browse_discard": "Discard pile ({n}) — click or Esc to close",
    "table.drop_on_lit": "{card} does nothing there: drop it on a card outlined in green "
    "(they light up while you drag)",
    "table.drop_nowhere": "{card} cannot go there now. {how}",
    "table.thinking": "thinking",
    "table.preview.empty": "Drag gangsters onto {target}: its defence is {defence}",
    "table.preview.head": "Strength {strength} vs defence {defence}",
    "table.preview.destroyed": "destroyed, they pay you {paid}",
    "table.preview.survives": "it survives",
    "table.preview.breach": "breached: ransom {lo}–{hi} (they have {money})",
    "table.preview.knockout_sure": "They cannot pay: they are out.",
    "table.preview.knockout_maybe": "A high roll puts them out.",
    "table.preview.hold": "the Hideout holds",
    "table.preview.take": "you take {back}",
    "table.danger.safe": "Your Hideout: defence {defence}, strongest rival {threat}",
    "table.danger.exposed": "Hideout in danger: defence {defence} vs {who}'s {threat}.",
    "table.danger.ransom": "Ransom {lo}–{hi}, you have {money}.",
    "table.danger.out": "A breach would put you out!",
    "table.danger.out_maybe": "A high roll puts you out.",
    "table.hint_line": "Hint: {move}: {why}",
    "table.hint_do": "Hint: {move}",
    "table.hint_warning": "Careful: after that {who} (strength {threat}) can break your "
    "Hideout (defence {defence}) for a ransom of {lo}–{hi}, and you have {money}.",
    "table.hint_safer": "Safer: {move} (ransom {lo}–{hi}, you have {money}).",
    "table.hint_safer_holds": "Safer: {move} (your Hideout holds).",
    "table.do.attack_of": "Attack {who}'s {card}",
    "table.do.send_against": "Send {card} against {who}'s {target}",
    "table.do.police_of": "Play Police on {who}'s {card}",
    "table.do.turncoat_of": "Take {who}'s {card} with a Turncoat",
    "table.danger.fix": "To be safe, raise its defence by {need} with gangsters on it (a "
    "Business on top adds to the ransom too) or keep {coins} coins for the ransom.",
    "table.danger.fix_paid": "You can pay any ransom; {need} more defence keeps it whole.",
    "table.skipped": "Skipped {phases}: nothing to do there",
    "table.skipped_why": "Skipped {phases}: {why}",
    "table.moved_on": "Nothing more to do in that phase: now {phase}",
    "table.skipped_now": "Now: {phase}. Press again to end it.",
    "table.out_title": "You are out",
    "table.out_body": "{name} lost the Hideout. Watch the others finish, start a new game, "
    "or see the results so far.",
    "table.out_watch": "Watch",
    "table.out_new": "New game",
    "table.out_results": "Results so far",
    "table.how.others_react": "The others may react; your turn goes on after them",
    "table.how.mulligan": "Click up to 2 cards to swap, then Keep / swap",
    "table.how.B": "Drag gangsters between your Businesses, or HIDDEN ones back onto a "
    "Business or to the discard pile",
    "table.how.C": "Drag a gangster onto a rival's building to attack, or Next phase",
    "table.how.C_draft": "Drag more gangsters onto the target, then Launch attack (Esc calls "
    "it off)",
    "table.how.D": "Drag cards from your hand onto your table to open them (cost = value − 1)",
    "table.how.D_first": "Drag your first Business onto your Hideout to open it (cost = value "
    "− 1); gangsters go onto a building",
    "table.how.E": "Drag your Hideout under a Business, or Next phase",
    "table.how.F": "Drag up to 4 cards to the discard pile, or Next phase",
    "table.how.F_end": "Drag up to 4 cards to the discard pile, or End turn: phase G has "
    "nothing to draw",
    "table.how.G": "⏎ draws the free card; 1-6 or the deck draw more (1 coin per extra card); "
    "0: no card",
    "table.how.window": "Drag a reaction card, or Pass",
    "table.how.window_on": "{what}. You may react: drag a lit card from your hand, or Pass",
    "table.how.wait": "Watch: {name} is playing",
    "table.legend": "Red outline: chosen to swap",
    "table.rule.hideout": "Earns 3, holds gangsters of strength up to 3 and deals 3 "
    "damage when its stack is attacked. Lose it to a ransom you can't pay and you are out.",
    "table.rule.gangster": "Strength {v}: deals and takes {v}. Needs {v} income of room on "
    "its building. Costs {c} to open.",
    "table.rule.business": "Income {v}: earns {v} at Collect, holds gangsters up to {v}, "
    "health {v}. Costs {c} to open. Destroyed: owner pays the attacker {v}.",
}

strings.register("en", EN)
strings.PLURALS["table.home.stranded"] = Np_(
    "No room to come back: {cards} fits on none of your Businesses and must be discarded "
    "in your next phase B (R-MOVE-2).",
    "No room to come back: {cards} fit on none of your Businesses and must be discarded "
    "in your next phase B (R-MOVE-2).",
)
strings.PLURALS["table.home.hideout"] = Np_(
    "{cards} leaves your Hideout for good: attackers never go back to it (I-MOVE-HIDEOUT).",
    "{cards} leave your Hideout for good: attackers never go back to it (I-MOVE-HIDEOUT).",
)
strings.PLURALS["table.do.driveby_of"] = Np_(
    "Play {n} Drive-by on {who}'s {card}", "Play {n} Drive-bys on {who}'s {card}"
)
strings.PLURALS["table.preview.lose"] = Np_(
    "you take {back} and lose {n} gangster", "you take {back} and lose {n} gangsters"
)


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


def card_title(card_id: int) -> str:
    """The card's name alone ("Casino"), for labels where the value shows anyway."""
    c = CARDS[card_id]
    if c.kind == Kind.GANGSTER:
        return f"{t('card.gangster.name')} {c.value}"
    return t(f"card.{resources.card_key(card_id)}.name")


def phase_name(phase_value: str) -> str:
    return t(f"table.phase.{phase_value}")
