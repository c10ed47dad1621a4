"""Every rule and interpretation of the rulebook, by ID, in the project's own words.

The app's rules browser lists these section by section, and the engine's error
messages cite the IDs so a player can look the rule up. The wording here is a
player-friendly summary of `shared/rules/RULES.md`; when the two disagree the
rulebook wins and this file is the one to fix (a test checks the ID lists match).
A reaction card's own rules are declared by its family (`RULES` in
engine/families/<module>.py) and listed here, so this stays the one list.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from engine.cards import FAMILY_MODULE, REACTION_KINDS


@dataclass(frozen=True, slots=True)
class RuleEntry:
    id: str
    section: str
    title: str
    text: str

    @property
    def is_interpretation(self) -> bool:
        """`I-…` entries are the project's rulings where the rulebook is silent or unclear."""
        return self.id.startswith("I-")

    def __str__(self) -> str:
        return f"{self.id} {self.title}: {self.text}"


COMPONENTS = "Components"
SETUP = "Setup"
TURN = "Turn structure"
COLLECT = "A. Collect"
MOVE = "B. Move gangsters"
ATTACK = "C. Attack"
OPEN = "D. Open cards"
HIDE_MOVE = "E. Move the Hideout"
DISCARD = "F. Discard"
DRAW = "G. Draw"
GANGSTERS = "Gangsters"
BUSINESSES = "Businesses"
HIDEOUT = "Hideout"
HIDE_ATTACK = "Attacking a Hideout"
REACTIONS = "Reactions"
END = "Winning and the end of the game"

SECTIONS: tuple[str, ...] = (
    COMPONENTS,
    SETUP,
    TURN,
    COLLECT,
    MOVE,
    ATTACK,
    OPEN,
    HIDE_MOVE,
    DISCARD,
    DRAW,
    GANGSTERS,
    BUSINESSES,
    HIDEOUT,
    HIDE_ATTACK,
    REACTIONS,
    END,
)


def _card_rules() -> tuple[tuple[str, str, str, str], ...]:
    """The reaction cards' own rules, each declared by its family module (`RULES`, found
    by cards.FAMILY_MODULE as engine.families finds it), in Kind order, so a new card
    kind brings its rules with its family and this list stays the one that refusals,
    the rules screen and the tests read."""
    out: list[tuple[str, str, str, str]] = []
    for name in dict.fromkeys(FAMILY_MODULE[k] for k in sorted(REACTION_KINDS)):
        module = importlib.import_module(f"engine.families.{name}")
        out += [(rule_id, REACTIONS, title, text) for rule_id, title, text in module.RULES]
    return tuple(out)


