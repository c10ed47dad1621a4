"""RULES.md §6 Revisions: one block per revised ID (R-TURN-2/I-ROUND, I-MOVE-FREE,
I-MOVE-HIDEOUT, R-DRAW-4/I-RESHUFFLE, I-RANSOM, I-REACT-WINDOW, I-TRANSIT, R-DRIVEBY-1,
R-TURNCOAT-1, R-REACT-3), with the worked examples for the wider windows.

Every refused move is checked three ways by `assert_illegal`: `legal_actions` does not
offer it, `apply` refuses it citing the rule, and `to_json` is identical before and after.
"""

from __future__ import annotations

import json
import random

from engine import GameOptions, GameState, Phase, apply, from_json, legal_actions, new_game, to_json
from engine.actions import (
    Discard,
    DiscardGangster,
    Draw,
    EndPhase,
    MoveGangster,
    MoveHideout,
    OpenCard,
    Pass,
    PlayBribe,
    PlayDriveBy,
    PlayPokerNight,
    PlayPolice,
    PlayTurncoat,
    StartAttack,
    StopAttack,
)
from engine.cards import Kind
from engine.state import PendingAttack, WindowKind
from tests.engine.positions import (
    BUSINESS,
    GANGSTER,
    assert_illegal,
    attack,
    begin_turn,
    business,
    check,
    finish_turn,
    force_dice,
    fresh,
    gangster,
    give,
    hidden,
    hideout,
    of_kind,
    on_table,
    pass_windows,
    phase_now,
    phases,
    play,
    set_money,
    table,
    turn_of,
)

POLICE, BRIBE, DRIVE_BY = Kind.POLICE, Kind.BRIBE, Kind.DRIVE_BY
TURNCOAT, POKER = Kind.TURNCOAT, Kind.POKER_NIGHT


# --- R-TURN-2, I-ROUND: the first round is D, F, G --------------------------------------------


def test_R_TURN_2_first_round_has_no_hideout_move() -> None:
    """R-TURN-2 (revised): a first turn goes D -> F -> G; phase E is never reached, even
    for a player who has just opened a second building, and a Hideout move is refused."""
    state = table(players=3, money=5)
    biz = give(state, 0, BUSINESS, 1)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN, first_round=True)
    play(state, OpenCard(biz, hideout(state, 0)))  # R-OPEN-4
    assert len(state.seats[0].buildings) == 2  # phase E would have something to do
    assert_illegal(state, MoveHideout(None), "R-TURN-2")
    assert_illegal(state, StartAttack(business(state, 1, 1)), "R-TURN-2")
    events = play(state, EndPhase())
    assert phase_now(state) is Phase.DISCARD
    assert phases(events) == ["F"]
    assert_illegal(state, MoveHideout(None), "R-TURN-2")


def test_I_ROUND_every_first_turn_is_D_F_G_only() -> None:
    """I-ROUND (revised): through the whole first round no phase E event appears; the
    second round starts with Collect and may move the Hideout again."""
    state = fresh(players=4, seed=3)
    events = []
    for _ in range(4):
        assert state.first_round
        events += finish_turn(state)
    assert not state.first_round
    assert set(phases(events[: max(i for i, e in enumerate(events) if e.kind == "turn")])) <= {
        "D",
        "F",
        "G",
    }


# --- I-MOVE-FREE: phase B is a free rearrangement -------------------------------------------


def test_I_MOVE_FREE_a_gangster_may_move_more_than_once() -> None:
    """I-MOVE-FREE: the same gangster may move again (and back); only the end counts."""
    state = table(players=3)
    bar = business(state, 0, 2)
    casino = business(state, 0, 4)
    still = business(state, 0, 1)
    g = gangster(state, 0, 1, bar)
    begin_turn(state, 0)
    play(state, MoveGangster(g, casino))
    assert MoveGangster(g, still) in legal_actions(state)
    play(state, MoveGangster(g, still), MoveGangster(g, bar))
    assert state.seats[0].buildings[bar] == (g,)
    play(state, EndPhase())
    check(state)


