"""Procedural card art: every distinct card face and the back, in the noir style.

`assets/cards/render_cards.py` saves these to PNG for shipping; the game loads
the PNGs through `resources` (a missing one is an error, not a redraw). Shapes
are drawn at twice the size and smoothscaled down, which gives clean
anti-aliased edges with plain pygame.draw calls.
"""

from __future__ import annotations

import math

import pygame

from engine.cards import REACTION_KINDS, Kind
from noirburg_desktop.look import resources, theme
from noirburg_desktop.look.pen import CARD_SIZE as CARD_SIZE
from noirburg_desktop.look.pen import SS as SS
from noirburg_desktop.look.pen import Colour, Emblem, H, W, darken, fedora, font, lighten, spaced
from noirburg_desktop.words.strings import t, upper

# The reaction cards' faces, in Kind order: each kind's own module
# (noirburg_desktop/gestures/<kind>.py) draws its emblem, so this module names none.
REACTIONS = tuple(k.name.lower() for k in sorted(REACTION_KINDS))
KEYS: tuple[str, ...] = (
    ("hideout",)
    + tuple(f"gangster-{n}" for n in range(1, 5))
    + tuple(f"business-{n}" for n in range(1, 5))
    + REACTIONS
    + ("back",)
)

# (base, accent, numeral) per family
PALETTES: dict[str, tuple[Colour, Colour, Colour]] = {
    "hideout": ((64, 18, 26), (214, 172, 52), (240, 214, 130)),
    "gangster": ((19, 19, 23), (186, 52, 44), (236, 205, 112)),
    "business": ((12, 44, 36), (201, 162, 39), (236, 205, 112)),
    "reaction": ((54, 56, 61), (206, 208, 214), (240, 240, 244)),
}


def family(key: str) -> str:
    if key == "hideout":
        return "hideout"
    if key.startswith("gangster"):
        return "gangster"
    if key.startswith("business"):
        return "business"
    return "reaction"


def value_of(key: str) -> int:
    if key == "hideout":
        return 3
    if "-" in key:
        return int(key.rsplit("-", 1)[1])
    return 0


def name_of(key: str) -> str:
    if key.startswith("gangster"):
        return t("card.gangster.name")
    return t(f"card.{key}.name")


def text_of(key: str) -> str:
    n = value_of(key)
    if key.startswith("gangster"):
        return t("card.gangster.text", n=n)
    if key.startswith("business"):
        return t("card.business.text", n=n)
    return t(f"card.{key}.text")


def _sunburst(surf: pygame.Surface, c: tuple[int, int], r: int, col: Colour, rays: int) -> None:
    for i in range(rays):
        a0 = 2 * math.pi * i / rays
        a1 = a0 + math.pi / rays * 0.55
        pts = [
            c,
            (c[0] + math.cos(a0) * r, c[1] + math.sin(a0) * r),
            (c[0] + math.cos(a1) * r, c[1] + math.sin(a1) * r),
        ]
        pygame.draw.polygon(surf, col, pts)


# --- emblems (drawn in a box centred on c, radius ~R, at supersampled scale) ---


def _safe(s: pygame.Surface, c: tuple[int, int], col: Colour, base: Colour) -> None:
    body = pygame.Rect(0, 0, 190, 170)
    body.center = c
    pygame.draw.rect(s, col, body, border_radius=14)
    pygame.draw.rect(s, base, body.inflate(-22, -22), border_radius=8)
    pygame.draw.circle(s, col, (c[0] - 15, c[1]), 44, 8)
    for i in range(12):
        a = i * math.pi / 6
        p0 = (c[0] - 15 + math.cos(a) * 30, c[1] + math.sin(a) * 30)
        p1 = (c[0] - 15 + math.cos(a) * 38, c[1] + math.sin(a) * 38)
        pygame.draw.line(s, col, p0, p1, 4)
    pygame.draw.circle(s, col, (c[0] - 15, c[1]), 10)
    pygame.draw.rect(s, col, pygame.Rect(c[0] + 52, c[1] - 36, 14, 72), border_radius=6)
    for dx in (-70, 70):
        pygame.draw.rect(s, col, pygame.Rect(c[0] + dx - 14, body.bottom, 28, 14))


def _still(s: pygame.Surface, c: tuple[int, int], col: Colour, base: Colour) -> None:
    cx, cy = c
    pygame.draw.ellipse(s, col, pygame.Rect(cx - 110, cy - 50, 130, 150))
    pygame.draw.rect(s, col, pygame.Rect(cx - 62, cy - 90, 34, 50))
    pygame.draw.line(s, col, (cx - 45, cy - 88), (cx + 60, cy - 60), 10)
    for i in range(4):
        pygame.draw.ellipse(s, col, pygame.Rect(cx + 40, cy - 58 + i * 30, 70, 26), 7)
    pygame.draw.line(s, col, (cx + 75, cy + 60), (cx + 75, cy + 95), 8)
    pygame.draw.rect(s, col, pygame.Rect(cx + 52, cy + 95, 46, 20), border_radius=4)
    spaced(s, "XXX", (cx - 45, cy + 30), 26, base)


