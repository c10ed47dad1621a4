"""Normal's rollouts list less (issue 25): where `HeuristicBot.reads_free_reactions`
says Normal reads no free use of a reaction card, its choice from
`legal_without_free_reactions` must be its choice from the whole `legal_actions`,
or Hard's moves would change (I-REACT-WINDOW: the free uses are the Police,
Drive-by, Turncoat and Poker Night any decision allows)."""

from __future__ import annotations

import random
from collections import Counter

from engine import GameOptions, GameState, apply, legal_actions, new_game
from engine.actions import Action, Pass, PlayDriveBy, PlayPokerNight, PlayPolice, PlayTurncoat
from engine.bots.heuristic import EASY, NORMAL, HeuristicBot
from engine.legality import legal_without_free_reactions
from tests.bots.helpers import positions

_FREE_USES = (PlayPolice, PlayDriveBy, PlayTurncoat, PlayPokerNight)


def _is_subsequence(short: list[Action], full: list[Action]) -> bool:
    it = iter(full)
    return all(any(a is b for b in it) for a in short)


def _check(bot: HeuristicBot, state: GameState, seen: Counter[str]) -> None:
    """The contract at one decision (counts what it saw in `seen`)."""
    full = legal_actions(state)
    short = legal_without_free_reactions(state)
    assert _is_subsequence(short, full)  # the same interned actions, in the same order
    left_out = [a for a in full if not any(a is b for b in short)]
    assert all(isinstance(a, _FREE_USES) for a in left_out), left_out
    if len(full) < 2 or bot.reads_free_reactions(state):
        seen["reads"] += 1
        return
    window = state.window is not None
    expected = bot.choose(state, full)[0]
    if len(short) >= 2:
        assert bot.choose(state, short)[0] == expected, (state.phase, full)
        seen["window" if window else "turn"] += 1
        seen["with free uses"] += bool(left_out)
    elif window:  # no answer in hand: Normal passes
        assert short == [Pass()] and expected == Pass(), (state.phase, full)
        seen["window pass"] += 1
    # (a turn with fewer than two such moves: the rollouts take the whole list)


def test_normal_chooses_alike_without_the_free_uses_it_does_not_read() -> None:
    """Every decision of bot games and of random games (more windows, odder hands)."""
    seen: Counter[str] = Counter()
    for style, level in ((NORMAL, "normal"), (EASY, "easy")):
        bot = HeuristicBot(style, level)
        for seed in (3, 8):
            for state, _legal in positions(("hard", "normal", "normal", "normal"), seed):
                _check(bot, state, seen)
        for g in range(8):
            state = new_game(GameOptions(players=3 + g % 4, seed=2500 + g))
            rng = random.Random(g)
            while not state.game_over:
                _check(bot, state, seen)
                apply(state, rng.choice(legal_actions(state)), check=False)
    # both sides of the contract, in turns and windows, with free uses left out
    assert seen["reads"] > 500 and seen["turn"] > 500 and seen["window"] > 50, seen
    assert seen["window pass"] > 500 and seen["with free uses"] > 200, seen
