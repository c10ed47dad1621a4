"""Small pop-ups over the table: hover card, toasts, questions, pile browser."""

from __future__ import annotations

import pygame
from pygame import Rect, Surface

from engine.cards import CARDS
from noirburg_desktop.look import textprobe
from noirburg_desktop.look.resources import card_key
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.layout import TableLayout, hand_card_size
from noirburg_desktop.table.render import price_tag
from noirburg_desktop.table.texts import card_name, rule_text, t


def draw_box(dest: Surface, r: Rect, edge: tuple[int, int, int] = w.BRASS) -> None:
    """A dark rounded panel with a coloured edge: every pop-up over the table. Opaque:
    the log or cards under a panel never show through its words (playtest)."""
    surf = w.cached(("box", r.size), lambda: _box_surface(r.size))
    dest.blit(surf, r)
    pygame.draw.rect(dest, edge, r, 2, border_radius=10)
    textprobe.cover(dest, r)


def _box_surface(size: tuple[int, int]) -> Surface:
    s = Surface(size, pygame.SRCALPHA)  # transparent outside the rounded corners
    pygame.draw.rect(s, (18, 18, 22, 255), (0, 0, *size), border_radius=10)
    return s


def hover_width(lay: TableLayout) -> int:
    return max(150, min(210, lay.size[0] // 7))


def draw_hover_card(
    dest: Surface,
    lay: TableLayout,
    card: int,
    mouse: tuple[int, int],
    note: str = "",
    beside: Rect | None = None,
) -> None:
    """The card enlarged with its rule text, kept inside the table area; `note` (the
    engine's reason a dimmed hand card cannot be used now) goes under the rule text.
    With `beside` (the keyboard's focused card) the box goes next to it, not over it."""
    cw = hover_width(lay)
    face = w.card_face(card, cw)
    lines = w.wrap(rule_text(card), 14, cw + 100)
    notes = w.wrap(note, 14, cw + 100, bold=True) if note else []
    box_w = cw + 120
    box_h = face.get_height() + 20 + (len(lines) + len(notes)) * 18 + 34 + (6 if notes else 0)
    if box_h > lay.size[1] - 8:  # a small window: a smaller face, never a clipped text
        cw = max(60, cw - (box_h - lay.size[1] + 8) * 5 // 7)
        face = w.card_face(card, cw)
        box_h = face.get_height() + 20 + (len(lines) + len(notes)) * 18 + 34 + (6 if notes else 0)
    left, right = (beside.left, beside.right) if beside is not None else (mouse[0], mouse[0])
    x = right + 24
    if x + box_w > lay.table.right:
        x = left - 24 - box_w
    y = max(lay.table.y + 4, min(mouse[1] - box_h // 2, lay.size[1] - box_h - 4))
    r = Rect(max(4, x), y, box_w, box_h)
    draw_box(dest, r)
    dest.blit(face, (r.centerx - cw // 2, r.y + 10))
    title = w.text(card_name(card), 16, w.BRASS, bold=True)
    ty = r.y + 14 + face.get_height()
    dest.blit(title, (r.x + 10, ty))
    ty += 22
    for line in lines:
        dest.blit(w.text(line, 14, w.INK), (r.x + 10, ty))
        ty += 18
    ty += 6
    for line in notes:
        dest.blit(w.text(line, 14, REFUSAL, bold=True), (r.x + 10, ty))
        ty += 18


REFUSAL = (240, 120, 100)  # the engine's "not now" under a dimmed card's rule text


TOAST_LINES = 4


def toast_fit(lay: TableLayout, message: str) -> tuple[int, list[str], Rect]:
    """Font size, lines and box of a toast. One line sits in the message strip under the
    middle of the table; a longer one starts under the viewer's name and coins (it
    covered them, playtest 3) and never goes up over the piles or dice. The text gets
    smaller before a line is left out."""
    strip = lay.banner
    header = lay.seats[lay.viewing].header
    size, lines = 16, w.wrap(message, 16, strip.w - 32)
    while len(lines) > TOAST_LINES and size > 12:
        size -= 1
        lines = w.wrap(message, size, strip.w - 32)
    step = size + 4
    h = 14 + step * min(len(lines), TOAST_LINES)
    r = Rect(0, 0, min(strip.w, max(w.text(x, size).get_width() for x in lines) + 32), h)
    if len(lines) == 1:
        r.midtop = (strip.centerx, strip.y + (strip.h - min(h, 34)) // 2)
    else:
        r.midtop = (strip.centerx, header.bottom + 2)
    return size, lines, r


def draw_toast(dest: Surface, lay: TableLayout, message: str) -> None:
    """A message for the player: refusals with rule ID, hints, saves (see `toast_fit`)."""
    size, lines, r = toast_fit(lay, message)
    # A moment over the viewer's cards is fine; over their name and coins it is a fault.
    textprobe.box(dest, r.clip(lay.seats[lay.viewing].header))
    draw_box(dest, r, w.BLOOD)
    for line in lines[TOAST_LINES:]:
        textprobe.dropped(line)
    for i, line in enumerate(lines[:TOAST_LINES]):
        dest.blit(w.text(line, size, w.INK), (r.x + 16, r.y + 7 + i * (size + 4)))


def draw_note(dest: Surface, lay: TableLayout, note: str) -> None:
    """A private message for the device holder; any key or click closes it."""
    r = Rect(0, 0, min(620, lay.table.w - 40), 120)
    r.center = lay.table.center
    draw_box(dest, r)
    lines = w.wrap(note, 18, r.w - 30)
    for i, line in enumerate(lines[:3]):
        w.blit_center(dest, w.text(line, 18, w.INK), (r.centerx, r.y + 30 + i * 24))
    w.blit_center(dest, w.text(t("table.ok"), 16, w.BRASS, bold=True), (r.centerx, r.bottom - 20))


def draw_discard_browser(dest: Surface, lay: TableLayout, pile: list[int]) -> None:
    """Every card in the discard pile, newest first (it is face up, R-DISCARD-1)."""
    r = lay.table.inflate(-60, -60)
    draw_box(dest, r, w.BRASS)
    title = w.text(t("table.browse_discard", n=len(pile)), 18, w.BRASS, bold=True)
    dest.blit(title, (r.x + 16, r.y + 10))
    cw = 64
    ch = int(cw * 1.4)
    cols = max(1, (r.w - 32) // (cw + 8))
    rows = max(1, (r.h - 50) // (ch + 8))
    for i, card in enumerate(reversed(pile[-cols * rows :])):
        x = r.x + 16 + (i % cols) * (cw + 8)
        y = r.y + 42 + (i // cols) * (ch + 8)
        dest.blit(w.card_face(card, cw), (x, y))


def draw_menu_rects(lay: TableLayout, counts: list[int]) -> list[tuple[int, Rect]]:
    """The draw chooser that opens from the deck in phase G: one box per count, and
    0 last (end the turn without drawing)."""
    bw, bh = 58, 46
    x = lay.deck.x
    y = lay.deck.y - bh - 8
    if y < lay.table.y:
        y = lay.deck.bottom + 8
    return [(n, Rect(x + i * (bw + 6), y, bw, bh)) for i, n in enumerate(counts)]


def draw_draw_menu(dest: Surface, rects: list[tuple[int, Rect]], prices: dict[int, int]) -> None:
    for n, r in rects:
        draw_box(dest, r)
        w.blit_center(dest, w.text(str(n), 18, w.INK, bold=True), (r.centerx, r.y + 15))
        if n == 0:
            label = w.text_fit(t("table.draw_none"), 12, r.w - 6, colour=w.BRASS)
        else:
            label = price_tag(prices.get(n, 0), 12, r.w - 6)
        w.blit_center(dest, label, (r.centerx, r.bottom - 11))


def draw_banner(dest: Surface, r: Rect, text: str) -> None:
    """The story's current line in the message strip (never over piles or dice)."""
    surf = w.text_fit(text, 17, r.w - 16, colour=w.INK, bold=True)
    dest.blit(w.cached(("banner", r.size), lambda: _shade(r.size, 170)), r)
    textprobe.box(dest, r)
    dest.blit(surf, surf.get_rect(center=r.center))


def draw_thinking(dest: Surface, header: Rect, t_s: float) -> None:
    """A pill under the seat's name while its AI thinks (Hard may take ~1 s)."""
    dots = "." * (1 + int(t_s * 3) % 3)
    lab = w.text(
        t("table.thinking") + dots.ljust(3), max(11, header.h * 3 // 5), w.CARD_INK, bold=True
    )
    r = Rect(header.x + 14, header.bottom + 2, lab.get_width() + 14, lab.get_height() + 4)
    pygame.draw.rect(dest, w.ACTIVE, r, border_radius=r.h // 2)
    textprobe.cover(dest, r)  # a moment over the seat's cards, never its name
    dest.blit(lab, (r.x + 7, r.y + 2))


def _shade(size: tuple[int, int], alpha: int) -> Surface:
    s = Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, alpha), (0, 0, *size), border_radius=8)
    return s


def prewarm(lay: TableLayout) -> None:
    """Scale every card face once for the fixed sizes (hand, piles, hover) so the
    first hover or draw of a kind does not cost a frame."""
    widths = {lay.discard.w, hover_width(lay)}
    widths |= {hand_card_size(lay.hand, n, lay.hand_card)[0] for n in range(1, 9)}
    seen: set[str] = set()
    for cid in range(len(CARDS)):
        key = card_key(cid)
        if key in seen:
            continue
        seen.add(key)
        for width in widths:
            w.card_face(cid, width)
