"""§2 Turn structure (R-TURN-1..3, I-ROUND)."""

from __future__ import annotations

from engine import GameState, Phase, apply, legal_actions, to_json
from engine.actions import (
    AddAttacker,
    Discard,
    Draw,
    EndPhase,
    MoveGangster,
    OpenCard,
    Pass,
    PlayDriveBy,
    PlayPolice,
    StartAttack,
)
from engine.cards import Kind
from engine.state import WindowKind
from tests.engine.positions import (
    GANGSTER,
    assert_illegal,
    begin_turn,
    business,
    finish_turn,
    fresh,
    gangster,
    give,
    hideout,
    of_kind,
    phase_now,
    phases,
    play,
    table,
    turn_of,
)


def _busy_table() -> GameState:
    """Seat 0 has something to do in every phase."""
    state = table(players=4, money=5)
    h0 = hideout(state, 0)
    bar = business(state, 0, 2)
    gangster(state, 0, 1, bar)
    gangster(state, 0, 1, h0)
    give(state, 0, GANGSTER, 1)
    return state


def test_R_TURN_1_phases_run_A_to_G_in_order() -> None:
    """R-TURN-1: Collect, Move, Attack, Open, Move the Hideout, Discard, Draw, in this order."""
    state = _busy_table()
    events = begin_turn(state, 0)
    assert state.active == 0 and state.phase is Phase.MOVE
    for _ in range(5):
        events += apply(state, EndPhase())
    assert phase_now(state) is Phase.DRAW
    seat0 = [e for e in events if e.seat == 0]
    assert phases(seat0) == ["A", "B", "C", "D", "E", "F", "G"]
    assert of_kind(events, "collect")[0].seat == 0


def test_R_TURN_1_never_back_to_an_earlier_phase() -> None:
    """R-TURN-1: once past a phase, its actions are refused (citing R-TURN-1), state unchanged."""
    state = _busy_table()
    begin_turn(state, 0)
    bar = state.seats[0].businesses[0]
    g_on_bar = state.seats[0].buildings[bar][0]
    apply(state, EndPhase())  # B -> C
    apply(state, EndPhase())  # C -> D
    assert state.phase is Phase.OPEN
    assert_illegal(state, MoveGangster(g_on_bar, hideout(state, 0)), "R-TURN-1")
    assert_illegal(state, StartAttack(hideout(state, 1)), "R-TURN-1")
    assert_illegal(state, AddAttacker(g_on_bar), "R-TURN-1")
    apply(state, EndPhase())  # D -> E
    hand_card = state.seats[0].hand[0]
    assert_illegal(state, OpenCard(hand_card, hideout(state, 0)), "R-TURN-1")


def test_R_TURN_1_a_later_phase_action_says_finish_this_phase_first() -> None:
    """R-TURN-1: an action of a phase still to come is refused as "finish this phase
    first", not as going back (playtest 3: a Draw clicked in phase F said "phases never
    go back")."""
    state = _busy_table()
    begin_turn(state, 0)
    apply(state, EndPhase())  # B -> C
    assert state.phase is Phase.ATTACK
    err = assert_illegal(state, Draw(1), "R-TURN-1")
    assert "comes later" in str(err) and "never go back" not in str(err)
    apply(state, EndPhase())  # C -> D
    err = assert_illegal(
        state,
        MoveGangster(state.seats[0].buildings[state.seats[0].businesses[0]][0], hideout(state, 0)),
        "R-TURN-1",
    )
    assert "never go back" in str(err)


def test_R_TURN_2_first_turn_starts_at_open_without_collecting() -> None:
    """R-TURN-2: in the first round only D, F and G are played: no Collect, no Move, no
    Attack, no Hideout move."""
    state = fresh(players=4, seed=21)
    assert state.first_round and state.active == 0
    assert state.phase in (Phase.OPEN, Phase.DISCARD, Phase.DRAW)
    assert [s.money for s in state.seats] == [3, 3, 3, 3]  # nothing collected
    assert not [a for a in legal_actions(state) if isinstance(a, (StartAttack, MoveGangster))]


def test_I_ROUND_first_round_is_everyone_first_turn_then_collect_begins() -> None:
    """I-ROUND: the first round ends when the last player finishes their first turn; from the
    first player's second turn on, Collect (A) and phases B, C are played."""
    state = fresh(players=3, seed=5)
    events = []
    for seat in (0, 1, 2):
        assert state.active == seat and state.first_round
        events += finish_turn(state)
    second_turn_start = max(i for i, e in enumerate(events) if e.kind == "turn")
    assert not of_kind(events[:second_turn_start], "collect")
    assert set(phases(events[:second_turn_start])) <= {"D", "F", "G"}
    assert state.active == 0 and not state.first_round
    assert state.turn == 3
    collect = of_kind(events[second_turn_start:], "collect")
    assert [(e.seat, e.amount) for e in collect] == [
        (0, 3 + sum(state.seats[0].capacity(b) for b in state.seats[0].businesses))
    ]
    assert phases(events[second_turn_start:])[:2] == ["A", "B"]


def test_I_ROUND_turn_counter_marks_the_first_round() -> None:
    """I-ROUND: `first_round` is true for turns 0..n-1 only; turn n starts with Collect."""
    state = fresh(players=4, seed=8)
    log = []
    while state.turn < 5:
        log.append((state.turn, state.active, state.first_round))
        events = finish_turn(state)
        if state.turn == 4:
            assert of_kind(events, "collect") and of_kind(events, "collect")[0].seat == 0
    firsts = {t: fr for t, _, fr in log}
    assert firsts == {0: True, 1: True, 2: True, 3: True, 4: False}
    assert [a for t, a, _ in log] == [0, 1, 2, 3, 0]


def test_R_TURN_3_reactions_are_not_bound_to_phases() -> None:
    """R-TURN-3: the active player may play a reaction in any phase of their turn, and other
    players may play one in someone else's turn."""
    state = table(players=3, money=5)
    bar = business(state, 1, 2)
    gangster(state, 1, 2, bar)
    police = give(state, 0, Kind.POLICE)
    for phase in (Phase.OPEN, Phase.DISCARD, Phase.DRAW):
        turn_of(state, 0, phase)
        assert PlayPolice(police, bar) in legal_actions(state), phase
    # A Drive-by held by seat 2 is offered in the window at the end of seat 0's turn.
    drive = give(state, 2, Kind.DRIVE_BY)
    turn_of(state, 0, Phase.DRAW)
    apply(state, EndPhase())
    assert state.window is not None and state.window.kind is WindowKind.END_TURN
    assert state.to_act == 2
    before = to_json(state)
    assert PlayDriveBy((drive,), bar) in legal_actions(state)
    apply(state, Pass())
    assert to_json(state) != before
    assert state.active == 1


def test_R_TURN_1_discard_phase_after_open() -> None:
    """R-TURN-1: in phase F opening is over; discarding is what is left (F before G)."""
    state = _busy_table()
    begin_turn(state, 0)
    card = state.seats[0].hand[0]
    while state.phase is not Phase.DISCARD:
        apply(state, EndPhase())
    assert Discard(card) in legal_actions(state)
    play(state, Discard(card))
    assert phase_now(state) is Phase.DRAW
