"""Drawing primitives for the table: text, cards, coins, dice, countdown tokens.

Everything that is drawn more than once is rendered once into a cached
Surface keyed by what it shows and its size; a frame is then mostly blits,
which is what keeps the software renderer inside its frame budget.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
from pygame import Rect, Surface

from engine.cards import CARDS
from noirburg_desktop.look import resources, textprobe
from noirburg_desktop.look.resources import card_key
from noirburg_desktop.words import i18n

# --- palette: black-and-white film with brass and blood --------------------------------
FELT = (22, 30, 28)
FELT_DARK = (12, 16, 15)
PANEL = (30, 33, 36)
PANEL_EDGE = (70, 66, 58)
INK = (235, 228, 210)
INK_DIM = (160, 154, 140)
INK_FAINT = (105, 100, 92)
BRASS = (201, 162, 74)
BRASS_DARK = (120, 92, 36)
BLOOD = (170, 34, 42)
LEGAL = (120, 200, 120)
ACTIVE = (240, 200, 90)
IVORY = (233, 225, 207)
CARD_INK = (28, 26, 24)

GANGSTER_BODY = (44, 44, 48)  # the dark body of a HIDDEN gangster's strip

_cache: dict[tuple[object, ...], Surface] = {}
i18n.on_language_change(_cache.clear)  # card faces carry words


def cached(key: tuple[object, ...], make: Callable[[], Surface]) -> Surface:
    """One cache for every rendered piece; bounded so long games don't grow forever.
    Pieces are converted to the display's pixel format once (blits of converted
    surfaces are several times faster, which is what the frame budget needs)."""
    surf = _cache.get(key)
    if surf is None:
        if len(_cache) > 4000:
            _cache.clear()
        surf = make()
        if pygame.display.get_surface() is not None:
            alpha = surf.get_flags() & pygame.SRCALPHA
            surf = surf.convert_alpha() if alpha else surf.convert()
        _cache[key] = surf
    return surf


def text(
    s: str,
    size: int,
    colour: tuple[int, int, int] = INK,
    bold: bool = False,
    serif: bool = False,
) -> Surface:
    """Rendered text, cached (font rendering is the slowest thing we do per frame)."""
    surf = cached(
        ("t", s, size, colour, bold, serif),
        lambda: resources.font(size, bold, serif).render(s, True, colour),
    )
    textprobe.tag(surf, s)
    return surf


def text_fit(
    s: str,
    size: int,
    max_w: int,
    colour: tuple[int, int, int] = INK,
    bold: bool = False,
    serif: bool = False,
) -> Surface:
    """Text shrunk (then clipped with an ellipsis) to fit `max_w` pixels."""
    surf = cached(
        ("fit", s, size, max_w, colour, bold, serif),
        lambda: _fit(s, size, max_w, colour, bold, serif),
    )
    if textprobe.active():
        textprobe.tag(surf, s, cut=fitted(s, size, max_w, bold, serif)[0] != s)
    return surf


def fitted(
    s: str, size: int, max_w: int, bold: bool = False, serif: bool = False
) -> tuple[str, int]:
    """The words and font size `text_fit` shows: smaller first (down to 9 px), then
    cut with "…". Measured with `Font.size` (cheap)."""
    while size > 9 and resources.font(size, bold, serif).size(s)[0] > max_w:
        size -= 1
    f = resources.font(size, bold, serif)
    if f.size(s)[0] > max_w:
        while len(s) > 2 and f.size(s + "…")[0] > max_w:
            s = s[:-1]
        s += "…"
    return s, size


def fits(s: str, size: int, max_w: int, bold: bool = False, serif: bool = False) -> bool:
    """Whether `text_fit` shows all of `s` (perhaps smaller) in `max_w` pixels."""
    return fitted(s, size, max_w, bold, serif)[0] == s


def _fit(
    s: str, size: int, max_w: int, colour: tuple[int, int, int], bold: bool, serif: bool
) -> Surface:
    shown, size = fitted(s, size, max_w, bold, serif)
    return text(shown, size, colour, bold, serif)


def blit_center(dest: Surface, surf: Surface, center: tuple[int, int]) -> None:
    dest.blit(surf, surf.get_rect(center=center))


_wrapped: dict[tuple[str, int, int, bool], list[str]] = {}


def wrap(s: str, size: int, max_w: int, bold: bool = False) -> list[str]:
    """Greedy word wrap measured with the real font (cached: the log re-wraps often)."""
    key = (s, size, max_w, bold)
    hit = _wrapped.get(key)
    if hit is not None:
        return hit
    if len(_wrapped) > 5000:
        _wrapped.clear()
    _wrapped[key] = lines = _wrap(s, size, max_w, bold)
    return lines


def _wrap(s: str, size: int, max_w: int, bold: bool) -> list[str]:
    f = resources.font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in _glue_dashes(para.split()):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= max_w or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


DASHES = frozenset({"\u2014", "\u2013", "-"})


def _glue_dashes(words: list[str]) -> list[str]:
    """A lone dash keeps to the word after it (to the one before, at the end), so a
    line never breaks right after it: playtest shot-61 showed a log header wrapped as
    a lone "—" above "Player 1's turn (round 10) —"."""
    out: list[str] = []
    carry = ""
    for i, word in enumerate(words):
        if word in DASHES and i + 1 < len(words):
            carry = f"{carry}{word} "
        elif word in DASHES and out:
            out[-1] = f"{out[-1]} {carry}{word}"
            carry = ""
        else:
            out.append(f"{carry}{word}")
            carry = ""
    if carry:
        out.append(carry.strip())
    return out


def panel(
    dest: Surface, rect: Rect, fill: tuple[int, ...] = PANEL, edge: tuple[int, ...] = PANEL_EDGE
) -> None:
    pygame.draw.rect(dest, fill, rect, border_radius=8)
    pygame.draw.rect(dest, edge, rect, 1, border_radius=8)


# --- cards ---------------------------------------------------------------------------


def card_face(card_id: int, w: int) -> Surface:
    """A card face `w` wide (height w * 1.4): the shipped art, scaled once per width."""
    key = card_key(card_id)
    return cached(("face", key, w), lambda: resources.card_scaled(key, w))


def card_back(w: int) -> Surface:
    h = int(w * 1.4)

    def make() -> Surface:
        art = resources.card_scaled("back", w)
        return art if art.get_height() == h else pygame.transform.smoothscale(art, (w, h))

    return cached(("back", w), make)


def card_top(card_id: int, w: int, h: int) -> Surface:
    """A gangster standing on a building: the top of its card, with the strength
    badged so it reads even when the next gangster covers all but a strip."""

    def make() -> Surface:
        c = CARDS[card_id]
        full = card_face(card_id, w)
        surf = Surface((w, h), pygame.SRCALPHA)
        surf.blit(full, (0, 0), Rect(0, 0, w, h))
        r = max(3, w // 12)
        pygame.draw.rect(surf, IVORY, (0, 0, w, h), 1, border_radius=r)
        strip = max(12, int(h * 0.34))
        rad = strip // 2
        pygame.draw.circle(surf, IVORY, (w - rad - 3, rad + 2), rad)
        pygame.draw.circle(surf, CARD_INK, (w - rad - 3, rad + 2), rad, 1)
        blit_center(
            surf,
            text(str(c.value), max(9, int(rad * 1.5)), BLOOD, bold=True),
            (w - rad - 3, rad + 2),
        )
        return surf

    return cached(("chip", card_key(card_id), w, h), make)


def value_badge(value: int, d: int) -> Surface:
    """A building's income, big enough to read on a rival's mini-card (6 players, 960
    wide: playtest 3 found them unreadable); the value alone tells the Business."""

    def make() -> Surface:
        surf = Surface((d, d), pygame.SRCALPHA)
        pygame.draw.circle(surf, BRASS, (d // 2, d // 2), d // 2)
        pygame.draw.circle(surf, CARD_INK, (d // 2, d // 2), d // 2, 1)
        blit_center(
            surf, text(str(value), max(9, d * 3 // 4), CARD_INK, bold=True), (d // 2, d // 2 + 1)
        )
        return surf

    return cached(("badge", value, d), make)


def _fedora_light(surf: Surface, r: Rect) -> None:
    if r.w < 6 or r.h < 4:
        return
    pygame.draw.ellipse(surf, INK_DIM, (r.x, r.y + r.h * 2 // 3, r.w, max(2, r.h // 3)))
    pygame.draw.rect(
        surf,
        INK_DIM,
        (r.x + r.w // 4, r.y, r.w // 2, r.h * 3 // 4 + 1),
        border_top_left_radius=2,
        border_top_right_radius=2,
    )


def strength_chip(value: int, w: int, h: int, hidden: bool = False) -> Surface:
    """A gangster on a rival's row (`render._rows`): its strength, big and bold, on the
    gangster cards' dark body; a HIDDEN one greyed. The hat art reads as nothing at
    this size (6 players, 960×640)."""

    def make() -> Surface:
        surf = Surface((w, h), pygame.SRCALPHA)
        body = (46, 46, 50) if hidden else GANGSTER_BODY
        pygame.draw.rect(surf, body, (0, 0, w, h), border_radius=max(3, h // 4))
        pygame.draw.rect(
            surf, INK_DIM if hidden else IVORY, (0, 0, w, h), 1, border_radius=max(3, h // 4)
        )
        colour = INK_DIM if hidden else IVORY
        blit_center(surf, text(str(value), max(9, h - 3), colour, bold=True), (w // 2, h // 2 + 1))
        return surf

    surf = cached(("chip", value, w, h, hidden), make)
    if textprobe.active():
        textprobe.tag(surf, str(value))
    return surf


def hidden_strip(card_id: int | None, w: int, h: int) -> Surface:
    """A HIDDEN gangster (R-GANG-4) as a sideways strip: the card's dark body
    turned on its side, a fedora, and the strength in a badge big enough to
    read at the 6-player card size."""

    def make() -> Surface:
        surf = Surface((w, h), pygame.SRCALPHA)
        r = max(3, h // 4)
        pygame.draw.rect(surf, GANGSTER_BODY, (0, 0, w, h), border_radius=r)
        pygame.draw.rect(surf, INK_DIM, (0, 0, w, h), 1, border_radius=r)
        for k in range(6, w - h, 7):  # a sideways card's edge
            pygame.draw.line(surf, (58, 58, 62), (k, 3), (k, h - 4), 1)
        rad = h // 2 - 1
        cx = w - rad - 3
        pygame.draw.circle(surf, IVORY, (cx, h // 2), rad)
        pygame.draw.circle(surf, BLOOD, (cx, h // 2), rad, max(1, rad // 6))
        if card_id is not None and card_id >= 0:
            value = str(CARDS[card_id].value)
            blit_center(surf, text(value, max(10, int(rad * 1.55)), BLOOD, bold=True),
                        (cx, h // 2 + 1))  # fmt: skip
        _fedora_light(surf, Rect(4, h // 5, min(w - 2 * rad - 12, h * 4 // 3), h * 3 // 5))
        return surf

    return cached(("strip", card_id if card_id is None else card_key(card_id), w, h), make)


def shadow(w: int, h: int, alpha: int = 90) -> Surface:
    def make() -> Surface:
        surf = Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, alpha), (0, 0, w, h), border_radius=max(3, w // 10))
        return surf

    return cached(("shadow", w, h, alpha), make)


def outline(dest: Surface, rect: Rect, colour: tuple[int, int, int], width: int = 3) -> None:
    pygame.draw.rect(dest, colour, rect.inflate(6, 6), width, border_radius=8)


# --- coins -------------------------------------------------------------------------


def coin(value: int, d: int) -> Surface:
    """1-coins are round, 5-coins rectangular (R-COMP-6)."""

    def make() -> Surface:
        if value == 1:
            surf = Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(surf, (150, 120, 60), (d // 2, d // 2), d // 2)
            pygame.draw.circle(surf, BRASS, (d // 2, d // 2), d // 2 - 2)
            pygame.draw.circle(surf, BRASS_DARK, (d // 2, d // 2), d // 2 - 2, 1)
            blit_center(surf, text("1", max(8, d * 2 // 3), CARD_INK, bold=True), (d // 2, d // 2))
            return surf
        w, h = int(d * 1.5), d
        surf = Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (190, 190, 196), (0, 0, w, h), border_radius=3)
        pygame.draw.rect(surf, (110, 110, 118), (0, 0, w, h), 1, border_radius=3)
        blit_center(surf, text("5", max(8, d * 2 // 3), CARD_INK, bold=True), (w // 2, h // 2))
        return surf

    return cached(("coin", value, d), make)


def coin_price(price: int, size: int, colour: tuple[int, int, int] = BRASS) -> Surface:
    """A price where words do not fit (the sidebar's draw buttons at 960 wide): a plain
    brass coin, as the seats' money is drawn, and the number beside it."""

    def make() -> Surface:
        num = text(str(price), size, colour, bold=True)
        d = max(7, size * 3 // 4)
        surf = Surface((d + 2 + num.get_width(), max(d, num.get_height())), pygame.SRCALPHA)
        cy = surf.get_height() // 2
        pygame.draw.circle(surf, (150, 120, 60), (d // 2, cy), d // 2)
        pygame.draw.circle(surf, BRASS, (d // 2, cy), max(1, d // 2 - 1))
        surf.blit(num, (d + 2, cy - num.get_height() // 2))
        return surf

    surf = cached(("price", price, size, colour), make)
    textprobe.tag(surf, f"({price})")
    return surf


def split_money(amount: int) -> tuple[int, int]:
    """(5-coins, 1-coins) for an amount: as few coins as possible."""
    amount = max(0, amount)
    return amount // 5, amount % 5


def coin_diameter(h: int) -> int:
    return max(10, min(h - 4, 22))


def draw_coins(dest: Surface, rect: Rect, amount: int) -> Rect:
    """A seat's coins inside `rect`: 5-coins then 1-coins, overlapping as they grow
    and capped to what fits, so a rich seat never spills into its neighbours.
    Returns the area actually covered (empty for no money)."""
    d = coin_diameter(rect.h)
    fives, ones = split_money(amount)
    w5 = int(d * 1.5)
    y = rect.centery - d // 2
    if amount <= 0 or rect.w < d:
        return Rect(rect.x, y, 0, d)
    pieces = [5] * fives + [1] * ones
    need = fives * w5 + ones * d
    if need > rect.w:
        # Overlap: every coin but the last shows a strip of `step` pixels.
        min_step = max(3, d // 4)
        last = w5 if pieces[-1] == 5 else d
        room = rect.w - last
        step = room / max(1, len(pieces) - 1)
        if step < min_step:  # still too many: show the stack's shape, not every coin
            keep = max(1, room // min_step + 1)
            pieces = pieces[: keep - 1] + pieces[-1:] if keep > 1 else pieces[-1:]
            step = room / max(1, len(pieces) - 1)
        xs = [rect.x + int(i * step) for i in range(len(pieces))]
    else:
        xs = []
        x = rect.x
        for v in pieces:
            xs.append(x)
            x += w5 if v == 5 else d
    end = rect.x
    for v, x in zip(pieces, xs, strict=True):
        dest.blit(coin(v, d), (x, y))
        end = x + (w5 if v == 5 else d)
    return Rect(rect.x, y, end - rect.x, d)


# --- dice ----------------------------------------------------------------------------

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}


def die(value: int, s: int, hot: bool = False) -> Surface:
    def make() -> Surface:
        surf = Surface((s, s), pygame.SRCALPHA)
        pygame.draw.rect(
            surf, IVORY if not hot else (250, 236, 200), (0, 0, s, s), border_radius=max(3, s // 6)
        )
        pygame.draw.rect(
            surf, BLOOD if hot else CARD_INK, (0, 0, s, s), 2, border_radius=max(3, s // 6)
        )
        for px, py in _PIPS.get(value, []):
            pygame.draw.circle(
                surf, BLOOD if value == 1 else CARD_INK, (int(px * s), int(py * s)), max(2, s // 10)
            )
        return surf

    return cached(("die", value, s, hot), make)


# --- countdown tokens (R-COMP-7) ---------------------------------------------------------


def quarter(index: int, radius: int, taken: bool) -> Surface:
    """Quarter `index` (0..3, clockwise from top-right) of the countdown circle,
    pulled a little away from the centre so the four tokens read as four."""

    def make() -> Surface:
        d = radius * 2 + 2
        surf = Surface((d, d), pygame.SRCALPHA)
        start = -math.pi / 2 + index * math.pi / 2
        gap = max(1, radius // 10)
        mid = start + math.pi / 4
        c = (radius + 1 + gap * math.cos(mid), radius + 1 + gap * math.sin(mid))
        r = radius - gap
        pts = [c] + [
            (
                c[0] + r * math.cos(start + k * math.pi / 24),
                c[1] + r * math.sin(start + k * math.pi / 24),
            )
            for k in range(13)
        ]
        if taken:
            pygame.draw.polygon(surf, INK_FAINT, pts, 1)
        else:
            pygame.draw.polygon(surf, BLOOD, pts)
            pygame.draw.polygon(surf, (90, 16, 20), pts, max(1, radius // 20))
        return surf

    return cached(("quarter", index, radius, taken), make)


def draw_tokens(dest: Surface, rect: Rect, taken: int) -> None:
    """The circle of four tokens in the middle; taken ones leave an outline."""
    radius = min(rect.w, rect.h) // 2 - 2
    for i in range(4):
        q = quarter(i, radius, i < taken)
        dest.blit(q, q.get_rect(center=rect.center))


def draw_taken_tokens(dest: Surface, center: tuple[int, int], taken: int, radius: int) -> None:
    """The keeper's tokens: the taken quarters filled, the rest outlined."""
    for i in range(4):
        q = quarter(i, radius, i >= taken)
        dest.blit(q, q.get_rect(center=center))
