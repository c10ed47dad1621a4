"""engine.predict: the table's attack forecast agrees with the real fight
(R-ATK-8, R-HIDE-ATK-4..7) whenever nobody reacts."""

from __future__ import annotations

import random

import pytest

import engine
from engine import actions as A
from engine.predict import forecast_attack, hideout_danger, money_victory_need
from engine.state import Phase


def _resolve_without_reactions(st: engine.GameState) -> list[engine.Event]:
    events = engine.apply(st, A.LaunchAttack())
    while st.window is not None and st.phase is not Phase.GAME_OVER:
        events += engine.apply(st, A.Pass())
    return events


def test_forecast_matches_the_fight_when_nobody_reacts() -> None:
    """R-ATK-8 / R-HIDE-ATK-5: destroyed or breached, losses and ransom range as forecast."""
    checked = hideouts = 0
    for seed in range(60):
        st = engine.new_game(engine.GameOptions(players=4, seed=seed))
        rng = random.Random(seed)
        for _ in range(3000):
            if st.phase is Phase.GAME_OVER:
                break
            legal = engine.legal_actions(st)
            if any(isinstance(a, A.LaunchAttack) for a in legal):
                target = st.attack_target
                assert target is not None
                f = forecast_attack(st, st.active, target, st.attack_gangsters)
                assert f is not None
                trial = st.clone()
                ev = _resolve_without_reactions(trial)
                kinds = {e.kind for e in ev}
                assert f.success == bool({"destroy", "breach"} & kinds) or (
                    not f.hideout and f.success == ("destroy" in kinds)
                )
                lost = {g for e in ev if e.kind == "kill" and e.seat == f.attacker for g in e.cards}
                assert lost == set(f.attackers_lost)
                if f.hideout and f.success:
                    ransom = next(e.amount for e in ev if e.kind == "ransom")
                    assert f.ransom is not None and f.ransom[0] <= ransom <= f.ransom[1]
                    hideouts += 1
                checked += 1
            engine.apply(st, rng.choice(legal))
    assert checked > 50 and hideouts > 0, (checked, hideouts)


def test_hideout_danger_names_the_strongest_opponent() -> None:
    """R-HIDE-ATK-4: the defence is the stack's sum; the threat counts HIDDEN gangsters."""
    st = engine.new_game(engine.GameOptions(players=3, seed=3))
    rng = random.Random(3)
    for _ in range(300):
        if st.phase is Phase.GAME_OVER:
            break
        engine.apply(st, rng.choice(engine.legal_actions(st)))
    for seat in range(st.n):
        d = hideout_danger(st, seat)
        if d is None:
            continue
        s = st.seats[seat]
        assert d.defence >= 3 + s.load(s.hideout)  # type: ignore[arg-type]
        assert d.breach == (d.threat >= d.defence)
        if d.breach:
            assert d.knockout == (
                "yes" if d.money < d.ransom[0] else "maybe" if d.money < d.ransom[1] else "no"
            )


def test_declared_attack_names_the_target_waiting_on_reactions() -> None:
    """I-REACT-WINDOW (a): while reactions to a declared attack are asked, the table can
    show its target and its gangsters in transit (I-TRANSIT); None otherwise."""
    import random

    import engine
    from engine.predict import declared_attack
    from engine.state import PendingAttack

    st = engine.new_game(engine.GameOptions(players=4, seed=5))
    rng = random.Random(5)
    assert declared_attack(st) is None
    for _ in range(3000):
        frame = st.pending(PendingAttack)
        if frame is not None:
            assert declared_attack(st) == (frame.target, tuple(frame.gangsters))
            break
        engine.apply(st, rng.choice(engine.legal_actions(st)))
    else:
        raise AssertionError("no attack was declared in 3000 random actions")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_money_victory_need_is_the_amount_that_wins_at_the_turns_end(players: int) -> None:
    """R-END-MONEY-1: holding `money_victory_need` at the end of one's own turn wins by
    money, one coin less does not (the table warns from this figure)."""
    for extra, wins in ((0, True), (-1, False)):
        state = engine.new_game(engine.GameOptions(players=players, seed=players))
        rng = random.Random(players)
        while not (state.phase is Phase.DRAW and state.window is None and not state.first_round):
            engine.apply(state, rng.choice(engine.legal_actions(state)), check=False)
        need = money_victory_need(state)
        assert need is not None
        me = state.seats[state.active]
        moved = need + extra - me.money  # coins come from the bank: money stays conserved
        assert 0 <= moved <= state.bank
        state.bank -= moved
        me.money += moved
        engine.apply(state, A.EndPhase())
        assert (state.win_method == "money") is wins
    off = engine.new_game(engine.GameOptions(players=4, seed=1, money_victory=False))
    assert money_victory_need(off) is None


