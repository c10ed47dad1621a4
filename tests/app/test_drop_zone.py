"""Issue 20 item 5 (newcomer playtest): the drop zone ended before the visibly empty
table did; a card let go there just flew back. Every bit of empty table is a target
now; only the held cards themselves mean "back into the hand"."""

from __future__ import annotations

from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.targets import held_cards, target_at
from tests.app.app_helpers import table_at_first_turn
from tests.app.conftest import Driver


def test_the_whole_empty_table_takes_a_drop(app: App, drive: Driver) -> None:
    configs = [SeatConfig("Ada", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate("BCD")]
    scene = table_at_first_turn(app, GameSession.new(configs, seed=3))
    drive.frames(2)
    lay, hits = scene.layout, scene.hits
    assert lay is not None and hits.hand
    mine = lay.seats[lay.viewing]
    held = held_cards(hits)
    headers = [s.rect for s in lay.seats if s.seat != lay.viewing]
    holes = []
    for x in range(lay.table.x + 2, lay.table.right - 2, 9):
        for y in range(lay.table.y + 2, lay.table.bottom - 2, 9):
            p = (x, y)
            if held.collidepoint(p) or any(r.collidepoint(p) for r in headers):
                continue  # the hand's cards; a rival's seat (its own rules)
            got = target_at(lay, hits, p)
            if got is None:
                holes.append(p)
            elif mine.rect.collidepoint(p) and got.kind not in ("gangster", "building"):
                assert got.kind == "board" and got.ref == lay.viewing, (p, got)
    assert not holes, holes[:10]
    for _, r in hits.hand:  # the cards themselves: back into the hand
        assert target_at(lay, hits, r.center) is None
