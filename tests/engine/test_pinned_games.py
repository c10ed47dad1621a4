"""Speed work must not change a game: 36 seeded random games (3-6 players, every
option on and off, apply's check on and off) are pinned by one digest of every
legal-action list, every event and each final state.

The pin was computed on f7f5f85 (before the 2026-11-23 engine speed-ups) and the
code after them gives the same. A rule change that alters play on purpose updates
PIN in the same commit, saying why; anything else that moves it is a bug.
"""

from __future__ import annotations

import enum
import hashlib
import json
import random

from engine import GameOptions, apply, legal_actions, new_game, to_json

PIN = "d6ba9d80dbb8331c9b19ca08c1d25b96f40f58286766ccb5eb7e9c9fc4a0d6ad"


def _plain(x: object) -> object:
    """Enum members as their values, so the digest does not depend on enum reprs."""
    if isinstance(x, enum.Enum):
        return x.value
    if isinstance(x, tuple):
        return tuple(_plain(y) for y in x)
    return x


def games_digest() -> str:
    h = hashlib.sha256()
    for g in range(36):
        opts = GameOptions(
            players=3 + g % 4,
            seed=500 + g,
            money_victory=g % 5 != 0,
            poker_always_to_box=g % 7 == 0,
            ransom_excess=g % 3 == 0,
        )
        s = new_game(opts)
        pick = random.Random(g).choice
        while not s.game_over:
            options = legal_actions(s)
            h.update(repr(options).encode())
            events = apply(s, pick(options), check=g % 4 == 0)
            h.update(repr([_plain(tuple(e)) for e in events]).encode())
        h.update(json.dumps(to_json(s), sort_keys=True).encode())
    return h.hexdigest()


def test_seeded_games_play_exactly_as_pinned() -> None:
    assert games_digest() == PIN
