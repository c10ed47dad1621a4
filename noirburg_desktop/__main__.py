"""Command line entry point: `python -m noirburg_desktop` or the `noirburg` script."""

from __future__ import annotations

import argparse
import os
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="noirburg", description="Noirburg — the NOIR card table.")
    p.add_argument("--screenshot", metavar="PATH", help="render a table to PATH (PNG) and exit")
    p.add_argument(
        "--players",
        type=int,
        default=4,
        choices=range(3, 7),
        metavar="N",
        help="players for --screenshot (3-6)",
    )
    p.add_argument("--seed", type=int, default=1, metavar="S", help="deal seed for --screenshot")
    p.add_argument(
        "--autoplay",
        type=int,
        default=0,
        metavar="N",
        help="with --screenshot: let bots play N actions first",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", dest="fullscreen", action="store_false", default=None)
    mode.add_argument("--fullscreen", dest="fullscreen", action="store_true")
    p.add_argument("--data-dir", metavar="DIR", help="where saves and settings live")
    p.add_argument("--quit-after", type=float, metavar="SECONDS", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Start the game (or render a screenshot). Returns the process exit code."""
    args = parse_args(argv)
    if args.data_dir:
        os.environ["NOIRBURG_DATA_DIR"] = args.data_dir
    if args.screenshot:
        try:
            from noirburg_desktop.table.screenshot import render_table_screenshot
        except ImportError as exc:
            print(f"noirburg: --screenshot needs the table module ({exc})", file=sys.stderr)
            return 2
        render_table_screenshot(args.screenshot, args.players, args.seed, args.autoplay)
        return 0

    from noirburg_desktop.app import App
    from noirburg_desktop.scenes.title import TitleScene

    app = App(data_dir=args.data_dir, fullscreen=args.fullscreen)
    app.start()
    app.push(TitleScene())
    if args.quit_after:
        import pygame

        pygame.time.set_timer(pygame.QUIT, int(args.quit_after * 1000), loops=1)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