def test_I_MOVE_FREE_discard_a_1_to_make_room_for_a_returning_2() -> None:
    """I-MOVE-FREE: "no room" is not policed gangster by gangster: a player may discard a
    1 standing on the only Bootlegger to bring a HIDDEN 2 back onto it."""
    state = table(players=3)
    bar = business(state, 0, 2)
    one = gangster(state, 0, 1, bar)
    two = hidden(state, 0, 2)
    begin_turn(state, 0)
    assert DiscardGangster(one) in legal_actions(state)
    play(state, DiscardGangster(one), MoveGangster(two, bar), EndPhase())
    assert state.seats[0].buildings[bar] == (two,) and one in state.discard
    check(state)


def test_I_MOVE_FREE_no_position_without_a_way_to_end_phase_B() -> None:
    """I-MOVE-FREE: two 2s moved onto one Bootlegger while another stands empty is not a
    dead end: either may move back (or be discarded), and then the phase can end."""
    state = table(players=3)
    bar_a = business(state, 0, 2)
    bar_b = business(state, 0, 2)
    x = gangster(state, 0, 2, bar_a)
    y = hidden(state, 0, 2)
    begin_turn(state, 0)
    play(state, MoveGangster(y, bar_b), MoveGangster(x, bar_b))
    assert_illegal(state, EndPhase(), "R-MOVE-3")
    acts = legal_actions(state)
    assert {MoveGangster(x, bar_a), MoveGangster(y, bar_a)} <= set(acts)
    assert {DiscardGangster(x), DiscardGangster(y)} <= set(acts)
    play(state, MoveGangster(y, bar_a), EndPhase())
    check(state)


def test_I_MOVE_FREE_random_rearrangements_can_always_end() -> None:
    """I-MOVE-FREE: from every position reached by random phase-B moves, discarding what
    does not fit is offered and lets the phase end (no state without a way out)."""
    rng = random.Random(7)
    for trial in range(60):
        state = table(players=3, seed=trial + 1)
        bizs = [business(state, 0, rng.choice((1, 2, 3, 4))) for _ in range(rng.randint(1, 3))]
        for b in bizs:
            if rng.random() < 0.7:
                gangster(state, 0, 1, b)
        for _ in range(rng.randint(0, 3)):
            hidden(state, 0, rng.choice((1, 2, 3)))
        begin_turn(state, 0)
        for _ in range(rng.randint(0, 12)):
            if state.phase is not Phase.MOVE:
                break
            moves = [a for a in legal_actions(state) if isinstance(a, MoveGangster)]
            if moves:
                play(state, rng.choice(moves))
        while state.phase is Phase.MOVE:
            acts = legal_actions(state)
            if EndPhase() in acts:
                play(state, EndPhase())
                break
            seat = state.seats[0]
            stuck = list(seat.hidden) + [
                g for b in bizs if seat.load(b) > seat.capacity(b) for g in seat.buildings[b]
            ]
            assert stuck, f"trial {trial}: phase B cannot end and nothing is to blame"
            assert DiscardGangster(stuck[0]) in acts
            play(state, DiscardGangster(stuck[0]))
        check(state)


# --- I-MOVE-HIDEOUT: Businesses only ------------------------------------------------------------


def test_I_MOVE_HIDEOUT_hidden_gangsters_never_return_onto_the_hideout() -> None:
    """I-MOVE-HIDEOUT (revised): a HIDDEN gangster comes back onto a Business, never onto
    the Hideout, even when the Hideout has room."""
    state = table(players=3)
    h = hideout(state, 0)
    bar = business(state, 0, 2)
    back = hidden(state, 0, 2)
    begin_turn(state, 0)
    targets = {a.to for a in legal_actions(state) if isinstance(a, MoveGangster)}
    assert targets == {bar}
    err = assert_illegal(state, MoveGangster(back, h), "I-MOVE-HIDEOUT")
    assert "opening" in str(err)


def test_I_MOVE_HIDEOUT_business_gangsters_do_not_move_onto_the_hideout() -> None:
    """I-MOVE-HIDEOUT: a gangster on a Business does not move onto the Hideout either."""
    state = table(players=3)
    h = hideout(state, 0)
    on_bar = gangster(state, 0, 1, business(state, 0, 2))
    begin_turn(state, 0)
    assert_illegal(state, MoveGangster(on_bar, h), "I-MOVE-HIDEOUT")


