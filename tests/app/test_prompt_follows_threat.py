"""Issue 20 (EN playtest): after Player 4 answered the person's Bribe with its own Bribe,
the prompt still read "Player 4 plays Police against your attack on Hideout…". The
prompt is worded from the threat as it stands (`engine.threats.threat`), which now
tells a Police standing again after a Bribe chain from the first one."""

from __future__ import annotations

from engine import GameState, Phase, apply
from engine.actions import Pass, PlayBribe, StopAttack
from engine.cards import Kind
from engine.threats import threat
from noirburg_desktop.table.prompt_panel import threat_lines
from noirburg_desktop.table.texts import card_name, t
from tests.engine.positions import attack, business, gangster, give, hideout, play, table, turn_of

NAMES = ["You", "Rival", "Third"]


def _until_asked(state: GameState, seat: int) -> None:
    while state.window is not None and state.to_act != seat:
        apply(state, Pass())


def test_the_prompt_head_follows_a_bribe_answered_by_a_bribe() -> None:
    state = table(players=3)
    att = gangster(state, 0, 3, hideout(state, 0))
    bar = business(state, 1, 2)
    police = give(state, 1, Kind.POLICE)
    b0 = give(state, 0, Kind.BRIBE)
    b1 = give(state, 1, Kind.BRIBE)
    give(state, 0, Kind.BRIBE)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, bar, att)
    _until_asked(state, 1)
    play(state, StopAttack(police))
    first = threat(state)
    assert first is not None
    head = threat_lines(first, NAMES)[0]
    _until_asked(state, 0)
    play(state, PlayBribe(b0))
    _until_asked(state, 1)
    play(state, PlayBribe(b1))
    again = threat(state)
    assert again is not None and again.kind == "stop" and again.seat == 0
    new_head = threat_lines(again, NAMES)[0]
    assert new_head != head
    assert head == t("prompt.stop", by="Rival", target=card_name(bar))
    assert new_head == t("prompt.stop_rebribed", by="Rival", target=card_name(bar))
