"""The game's own seeded generator (SplitMix64).

A single int of state makes clones and JSON saves trivial and keeps games
identical across processes and Python versions (no PYTHONHASHSEED, no global
`random`).
"""

from __future__ import annotations

from typing import Final

MASK: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return (seed * GOLDEN + 0x632BE59BD9B4E019) & MASK


def below(s: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform int in [0, n)) by rejection (no modulo bias).
    The SplitMix64 step is written out here and in `shuffle` (hot paths; every die
    roll and reshuffle comes through them), nowhere else."""
    mask = MASK
    limit = _LIMITS[n] if n < _N_LIMITS else mask - (mask + 1) % n
    while True:
        s = (s + GOLDEN) & mask
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if z <= limit:
            return s, z % n


def shuffle(s: int, cards: list[int]) -> int:
    """Fisher-Yates with `below` inlined (a reshuffle draws ~50 numbers); returns
    the new state. Exactly the sequence `below` would give."""
    mask = MASK
    limits = _LIMITS
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        limit = limits[n] if n < _N_LIMITS else mask - (mask + 1) % n
        while True:
            s = (s + GOLDEN) & mask
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z <= limit:
                break
        j = z % n
        cards[i], cards[j] = cards[j], cards[i]
    return s


# `below`'s rejection limit for each n up to a whole deck (a die asks for 6, a reshuffle for ~50)
_N_LIMITS: Final = 128
_LIMITS: Final = tuple(MASK - (MASK + 1) % n if n else 0 for n in range(_N_LIMITS))
