"""Each action says which cards it uses (issue 24): `hand_cards` from the seat's hand,
`table_cards` on the table. Checked on every legal action of random games, so a new
action type or field that names a card without listing it fails here."""

from __future__ import annotations

import random
from collections import Counter

from engine import GameOptions, GameState, apply, legal_actions, new_game
from engine.actions import Action, Draw, field_names


def _named_cards(a: Action) -> Counter[int]:
    """Every card id held in the action's fields (a Draw's count is no card)."""
    out: Counter[int] = Counter()
    if isinstance(a, Draw):
        return out
    for name in field_names(a):
        value = getattr(a, name)
        if isinstance(value, tuple):
            out.update(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            out[value] += 1
    return out


def _on_table(state: GameState) -> set[int]:
    cards: set[int] = set()
    for s in state.seats:
        cards.update(s.table_cards())
    atk = state.attack_gangsters
    return cards | set(atk)


def test_hand_and_table_cards_name_every_card_of_every_legal_action() -> None:
    seen: set[str] = set()
    for g in range(10):
        state = new_game(GameOptions(players=3 + g % 4, seed=2400 + g))
        rng = random.Random(g)
        while not state.game_over:
            me = state.to_act
            assert me is not None
            hand = Counter(state.seats[me].hand)
            table = _on_table(state)
            for a in legal_actions(state):
                assert Counter(a.hand_cards) + Counter(a.table_cards) == _named_cards(a), a
                assert not Counter(a.hand_cards) - hand, a
                assert set(a.table_cards) <= table, a
                seen.add(type(a).__name__)
            apply(state, rng.choice(legal_actions(state)), check=False)
    assert {"OpenCard", "MoveGangster", "PlayPolice", "PlayDriveBy", "PlayTurncoat"} <= seen
