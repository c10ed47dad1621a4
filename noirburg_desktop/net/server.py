"""`noirburg-server`: a headless host that holds no cards.

    noirburg-server --port P --players N --seed S --data-dir D

waits for N remote seats, plays, autosaves after every action (a restarted server
resumes the game from D), and at the end prints one JSON line with `winners` and
`method` and exits 0. The port it listens on goes to stderr first
("noirburg-server: listening on port P"), so port 0 (the OS picks) is usable.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
import threading
from pathlib import Path

from engine import SEAT_RANGE
from noirburg_desktop.net.host import Host, log, result_line
from noirburg_desktop.net.hosted import HostedGame


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="noirburg-server", description=__doc__.split("\n")[0])
    ap.add_argument("--port", type=int, default=47800, help="TCP port (0: any free one)")
    ap.add_argument("--players", type=int, default=4, help="remote seats to wait for (3-6)")
    ap.add_argument("--seed", type=int, default=None, help="the deal's seed")
    ap.add_argument("--data-dir", type=Path, required=True, help="where the autosave lives")
    ap.add_argument("--host", default="", help="address to listen on (default: all)")
    ap.add_argument("--grace", type=float, default=60.0, help="seconds an away seat is waited for")
    ap.add_argument("--window-timeout", type=float, default=30.0, help="idle window: pass after")
    ap.add_argument(
        "--window-grace", type=float, default=5.0, help="a seat dropped in a window: pass after"
    )
    ap.add_argument("--ai", default="normal", help="AI level for seats handed over")
    ap.add_argument("--beacon", action="store_true", help="announce the game on the LAN")
    ap.add_argument("--name", default="Noirburg", help="the game's name in the LAN list")
    args = ap.parse_args(argv)
    if args.players not in SEAT_RANGE:
        ap.error("--players must be 3 to 6")
    if not 0 <= args.port <= 65535:
        ap.error("--port must be 0 to 65535")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    import random

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = HostedGame(
        args.players,
        seed,
        data_dir=args.data_dir,
        grace=args.grace,
        window_timeout=args.window_timeout,
        window_grace=args.window_grace,
    )
    if game.load():
        log(f"resumed game {game.game_id} at step {game.state_id}")
    elif game.save_error:
        log(f"the autosave could not be read ({game.save_error}); it was set aside")
    if game.over:
        print(json.dumps(result_line(game)), flush=True)
        return 0

    def listening(port: int) -> None:
        log(f"listening on port {port}")
        if args.beacon:
            from noirburg_desktop.net.beacon import Beacon

            Beacon(args.name, port, lambda: game.lobby().waiting_for).start()

    host = Host(game, bind=args.host, port=args.port, ai_level=args.ai, on_listening=listening)
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # autosaved: a restart resumes
    try:
        asyncio.run(host.run())
    except KeyboardInterrupt:
        log("stopped; the game is autosaved and resumes when the server starts again")
        return 130
    if game.save_error:
        log(f"the autosave failed: {game.save_error}")
    print(json.dumps(result_line(game)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
