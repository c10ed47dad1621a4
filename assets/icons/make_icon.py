"""Draw the Noirburg app icon once and save it in every format the three OSes want.

Run from the repo root:  .venv/bin/python assets/icons/make_icon.py

One source (the drawing below, at 1024 px) gives:
  noirburg.png   256 px: the window icon (set by the app) and the Linux icon
  noirburg.ico   16-256 px, PNG-compressed entries: the Windows .exe icon
  noirburg.icns  32-1024 px PNG entries: the macOS Noirburg.app icon
The .ico and .icns containers are written here in plain Python (both are a
small header plus PNG blobs), so no image library beyond pygame is needed.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

MASTER = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# (OSType, pixel size): the PNG-capable icns entries (macOS 10.7+)
ICNS_TYPES = (
    (b"ic11", 32),  # 16@2x
    (b"ic12", 64),  # 32@2x
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic13", 256),  # 128@2x
    (b"ic09", 512),
    (b"ic14", 512),  # 256@2x
    (b"ic10", 1024),  # 512@2x
)


def draw(size: int = MASTER):  # type: ignore[no-untyped-def]
    """The emblem: a black notched tile, a gold sunburst and a serif N."""
    import pygame

    from noirburg_desktop.look import resources, theme

    s = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 64  # drawing unit
    tile = pygame.Rect(0, 0, size, size).inflate(-4 * u, -4 * u)
    pygame.draw.rect(s, theme.INK, tile, border_radius=int(10 * u))
    pygame.draw.rect(s, theme.GOLD, tile, width=max(1, int(2 * u)), border_radius=int(10 * u))
    inner = tile.inflate(-7 * u, -7 * u)
    pygame.draw.rect(s, theme.GOLD_DIM, inner, width=max(1, int(0.8 * u)), border_radius=int(6 * u))
    # the sunburst behind the letter, rising from the base line
    cx, base = size / 2, tile.bottom - 13 * u
    rays = 11
    s.set_clip(inner.inflate(-2 * u, -2 * u))
    for i in range(rays):
        a = math.pi * (i + 0.5) / rays
        r0, r1 = 12 * u, 40 * u
        p0 = (cx + math.cos(a) * r0, base - math.sin(a) * r0)
        p1 = (cx + math.cos(a) * r1, base - math.sin(a) * r1)
        pygame.draw.line(s, theme.GOLD_DIM, p0, p1, max(1, int(1.6 * u)))
    s.set_clip(None)
    pygame.draw.line(s, theme.GOLD, (tile.left + 9 * u, base), (tile.right - 9 * u, base), int(u))
    f = pygame.font.Font(str(resources.asset_path("fonts", "DejaVuSerif-Bold.ttf")), int(40 * u))
    letter = f.render("N", True, theme.GOLD_LIGHT)
    s.blit(letter, letter.get_rect(midbottom=(cx, base + 7 * u)))
    return s


def png_bytes(surface, px: int) -> bytes:  # type: ignore[no-untyped-def]
    import pygame

    scaled = pygame.transform.smoothscale(surface, (px, px))
    buf = io.BytesIO()
    pygame.image.save(scaled, buf, "icon.png")
    return buf.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """ICONDIR + one ICONDIRENTRY per size, each pointing at a PNG blob."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for px, data in sorted(images.items()):
        side = 0 if px >= 256 else px  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns(images: dict[int, bytes]) -> bytes:
    """'icns' + total length, then (OSType, length, PNG) chunks, all big-endian."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(images[px])) + images[px] for kind, px in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out: Path = HERE) -> None:
    """Draw the master once and write the three files into `out` (pygame initialised)."""
    master = draw()
    sizes = sorted(set(ICO_SIZES) | {px for _, px in ICNS_TYPES})
    images = {px: png_bytes(master, px) for px in sizes}
    (out / "noirburg.png").write_bytes(images[256])
    (out / "noirburg.ico").write_bytes(ico({px: images[px] for px in ICO_SIZES}))
    (out / "noirburg.icns").write_bytes(icns(images))


def main() -> None:
    import pygame

    pygame.init()
    pygame.display.set_mode((1, 1))
    write_icons()
    for name in ("noirburg.png", "noirburg.ico", "noirburg.icns"):
        print(f"{name:14} {(HERE / name).stat().st_size // 1024:5d} KB")
    pygame.quit()


if __name__ == "__main__":
    main()
