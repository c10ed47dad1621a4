"""The coach's words (English source text; Turkish in the catalogues)."""

from __future__ import annotations

from typing import Any

from noirburg_desktop.words import strings
from noirburg_desktop.words.i18n import N_

EN: dict[str, str] = {
    "tut.heading": N_("Lesson · step {n} of {total}"),
    "tut.footer": N_("Gold outlines show where. Menu leaves the lesson; Learn to play resumes it."),
    "tut.restart": N_("↻ Restart lesson (F5)"),
    "tut.hint": N_("The lesson's move is outlined in gold; the panel on the right says how."),
    "tut.hint_wait": N_("Nothing to do yet: the others are playing."),
    "tut.nudge": N_("Not this one: the lesson asks for the move outlined in gold."),
    "tut.you": N_("Dante"),
    "tut.vito": N_("Vito"),
    "tut.lucia": N_("Lucia"),
    "tut.wait": N_("Watch the table: the others are playing."),
    "tut.wait_deal": N_("The cards are dealt."),
    "tut.wait_swaps": N_("Vito and Lucia decide whether to swap cards…"),
    "tut.wait_round1": N_(
        "Vito and Lucia play their first turns: each opens a Business on top of the "
        "Hideout. Watch their areas at the top of the table."
    ),
    "tut.wait_police": N_("Every other player may react to your attack now…"),
    "tut.wait_attack": N_("The attack is being resolved…"),
    "tut.wait_drive_by": N_("A die decides the Drive-by's damage…"),
    "tut.wait_round2": N_("Vito and Lucia play their turns."),
    "tut.wait_ransom": N_("The defence is broken: a die sets the ransom…"),
    "tut.s.swap": N_(
        "Welcome to Noirburg! You are Dante, at the bottom; Vito and Lucia play against you. "
        "Everyone starts with a Hideout, 3 coins and 6 cards.\n"
        "Before the game you may swap up to 2 cards once, for free. The Poker Night is "
        "no use yet: click it to select it, then press Space (Keep / swap)."
    ),
    "tut.s.open_top": N_(
        "Your first turn. In the first round you may only open cards (phase D), discard "
        "(F) and draw (G). Opening a card costs its number minus one.\n"
        "Your first Business must go on top of your Hideout: drag the Speakeasy "
        "(income 3, costs 2) onto your Hideout."
    ),
    "tut.s.open_g2": N_(
        "Businesses earn money; gangsters guard them and attack. A building holds "
        "gangsters up to its number.\nDrag the Gangster 2 (costs 1) onto your Speakeasy."
    ),
    "tut.s.open_still": N_(
        "A Moonshine Still costs nothing. Every Business after the first stands on its "
        "own: drag it onto an empty part of your area."
    ),
    "tut.s.open_g1": N_("A Gangster 1 is free too: drag it onto the Moonshine Still."),
    "tut.s.discard": N_(
        "You cannot pay for anything more, so phase D ended by itself.\n"
        "Phase F, Discard: you may throw away up to 4 cards you do not want. Keep yours: "
        "press Space (Next phase)."
    ),
    "tut.s.draw1": N_(
        "Phase G, Draw: fill your hand up to 6 cards. One card is free, each further card "
        "costs a coin, and you have none. Click the deck and choose 1 (or press 1)."
    ),
    "tut.s.move": N_(
        "Round 2, your turn. Phase A, Collect, has paid you from the bank: 3 for the "
        "Hideout plus each Business's income.\n"
        "Phase B, Move: gangsters move between your Businesses. Drag your Gangster 1 from "
        "the Moonshine Still onto the Speakeasy."
    ),
    "tut.s.end_move": N_("Press Space (Next phase) to end phase B."),
    "tut.s.attack": N_(
        "Phase C, Attack. Vito's Moonshine Still has no guards: drag your Gangster 2 "
        "onto it.\nBoth sides hit at once, weakest gangster first; a Business falls when "
        "the damage reaches its guards' strength plus its income."
    ),
    "tut.s.attack_add": N_("Drag your Gangster 2 onto Vito's Moonshine Still."),
    "tut.s.launch": N_(
        "You could send more gangsters; one is enough here. Press Space (Launch attack)."
    ),
    "tut.s.bribe": N_(
        "Vito called the Police to stop your attack! Grey reaction cards may be played at "
        "any time, even in another player's turn.\n"
        "A Bribe cancels a Police: drag your Bribe onto the middle of the table."
    ),
    "tut.s.drive_by": N_(
        "The Police were bribed: Vito's Moonshine Still is destroyed and he paid you its "
        "income. Your attacker is HIDDEN now (turned sideways) until your next turn.\n"
        "Now a Drive-by: drag it onto Lucia's Bootlegger. A die decides the damage, which "
        "hits the guards first."
    ),
    "tut.s.end_attack": N_(
        "The Drive-by destroyed Lucia's Bootlegger and its guard: her Hideout stands "
        "alone. Press Space to end phase C."
    ),
    "tut.s.open_g3": N_(
        "Phase D: drag your Gangster 3 (costs 2) onto your Hideout. Gangsters on the "
        "Hideout defend it, and may attack from there."
    ),
    "tut.s.hideout": N_(
        "Phase E, Move the Hideout: you may put it under another of your Businesses or out "
        "in the open. A Business on top makes it harder to break, so keep it under the "
        "Speakeasy: press Space."
    ),
    "tut.s.draw3": N_(
        "Your hand is empty, so phase F (Discard) was skipped.\n"
        "Phase G: draw 3 cards for 2 coins (the first is free). Click the deck and choose "
        "3 (or press 3)."
    ),
    "tut.s.return": N_(
        "Round 3. A HIDDEN gangster comes back in phase B: drag your Gangster 2 onto the Speakeasy."
    ),
    "tut.s.end_move2": N_("Press Space to end phase B."),
    "tut.s.raid": N_(
        "Lucia's Hideout has no Business on top and no guards: its defence is only 3. "
        "Break it and she must pay a ransom.\n"
        "Drag your Gangster 3 from your Hideout onto Lucia's Hideout."
    ),
    "tut.s.raid_add3": N_("Drag your Gangster 3 onto Lucia's Hideout."),
    "tut.s.raid_add1": N_(
        "A Hideout hits back for 3, weakest first. Send your Gangster 1 too: it takes the "
        "blow and your 3 survives. Drag it onto Lucia's Hideout."
    ),
    "tut.s.raid_launch": N_("Attack 4 against defence 3 is enough. Press Space (Launch attack)."),
    "tut.s.countdown": N_(
        "The ransom is a die plus the income of a Business on top: here 6. Lucia had only "
        "5 coins: she paid them all and is out, and you keep her Hideout as a trophy worth "
        "10 points.\n"
        "A destroyed Hideout starts the countdown: from your next turn you take one of the "
        "4 tokens at the end of each of your turns; after the last one, the highest score "
        "wins. Press Space: the coach plays the last turns for you."
    ),
    "tut.fast": N_(
        "The countdown runs: watch the tokens by the deck. Your score will be the numbers "
        "on your cards on the table, plus your coins, plus 10 for each Hideout you "
        "destroyed."
    ),
    "tut.done": N_("Lesson complete: you know the whole game now. Good luck in Noirburg!"),
}

strings.register("en", EN)


def t(key: str, **fmt: Any) -> str:
    return strings.t(key, **fmt)