def _bottle(s: pygame.Surface, c: tuple[int, int], col: Colour, base: Colour) -> None:
    cx, cy = c
    for dx in (-60, 60):
        body = pygame.Rect(0, 0, 70, 140)
        body.center = (cx + dx, cy + 30)
        pygame.draw.rect(s, col, body, border_radius=18)
        pygame.draw.polygon(
            s,
            col,
            [
                (body.left + 12, body.top + 4),
                (body.right - 12, body.top + 4),
                (body.centerx + 12, body.top - 50),
                (body.centerx - 12, body.top - 50),
            ],
        )
        pygame.draw.rect(s, col, pygame.Rect(body.centerx - 14, body.top - 80, 28, 34))
        pygame.draw.rect(
            s, base, pygame.Rect(body.left + 8, body.centery - 14, body.width - 16, 40)
        )
    pygame.draw.line(s, col, (cx - 120, cy + 110), (cx + 120, cy + 110), 6)


def _cocktail(s: pygame.Surface, c: tuple[int, int], col: Colour, base: Colour) -> None:
    cx, cy = c
    pygame.draw.polygon(s, col, [(cx - 110, cy - 80), (cx + 110, cy - 80), (cx, cy + 30)])
    pygame.draw.polygon(s, base, [(cx - 80, cy - 66), (cx + 80, cy - 66), (cx, cy + 6)])
    pygame.draw.line(s, col, (cx, cy + 20), (cx, cy + 100), 10)
    pygame.draw.ellipse(s, col, pygame.Rect(cx - 60, cy + 92, 120, 24))
    pygame.draw.line(s, col, (cx + 30, cy - 120), (cx - 10, cy - 40), 6)
    pygame.draw.circle(s, theme.RED_LIGHT, (cx - 14, cy - 44), 16)


def _roulette(s: pygame.Surface, c: tuple[int, int], col: Colour, base: Colour) -> None:
    cx, cy = c
    pygame.draw.circle(s, col, c, 110)
    pygame.draw.circle(s, base, c, 96)
    for i in range(18):
        a0 = 2 * math.pi * i / 18
        a1 = a0 + 2 * math.pi / 18
        pts = [
            (cx + math.cos(a) * r, cy + math.sin(a) * r)
            for a, r in ((a0, 92), (a1, 92), (a1, 62), (a0, 62))
        ]
        pygame.draw.polygon(s, theme.RED if i % 2 else (20, 20, 22), pts)
    pygame.draw.circle(s, col, c, 60, 6)
    pygame.draw.circle(s, col, c, 20)
    for i in range(4):
        a = i * math.pi / 2
        pygame.draw.line(
            s,
            col,
            (cx + math.cos(a) * 20, cy + math.sin(a) * 20),
            (cx + math.cos(a) * 56, cy + math.sin(a) * 56),
            6,
        )
    pygame.draw.circle(s, (240, 240, 240), (cx + 70, cy - 30), 10)


EMBLEMS: dict[str, Emblem] = {
    "hideout": _safe,
    "business-1": _still,
    "business-2": _bottle,
    "business-3": _cocktail,
    "business-4": _roulette,
}


def emblem(key: str) -> Emblem:
    """The emblem of the face `key`: a reaction card's comes from its kind's Gesture."""
    if key in EMBLEMS:
        return EMBLEMS[key]
    # imported here: the kinds' modules draw with look.pen, whose package imports this one
    from noirburg_desktop.gestures import GESTURES

    return GESTURES[Kind[key.upper()]].emblem


