"""The reaction bar: the same bar, for the same time, after every event a
reaction could answer (I-REACT-WINDOW), whether or not the engine will ask
anyone. Clicking it or pressing R claims it; with several people at the
table the claimant then names their seat.
"""

from __future__ import annotations

import pygame
from pygame import Rect, Surface

from engine.threats import Threat
from noirburg_desktop.look import resources
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.texts import card_name, t
from noirburg_desktop.words.strings import N_, register

# What a loud bar answers, said to the whole table (the prompt's own lines say "your").
TEXT: dict[str, str] = {
    "bar.attack": N_("{by} attacks {owner}'s {target}"),
    "bar.raid": N_("{by} plays Police on {owner}'s {target}"),
    "bar.stop": N_("{by} plays Police against {owner}'s attack on {target}"),
    "bar.driveby": N_("{by} fires a Drive-by at {owner}'s {target}"),
    "bar.turncoat": N_("{by} plays a Turncoat on {owner}'s {target}"),
}
register("en", TEXT)


def bar_words(th: Threat | None, names: list[str]) -> str:
    """What the engine's threat (public: the pending action and the table) is about to
    do, and to whom ("" for none): pt4 shot-163, "Reactions?" said nothing of it."""
    if th is None or f"bar.{th.kind}" not in TEXT:
        return ""

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    return t(f"bar.{th.kind}", by=name(th.by), owner=name(th.seat), target=card_name(th.target))


BAR_TEXT = 17  # the bar's words, px
BAR_SMALLEST = 13  # they shrink to this before the event's line is cut


def bar_label(what: str, width: int, size: int = BAR_TEXT) -> tuple[str, int]:
    """The words of a claim bar and their size: what it answers (`bar_words`), then
    how to claim it (pt4 shot-163: "Reactions?" did not say what was threatened).
    A long event line is cut with "…"; the way to claim it never is."""
    if not what:
        return w.fitted(t("table.reaction_bar"), size, width, bold=True)
    hint = t("table.reaction_bar_hint")
    while size > BAR_SMALLEST and _width(f"{what} {hint}", size) > width:
        size -= 1
    room = width - _width(f" {hint}", size)
    shown = what
    if _width(shown, size) > room:
        while len(shown) > 2 and _width(shown + "…", size) > room:
            shown = shown[:-1]
        shown = shown.rstrip() + "…"
    return f"{shown} {hint}", size


def _width(s: str, size: int) -> int:
    return int(resources.font(size, True, False).size(s)[0])


def draw_bar(
    dest: Surface, rect: Rect, left: float, total: float, choosing: list[str], what: str = ""
) -> None:
    """The bar with its countdown; `choosing` lists seat names when asking who claims;
    `what` is what it answers (`bar_words`)."""
    surf = w.cached(("rbar", rect.size), lambda: _bar_bg(rect.size))
    dest.blit(surf, rect)
    k = 0.0 if total <= 0 else max(0.0, min(1.0, left / total))
    fill = Rect(rect.x + 4, rect.bottom - 7, int((rect.w - 8) * k), 4)
    pygame.draw.rect(dest, w.BRASS, fill, border_radius=2)
    if choosing:
        label = (
            t("table.claim_who")
            + "   "
            + "   ".join(f"{i + 1}: {n}" for i, n in enumerate(choosing) if n)
        )
        s = w.text_fit(label, BAR_TEXT, rect.w - 24, colour=w.INK, bold=True)
    else:
        label, size = bar_label(what, rect.w - 24)
        s = w.text(label, size, w.INK, bold=True)
    dest.blit(s, (rect.x + 12, rect.y + (rect.h - 8) // 2 - s.get_height() // 2 + 1))


def _bar_bg(size: tuple[int, int]) -> Surface:
    surf = Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (60, 14, 18, 235), (0, 0, *size), border_radius=8)
    pygame.draw.rect(surf, (200, 160, 80, 255), (0, 0, *size), 1, border_radius=8)
    return surf
