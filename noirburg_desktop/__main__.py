"""Command line entry point: `python -m noirburg_desktop` or the `noirburg` script.

The app's modules (pygame and all) are imported inside `main`, after the
arguments are parsed: `--help`, `--version` and a usage error answer at once,
without loading or needing pygame, and `--screenshot` can say which import
failed. These are the package's deliberate late imports.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from engine import SEAT_RANGE
from noirburg_desktop import version


def _count(text: str) -> int:
    """argparse type: a whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _seconds(text: str) -> float:
    """argparse type: a finite number of seconds > 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value) or value <= 0 or value > 10**6:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text}")
    return value


def screenshot_problem(path: str) -> str | None:
    """Why `path` cannot take a PNG (None if it can): it must name a file in a
    folder that exists and accepts files. Nothing is created or left behind."""
    if not path.strip():
        return "--screenshot needs a file name"
    target = Path(path)
    if target.is_dir() or path.endswith(("/", os.sep)):
        return f"--screenshot {path!r} is a folder; give a file name such as table.png"
    folder = target.parent
    if not folder.is_dir():
        return f"--screenshot: the folder {str(folder)!r} does not exist"
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".noirburg-probe-")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return f"--screenshot: cannot write to {str(folder)!r} ({exc.strerror or exc})"
    return None


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="noirburg", description="Noirburg — the NOIR card table.")
    p.add_argument("--screenshot", metavar="PATH", help="render a table to PATH (PNG) and exit")
    p.add_argument(
        "--players",
        type=int,
        default=4,
        choices=SEAT_RANGE,
        metavar="N",
        help="players for --screenshot (3-6)",
    )
    p.add_argument("--seed", type=int, default=1, metavar="S", help="deal seed for --screenshot")
    p.add_argument(
        "--autoplay",
        type=_count,
        default=0,
        metavar="N",
        help="with --screenshot: let bots play N actions first",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", dest="fullscreen", action="store_false", default=None)
    mode.add_argument("--fullscreen", dest="fullscreen", action="store_true")
    p.add_argument("--data-dir", metavar="DIR", help="where saves and settings live")
    p.add_argument("--quit-after", type=_seconds, metavar="SECONDS", help=argparse.SUPPRESS)
    p.add_argument(
        "--check-assets",
        action="store_true",
        help="load every shipped file (fonts, cards, sounds, icon) and exit; 1 if any is missing",
    )
    p.add_argument(
        "--demo",
        type=_count,
        metavar="N",
        help="show the title, then let four AI seats play N moves (autosaved) and exit",
    )
    p.add_argument("--exit-on-title", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--version", action="version", version=f"noirburg {_version()}")
    args = p.parse_args(argv)
    if args.screenshot is not None:
        problem = screenshot_problem(args.screenshot)
        if problem:
            p.error(problem)  # usage + message, exit code 2
    if args.data_dir is not None and not args.data_dir.strip():
        p.error("--data-dir needs a folder")
    return args


def _flag(argv: list[str], name: str) -> bool:
    return any(a == name or a.startswith(name + "=") for a in argv)


def _version() -> str:
    return version()


def main(argv: list[str] | None = None) -> int:
    """Start the game (or render a screenshot). Returns the process exit code."""
    given = sys.argv[1:] if argv is None else argv
    if _flag(given, "--join") and _flag(given, "--bot"):  # a headless bot seat (#26)
        from noirburg_desktop.net.botseat import main as bot_seat

        return bot_seat(given)
    args = parse_args(argv)
    if args.data_dir:
        os.environ["NOIRBURG_DATA_DIR"] = args.data_dir
    if args.screenshot is not None:
        try:
            from noirburg_desktop.table.screenshot import render_table_screenshot
        except ImportError as exc:
            print(f"noirburg: --screenshot needs the table module ({exc})", file=sys.stderr)
            return 2
        try:
            render_table_screenshot(args.screenshot, args.players, args.seed, args.autoplay)
        except (OSError, RuntimeError) as exc:  # pygame.error is a RuntimeError
            print(f"noirburg: error: cannot write {args.screenshot!r}: {exc}", file=sys.stderr)
            return 2
        return 0
    from noirburg_desktop.shell.signals import SignalQuit

    quitter = SignalQuit()  # Ctrl+C and SIGTERM: a clean quit, never a traceback
    quitter.install()
    try:
        return _play(args, quitter)
    except KeyboardInterrupt:  # a Ctrl+C that came before the handler was in place
        logging.getLogger("noirburg").info("quit on SIGINT")
        return 130
    finally:
        quitter.uninstall()  # main() called in-process (tests) leaves no handler behind


def _play(args: argparse.Namespace, quitter: Any) -> int:
    from noirburg_desktop.shell import selftest

    if args.check_assets:
        return selftest.check_assets()

    import pygame

    from noirburg_desktop.app import App, NoDisplay
    from noirburg_desktop.shell.logs import log_failures, setup_logging
    from noirburg_desktop.shell.screens import Screen
    from noirburg_desktop.shell.signals import exit_code, signal_name

    setup_logging()
    app = App(data_dir=args.data_dir, fullscreen=args.fullscreen)
    quitter.app = app
    try:
        if args.exit_on_title:
            code = selftest.title_only(app)
        elif args.demo is not None:
            code = selftest.demo(app, args.demo, args.seed)
        else:
            code = None
            app.start()
    except NoDisplay as exc:
        logging.getLogger("noirburg").error("%s", exc)
        print(f"noirburg: {exc}", file=sys.stderr)
        return 3
    if code is None:
        try:
            app.push(app.make(Screen.TITLE))
        except Exception as exc:  # noqa: BLE001 - shown on the crash screen, with a report
            app.crash(exc, "opening the title screen")
        if args.quit_after:
            pygame.time.set_timer(pygame.QUIT, int(args.quit_after * 1000), loops=1)
        try:
            app.run()
        except Exception:
            logging.getLogger("noirburg").exception("crash")
            raise
        code = 0
    if app.signalled is not None:
        unsaved = len(app.saver.pending)
        logging.getLogger("noirburg").info(
            "quit on %s: %s%s",
            signal_name(app.signalled),
            f"{unsaved} game(s) could not be saved ({app.saver.failing})" if unsaved else "saved",
            f"; {log_failures()} log lines were lost" if log_failures() else "",
        )
        return exit_code(app.signalled)
    return code


if __name__ == "__main__":
    sys.exit(main())