def _face(key: str) -> pygame.Surface:
    fam = family(key)
    base, accent, numeral = PALETTES[fam]
    n = value_of(key)
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    card = pygame.Rect(0, 0, W, H)
    pygame.draw.rect(s, darken(base, 0.35), card, border_radius=30)
    pygame.draw.rect(s, base, card.inflate(-16, -16), border_radius=24)
    # soft top light
    glow = pygame.Surface((W, H // 2), pygame.SRCALPHA)
    for y in range(H // 2):
        glow.fill((255, 255, 255, int(16 * (1 - y / (H / 2)))), pygame.Rect(0, y, W, 1))
    s.blit(glow, (0, 8))
    pygame.draw.rect(s, accent, card.inflate(-16, -16), 4, border_radius=24)
    pygame.draw.lines(s, darken(accent, 0.2), True, theme.notched(card.inflate(-52, -52), 22), 3)
    # emblem medallion
    c = (W // 2, 305)
    _sunburst(s, c, 170, lighten(base, 0.07), 24)
    pygame.draw.circle(s, darken(base, 0.25), c, 142)
    pygame.draw.circle(s, accent, c, 142, 4)
    pygame.draw.circle(s, darken(accent, 0.3), c, 130, 2)
    if fam == "gangster":
        fedora(s, (c[0], c[1] - 6), (224, 220, 208), accent)
        for i in range(n):
            x = c[0] + (i - (n - 1) / 2) * 44
            pygame.draw.circle(s, numeral, (int(x), c[1] + 92), 13)
    else:
        emblem(key)(s, c, lighten(accent, 0.1) if fam == "reaction" else accent, darken(base, 0.25))
    # corner numeral or reaction mark
    if fam != "reaction":
        num = font(120).render(str(n), True, numeral)
        s.blit(num, num.get_rect(center=(92, 100)))
        small = font(22, bold=True, serif=False)
        word = t("card.strength") if fam == "gangster" else t("card.income")
        lab = small.render(word, True, lighten(base, 0.45))
        s.blit(lab, lab.get_rect(center=(92, 172)))
        # cost coin (R-OPEN-1)
        cost = max(0, n - 1)
        coin_c = (W - 88, 94)
        if key != "hideout":
            pygame.draw.circle(s, (150, 118, 30), coin_c, 44)
            pygame.draw.circle(s, (236, 205, 112), coin_c, 44, 5)
            pygame.draw.circle(s, (200, 160, 50), coin_c, 34, 2)
            txt = font(48).render(str(cost), True, (40, 28, 6))
            s.blit(txt, txt.get_rect(center=coin_c))
            label = t("card.cost", n=cost) if cost else t("card.free")
            lab = small.render(label, True, lighten(base, 0.45))
            s.blit(lab, lab.get_rect(center=(coin_c[0], 166)))
    else:
        tag = font(24, bold=True, serif=False).render(t("card.reaction"), True, accent)
        box = tag.get_rect(center=(W // 2, 78)).inflate(36, 16)
        pygame.draw.rect(s, darken(base, 0.3), box, border_radius=6)
        pygame.draw.rect(s, accent, box, 2, border_radius=6)
        s.blit(tag, tag.get_rect(center=box.center))
    # name banner
    band = pygame.Rect(40, 478, W - 80, 64)
    pygame.draw.rect(s, darken(base, 0.45), band)
    pygame.draw.line(s, accent, band.topleft, band.topright, 3)
    pygame.draw.line(s, accent, band.bottomleft, band.bottomright, 3)
    for x, d in ((band.left, -1), (band.right, 1)):
        pygame.draw.polygon(
            s, accent, [(x, band.top), (x + 22 * d, band.centery), (x, band.bottom)]
        )
    title = upper(name_of(key), lang="en")  # printed names are English words (HIDEOUT)
    if fam == "gangster":
        title = f"{title} {n}"
    spaced(s, title, band.center, 36, numeral)
    # rule text
    size = 23
    lines = theme.wrap(text_of(key), size, W - 116)
    while len(lines) > 3 and size > 17:  # long texts shrink rather than spill
        size -= 1
        lines = theme.wrap(text_of(key), size, W - 116)
    f = resources.font(size, False, False)
    y = 560
    for line in lines[:4]:
        img = f.render(line, True, lighten(base, 0.72))
        s.blit(img, img.get_rect(midtop=(W // 2, y)))
        y += size + 5
    return s


def _back() -> pygame.Surface:
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    card = pygame.Rect(0, 0, W, H)
    base = (16, 16, 20)
    gold = (201, 162, 39)
    pygame.draw.rect(s, (8, 8, 10), card, border_radius=30)
    pygame.draw.rect(s, base, card.inflate(-16, -16), border_radius=24)
    # diamond lattice
    lattice = pygame.Surface((W, H), pygame.SRCALPHA)
    step = 50
    for k in range(-H // step - 2, W // step + H // step + 2):
        x0 = k * step
        pygame.draw.line(lattice, (*gold, 36), (x0, 0), (x0 + H, H), 2)
        pygame.draw.line(lattice, (*gold, 36), (x0, 0), (x0 - H, H), 2)
    mask = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), card.inflate(-60, -60))
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(lattice, (0, 0))
    pygame.draw.rect(s, gold, card.inflate(-16, -16), 4, border_radius=24)
    pygame.draw.lines(s, gold, True, theme.notched(card.inflate(-52, -52), 24), 3)
    pygame.draw.lines(s, (120, 96, 30), True, theme.notched(card.inflate(-72, -72), 20), 2)
    c = (W // 2, H // 2)
    _sunburst(s, c, 150, (70, 58, 22), 32)
    pygame.draw.circle(s, base, c, 96)
    pygame.draw.circle(s, gold, c, 96, 5)
    pygame.draw.circle(s, (120, 96, 30), c, 84, 2)
    n = font(110).render("N", True, (236, 205, 112))
    s.blit(n, n.get_rect(center=(c[0], c[1] + 4)))
    for y, up in ((118, True), (H - 118, False)):
        cx = W // 2
        for i in range(9):
            a = math.pi * (i + 0.5) / 9
            sign = -1 if up else 1
            p0 = (cx + math.cos(a) * 20, y + sign * math.sin(a) * 20)
            p1 = (cx + math.cos(a) * 58, y + sign * math.sin(a) * 58)
            pygame.draw.line(s, gold, p0, p1, 3)
    return s


def render(key: str) -> pygame.Surface:
    """The card image for `key` (see KEYS) at CARD_SIZE, with alpha."""
    if key not in KEYS:
        raise KeyError(f"unknown card art {key!r}")
    big = _back() if key == "back" else _face(key)
    return pygame.transform.smoothscale(big, CARD_SIZE)


resources.use_card_art(resources.CardArt(render, KEYS))
