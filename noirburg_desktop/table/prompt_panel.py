"""The reaction prompt on the table: what is threatened, what each answer does.

While the table waits on a person in a reaction window (`prompting`), a panel over
the middle of the table says what is about to happen to what they own ("Bo
attacks your Speakeasy (3)!"), what passing lets happen (the engine's own fight
forecast, `engine.predict`), and in one sentence what each card they can answer
with does ("Police: the attack deals no damage, your Speakeasy (3) stays"). The
threatened card is outlined and the answering cards glow. It is drawn from the
position every frame, so it is back as soon as a tip over it is closed.

In every other window the table does not stop; while the engine asks the person
during the window's beat, the reaction cards they could play glow quietly (grab
one, or press R, to hold the table). The wording is here; every fact comes from
the engine (`engine.threats.threat`, `threat_answers`, `legal_actions`).
"""

from __future__ import annotations

import math

import pygame
from pygame import Rect, Surface

import engine
from engine.actions import Action, Pass
from engine.cards import Kind
from engine.threats import Threat, threat, threat_answers
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.advice import forecast_line, playable_cards
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.overlays import draw_box
from noirburg_desktop.table.texts import card_name, t
from noirburg_desktop.words import strings
from noirburg_desktop.words.i18n import Np_
from noirburg_desktop.words.strings import N_, register, tn

TEXT: dict[str, str] = {
    "prompt.attack": N_("{by} attacks your {target}!"),
    "prompt.attack_hideout": N_("{by} attacks your Hideout!"),
    "prompt.attack_bribed": N_(
        "Your Police were bribed: {by}'s attack on your {target} goes ahead!"
    ),
    "prompt.raid": N_("{by} plays Police on your {target}: its gangsters are sent into hiding"),
    "prompt.stop": N_("{by} plays Police against your attack on {target}"),
    "prompt.stop_rebribed": N_(
        "{by} answered your Bribe with a Bribe: the Police stand against your attack on "
        "{target} again"
    ),
    "prompt.raid_rebribed": N_(
        "{by} answered your Bribe with a Bribe: the Police on your {target} stand again"
    ),
    "prompt.turncoat": N_("{by} plays a Turncoat on your {target}"),
    "prompt.pass.destroyed": N_("If you pass: {target} is destroyed and you pay {paid}."),
    "prompt.pass.holds": N_("If you pass: {target} survives the attack."),
    "prompt.pass.breach": N_(
        "If you pass: your Hideout falls, ransom {lo}–{hi} coins (you have {money})."
    ),
    "prompt.pass.out": N_("You could not pay: you would be out of the game."),
    "prompt.pass.out_maybe": N_("A high roll would put you out of the game."),
    "prompt.pass.hideout_holds": N_("If you pass: your Hideout holds."),
    "prompt.pass.raid": N_(
        "If you pass: your gangsters on {target} go into hiding and leave it unguarded."
    ),
    "prompt.pass.stop": N_(
        "If you pass: your attack is called off, your gangsters go into hiding."
    ),
    "prompt.pass.driveby": N_(
        "If you pass: a die of damage each on {target}, weakest gangster first."
    ),
    "prompt.pass.turncoat": N_("If you pass: {by} takes your {target} into their hand."),
    "prompt.answer.stop": N_("Police: the attack deals no damage, your {target} stays."),
    "prompt.answer.rebribe": N_(
        "Bribe: the Police stand again, the attack deals no damage and your {target} stays."
    ),
    "prompt.answer.unraid": N_("Bribe: the Police are cancelled, your gangsters stay on {target}."),
    "prompt.answer.unstop": N_(
        "Bribe: the Police are cancelled and your attack goes ahead: {fight}."
    ),
    "prompt.answer.hide": N_(
        "Police on {target}: its gangsters hide before the roll; the dice hit the Business alone."
    ),
    "prompt.answer.turncoat": N_(
        "Turncoat on {target}: you take it into your hand first, theirs finds nothing."
    ),
    "prompt.how": N_("Drag the lit card to the middle, or Pass (Space)."),
    "prompt.how_onto": N_("Drag the lit card onto your {target}, or Pass (Space)."),
    "prompt.chance": N_(
        "You may react: drag a lit card from your hand, or Pass (Space; Shift+Space: pass "
        "for the rest of this turn)."
    ),
    "prompt.held": N_("You hold the table: drag a lit card, or Pass (Space). R lets go."),
    "prompt.beat": N_("R or grab a lit card: hold the table to react"),
}
register("en", TEXT)
strings.PLURALS["prompt.pass.lose"] = Np_("You lose {n} gangster.", "You lose {n} gangsters.")
strings.PLURALS["prompt.driveby"] = Np_(
    "{by} fires a Drive-by at your {target}", "{by} fires {n} Drive-bys at your {target}"
)


