"""What the table tells a player about risk: the attack preview while assembling,
the danger to their own Hideout, and the Hint's one line.

Every number comes from `engine.predict` (the engine's own fight run on a copy)
or from the engine's bots; this module only words it, through `t()`.
"""

from __future__ import annotations

import engine
from engine import Phase
from engine import actions as A
from engine.actions import (
    Action,
)
from engine.cards import KIND, VALUE, Kind
from engine.predict import (
    AttackForecast,
    HideoutDanger,
    danger_after,
    forecast_attack,
    hideout_danger,
    homecoming,
    money_victory_need,
    safer_choice,
)
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.end_panel import end_lines
from noirburg_desktop.table.intents import hand_cards
from noirburg_desktop.table.texts import card_name, t
from noirburg_desktop.words.strings import tn
from noirburg_desktop.words.wording import card_list, do_text, say, why_text


def attack_preview(state: engine.GameState, seat: int) -> str:
    """ "Strength 5 vs defence 3 → destroyed, you take 2" for the attack being assembled."""
    target = state.attack_target
    if target is None or state.active != seat:
        return ""
    f = forecast_attack(state, seat, target, state.attack_gangsters)
    if f is None:
        return ""
    if not state.attack_gangsters:
        return t("table.preview.empty", target=card_name(target), defence=f.defence)
    return forecast_line(f)


def forecast_line(f: AttackForecast) -> str:
    head = t("table.preview.head", strength=f.strength, defence=f.defence)
    after = ""  # a whole sentence, after the line (playtest: "…out., you take 3")
    if f.hideout:
        if f.success and f.ransom is not None:
            out = t("table.preview.breach", lo=f.ransom[0], hi=f.ransom[1], money=f.owner_money)
            if f.knockout == "yes":
                after = t("table.preview.knockout_sure")
            elif f.knockout == "maybe":
                after = t("table.preview.knockout_maybe")
        else:
            out = t("table.preview.hold")
    elif f.success:
        out = t("table.preview.destroyed", paid=f.paid)
    else:
        out = t("table.preview.survives")
    back = (
        tn("table.preview.lose", len(f.attackers_lost), back=f.damage_back)
        if f.attackers_lost
        else t("table.preview.take", back=f.damage_back)
    )
    return f"{head} → {out}, {back}" + (f". {after}" if after else "")


def way_home_line(state: engine.GameState, seat: int, gangsters: tuple[int, ...]) -> str:
    """The hidden-gangster trap, said before the attack is launched (issue 20): which of
    `gangsters` (the attack being assembled) will find no room on `seat`'s Businesses in
    phase B and be discarded (R-MOVE-2), or else that those from the Hideout leave it for
    good (I-MOVE-HIDEOUT). The facts are the engine's (`engine.predict.homecoming`, on the
    attackers its forecast does not lose); "" when neither applies."""
    target = state.attack_target
    if target is None or not gangsters:
        return ""
    f = forecast_attack(state, seat, target, gangsters)
    lost = f.attackers_lost if f is not None else ()
    home = homecoming(state, seat, tuple(g for g in gangsters if g not in lost))
    stranded = [g for g in home.stranded if g in gangsters]
    if stranded:
        return tn("table.home.stranded", len(stranded), cards=card_list(stranded))
    if home.from_hideout:
        gone = home.from_hideout
        return tn("table.home.hideout", len(gone), cards=card_list(gone))
    return ""


def advice_lines(c: TableController) -> tuple[tuple[str, str], ...]:
    """The sidebar panel for controller `c`: what to do now, the attack preview, and
    the danger to the viewer's Hideout (tone "how", "info" or "warn")."""
    st = c.state
    if st.phase is Phase.GAME_OVER:  # playtest: the danger lines outlived the game
        return over_lines(st, [c.name(i) for i in range(c.n)])
    me = c.viewer
    mine = c.my_turn()
    out: list[tuple[str, str]] = []
    how = how_to(st, me, mine, c.name(st.active))
    if mine and st.phase is Phase.DISCARD and c.button_face().key == "table.end_turn":
        how = t("table.how.F_end")  # the button says "End turn" (pt5 check a)
    if mine and st.window is None and first_business_on_hideout(st, c.legal()):
        how = t("table.how.D_first")  # pt5: a newcomer's first drop was refused (R-OPEN-4)
    if mine and st.window is not None:
        last = next((x for x in reversed(c.log) if x[:1] not in ("\u00bb", "\u2014")), "")
        if last:  # say what the player is asked to react to
            how = t("table.how.window_on", what=last)
    if how:
        out.append((how, "how"))
    blocked = c.next_blocked() if mine else ""
    if blocked:  # playtest: "Next phase" was greyed and said why only under the pointer
        out.append((blocked, "warn"))
    if mine and st.phase is Phase.MULLIGAN:
        out.append((t("table.legend"), "info"))
    preview = attack_preview(st, me) if mine else ""
    if preview:
        out.append((preview, "info"))
        home = way_home_line(st, me, st.attack_gangsters)
        if home:
            out.append((home, "warn"))
    if c.is_human(me) and st.seats[me].alive and not st.first_round:
        names = [c.name(i) for i in range(c.n)]
        line = danger_line(st, me, names)
        if line:
            exposed = is_exposed_and_broke(st, me) is not None
            out.append((line, "warn" if exposed else "info"))
        out += money_lines(st, me, names)
    return tuple(out)


