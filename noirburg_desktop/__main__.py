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
    p.add_argument(
        "--check-assets",
        action="store_true",
        help="load every shipped file (fonts, cards, sounds, icon) and exit; 1 if any is missing",
    )
    p.add_argument(
        "--demo",
        type=int,
        metavar="N",
        help="show the title, then let four AI seats play N moves (autosaved) and exit",
    )
    p.add_argument("--exit-on-title", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--version", action="version", version=f"noirburg {_version()}")
    return p.parse_args(argv)


def _version() -> str:
    from noirburg_desktop import version

    return version()


def _log_to_file() -> None:
    """Send the log (and a crash's traceback) to the platform's log folder, e.g.
    ~/.local/state/Noirburg/log/noirburg.log. TODO(lead): unify with logs.py (issue 11)."""
    import logging

    from platformdirs import user_log_dir

    folder = os.environ.get("NOIRBURG_LOG_DIR") or user_log_dir("Noirburg", "Noirburg")
    try:
        os.makedirs(folder, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(
            os.path.join(folder, "noirburg.log"), "w", "utf-8"
        )
    except OSError:
        return  # a read-only home must not stop the game
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler])


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
    from noirburg_desktop import selftest

    if args.check_assets:
        return selftest.check_assets()

    from noirburg_desktop.app import App, NoDisplay
    from noirburg_desktop.scenes.title import TitleScene

    _log_to_file()
    app = App(data_dir=args.data_dir, fullscreen=args.fullscreen)
    try:
        if args.exit_on_title:
            return selftest.title_only(app)
        if args.demo is not None:
            return selftest.demo(app, args.demo, args.seed)
        app.start()
    except NoDisplay as exc:
        import logging

        logging.getLogger("noirburg").error("%s", exc)
        print(f"noirburg: {exc}", file=sys.stderr)
        return 3
    app.push(TitleScene())
    if args.quit_after:
        import pygame

        pygame.time.set_timer(pygame.QUIT, int(args.quit_after * 1000), loops=1)
    try:
        app.run()
    except Exception:
        import logging

        logging.getLogger("noirburg").exception("crash")
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