def threat_lines(th: Threat, names: list[str]) -> list[str]:
    """What is threatened, what passing lets happen, and what the answer does."""
    by = names[th.by] if 0 <= th.by < len(names) else "?"
    target = card_name(th.target)
    f = th.forecast
    if th.kind == "attack":
        if th.answer is Kind.BRIBE:
            head = t("prompt.attack_bribed", by=by, target=target)
            answer = t("prompt.answer.rebribe", target=target)
        else:
            key = "prompt.attack_hideout" if th.hideout else "prompt.attack"
            head = t(key, by=by, target=target)
            answer = t("prompt.answer.stop", target=target)
        lines = [head, _attack_pass(th, target), answer]
    elif th.kind == "raid":
        key = "prompt.raid_rebribed" if th.bribes else "prompt.raid"
        lines = [
            t(key, by=by, target=target),
            t("prompt.pass.raid", target=target),
            t("prompt.answer.unraid", target=target),
        ]
    elif th.kind == "stop":
        fight = forecast_line(f) if f is not None else ""
        lines = [
            t("prompt.stop_rebribed" if th.bribes else "prompt.stop", by=by, target=target),
            t("prompt.pass.stop"),
            t("prompt.answer.unstop", fight=fight),
        ]
    elif th.kind == "driveby":
        lines = [
            tn("prompt.driveby", th.dice, by=by, target=target),
            t("prompt.pass.driveby", target=target),
            t("prompt.answer.hide", target=target),
        ]
    else:  # turncoat
        lines = [
            t("prompt.turncoat", by=by, target=target),
            t("prompt.pass.turncoat", by=by, target=target),
            t("prompt.answer.turncoat", target=target),
        ]
    onto = th.kind in ("driveby", "turncoat")
    how = t("prompt.how_onto", target=target) if onto else t("prompt.how")
    return [*lines, how]


def _attack_pass(th: Threat, target: str) -> str:
    f = th.forecast
    if f is None:
        return ""
    if th.hideout:
        if not (f.success and f.ransom is not None):
            return t("prompt.pass.hideout_holds")
        line = t("prompt.pass.breach", lo=f.ransom[0], hi=f.ransom[1], money=f.owner_money)
        if f.knockout == "yes":
            line += " " + t("prompt.pass.out")
        elif f.knockout == "maybe":
            line += " " + t("prompt.pass.out_maybe")
        return line
    if f.success:
        line = t("prompt.pass.destroyed", target=target, paid=f.paid)
    else:
        line = t("prompt.pass.holds", target=target)
    if f.defenders_lost:
        line += " " + tn("prompt.pass.lose", len(f.defenders_lost))
    return line


def prompt_lines(c: TableController) -> list[str]:
    """The panel's lines for the person the table waits on now ([] when none)."""
    st = c.state
    if st.window is None or not c.my_turn():
        return []
    th = threat(st)
    if th is not None and th.seat == c.viewer and threat_answers(st):
        return threat_lines(th, [c.name(i) for i in range(c.n)])
    if c.asked is not None and c.asked.how == "held":
        return [t("prompt.held")]
    return [t("prompt.chance")]


def answer_cards(state: engine.GameState, seat: int) -> frozenset[int]:
    """The hand cards that answer the threat to `seat` now (they glow)."""
    if state.to_act != seat:
        return frozenset()
    return playable_cards(state, seat, threat_answers(state))


def beat_cards(state: engine.GameState, seat: int) -> frozenset[int]:
    """The reaction cards `seat` could play in the window asking them now (they glow
    quietly during the window's beat: grab one to hold the table)."""
    if state.window is None or state.to_act != seat:
        return frozenset()
    plays: list[Action] = [a for a in engine.legal_actions(state) if not isinstance(a, Pass)]
    return playable_cards(state, seat, plays)


def panel_rect(
    lay: TableLayout, lines: list[str], width: int
) -> tuple[Rect, list[tuple[str, int]]]:
    """The panel over the middle of the table, just above the message strip (the story's
    banner and the toasts stay readable under it)."""
    wrapped: list[tuple[str, int]] = []
    for i, line in enumerate(lines):
        size = 17 if i == 0 and len(lines) > 1 else 15
        wrapped += [(x, size) for x in w.wrap(line, size, width - 28, bold=i == 0)]
    h = 16 + sum(s + 6 for _x, s in wrapped)
    strip = lay.banner
    r = Rect(0, 0, width, h)
    r.midbottom = (strip.centerx, strip.top - 2)
    top = lay.table.y + 4
    if r.y < top:
        r.y = top
    return r, wrapped


def draw_prompt(dest: Surface, lay: TableLayout, lines: list[str], urgent: bool) -> Rect:
    """The prompt panel; returns where it was drawn."""
    center, table = lay.center, lay.table
    width = min(700, table.w - 40, max(center.w, 460))
    r, wrapped = panel_rect(lay, lines, width)
    draw_box(dest, r, w.BLOOD if urgent else w.LEGAL)
    y = r.y + 10
    for i, (text, size) in enumerate(wrapped):
        head = urgent and i == 0
        colour = w.INK if not head else (255, 214, 90)
        dest.blit(w.text(text, size, colour, bold=head), (r.x + 14, y))
        y += size + 6
    return r


def outline_pulse(dest: Surface, rect: Rect, colour: tuple[int, int, int], t_s: float) -> None:
    """A slow throb around a card the prompt is about."""
    width = 2 + int(2 * (1 + math.sin(t_s * 5)))
    w.outline(dest, rect.inflate(8, 8), colour, width)


def glow(dest: Surface, rect: Rect, t_s: float) -> None:
    """A quiet glow on a reaction card that could be played now."""
    alpha = 90 + int(60 * (1 + math.sin(t_s * 3)))
    surf = Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*w.LEGAL, alpha), surf.get_rect(), 3, border_radius=8)
    dest.blit(surf, (rect.x - 4, rect.y - 4))


def draw_beat_hint(dest: Surface, strip: Rect) -> None:
    """A small line in the message strip while a window's beat runs."""
    s = w.text_fit(t("prompt.beat"), 14, strip.w - 16, colour=w.INK_DIM)
    dest.blit(s, s.get_rect(midright=(strip.right - 8, strip.centery)))
