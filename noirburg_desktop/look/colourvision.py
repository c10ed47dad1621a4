"""Colour-vision-deficiency simulation and colour distance, for checking the seat palette.

Seat colours must stay apart for players with protanopia, deuteranopia and
tritanopia, not only for trichromats. This module simulates those views with
the matrices of Machado, Oliveira & Fernandes (2009, "A physiologically-based
model for simulation of color vision deficiency", IEEE TVCG 15(6)) at
severity 1.0 (complete dichromacy), applied to linear-light sRGB as the paper
does, and measures distances as CIEDE2000 (Sharma, Wu & Dalal 2005) in CIELAB
(D65). Pure arithmetic: no pygame, no third-party colour library.
"""

from __future__ import annotations

import math

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]

# Machado et al. 2009, Table 1, severity 1.0 (rows multiply linear R, G, B)
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ("normal", *MACHADO)


def hex_rgb(colour: str) -> RGB:
    """'#rrggbb' -> (r, g, b)."""
    c = colour.lstrip("#")
    return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16))


def _to_linear(v: float) -> float:
    v /= 255.0
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _from_linear(v: float) -> float:
    v = min(1.0, max(0.0, v))
    s = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return s * 255.0


def simulate(rgb: RGB, vision: str) -> tuple[float, float, float]:
    """`rgb` as a viewer with `vision` ("normal" or a MACHADO key) sees it, in sRGB 0..255."""
    if vision == "normal":
        return (float(rgb[0]), float(rgb[1]), float(rgb[2]))
    lin = [_to_linear(v) for v in rgb]
    m = MACHADO[vision]
    out = [sum(m[r][k] * lin[k] for k in range(3)) for r in range(3)]
    return (_from_linear(out[0]), _from_linear(out[1]), _from_linear(out[2]))


def to_lab(rgb: tuple[float, float, float]) -> Lab:
    """sRGB (0..255) -> CIELAB, D65 white."""
    r, g, b = (_to_linear(v) for v in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cbar7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(cbar7 / (cbar7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp, dcp = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lbar, cbar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbar
    sh = 1 + 0.015 * cbar * t
    dtheta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbar**7 / (cbar**7 + 25**7))
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt(
        (dlp / sl) ** 2 + (dcp / sc) ** 2 + (dh / sh) ** 2 + rt * (dcp / sc) * (dh / sh)
    )


def distance(c1: str, c2: str, vision: str = "normal") -> float:
    """ΔE2000 between two '#rrggbb' colours as seen with `vision`."""
    return delta_e2000(to_lab(simulate(hex_rgb(c1), vision)), to_lab(simulate(hex_rgb(c2), vision)))


def worst_pair(colours: tuple[str, ...], vision: str) -> tuple[float, str, str]:
    """The closest pair of `colours` under `vision`: (ΔE2000, colour, colour)."""
    best = (math.inf, "", "")
    for i, a in enumerate(colours):
        for b in colours[i + 1 :]:
            d = distance(a, b, vision)
            if d < best[0]:
                best = (d, a, b)
    return best
