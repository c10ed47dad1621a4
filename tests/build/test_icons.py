"""The committed app icons are valid .ico/.icns/.png files and are what
assets/icons/make_icon.py draws (so the generator and the files never drift)."""

from __future__ import annotations

import importlib.util
import io
import struct
from pathlib import Path

import pygame

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"


def _png_size(data: bytes) -> tuple[int, int]:
    img = pygame.image.load(io.BytesIO(data), "x.png")
    return img.get_size()


def test_ico_holds_every_size_as_a_png() -> None:
    data = (ICONS / "noirburg.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        w, h, _, _, _, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        side = w or 256
        assert _png_size(data[offset : offset + length]) == (side, (h or 256))
        sizes.append(side)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]


def test_icns_chunks_are_pngs_of_their_declared_size() -> None:
    data = (ICONS / "noirburg.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {b"ic11": 32, b"ic12": 64, b"ic07": 128, b"ic08": 256, b"ic13": 256}
    expected |= {b"ic09": 512, b"ic14": 512, b"ic10": 1024}
    pos, seen = 8, {}
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        seen[kind] = _png_size(data[pos + 8 : pos + length])
        pos += length
    assert seen == {k: (px, px) for k, px in expected.items()}


def test_committed_icons_are_the_generators_output(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_icon", ICONS / "make_icon.py")
    assert spec is not None and spec.loader is not None
    make_icon = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_icon)
    pygame.font.init()
    make_icon.write_icons(tmp_path)
    new, old = (pygame.image.load(str(d / "noirburg.png")) for d in (tmp_path, ICONS))
    assert new.get_size() == old.get_size() == (256, 256)
    a, b = pygame.image.tobytes(new, "RGBA"), pygame.image.tobytes(old, "RGBA")
    # exact on the x86-64 Linux that made them; smoothscale's SIMD paths may differ
    # by a unit elsewhere, so allow 2 per channel
    assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 2
