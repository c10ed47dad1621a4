"""Issue 20 item 5 (newcomer playtest): the drop zone ended before the visibly empty
table did; a card let go there just flew back. Every bit of empty table is a target
now; only the held cards themselves mean "back into the hand"."""

from __future__ import annotations

import pygame

from engine import Phase
from engine.cards import KIND, Kind
from noirburg_desktop.app import App
from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
from noirburg_desktop.table.advice import why_not_playable
from noirburg_desktop.table.intents import Source, candidates, judge, legal_targets
from noirburg_desktop.table.targets import (
    all_targets,
    drop_target,
    held_cards,
    target_at,
    target_rect,
)
from noirburg_desktop.table.texts import card_name
from tests.app.app_helpers import make_session, table_at_first_turn
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


def test_green_means_a_drop_there_is_legal(app: App, drive: Driver) -> None:
    """Playtest shot-58/59: a Poker Night lit the whole middle, and a drop on the
    discard pile inside it meant "discard" (R-TURN-1: that is phase F). Every point
    inside a green outline (the held cards aside: back into the hand) must mean a move
    `engine.legal_actions` accepts now, judged the way the drop is."""
    scene = table_at_first_turn(app, make_session(4, seed=3, steps=38))  # phase D
    drive.frames(2)
    lay, hits, state = scene.layout, scene.hits, scene.ctrl.state
    assert lay is not None and hits.hand
    held = held_cards(hits)
    assert state.phase is Phase.OPEN
    assert any(KIND[c] == Kind.POKER_NIGHT for c, _ in hits.hand)  # the shot-58 card
    checked, covered = 0, 0
    for cid, _ in hits.hand:
        src = Source("hand", cid)
        lit = legal_targets(state, src, all_targets(lay, hits))
        for tgt in lit:
            r = target_rect(lay, hits, tgt)
            assert r is not None
            for x in range(r.x + 1, r.right - 1, 7):
                for y in range(r.y + 1, r.bottom - 1, 7):
                    got = drop_target(lay, hits, (x, y), lit)
                    if got is None and held.collidepoint((x, y)):
                        continue
                    assert got is not None, (cid, tgt, (x, y))
                    ok = judge(state, candidates(state, src, got))
                    assert ok, (card_name(cid), tgt, got, (x, y))
                    checked += 1
                    covered += got != target_at(lay, hits, (x, y))
    assert checked > 100
    assert covered > 0  # some lit outline holds another target (the discard pile)


def test_putting_a_card_back_into_the_hand_is_no_refusal(app: App, drive: Driver) -> None:
    """Playtest shot-51: a card let go over the hand said "does nothing there"."""
    configs = [SeatConfig("Ada", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate("BCD")]
    scene = table_at_first_turn(app, GameSession.new(configs, seed=3))
    drive.frames(2)
    hand = scene.hits.hand
    assert len(hand) >= 2
    (_, first), (_, second) = hand[0], hand[-1]
    drive.drag(first.center, second.center)
    assert scene.ctrl.toast == ""
    assert scene.ctrl.my_turn()


def test_a_card_that_fits_nowhere_lights_nothing_and_says_why(app: App, drive: Driver) -> None:
    """Playtest shot-57: a Poker Night taken up when it cannot be played lit nothing
    and said nothing until dropped. The engine's reason shows as it is taken up."""
    configs = [SeatConfig("Ada", SEAT_COLOURS[0], "human")]
    configs += [SeatConfig(n, SEAT_COLOURS[i + 1], "easy") for i, n in enumerate("BCD")]
    scene = table_at_first_turn(app, GameSession.new(configs, seed=19))
    drive.frames(2)
    st = scene.ctrl.state
    card, rect = next((c, r) for c, r in scene.hits.hand if KIND[c] == Kind.POKER_NIGHT)
    why = why_not_playable(st, scene.ctrl.viewer, card)
    assert "(R-" in why  # the engine's refusal, with its rule
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    drive.frames(1)
    to = (rect.centerx, rect.y - 120)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(1, 1), buttons=(1, 0, 0)))
    drive.frames(1)
    d = scene.drag.dragging
    assert d is not None and d.targets == {}
    assert scene.ctrl.toast == why
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
    drive.frames(2)