# Issue 20: the hint's safer choice, from a playtest. Moving the Hideout under the
# Bootlegger raised the defence from 3 to 5, short of the rival's 6, and the ransom from
# 1–6 to 3–8 (I-RANSOM: the Business on top adds its value) with 5 coins in hand.
BOOTLEGGER = """
noir phase=E active=0
0: $5 Ha B2
1: $3 Hb B4:G4 B2:G2
2: $3 Hc
"""


def test_danger_says_what_holds_it_and_what_pays_any_ransom() -> None:
    """I-BREACH: strength at least the defence breaks it, so the defence must grow by
    threat - defence + 1; R-HIDE-ATK-7: a ransom above the money puts the seat out."""
    st = engine.GameState.from_text(BOOTLEGGER)
    d = hideout_danger(st, 0)
    assert d is not None and d.breach and (d.defence, d.threat) == (3, 6)
    assert d.hold_need == 4 and d.ransom == (1, 6) and d.ruin_rolls == 1  # a 6 puts it out
    rival = hideout_danger(st, 2)
    assert rival is not None and rival.hold_need == 4
    calm = engine.GameState.from_text(BOOTLEGGER.replace("0: $5", "0: $20"))
    d = hideout_danger(calm, 0)
    assert d is not None and d.ruin_rolls == 0 and d.knockout == "no"


def test_danger_after_a_move_and_the_safer_choice() -> None:
    """The move Normal hints (defence 5) leaves three ransom rolls the seat cannot pay;
    leaving the Hideout where it is leaves one: that is the safer choice."""
    from engine.predict import danger_after, safer_choice

    st = engine.GameState.from_text(BOOTLEGGER)
    legal = engine.legal_actions(st)
    move = next(a for a in legal if isinstance(a, A.MoveHideout) and a.under is not None)
    after = danger_after(st, 0, move)
    assert after is not None and after.defence == 5 and after.ransom == (3, 8)
    assert after.ruin_rolls == 3
    safer = safer_choice(st, 0, move, legal)
    assert safer is not None and safer[0] == A.EndPhase() and safer[1].ruin_rolls == 1
    assert safer_choice(st, 0, A.EndPhase(), legal) is None  # nothing is safer than that
    assert danger_after(st, 0, A.Draw(1)) is None  # refused by the engine: no forecast
    assert engine.to_json(st) == engine.to_json(engine.GameState.from_text(BOOTLEGGER))


BROKE = """
noir phase=E active=0
0: $0 Ha B2
1: $3 Hb B4:G4 B2:G2
2: $3 Hc
"""


