"""What the table scene shows over the table: one mode, never two overlays at once.

The scene's overlays (a question about a drop, the discard pile browser, the
deck's draw menu) are mutually exclusive, and once the game is over and the
results replaced the table nothing on it reacts any more. Each handler of
`TableScene` looks at the one `SceneMode` to know which of these it serves.
(Dragging is `DragController`'s own state; the device's flow is the controller's
`modes.Mode`.)
"""

from __future__ import annotations

from dataclasses import dataclass

from noirburg_desktop.table.question import Question


@dataclass(frozen=True, slots=True)
class Playing:
    """The table itself takes the gestures: drag, click, keys."""


@dataclass(frozen=True, slots=True)
class Asking:
    """A drop meant more than one legal thing: its question waits for an answer
    (R-HIDE-ATK-1 which target, R-POLICE-1 which effect, R-DRIVEBY-2 how many)."""

    question: Question


@dataclass(frozen=True, slots=True)
class BrowsingDiscard:
    """The discard pile is spread out; any click closes it."""


@dataclass(frozen=True, slots=True)
class ChoosingDraw:
    """The deck's menu of draw counts and prices is open (phase G)."""


@dataclass(frozen=True, slots=True)
class Left:
    """The game is over and the results screen replaced the table."""


SceneMode = Playing | Asking | BrowsingDiscard | ChoosingDraw | Left