def test_I_MOVE_HIDEOUT_a_hideout_gangster_who_attacks_is_gone_from_it_for_good() -> None:
    """I-MOVE-HIDEOUT: a Hideout gangster who attacked comes back onto a Business or is
    discarded; with no Business it can only be discarded. The Hideout refills by opening."""
    state = table(players=3, money=5)
    h0 = hideout(state, 0)
    g = gangster(state, 0, 2, h0)
    target = business(state, 1, 1)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, target, g)
    pass_windows(state)
    assert state.seats[0].hidden == [g]
    begin_turn(state, 0)
    assert [a for a in legal_actions(state) if getattr(a, "gangster", None) == g] == [
        DiscardGangster(g)
    ]
    assert_illegal(state, MoveGangster(g, h0), "I-MOVE-HIDEOUT")


# --- R-DRAW-4, I-RESHUFFLE ------------------------------------------------------------------------


def test_R_DRAW_4_reshuffle_the_moment_the_last_card_is_taken() -> None:
    """R-DRAW-4 / I-RESHUFFLE (revised): drawing the deck's last cards reshuffles the
    discard pile into a new deck at once, not when someone next needs a card."""
    state = table(players=3, money=5)
    state.discard.extend(state.deck[:10])
    state.box.extend(state.deck[10:-2])  # conservation: park the rest in the box
    state.deck[:] = state.deck[-2:]
    last_two = set(state.deck)
    pile = set(state.discard)
    turn_of(state, 0, Phase.DRAW)
    events = play(state, Draw(2))
    assert set(state.seats[0].hand) == last_two
    assert of_kind(events, "reshuffle")
    assert set(state.deck) == pile and state.discard == []
    check(state)


def test_I_RESHUFFLE_an_empty_pile_refills_the_deck_later() -> None:
    """I-RESHUFFLE with I-DRAW-EMPTY: when the deck runs out with an empty discard pile
    there is nothing to shuffle; the next draw that needs a card reshuffles then."""
    state = table(players=3, money=5)
    state.box.extend(state.deck[:-1])
    state.deck[:] = state.deck[-1:]
    turn_of(state, 0, Phase.DRAW)
    events = play(state, Draw(1))
    assert not of_kind(events, "reshuffle") and state.deck == []
    turn_of(state, 1, Phase.DISCARD)
    card = give(state, 1, GANGSTER, 1)  # from the box
    play(state, Discard(card))  # an empty hand: phase F ends by itself
    assert state.phase is Phase.DRAW and state.discard == [card]
    events = play(state, Draw(1))
    assert of_kind(events, "reshuffle") and card in state.seats[1].hand
    check(state)


# --- I-RANSOM house rule --------------------------------------------------------------------------


def _breach(excess: bool) -> list[int]:
    """Hideout 3 + Speakeasy 3 + a 2 on it = defence 8, attacked by 10, die 3."""
    state = table(players=3, money=3, ransom_excess=excess)
    h1 = hideout(state, 1)
    speak = business(state, 1, 3, on_hideout=True)
    gangster(state, 1, 2, speak)
    set_money(state, 1, 20)
    a = gangster(state, 0, 4, business(state, 0, 4))
    b = gangster(state, 0, 3, hideout(state, 0))
    c = gangster(state, 0, 3, business(state, 0, 3))
    turn_of(state, 0, Phase.ATTACK)
    force_dice(state, 3)
    events = attack(state, h1, a, b, c)
    events += pass_windows(state)
    return [e.amount for e in of_kind(events, "ransom")]


def test_I_RANSOM_default_is_die_plus_top_income() -> None:
    """I-RANSOM: by default the excess of the attack does not count: 3 + 3 = 6."""
    assert GameOptions().ransom_excess is False
    assert _breach(excess=False) == [6]


def test_I_RANSOM_house_rule_counts_the_excess() -> None:
    """I-RANSOM house rule "ransom counts the excess": (10 - 8) + 3 + 3 = 8."""
    assert _breach(excess=True) == [8]


def test_I_RANSOM_house_rule_is_saved_with_the_game() -> None:
    """I-RANSOM: the option is part of GameOptions and survives a save round trip."""
    state = new_game(GameOptions(players=3, seed=4, ransom_excess=True))
    data = json.loads(json.dumps(to_json(state)))
    assert data["options"]["ransom_excess"] is True
    assert from_json(data).options.ransom_excess is True


# --- I-REACT-WINDOW: any reaction, every window; the active player is asked -------------


