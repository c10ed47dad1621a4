"""What the table enters with (`TableEntry`), and `Lesson`, what it asks of the
guided game's coach: the table's payload is typed (issue 24), so a caller that
forgets the session or spells a key wrong is a type error, not a KeyError.

A leaf module (its other imports are for type checking only), so the screens that
open a table (`shell.screens.open_session`, the lesson, a network seat) import it
without importing the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pygame import Surface

    from engine.actions import Action
    from noirburg_desktop.session import GameSession
    from noirburg_desktop.table.ai_driver import AIDriver
    from noirburg_desktop.table.controller import TableController
    from noirburg_desktop.table.layout import TableLayout
    from noirburg_desktop.table.render import HitMap


class Lesson(Protocol):
    """What the table asks of the guided game's coach (`tutorial.coach.TutorialCoach`):
    it follows the game, vets and hints the learner's moves, and draws its outlines and
    panel over the table."""

    def attach(self, ctrl: TableController) -> None: ...
    def pace(self, speed: str) -> str: ...
    def asks(self) -> bool: ...
    def update(self, ctrl: TableController, dt: float) -> None: ...
    def draw(self, surface: Surface, lay: TableLayout, hits: HitMap, t_s: float) -> None: ...
    def key(self, key_name: str) -> bool: ...
    def click(self, pos: tuple[int, int]) -> bool: ...
    def vet(self, action: Action) -> str | None: ...
    def nudge(self) -> str: ...
    def wanted(self) -> Action | None: ...
    def hint(self) -> str: ...
    def finish(self) -> None: ...


@dataclass(frozen=True)
class TableEntry:
    """The game to show and how: `threaded_ai` (False: the AI decides on the frame's
    thread, as tests and screenshots want), `controller` (a network seat brings its own
    flow, `netplay.remote_table.RemoteController`; None: `TableController`), `ai` (the
    lesson's scripted opponents) and `coach` (the lesson's)."""

    session: GameSession
    threaded_ai: bool = True
    controller: Callable[..., TableController] | None = None
    ai: AIDriver | None = None
    coach: Lesson | None = None