def first_business_on_hideout(state: engine.GameState, legal: list[Action]) -> bool:
    """Phase D, and every Business the engine lets the player open goes onto their
    Hideout (R-OPEN-4: the first one must). Read off `legal_actions`, so the table
    says where to drop before the first drop is refused."""
    if state.phase is not Phase.OPEN:
        return False
    hideout = state.seats[state.active].hideout
    opens = [a for a in legal if isinstance(a, A.OpenCard) and KIND[a.card] is Kind.BUSINESS]
    return bool(opens) and all(a.on is not None and a.on == hideout for a in opens)


def over_lines(state: engine.GameState, names: list[str]) -> tuple[tuple[str, str], ...]:
    """The sidebar once the game is over: that it is, who won and how (the engine's
    outcome), and where the scores are; nothing about a turn that will not come."""
    who, how = end_lines(state, names)
    out = [(t("table.over_side", who=who), "how")]
    if how:
        out.append((how, "info"))
    return tuple(out)


NEAR_MONEY = 0.75  # a seat this close to the money victory gets a line (display only)


def money_lines(state: engine.GameState, me: int, names: list[str]) -> list[tuple[str, str]]:
    """Who is close to winning by money (R-END-MONEY-1): a warning for a rival, a
    reminder for the viewer (playtest: a money win came without any warning)."""
    need = money_victory_need(state)
    if need is None:
        return []
    out: list[tuple[str, str]] = []
    for i, s in enumerate(state.seats):
        if s.alive and s.money >= NEAR_MONEY * need:
            if i == me:
                out.append((t("table.money.near_me", need=need, money=s.money), "info"))
            else:
                line = t("table.money.near", who=names[i], need=need, money=s.money)
                out.append((line, "warn"))
    return out


def playable_now(c: TableController) -> frozenset[int] | None:
    """Hand cards to leave undimmed (None: dim nothing, e.g. not the viewer's turn)."""
    st = c.state
    if not c.my_turn() or st.phase is Phase.MULLIGAN:
        return None
    return playable_cards(st, c.viewer, c.legal())


def playable_cards(state: engine.GameState, seat: int, legal: list[Action]) -> frozenset[int]:
    """Hand cards some legal action uses now (the engine lists one copy per kind, so
    identical copies count too); the table dims the rest."""
    # identical cards are interchangeable
    sigs = {(KIND[c], VALUE[c]) for a in legal for c in hand_cards(a)}
    return frozenset(c for c in state.seats[seat].hand if (KIND[c], VALUE[c]) in sigs)


def how_to(state: engine.GameState, seat: int, my_turn: bool, active_name: str) -> str:
    """One line per phase: what the player can do now, and how."""
    if state.phase is Phase.GAME_OVER:
        return ""
    if not my_turn and state.active == seat:
        return t("table.how.others_react")  # my turn, but the others are asked first
    if not my_turn:
        return t("table.how.wait", name=active_name)
    if state.window is not None:
        return t("table.how.window")
    if state.phase is Phase.MULLIGAN:
        return t("table.how.mulligan")
    if state.phase is Phase.ATTACK and state.attack_target is not None:
        return t("table.how.C_draft")
    key = f"table.how.{state.phase.value}"
    text = t(key)
    return "" if text == key else text


def danger_line(state: engine.GameState, seat: int, names: list[str]) -> str:
    """How exposed `seat`'s Hideout is: defence vs the strongest opponent, coins vs ransom."""
    d = hideout_danger(state, seat)
    if d is None:
        return ""
    return _danger_text(d, names)


def _danger_text(d: HideoutDanger, names: list[str]) -> str:
    if d.threat_seat is None or not d.breach:
        return t("table.danger.safe", defence=d.defence, threat=d.threat)
    who = names[d.threat_seat] if d.threat_seat < len(names) else "?"
    line = t("table.danger.exposed", defence=d.defence, who=who, threat=d.threat)
    line += " " + t("table.danger.ransom", lo=d.ransom[0], hi=d.ransom[1], money=d.money)
    if d.knockout == "yes":
        line += " " + t("table.danger.out")
    elif d.knockout == "maybe":
        line += " " + t("table.danger.out_maybe")
    return line + " " + danger_fix(d)


def danger_fix(d: HideoutDanger) -> str:
    """What to do about a breakable Hideout (playtest 3: the warning only said it was
    in danger): the defence that makes the strongest rival fall short, and the coins
    that pay any ransom; the numbers are the engine's (`HideoutDanger`)."""
    if d.knockout == "no":
        return t("table.danger.fix_paid", need=d.hold_need)
    return t("table.danger.fix", need=d.hold_need, coins=d.ransom[1])