def test_I_REACT_WINDOW_attacker_bribes_the_defenders_police() -> None:
    """I-REACT-WINDOW worked example: the defender stops the attack with Police (b); the
    attacker, whose turn it is, is asked in the defender's window and answers with a
    Bribe, which resolves first (R-REACT-2): the Police is cancelled, the attack goes on."""
    state = table(players=3, money=5)
    bar = business(state, 1, 2)
    gangster(state, 1, 1, bar)
    a = gangster(state, 0, 3, business(state, 0, 3))
    police = give(state, 1, POLICE)
    bribe = give(state, 0, BRIBE)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, bar, a)
    assert state.to_act == 1
    events += play(state, StopAttack(police))
    assert state.window is not None and state.window.kind is WindowKind.POLICE
    assert state.to_act == 0 and state.active == 0  # the attacker is asked
    assert PlayBribe(bribe) in legal_actions(state)
    events += play(state, PlayBribe(bribe))
    events += pass_windows(state)
    assert of_kind(events, "cancelled") and not of_kind(events, "attack_stopped")
    assert not on_table(state, bar)  # 3 >= 1 + 2
    assert {police, bribe} <= set(state.discard)


def test_I_REACT_WINDOW_police_a_answers_a_drive_by_before_the_roll() -> None:
    """I-REACT-WINDOW worked example: a Drive-by is declared on a Speakeasy; its owner
    answers in the Drive-by's window with Police (a) on that very Business. The Police
    resolves first, so the guard is HIDDEN when the dice roll and the Drive-by hits only
    the Business (2 < 3: it stands)."""
    state = table(players=3)
    speak = business(state, 1, 3)
    guard = gangster(state, 1, 2, speak)
    drive = give(state, 0, DRIVE_BY)
    police = give(state, 1, POLICE)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    events = play(state, PlayDriveBy((drive,), speak))
    assert state.window is not None and state.window.kind is WindowKind.DRIVE_BY
    assert state.to_act == 1
    assert PlayPolice(police, speak) in legal_actions(state)
    force_dice(state, 2)  # nobody else can answer: everything resolves now
    events += play(state, PlayPolice(police, speak))
    events += pass_windows(state)
    assert state.seats[1].hidden == [guard]
    assert not of_kind(events, "kill") and on_table(state, speak)
    hide_at = next(i for i, e in enumerate(events) if e.kind == "hidden")
    roll_at = next(i for i, e in enumerate(events) if e.kind == "die")
    assert hide_at < roll_at


def test_I_REACT_WINDOW_every_reaction_its_card_allows_in_a_police_window() -> None:
    """I-REACT-WINDOW (revised): a Police window is not limited to Bribes: a Drive-by, a
    Turncoat, Police (a) and a Poker Night may all be played there too."""
    state = table(players=3, money=5)
    bar = business(state, 1, 2)
    guard = gangster(state, 1, 1, bar)
    police0 = give(state, 0, POLICE)
    drive = give(state, 2, DRIVE_BY)
    turn = give(state, 2, TURNCOAT)
    police2 = give(state, 2, POLICE)
    poker = give(state, 2, POKER)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    play(state, PlayPolice(police0, bar))
    assert state.window is not None and state.window.kind is WindowKind.POLICE
    assert state.to_act == 1 or state.to_act == 2
    while state.to_act != 2:
        play(state, Pass())
    acts = legal_actions(state)
    assert PlayDriveBy((drive,), bar) in acts
    assert PlayTurncoat(turn, guard) in acts
    assert PlayPolice(police2, bar) in acts
    assert PlayPokerNight(poker) in acts


def test_I_REACT_WINDOW_a_turncoat_is_answered_before_it_takes_effect() -> None:
    """I-REACT-WINDOW (b): a Turncoat opens a window before it takes effect; the owner
    answers with a Turncoat of their own on the same gangster (R-TURNCOAT-1: own gangsters
    allowed), which resolves first, so the rival's Turncoat finds nothing and is spent."""
    state = table(players=3)
    bar = business(state, 1, 3)
    three = gangster(state, 1, 3, bar)
    t0 = give(state, 0, TURNCOAT)
    t1 = give(state, 1, TURNCOAT)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    play(state, PlayTurncoat(t0, three))
    assert state.window is not None and state.window.kind is WindowKind.CARD
    assert state.to_act == 1 and PlayTurncoat(t1, three) in legal_actions(state)
    events = play(state, PlayTurncoat(t1, three))
    events += pass_windows(state)
    assert three in state.seats[1].hand and three not in state.seats[0].hand
    assert [e.cards for e in of_kind(events, "fizzle")] == [(t0,)]
    assert {t0, t1} <= set(state.discard)
    check(state)


