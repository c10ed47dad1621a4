"""`noirburg-cli --join`: a remote seat played by a bot, no window.

    noirburg-cli --join HOST:PORT --bot LEVEL --name NAME --token-file F --data-dir D

The bot sees only what the host sends its seat (`engine.view`) and chooses among
the legal actions the host lists. The seat token is kept in F, so a second start
with the same F rejoins the same seat. At the end one JSON line (the winners, how,
this seat, and `refused`: how many of its actions the host refused), exit 0.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from engine.bots import level_names, make_bot
from noirburg_desktop.net import protocol as p
from noirburg_desktop.net.client import NetClient, Picture, Status, parse_address
from noirburg_desktop.persist import safefs
from noirburg_desktop.persist.storage import write_json_atomic

TOKEN_LIMIT = 4096


def read_token(path: Path) -> str | None:
    """The token kept in `path`, or None (no file, or not one of ours)."""
    try:
        data = safefs.read_json(path, TOKEN_LIMIT)
    except (OSError, ValueError):
        return None
    token = data.get("token") if isinstance(data, dict) else None
    if isinstance(token, str) and 0 < len(token) <= p.MAX_TOKEN and token.isalnum():
        return token
    return None


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="noirburg-cli", description=__doc__.split("\n")[0])
    ap.add_argument("--join", required=True, help="HOST:PORT of the game")
    ap.add_argument("--bot", default="normal", choices=level_names(), help="the bot's level")
    ap.add_argument("--name", default="Bot", help="the seat's name")
    ap.add_argument("--token-file", type=Path, required=True, help="where the seat token is kept")
    ap.add_argument("--data-dir", type=Path, required=True, help="the seat's own files")
    ap.add_argument("--seed", type=int, default=None, help="the bot's own chance")
    ap.add_argument("--give-up", type=float, default=120.0, help="seconds to retry a lost host")
    args = ap.parse_args(argv)
    try:
        args.address = parse_address(args.join)
    except ValueError as exc:
        ap.error(f"--join: {exc}")
    return args


def play(args: argparse.Namespace) -> dict[str, Any]:
    host, port = args.address
    token = read_token(args.token_file)
    client = NetClient(host, port, args.name, token, reconnect_for=args.give_up).start()
    bot = make_bot(args.bot, clock=time.perf_counter)
    rng = random.Random(args.seed)
    result: dict[str, Any] = {"name": safefs.shown(args.name), "refused": 0, "actions": 0}
    try:
        while True:
            item = client.wait(1.0)
            if isinstance(item, p.Welcome):
                result["seat"] = item.seat
                if item.token != token:
                    token = item.token
                    write_json_atomic(args.token_file, {"token": token, "game_id": item.game_id})
            elif isinstance(item, Picture):
                if item.question is not None and item.legal:
                    action, _why = bot.decide(item.view, item.legal, rng)
                    client.act(action, item.state_id)
                    result["actions"] += 1
            elif isinstance(item, p.Refused):
                result["refused"] += 1
                print(
                    f"noirburg-cli: refused ({item.code}): {item.reason.template[:200]}",
                    file=sys.stderr,
                )
            elif isinstance(item, p.GameOver):
                result.update(
                    winners=item.winners, method=item.method, ai_took_over=item.ai_took_over
                )
                return result
            elif isinstance(item, Status) and item.state in ("refused", "closed"):
                result["error"] = item.state
                if item.reason is not None:
                    result["reason"] = safefs.shown(item.reason.template)
                return result
    finally:
        client.close()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    args.data_dir.mkdir(parents=True, exist_ok=True)
    result = play(args)
    print(json.dumps(result), flush=True)
    return 1 if "error" in result else 0


if __name__ == "__main__":
    sys.exit(main())