_RAW: tuple[tuple[str, str, str, str], ...] = (
    # --- 0. Components -------------------------------------------------------
    (
        "R-COMP-1",
        COMPONENTS,
        "Players and length",
        "The game is for 3 to 6 players aged 16 and up. Expect 30 to 60 minutes, "
        "roughly 10 minutes for each player at the table.",
    ),
    (
        "R-COMP-2",
        COMPONENTS,
        "The deck",
        "There are 89 cards in play: 36 Gangsters, 28 Businesses, 19 Reactions and the "
        "Hideouts. The box's QR card is not part of the game.",
    ),
    (
        "I-HIDEOUTS",
        COMPONENTS,
        "Number of Hideouts",
        "The rulebook never says how many Hideouts there are. The counts add up to 83 "
        "other cards, so there are 6 Hideouts: enough for one per seat.",
    ),
    (
        "R-COMP-3",
        COMPONENTS,
        "Gangsters",
        "Fourteen Gangsters of strength 1, ten of strength 2, eight of strength 3 and "
        "four of strength 4.",
    ),
    (
        "R-COMP-4",
        COMPONENTS,
        "Businesses",
        "Ten Moonshine Stills (income 1), eight Bootleggers (2), six Speakeasies (3) "
        "and four Casinos (4).",
    ),
    (
        "R-COMP-5",
        COMPONENTS,
        "Reactions",
        "The grey Reaction cards: three Poker Nights, four Police, four Bribes, five "
        "Drive-bys and three Turncoats.",
    ),
    (
        "R-COMP-6",
        COMPONENTS,
        "Money",
        "Twenty-five 1-coins and eleven 5-coins, worth 80 in total.",
    ),
    (
        "R-COMP-7",
        COMPONENTS,
        "Countdown tokens",
        "Four quarter-circle tokens that together make one circle; they time the end of the game.",
    ),
    (
        "R-COMP-8",
        COMPONENTS,
        "Dice",
        "The game uses two dice.",
    ),
    (
        "I-DICE",
        COMPONENTS,
        "Which dice",
        "The dice are ordinary six-sided dice showing 1 to 6.",
    ),
    # --- 1. Setup ------------------------------------------------------------
    (
        "R-SETUP-1",
        SETUP,
        "Hideouts out, shuffle",
        "Remove the Hideouts before shuffling the deck. Every player places one Hideout "
        "face up in front of them; unused Hideouts stay in the box.",
    ),
    (
        "R-SETUP-2",
        SETUP,
        "Money in play",
        "How much money is used depends on the number of players: 50 for 3, 60 for 4, "
        "70 for 5, 80 for 6. It forms the bank in the middle; the rest is boxed. Every "
        "player then takes 3 coins from the bank.",
    ),
    (
        "R-SETUP-3",
        SETUP,
        "Countdown circle",
        "Lay the four countdown tokens out as a complete circle.",
    ),
    (
        "R-SETUP-4",
        SETUP,
        "The deck",
        "Put the shuffled deck face down in the middle of the table.",
    ),
    (
        "R-SETUP-5",
        SETUP,
        "First player",
        "Tradition says the player who has had the most drinks today goes first; "
        "otherwise roll a die. Turns then pass clockwise.",
    ),
    (
        "I-FIRST",
        SETUP,
        "First player in the app",
        "The app chooses the first player at random from the game's seed, or the table "
        "may pick one.",
    ),
    (
        "R-SETUP-6",
        SETUP,
        "Opening hands",
        "Every player is dealt 6 cards.",
    ),
    (
        "R-SETUP-7",
        SETUP,
        "Free swap",
        "Going round from the first player, each player may throw away up to 2 of their "
        "opening cards face up and replace them from the deck at no cost. After this, "
        "drawing costs money (see R-DRAW-1).",
    ),
    # --- 2. Turn structure ---------------------------------------------------
    (
        "R-TURN-1",
        TURN,
        "Seven phases",
        "A turn has seven phases, lettered A to G: Collect, Move gangsters, Attack, Open "
        "cards, Move the Hideout, Discard, Draw. They are always played in this order, "
        "and a finished phase cannot be revisited.",
    ),
    (
        "R-TURN-2",
        TURN,
        "First round",
        "During the opening round a turn is only Open, Discard and Draw: no collecting, "
        "no moving gangsters, no attacks and no moving the Hideout either.",
    ),
    (
        "I-ROUND",
        TURN,
        "What 'first round' means",
        "The first round is each player's first turn; it is over once the last player "
        "in turn order has finished theirs. Everywhere else a 'turn' means one player's "
        "own turn. The books' letters disagree, their words do not: the first round "
        "plays D, F and G only (phase E was allowed by an earlier reading).",
    ),
    (
        "R-TURN-3",
        TURN,
        "Reactions ignore phases",
        "Grey Reaction cards are outside the phase order: they may be played whenever "
        "allowed, even in someone else's turn.",
    ),
    # --- A. Collect ----------------------------------------------------------
    (
        "R-COLLECT-1",
        COLLECT,
        "Racket money",
        "Collect 3 for your Hideout plus each Business's income number.",
    ),
    (
        "R-COLLECT-2",
        COLLECT,
        "Bank running dry",
        "You are paid from the bank. If the bank cannot cover what you are owed, take "
        "whatever is left; this starts the countdown (R-END-COUNT-1).",
    ),
    (
        "I-BANK",
        COLLECT,
        "Where money goes",
        "Coins spent opening cards or drawing go to the bank. Money taken in an attack "
        "goes to the attacker, and a Poker Night pot goes to whoever wins it.",
    ),
    # --- B. Move gangsters ---------------------------------------------------
    (
        "R-MOVE-1",
        MOVE,
        "Reshuffle your crew",
        "Gangsters on your Businesses may move to your other Businesses or be "
        "discarded. Any that have nowhere to stand must be discarded.",
    ),
    (
        "R-MOVE-2",
        MOVE,
        "Hidden gangsters return",
        "Your HIDDEN gangsters (after attacking, or after a Police raid) are put back on "
        "your Businesses or discarded; any that find no room must be discarded.",
    ),
    (
        "I-MOVE-FREE",
        MOVE,
        "A free rearrangement",
        "Phase B is one reshuffle of your crew: move any gangster as often as you like, "
        "discard whichever you choose, and only the final layout has to fit. Dropping a 1 "
        "to make space for a returning 2 is fine. The engine never lets a layout arise "
        "from which you could not finish the phase.",
    ),
    (
        "R-MOVE-3",
        MOVE,
        "Room at the end",
        "When the phase ends every building must respect its capacity (R-GANG-3); "
        "gangsters without a place are discarded.",
    ),
    (
        "I-MOVE-HIDEOUT",
        MOVE,
        "The Hideout in phase B",
        "Phase B shuffles gangsters among Businesses only (a Business on top of the "
        "Hideout counts). Gangsters on the Hideout stay put and travel only with it; "
        "nobody moves onto it, returning HIDDEN men included. A Hideout gangster who "
        "attacks is gone from it for good: only opening new gangsters there refills it.",
    ),
    # --- C. Attack -----------------------------------------------------------
    (
        "R-ATK-1",
        ATTACK,
        "Who can attack",
        "Only gangsters standing on a Business or on the Hideout can attack; HIDDEN ones "
        "cannot. Gangsters opened this turn cannot attack either, because opening comes "
        "after attacking.",
    ),
    (
        "R-ATK-2",
        ATTACK,
        "Joint attacks",
        "Gangsters from several of your buildings may join together in one attack on a "
        "single target.",
    ),
    (
        "R-ATK-3",
        ATTACK,
        "Single-attack rule",
        "You may launch as many attacks as you like, but no building may be attacked "
        "twice in the same turn.",
    ),
    (
        "R-ATK-4",
        ATTACK,
        "Simultaneous damage",
        "Both sides strike at once, each dealing damage equal to its total strength.",
    ),
    (
        "R-ATK-5",
        ATTACK,
        "Damage order",
        "Attack damage hits the weakest defender first, then the next weakest; whatever "
        "remains after every defender is dead hits the Business.",
    ),
    (
        "R-ATK-6",
        ATTACK,
        "No lasting wounds",
        "Damage does not carry over: survivors and surviving Businesses are back at full "
        "strength after the fight.",
    ),
    (
        "R-ATK-7",
        ATTACK,
        "Damage to attackers",
        "The defenders' damage is shared out the same way, weakest attacker first. A "
        "Business never hits back, so attacking an unguarded Business is free.",
    ),
    (
        "R-ATK-8",
        ATTACK,
        "Destroying a Business",
        "The Business falls when the attack's damage reaches the defenders' total "
        "strength plus the Business's income.",
    ),
    (
        "R-ATK-9",
        ATTACK,
        "Protection money",
        "The owner of a destroyed Business pays the attacker its income, as far as they "
        "can; being unable to pay has no further effect.",
    ),
    (
        "R-ATK-10",
        ATTACK,
        "Attackers go into hiding",
        "Attackers who survive become HIDDEN and return in their owner's next phase B.",
    ),
    (
        "R-ATK-EX",
        ATTACK,
        "Worked examples",
        "Example 1: every defender dies but only 1 point of damage reaches the Business, "
        "less than its income, so it survives. Example 2: a Casino (4) is destroyed; the "
        "defenders' return fire kills only the attackers' 1-strength gangster, and the "
        "owner owes the attacker 4.",
    ),
    (
        "I-DMG",
        ATTACK,
        "Weakest first, exactly",
        "Sort the gangsters from weakest to strongest. Going down the list, kill each "
        "one the remaining damage can cover and subtract its strength; stop at the first "
        "one it cannot cover. Dead gangsters and destroyed Businesses are discarded.",
    ),
    (
        "I-PAY",
        ATTACK,
        "Paying what you have",
        "An owner who owes more than they hold pays everything they have.",
    ),
    # --- D. Open cards -------------------------------------------------------
    (
        "R-OPEN-1",
        OPEN,
        "Cost to open",
        "Putting a card on the table costs its number minus one, so 1-strength "
        "Gangsters and Moonshine Stills are free. The money goes to the bank.",
    ),
    (
        "R-OPEN-2",
        OPEN,
        "No limit",
        "Open as many cards as you can afford.",
    ),
    (
        "R-OPEN-3",
        OPEN,
        "One Business per Hideout",
        "The Hideout can carry just one Business on top. Businesses are never stacked on "
        "or combined with each other.",
    ),
    (
        "R-OPEN-4",
        OPEN,
        "First Business on the Hideout",
        "Your first Business has to be opened on top of your Hideout.",
    ),
    (
        "R-OPEN-5",
        OPEN,
        "Placing gangsters",
        "Gangsters are opened onto one of your Businesses or your Hideout, provided the "
        "strength there stays within that building's income (3 for the Hideout).",
    ),
    (
        "R-OPEN-6",
        OPEN,
        "Designer's tip",
        "Do not spend everything on the table: keep some coins for drawing cards.",
    ),
    (
        "I-OPEN-FIRST",
        OPEN,
        "Only the very first Business",
        "R-OPEN-4 applies only to your first Business of the game. After that your "
        "Hideout may be left without a Business.",
    ),
    # --- E. Move the Hideout -------------------------------------------------
    (
        "R-HIDE-MOVE-1",
        HIDE_MOVE,
        "Relocating the Hideout",
        "If you own Businesses you may slide your Hideout under any one of them, or pull "
        "it out with nothing on top. Gangsters on the Hideout go with it.",
    ),
    (
        "R-HIDE-MOVE-2",
        HIDE_MOVE,
        "Why it matters",
        "A Business on top of the Hideout adds to its defence (see R-HIDE-ATK).",
    ),
    # --- F. Discard ----------------------------------------------------------
    (
        "R-DISCARD-1",
        DISCARD,
        "Discarding",
        "You may throw away up to 4 hand cards, face up, onto the discard pile.",
    ),
    # --- G. Draw -------------------------------------------------------------
    (
        "R-DRAW-1",
        DRAW,
        "Price of drawing",
        "You may refill your hand towards 6 cards. Say how many you take and pay one "
        "less than that to the bank: one card is free, two cost 1, three cost 2, and so "
        "on.",
    ),
    (
        "R-DRAW-2",
        DRAW,
        "One draw only",
        "The cards are taken all together; once you have seen them you cannot draw "
        "again this turn.",
    ),
    (
        "R-DRAW-3",
        DRAW,
        "Hand limit",
        "Drawing can never lift your hand above 6; with 6 or more cards in hand you cannot draw.",
    ),
    (
        "R-DRAW-4",
        DRAW,
        "Reshuffling",
        "When the deck is empty, shuffle the discard pile to form a new deck and keep playing.",
    ),
    (
        "I-RESHUFFLE",
        DRAW,
        "When to reshuffle",
        "The reshuffle happens as soon as the deck's final card is taken, even halfway "
        "through someone's draw, not later when a card is next wanted.",
    ),
    (
        "I-DRAW-EMPTY",
        DRAW,
        "Nothing left to draw",
        "If the deck and the discard pile are both empty you get only what there is, "
        "and you pay for the cards you actually received.",
    ),
    # --- 3. Cards: Gangsters -------------------------------------------------
    (
        "R-GANG-1",
        GANGSTERS,
        "Gangsters fight",
        "Only Gangsters can attack. Guarding a Business they absorb damage first and "
        "shoot back at the attackers.",
    ),
    (
        "R-GANG-2",
        GANGSTERS,
        "Strength is everything",
        "A gangster's number is both its damage and its health. Gangsters are never "
        "left wounded (R-ATK-6).",
    ),
    (
        "R-GANG-3",
        GANGSTERS,
        "Capacity",
        "The gangsters on a building may total at most the building's income. A Casino "
        "(4) fits a pair of 2s, or a 3 plus a 1. HIDDEN gangsters use no space.",
    ),
    (
        "R-GANG-4",
        GANGSTERS,
        "HIDDEN gangsters",
        "HIDDEN gangsters lie sideways and stay HIDDEN until their owner's next phase B.",
    ),
    # --- Businesses ----------------------------------------------------------
    (
        "R-BIZ-1",
        BUSINESSES,
        "Business numbers",
        "A Business's number is its income, its health and the total gangster strength "
        "it can hold.",
    ),
    (
        "R-BIZ-2",
        BUSINESSES,
        "Businesses don't shoot",
        "A Business deals no damage.",
    ),
    # --- Hideout -------------------------------------------------------------
    (
        "R-HIDE-1",
        HIDEOUT,
        "The boss's office",
        "The Hideout earns 3, holds gangsters up to strength 3, and is the only card "
        "that both earns money and deals damage.",
    ),
    (
        "R-HIDE-2",
        HIDEOUT,
        "Hideout protections",
        "Turncoat cannot take gangsters from a Hideout, Drive-by cannot target a "
        "Hideout, and the only Police use against a Hideout is breaking up an attack "
        "on it.",
    ),
    # --- Attacking a Hideout -------------------------------------------------
    (
        "R-HIDE-ATK-1",
        HIDE_ATTACK,
        "Name your target",
        "The attacker declares whether the target is the whole Hideout or only the "
        "Business sitting on it.",
    ),
    (
        "R-HIDE-ATK-2",
        HIDE_ATTACK,
        "Hitting only the Business on top",
        "Attacking just the top Business is a normal attack: the Hideout and its "
        "gangsters stay out of the fight.",
    ),
    (
        "R-HIDE-ATK-3",
        HIDE_ATTACK,
        "Top Business then Hideout",
        "After attacking the Business on a Hideout you may not attack that Hideout in "
        "the same turn.",
    ),
    (
        "I-SINGLE",
        HIDE_ATTACK,
        "And the other way round",
        "Attacking a Hideout also counts as attacking the Business on top, so neither "
        "may be attacked again that turn.",
    ),
    (
        "R-HIDE-ATK-4",
        HIDE_ATTACK,
        "Hideout defence",
        "The defence is every number in the stack added up: 3 for the Hideout, its "
        "gangsters, the Business on top and that Business's gangsters.",
    ),
    (
        "I-BREACH",
        HIDE_ATTACK,
        "Breaking the defence",
        "The defence breaks when the attack's total strength is equal to or greater "
        "than the defence.",
    ),
    (
        "R-HIDE-ATK-5",
        HIDE_ATTACK,
        "Ransom",
        "If the defence breaks, roll a die for the ransom the owner owes the attacker. "
        "Any Business on top is destroyed as well and its income is added to the "
        "ransom.",
    ),
    (
        "R-HIDE-ATK-6",
        HIDE_ATTACK,
        "The Hideout shoots back",
        "The attackers take 3 damage from the Hideout itself, plus damage equal to the "
        "combined strength of all defenders, on the Hideout and on the Business on top.",
    ),
    (
        "R-HIDE-ATK-7",
        HIDE_ATTACK,
        "Unpaid ransom",
        "An owner unable to pay the ransom loses their Hideout and is out of the game.",
    ),
    (
        "R-HIDE-ATK-8",
        HIDE_ATTACK,
        "Worked example",
        "Hideout 3 + its gangsters 3 + Speakeasy 3 + the Speakeasy's gangsters 2 gives a "
        "defence of 11. An attack of 11 breaks it. A die of 3 plus 3 for the fallen "
        "Speakeasy makes a ransom of 6; an owner without 6 is out. The attackers suffer "
        "3 + 5 = 8 damage.",
    ),
    (
        "I-RANSOM",
        HIDE_ATTACK,
        "Ransom formula",
        "Ransom is one die plus the income of the Business on top, or just the die if "
        "there is none. House rule 'ransom counts the excess' (off unless chosen in New "
        "game): add how far the attack's strength went past the defence.",
    ),
    (
        "I-HIDE-DMG",
        HIDE_ATTACK,
        "Damage in a Hideout fight",
        "The attack's damage is spread weakest-first over all the defending gangsters "
        "(on the Hideout and on the top Business). If the defence breaks they all die "
        "and the top Business is discarded. If it holds, the top Business survives no "
        "matter what, and only the gangsters the damage covered die.",
    ),
    (
        "I-PAID",
        HIDE_ATTACK,
        "Ransom paid",
        "An owner who pays the whole ransom stays in: the Hideout survives, the attacker "
        "earns no 10 points and the countdown is not triggered.",
    ),
    (
        "I-ELIM",
        HIDE_ATTACK,
        "Elimination",
        "An owner who cannot pay hands the attacker all their money and leaves the game. "
        "The attacker keeps the Hideout card as a trophy (see R-END-SCORE-1); everything "
        "else the loser had, hand and table, is discarded. For the countdown keeper "
        "leaving, see R-END-COUNT-3.",
    ),
    # --- Reactions -----------------------------------------------------------
    (
        "R-REACT-1",
        REACTIONS,
        "Any time",
        "Reactions may be played at any moment, even in another player's turn, except "
        "where Poker Night says otherwise. Played reactions are discarded.",
    ),
    (
        "R-REACT-2",
        REACTIONS,
        "Reactions come first",
        "A reaction played against an attack is resolved before the attack.",
    ),
    (
        "R-REACT-3",
        REACTIONS,
        "Fastest hand",
        "If rivals react at the same moment, the first card down is the first resolved. "
        "A card played in answer to another card or action resolves before it.",
    ),
    (
        "I-REACT-WINDOW",
        REACTIONS,
        "Reaction windows",
        "The active player can use reactions as normal actions at any point of their "
        "own turn. The app also asks at set moments: after an attack is declared (before "
        "damage); after any reaction card is played (before it works); after an attack "
        "or Drive-by is resolved; and when each turn ends (before the next Collect). "
        "Windows only decide when you are asked: in each one, any reaction your card "
        "permits may be played. All players still in the game except whoever opened it "
        "are asked in seat order from the next seat, the active player too (an attacker "
        "can answer the defender's Police). The first card played resolves first, "
        "after a fresh window for answers to it; a window closes once all pass.",
    ),
    (
        "I-TRANSIT",
        REACTIONS,
        "Attackers on the road",
        "Declared attackers have already left their Businesses and stand nowhere until "
        "the fight. A Police raid or a Drive-by on the place they left misses them, and "
        "a Turncoat cannot pick them; only Police stopping the attack touches them.",
    ),
    (
        "I-BRIBE-CHAIN",
        REACTIONS,
        "Bribe chains",
        "Each Bribe cancels the card right before it. A Police card holds if an even "
        "number of Bribes follow it.",
    ),
    *_card_rules(),  # R-POKER-…, R-POLICE-…, R-BRIBE-…, R-DRIVEBY-…, R-TURNCOAT-…
    # --- 4. Winning and the end of the game ----------------------------------
    (
        "R-END-WAR-1",
        END,
        "Victory by war",
        "Knock two opponents out by destroying their Hideouts and you win immediately.",
    ),
    (
        "I-LAST",
        END,
        "Last one standing",
        "A player left alone in the game wins immediately.",
    ),
    (
        "R-END-COUNT-1",
        END,
        "Starting the countdown",
        "A 4-turn countdown begins, once and for good, the first time any of these "
        "happens: a player's Hideout is destroyed; the bank cannot pay a player's "
        "Collect in full; or a player holds a third (rounded up) of all the money in "
        "play, such as 20 of 60 with four players.",
    ),
    (
        "R-END-COUNT-2",
        END,
        "Running the countdown",
        "The player who triggered it takes a token at the end of each of their turns, "
        "beginning with their next turn. When the last token is gone the game ends and "
        "scores are counted.",
    ),
    (
        "I-COUNT-START",
        END,
        "Which turn is next",
        "The first token is taken at the end of the first turn of the triggering player "
        "that starts after the trigger, even if the trigger happened during someone "
        "else's turn.",
    ),
    (
        "R-END-COUNT-3",
        END,
        "Countdown keeper leaves",
        "If the player running the countdown is eliminated, the player before them in "
        "turn order takes over.",
    ),
    (
        "R-END-SCORE-1",
        END,
        "Trophies",
        "Every Hideout you destroyed scores 10 points.",
    ),
    (
        "R-END-SCORE-2",
        END,
        "Cards on the table",
        "Every card you have on the table, HIDDEN gangsters included, scores its number.",
    ),
    (
        "I-SCORE-HIDEOUT",
        END,
        "Scoring Hideouts",
        "Your own Hideout counts as opened and scores 3. A trophy Hideout scores 10 only, not 13.",
    ),
    (
        "R-END-SCORE-3",
        END,
        "Money counts",
        "Add your coins to your score.",
    ),
    (
        "R-END-SCORE-4",
        END,
        "Winner and ties",
        "The highest score wins. Ties are broken by the greater total value of "
        "Businesses, then by more money.",
    ),
    (
        "I-TIE",
        END,
        "Shared victory",
        "Players still tied after both tie-breaks share the win.",
    ),
    (
        "R-END-MONEY-1",
        END,
        "Victory by money",
        "Optional, on unless the table turns it off: a player who ends their own turn "
        "with more than half (rounded up) of the money in play wins.",
    ),
)

RULES: tuple[RuleEntry, ...] = tuple(RuleEntry(*raw) for raw in _RAW)
RULES_BY_ID: dict[str, RuleEntry] = {entry.id: entry for entry in RULES}

if len(RULES_BY_ID) != len(RULES):  # pragma: no cover - guards hand edits
    raise RuntimeError("duplicate rule ID in the catalogue")


def rule(rule_id: str) -> RuleEntry:
    """Look a rule up by ID; raises KeyError naming the unknown ID."""
    try:
        return RULES_BY_ID[rule_id]
    except KeyError:
        raise KeyError(f"unknown rule ID {rule_id!r}") from None


def rules_in(section: str) -> tuple[RuleEntry, ...]:
    """The entries of one section, in rulebook order (for the rules browser)."""
    return tuple(entry for entry in RULES if entry.section == section)