# --- I-TRANSIT: declared attackers stand on nothing -------------------------------------------


def _declared() -> tuple[GameState, dict[str, int]]:
    """Seat 0 attacks seat 1's empty Speakeasy with a 2 from its own Bootlegger; seat 2
    holds a Drive-by, a Police and a Turncoat."""
    state = table(players=3, money=5)
    home = business(state, 0, 2)
    att = gangster(state, 0, 2, home)
    speak = business(state, 1, 3)
    ids = {
        "home": home,
        "att": att,
        "speak": speak,
        "drive": give(state, 2, DRIVE_BY),
        "police": give(state, 2, POLICE),
        "turn": give(state, 2, TURNCOAT),
    }
    turn_of(state, 0, Phase.ATTACK)
    attack(state, speak, att)
    while state.to_act != 2:
        play(state, Pass())
    return state, ids


def test_I_TRANSIT_attackers_leave_their_business_on_declaration() -> None:
    """I-TRANSIT: once declared, the attackers are on no building: the pending attack
    holds them, and Police (a) or a Turncoat can no longer reach them."""
    state, ids = _declared()
    assert state.seats[0].buildings[ids["home"]] == ()
    pending = state.pending(PendingAttack)
    assert isinstance(pending, PendingAttack) and pending.gangsters == (ids["att"],)
    check(state)
    assert_illegal(state, PlayPolice(ids["police"], ids["home"]), "I-TRANSIT")
    assert_illegal(state, PlayTurncoat(ids["turn"], ids["att"]), "I-TRANSIT")
    assert StopAttack(ids["police"]) in legal_actions(state)  # only Police (b) reaches them


def test_I_TRANSIT_drive_by_on_the_attackers_home_deals_them_nothing() -> None:
    """I-TRANSIT worked example: a Drive-by on the Business the attackers came from, after
    the declaration, destroys it (6 >= 0 + 2) but does not touch them; they fight and go
    into hiding as usual."""
    state, ids = _declared()
    force_dice(state, 6)
    events = play(state, PlayDriveBy((ids["drive"],), ids["home"]))
    events += pass_windows(state)
    assert not on_table(state, ids["home"])
    assert not [e for e in of_kind(events, "kill") if ids["att"] in e.cards]
    assert state.seats[0].hidden == [ids["att"]]
    check(state)


def test_I_TRANSIT_police_b_still_stops_them() -> None:
    """I-TRANSIT: Police (b) is the one card that acts on attackers in transit."""
    state, ids = _declared()
    events = play(state, StopAttack(ids["police"]))
    events += pass_windows(state)
    assert of_kind(events, "attack_stopped")
    assert state.seats[0].hidden == [ids["att"]]


# --- R-DRIVEBY-1, R-TURNCOAT-1: own targets ---------------------------------------------------


def test_R_DRIVEBY_1_any_business_your_own_included() -> None:
    """R-DRIVEBY-1 (revised): a Drive-by may hit the player's own Business (never a
    Hideout, R-HIDE-2)."""
    state = table(players=3)
    mine = business(state, 0, 1)
    drive = give(state, 0, DRIVE_BY)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    assert PlayDriveBy((drive,), mine) in legal_actions(state)
    assert_illegal(state, PlayDriveBy((drive,), hideout(state, 0)), "R-HIDE-2")
    force_dice(state, 1)
    events = play(state, PlayDriveBy((drive,), mine))
    events += pass_windows(state)
    assert not on_table(state, mine) and [e.amount for e in of_kind(events, "driveby")] == [1]


def test_R_DRIVEBY_2_right_after_a_drive_by_more_on_its_business_join_it() -> None:
    """R-DRIVEBY-2: in the window of a declared Drive-by, a second Drive-by on the same
    Business joins it (one total, dice fixed first) rather than resolving on its own."""
    state = table(players=3)
    bar = business(state, 1, 2)
    d0 = give(state, 0, DRIVE_BY)
    d2 = give(state, 2, DRIVE_BY)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    play(state, PlayDriveBy((d0,), bar))
    while state.to_act != 2:
        play(state, Pass())
    assert_illegal(state, PlayDriveBy((d2,), bar), "R-DRIVEBY-2")


