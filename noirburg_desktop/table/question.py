"""A small modal question over the table: one gesture, several legal meanings.

Used when a drop is ambiguous in a way the rules make the player decide:
the Hideout or only the Business on top (R-HIDE-ATK-1), or how many Drive-bys
to commit before the roll (R-DRIVEBY-2). Each choice has a button and a key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame
from pygame import Rect, Surface

import engine
from engine import GameState
from engine.actions import Action, JoinDriveBy, PlayDriveBy, PlayPolice, StartAttack, StopAttack
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.overlays import draw_box
from noirburg_desktop.table.texts import t

Seq = tuple[Action, ...]


@dataclass(frozen=True)
class Choice:
    label: str
    keys: tuple[int, ...]  # pygame key codes that pick it
    seq: Seq


@dataclass
class Question:
    title: str
    choices: list[Choice]

    def rects(self, lay: TableLayout) -> tuple[Rect, list[Rect]]:
        """The box and one button per choice, centred on the middle of the table."""
        n = len(self.choices)
        bw = 150 if n <= 2 else 64
        bh = 40
        box_w = max(min(760, lay.table.w - 40), n * (bw + 10) + 30)
        box = Rect(0, 0, min(box_w, lay.table.w - 10), 110)
        box.center = lay.center.center
        box.clamp_ip(lay.table)
        x0 = box.centerx - (n * (bw + 10) - 10) // 2
        buttons = [Rect(x0 + i * (bw + 10), box.bottom - bh - 12, bw, bh) for i in range(n)]
        return box, buttons

    def pick_key(self, key: int) -> Seq | None:
        for c in self.choices:
            if key in c.keys:
                return c.seq
        return None

    def pick_pos(self, lay: TableLayout, pos: tuple[int, int]) -> Seq | None:
        _box, buttons = self.rects(lay)
        for c, r in zip(self.choices, buttons, strict=True):
            if r.collidepoint(pos):
                return c.seq
        return None

    def draw(self, dest: Surface, lay: TableLayout, mouse: tuple[int, int]) -> None:
        box, buttons = self.rects(lay)
        draw_box(dest, box, w.BLOOD)
        title = w.text_fit(self.title, 17, box.w - 24, colour=w.INK, bold=True)
        dest.blit(title, (box.centerx - title.get_width() // 2, box.y + 14))
        for c, r in zip(self.choices, buttons, strict=True):
            hot = r.collidepoint(mouse)
            pygame.draw.rect(dest, (120, 30, 36) if hot else (48, 44, 34), r, border_radius=7)
            pygame.draw.rect(dest, w.BRASS, r, 1, border_radius=7)
            lab = w.text_fit(c.label, 16, r.w - 8, colour=w.INK, bold=True)
            dest.blit(lab, lab.get_rect(center=r.center))


_KEY_LETTER = re.compile(r"\((\w)\)\s*$")


def _letter_keys(label: str, default: int) -> tuple[int, ...]:
    """The key a choice's label names at its end ("Whole Hideout  (H)"; Turkish
    "Saldırıyı engelle  (E)"): each language picks letters from its own words.
    Turkish İ is the i key (SDL names a key by its unshifted letter)."""
    found = _KEY_LETTER.search(label)
    if found is None:
        return (default,)
    letter = found.group(1).replace("İ", "i").replace("I", "ı").lower()
    return (ord(letter),) if letter.isascii() else (default,)


def _choice(label: str, default: int, seq: Seq) -> Choice:
    return Choice(label, _letter_keys(label, default), seq)


def _digit_keys(n: int) -> tuple[int, ...]:
    return (getattr(pygame, f"K_{n}"), getattr(pygame, f"K_KP{n}"))


def ask_for(state: GameState, ok: list[Seq]) -> Question | None:
    """The question a legal drop needs answered, or None when it means one thing."""
    if not ok:
        return None
    first = ok[0][0]
    targets = [(q, q[0].target) for q in ok if isinstance(q[0], StartAttack)]
    if len(ok) > 1 and len(targets) == len(ok):
        hideouts = {s.hideout for s in state.seats}
        whole = next((q for q, target in targets if target in hideouts), ok[0])
        top = next((q for q in ok if q is not whole), ok[1])
        return Question(
            t("table.which_target"),
            [
                _choice(t("table.choice_hideout"), pygame.K_h, whole),
                _choice(t("table.choice_top"), pygame.K_b, top),
            ],
        )
    kinds = {type(q[0]) for q in ok}
    if kinds == {StopAttack, PlayPolice}:  # R-POLICE-1: (b) or (a) on the attacked Business
        stop = next(q for q in ok if isinstance(q[0], StopAttack))
        hide = next(q for q in ok if isinstance(q[0], PlayPolice))
        return Question(
            t("table.which_police"),
            [
                _choice(t("table.choice_stop"), pygame.K_s, stop),
                _choice(t("table.choice_hide"), pygame.K_p, hide),
            ],
        )
    if isinstance(first, (PlayDriveBy, JoinDriveBy)):
        legal = engine.legal_actions(state)
        same: list[PlayDriveBy | JoinDriveBy]
        if isinstance(first, PlayDriveBy):  # the same Business, any count
            same = [a for a in legal if isinstance(a, PlayDriveBy) and a.target == first.target]
        else:
            same = [a for a in legal if isinstance(a, JoinDriveBy)]
        by_n = {len(a.cards): a for a in same}
        if len(by_n) > 1:
            return Question(
                t("table.how_many_driveby", most=min(max(by_n), 9)),
                [Choice(str(n), _digit_keys(n), (by_n[n],)) for n in sorted(by_n) if n <= 9],
            )
    return None
