"""From a lobby to the table: a seat's first picture of the game becomes its table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from noirburg_desktop.netplay.feed import SeatLink, SeatUpdate, Started
from noirburg_desktop.netplay.remote_session import RemoteSession
from noirburg_desktop.netplay.remote_table import RemoteController
from noirburg_desktop.shell.screens import Screen
from noirburg_desktop.table.entry import TableEntry

if TYPE_CHECKING:
    from noirburg_desktop.scene import Stage


def open_remote_table(app: Stage, link: SeatLink, started: Started, first: SeatUpdate) -> None:
    """Show the table for our seat (replacing the lobby); it plays through `link`."""
    session = RemoteSession(started.seat, started.configs, first.view, link, first.state_id)
    app.replace(
        app.make(Screen.TABLE),
        TableEntry(session, threaded_ai=False, controller=RemoteController),
    )