def test_R_TURNCOAT_1_your_own_gangster_but_not_from_your_hideout() -> None:
    """R-TURNCOAT-1 (revised): "any one gangster" includes the player's own, on a Business
    or HIDDEN; a gangster on the Hideout never turns (R-HIDE-2), one's own included."""
    state = table(players=3)
    bar = business(state, 0, 2)
    mine = gangster(state, 0, 2, bar)
    resting = hidden(state, 0, 1)
    boss_man = gangster(state, 0, 1, hideout(state, 0))
    turn = give(state, 0, TURNCOAT)
    give(state, 0, GANGSTER, 1)
    turn_of(state, 0, Phase.OPEN)
    offered = {a.gangster for a in legal_actions(state) if isinstance(a, PlayTurncoat)}
    assert offered == {mine, resting}
    assert_illegal(state, PlayTurncoat(turn, boss_man), "R-HIDE-2")
    play(state, PlayTurncoat(turn, mine))
    pass_windows(state)
    assert mine in state.seats[0].hand and state.seats[0].buildings[bar] == ()
    check(state)


# --- R-REACT-3: rival plays vs answers ------------------------------------------------------------


def test_R_REACT_3_an_answer_resolves_before_the_card_it_answers() -> None:
    """R-REACT-3 (revised) with R-REACT-2: seat 1, asked first, plays a Drive-by on seat 2's
    Bootlegger in the attack window; seat 2 answers that Drive-by with Police (a) on it.
    The answer resolves first (the guard hides), then the Drive-by, then the attack."""
    state = table(players=3, money=5)
    att = gangster(state, 0, 1, business(state, 0, 1))
    target = business(state, 1, 4)
    bar2 = business(state, 2, 2)
    guard = gangster(state, 2, 2, bar2)
    drive = give(state, 1, DRIVE_BY)
    police = give(state, 2, POLICE)
    turn_of(state, 0, Phase.ATTACK)
    events = attack(state, target, att)
    assert state.to_act == 1
    events += play(state, PlayDriveBy((drive,), bar2))
    assert state.to_act == 2
    force_dice(state, 1)
    events += play(state, PlayPolice(police, bar2))
    events += pass_windows(state)
    order = [e.kind for e in events if e.kind in ("hidden", "driveby", "damage")]
    assert order[:3] == ["hidden", "driveby", "damage"]
    assert guard in state.seats[2].hidden


def test_R_REACT_3_rival_plays_the_first_asked_resolves_first() -> None:
    """R-REACT-3: two rivals could stop the same attack; the first asked who plays resolves
    first, and once the attack is stopped the second Police is no longer offered."""
    state = table(players=3)
    att = gangster(state, 0, 3, hideout(state, 0))
    target = business(state, 1, 2)
    p1 = give(state, 1, POLICE)
    p2 = give(state, 2, POLICE)
    gangster(state, 2, 1, business(state, 2, 1))  # keeps seat 2 asked (a Police (a) target)
    turn_of(state, 0, Phase.ATTACK)
    attack(state, target, att)
    assert state.to_act == 1
    play(state, StopAttack(p1))
    assert state.to_act == 2 and StopAttack(p2) in legal_actions(state)  # not stopped yet
    while state.window is not None and state.window.kind is WindowKind.POLICE:
        play(state, Pass())
    assert state.window is not None and state.to_act == 2
    assert StopAttack(p2) not in legal_actions(state)
    assert_illegal(state, StopAttack(p2), "R-POLICE-1")
    assert p1 in state.discard


def test_I_REACT_WINDOW_random_games_under_the_revised_rules() -> None:
    """I-REACT-WINDOW: a few random games with the house rule on, every decision from
    `legal_actions`, each seat asked in a window having something to play."""
    for seed in range(5):
        state = new_game(GameOptions(players=4, seed=seed, ransom_excess=True))
        rng = random.Random(seed)
        steps = 0
        while not state.game_over and steps < 20_000:
            acts = legal_actions(state)
            if state.window is not None:
                assert len(acts) > 1
            apply(state, rng.choice(acts))
            steps += 1
        assert state.game_over
        check(state)