def is_exposed_and_broke(state: engine.GameState, seat: int) -> HideoutDanger | None:
    """The danger a new player must hear about: breakable Hideout, ransom not covered."""
    d = hideout_danger(state, seat)
    if d is None or not d.breach or d.knockout == "no":
        return None
    return d


def hint_line(
    state: engine.GameState,
    seat: int,
    action: Action,
    reason: str,
    names: list[str],
    legal: list[Action] | None = None,
) -> str:
    """The Hint's toast, said to the player ("Open Speakeasy (3) on your Hideout: +3
    coins a turn"), never in the bot's voice; and when the move leaves the Hideout
    breakable with a ransom the player could not pay, a second line that says so and
    names the safer move among `legal` (`engine.predict.safer_choice`)."""
    move = owned_do(state, seat, action, names)
    why = why_text(reason, you=True)
    if isinstance(action, A.AddAttacker) and move != do_text(action):
        why = ""  # "needed against Hideout": the move names the target and its owner now
    line = t("table.hint_line", move=move, why=why) if why else t("table.hint_do", move=move)
    warnings = [hint_warning(state, seat, action, names, legal or [])]
    warnings.append(hint_way_home(state, seat, action))
    warning = " ".join(w for w in warnings if w)
    return f"{line}\n{warning}" if warning else line


def owned_do(state: engine.GameState, seat: int, action: Action, names: list[str]) -> str:
    """`do_text`, naming whose card a move aims at when it is a rival's ("Attack Deniz's
    Hideout", "Send Gangster 2 against Deniz's Hideout": with three rivals "Attack
    Hideout" says nothing); the owner is the engine's (`GameState.owner_of`)."""
    target: int | None = None
    if isinstance(action, A.StartAttack):
        target = action.target
    elif isinstance(action, A.PlayPolice):
        target = action.business
    elif isinstance(action, A.PlayDriveBy):
        target = action.target
    elif isinstance(action, A.PlayTurncoat):
        target = action.gangster
    if isinstance(action, A.AddAttacker) and state.attack_target is not None:
        aim = state.attack_target
        owner = state.owner_of(aim)
        if owner is not None and owner != seat and owner < len(names):
            gang = card_name(action.gangster)
            return t("table.do.send_against", card=gang, who=names[owner], target=card_name(aim))
    if target is None:
        owner = None
    elif isinstance(action, A.PlayTurncoat):
        owner = state.gangster_owner(target)
    else:
        owner = state.owner_of(target)
    if target is None or owner is None or owner == seat or owner >= len(names):
        return do_text(action, state.seats[seat].hideout, state.phase.value)
    who, card = names[owner], card_name(target)
    if isinstance(action, A.StartAttack):
        return t("table.do.attack_of", who=who, card=card)
    if isinstance(action, A.PlayPolice):
        return t("table.do.police_of", who=who, card=card)
    if isinstance(action, A.PlayDriveBy):
        return tn("table.do.driveby_of", len(action.cards), who=who, card=card)
    return t("table.do.turncoat_of", who=who, card=card)


def hint_way_home(state: engine.GameState, seat: int, action: Action) -> str:
    """The hidden-gangster trap for a hinted attack move (`way_home_line` on the attack
    as it would stand after `action`): a Hint never walks a newcomer into it unsaid."""
    if isinstance(action, A.AddAttacker):
        return way_home_line(state, seat, state.attack_gangsters + (action.gangster,))
    if isinstance(action, A.LaunchAttack):
        return way_home_line(state, seat, state.attack_gangsters)
    return ""


def hint_warning(
    state: engine.GameState, seat: int, action: Action, names: list[str], legal: list[Action]
) -> str:
    """ "" unless `action` leaves `seat`'s Hideout breakable by a rival it can see with a
    ransom it could not pay; then that, and the safer choice (or what to do about it)."""
    d = danger_after(state, seat, action)
    if d is None or not d.breach or d.knockout == "no" or d.threat_seat is None:
        return ""
    who = names[d.threat_seat] if d.threat_seat < len(names) else "?"
    text = t(
        "table.hint_warning",
        who=who,
        threat=d.threat,
        defence=d.defence,
        lo=d.ransom[0],
        hi=d.ransom[1],
        money=d.money,
    )
    safer = safer_choice(state, seat, action, legal)
    if safer is None:
        return f"{text} {danger_fix(d)}"
    alt, after = safer
    move = do_text(alt, state.seats[seat].hideout, state.phase.value)
    if not after.breach:
        return f"{text} {t('table.hint_safer_holds', move=move)}"
    return f"{text} " + t(
        "table.hint_safer", move=move, lo=after.ransom[0], hi=after.ransom[1], money=after.money
    )


def why_not_playable(state: engine.GameState, seat: int, card: int) -> str:
    """The engine's own reason a dimmed hand card cannot be used now.

    The app asks, it does not judge (`engine.card_refusal` picks the use to try);
    "" if the engine would accept it after all.
    """
    exc = engine.card_refusal(state, seat, card)
    return "" if exc is None else f"{say(exc.message)} ({exc.rule})"
