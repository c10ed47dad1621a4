"""The network screens' and the remote table's strings, registered on import."""

from __future__ import annotations

from noirburg_desktop.words import strings

EN: dict[str, str] = {
    # join (the Network game screen)
    "net.join_heading": "Network game",
    "net.your_name": "Your name",
    "net.found": "Games on this network",
    "net.searching": "Looking for games on this network…",
    "net.game_line": "{address} · free seats: {free}",
    "net.address": "Or the host's address",
    "net.address_help": "As the host's screen shows it, e.g. 192.168.1.20:41234",
    "net.join": "Join",
    "net.rejoin": "Rejoin your seat",
    "net.host": "Host a game",
    "net.back": "Back",
    "net.bad_address": "Type the host's address as its screen shows it, e.g. 192.168.1.20:41234",
    "net.need_name": "Type your name first",
    "net.pick_game": "Pick a game from the list, or type the host's address",
    "net.connecting": "Connecting to {address}…",
    # host (the seats of a hosted game)
    "net.host_heading": "Host a game",
    "net.open_table": "Open the table",
    "net.people": "Played by people, you included",
    "net.ai_level": "The other seats: AI at",
    "net.host_failed": "Could not open the game for others: {reason}",
    "net.resume_hosted": "Resume the hosted game",
    "net.resume_line": "Your hosted game, turn {turn}: {names}",
    "net.resume_lobby": "Your hosted game (not dealt yet): {names}",
    "net.hosted_set_aside": "Your hosted game could not be read and was set aside: {reason}",
    "net.port_moved": "The old port was taken: share the new address above",
    # lobby
    "net.lobby_heading": "Lobby",
    "net.share": "Others join at",
    "net.share_lan": "On this network the game appears in their Network game list by itself.",
    "net.share_internet": "Over the Internet: forward this port on your router "
    "(the README says how).",
    "net.ai_seat": "AI {n}",
    "net.waiting_seat": "waiting for a player…",
    "net.here": "here",
    "net.away": "away",
    "net.you_tag": "{name} (you)",
    "net.start": "Start the game",
    "net.waiting_host": "Waiting for the host to start the game",
    "net.waiting_players": "Waiting for every seat to be taken",
    "net.leave": "Leave",
    # the table
    "net.refused": "The host refused that move: {reason}",
    "net.lost": "Connection to the host lost ({reason}): reconnecting… the game waits for you",
    "net.lost_plain": "Connection to the host lost: reconnecting… the game waits for you",
    "net.closed": "The connection to the host has closed: {reason}",
    "net.closed_plain": "The connection to the host has closed",
    "net.rejoined": "Back at the table",
    "net.unreadable_reason": "the host's message could not be read",
    "net.no_undo": "No undo in a network game: a move sent is a move made",
    # leaving the table this window hosts, mid-game
    "net.leave_host_title": "Leave the game you host?",
    "net.leave_host_text": (
        "The game is saved and stops until you come back; the others wait at their "
        "tables. To go on: Network game → Host a game → Resume the hosted game."
    ),
    "net.leave_host_yes": "Leave",
    "net.leave_host_no": "Stay",
}

strings.register("en", EN)


def t(key: str, **fmt: object) -> str:
    return strings.t(key, **fmt)
