"""Render every card face and the back to PNGs in this folder.

Run from the repo root:  .venv/bin/python assets/cards/render_cards.py
The drawing code lives in noirburg_desktop/look/cardart.py; this script only saves
the results.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    import pygame

    from noirburg_desktop.look import cardart

    pygame.init()
    pygame.display.set_mode((1, 1))
    total = 0
    for key in cardart.KEYS:
        path = HERE / f"{key}.png"
        pygame.image.save(cardart.render(key), str(path))
        total += path.stat().st_size
        print(f"{path.name:18} {path.stat().st_size // 1024:4d} KB")
    print(f"total {total // 1024} KB")
    pygame.quit()


if __name__ == "__main__":
    main()