def test_the_safer_choice_is_safer_by_its_own_measure() -> None:
    """Playtest: "a Business on top" raised the ransom (4–9 → 5–10) when followed.
    With no coins every ransom puts the seat out (R-HIDE-ATK-7) and the strongest rival
    breaks the Hideout either way (I-BREACH), so the Business on top only adds its value
    to the ransom (R-HIDE-ATK-5): staying put is the safer choice, never the move under
    the Business, and whatever is suggested is strictly safer per `danger_after`."""
    from engine.predict import danger_after, safer_choice

    st = engine.GameState.from_text(BROKE)
    legal = engine.legal_actions(st)
    under = next(a for a in legal if isinstance(a, A.MoveHideout) and a.under is not None)
    moved = danger_after(st, 0, under)
    stay = danger_after(st, 0, A.EndPhase())
    assert moved is not None and stay is not None
    assert moved.breach and stay.breach and moved.ruin_rolls == stay.ruin_rolls == 6
    assert moved.ransom == (3, 8) and stay.ransom == (1, 6)
    assert safer_choice(st, 0, A.EndPhase(), legal) is None  # never the higher ransom
    safer = safer_choice(st, 0, under, legal)
    assert safer is not None and safer[0] == A.EndPhase()
    after = danger_after(st, 0, safer[0])
    assert after is not None and after.ransom[1] < moved.ransom[1]
    for a in legal:  # from any move, a suggestion is strictly safer by the same measure
        base = danger_after(st, 0, a)
        got = safer_choice(st, 0, a, legal)
        if base is None or got is None:
            continue
        better = danger_after(st, 0, got[0])
        assert better is not None
        assert (better.ruin_rolls, better.breach, better.ransom[1]) < (
            base.ruin_rolls,
            base.breach,
            base.ransom[1],
        )


def test_homecoming_R_MOVE_2_hideout_attackers_with_full_businesses_are_stranded() -> None:
    """I-MOVE-HIDEOUT + R-MOVE-2 (issue 20, the hidden-gangster trap): gangsters that
    attack from the Hideout never go back to it, and with every Business full they fit
    nowhere in phase B: the query says so before the attack, and the engine agrees
    after it (no legal move puts them on a Business)."""
    from engine.actions import DiscardGangster, EndPhase, MoveGangster
    from engine.predict import homecoming
    from tests.engine.positions import (
        attack,
        begin_turn,
        business,
        gangster,
        hideout,
        pass_windows,
        table,
        turn_of,
    )

    st = table(players=3)
    h = hideout(st, 0)
    g1, g2 = gangster(st, 0, 1, h), gangster(st, 0, 2, h)
    bar = business(st, 0, 1)
    gangster(st, 0, 1, bar)  # the only Business is full
    target = business(st, 1, 4)
    turn_of(st, 0, Phase.ATTACK)
    back = homecoming(st, 0, (g1, g2))
    assert back.from_hideout == (g1, g2)
    assert set(back.stranded) == {g1, g2} and back.room == 0
    attack(st, target, g1, g2)
    pass_windows(st)
    assert set(st.seats[0].hidden) == {g1, g2}  # they survived and are HIDDEN
    begin_turn(st, 0)
    assert st.phase is Phase.MOVE
    legal = engine.legal_actions(st)
    assert EndPhase() not in legal  # R-MOVE-2: they must be placed or discarded first
    assert not any(isinstance(a, MoveGangster) and a.gangster == g2 for a in legal)
    assert MoveGangster(g1, h) not in legal  # I-MOVE-HIDEOUT
    engine.apply(st, MoveGangster(g1, bar))  # passing through the full Still (I-MOVE-FREE)
    assert EndPhase() not in engine.legal_actions(st)  # R-MOVE-3: it does not fit there
    engine.apply(st, DiscardGangster(g2))
    assert EndPhase() not in engine.legal_actions(st)
    engine.apply(st, DiscardGangster(g1))
    assert EndPhase() in engine.legal_actions(st)  # both lost, as foretold


def test_homecoming_business_attackers_come_back_to_the_room_they_left() -> None:
    """R-MOVE-2: an attacker from a Business frees its own room, so it comes back; a
    HIDDEN gangster already waiting competes for the same room (most gangsters kept)."""
    from engine.predict import homecoming
    from tests.engine.positions import business, gangster, hidden, table

    st = table(players=3)
    casino = business(st, 0, 4)
    g3 = gangster(st, 0, 3, casino)
    g1 = gangster(st, 0, 1, casino)
    back = homecoming(st, 0, (g3,))
    assert back.from_hideout == () and back.stranded == () and back.room == 3
    w1, w2 = hidden(st, 0, 1), hidden(st, 0, 2)
    back = homecoming(st, 0, (g3,))  # room 3 for a 3, a 1 and a 2: keep the 1 and the 2
    assert set(back.stranded) == {g3}
    assert g1 not in back.stranded and w1 not in back.stranded and w2 not in back.stranded
