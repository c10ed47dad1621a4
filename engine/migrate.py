"""Reading saves written before the §6 rule revisions (state format 1).

Format 1 kept declared attackers standing on their buildings; under I-TRANSIT
they are in transit, held by the pending attack. It also had no I-RANSOM house
rule and counted gangsters moved in phase B (I-MOVE-FREE dropped the limit).
A first-round turn saved in phase E goes on in phase F (R-TURN-2). Everything
else in a format-1 state is a legal format-2 state, so the game can finish.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.state import SaveFormatError


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A format-2 document equivalent to the format-1 `data` (which is not changed)."""
    try:
        return _migrate(copy.deepcopy(data))
    except (
        KeyError,
        TypeError,
        ValueError,
        AttributeError,
        IndexError,
        OverflowError,
        RecursionError,
    ) as exc:
        raise SaveFormatError(f"damaged format-1 game state ({type(exc).__name__}: {exc})") from exc


def _migrate(d: dict[str, Any]) -> dict[str, Any]:
    d["options"]["ransom_excess"] = False  # the house rule did not exist: off
    d.pop("moved", None)  # I-MOVE-FREE: no per-gangster move limit
    seats = d["seats"]
    for frame in d["stack"]:
        if frame.get("frame") != "attack":
            continue
        seat = seats[int(frame["attacker"])]
        in_transit = []
        for g in frame["gangsters"]:
            for building in seat["buildings"]:
                if g in building[1]:
                    building[1].remove(g)  # I-TRANSIT: it has left its building
                    in_transit.append(g)
                    break
        # A format-1 attacker taken by a Turncoat or hidden by Police is no longer in it.
        frame["gangsters"] = in_transit
    first_round = int(d["turn"]) < len(seats)
    if first_round and d["phase"] == "E":
        d["phase"] = "F"  # R-TURN-2: the first round has no phase E
    d["format"] = 2
    d["rules"] = "noir-2"  # the revised rules it now plays under (RULES.md §6)
    return d
