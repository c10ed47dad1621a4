"""First-time tips in a normal game: the first time something happens that a new
player may not know (asked to react, a HIDDEN gangster, the countdown...), a short
tip explains it. Each is shown once ever (remembered in the settings), a click on
it or T closes it, and "Hide tips" in Settings turns them all off.

It watches the table through the controller's observer hook (events) and one
look at the position per frame (who is asked to react): no game logic here.

A tip is shown only while its moment lasts (newcomer playtest: the reaction tip
came up in the person's own phase D, the Drive-by tip in the Hideout phase): a tip
from an event lasts while that turn stays in that phase, the reaction tip while the
person is asked, the draw tip in their phase G. A tip whose moment passed before it
could show is dropped unseen (it comes back next time). Tips sit at the top right of
the table, never over the log or the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame
from pygame import Rect, Surface

from engine import Event, GameState, Phase
from engine.actions import Action
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.overlays import draw_box
from noirburg_desktop.words.event_styles import STYLES
from noirburg_desktop.words.strings import N_, register, t

# An event's tip is its row's `tip` in event_styles.STYLES; "reaction" and "draw"
# come from the position.
TIP_TEXT: dict[str, str] = {
    "tip.title": N_("Tip"),
    "tip.close": N_("Click or press T to close · Settings: Hide tips"),
    "tip.reaction": N_(
        "You hold a card that can answer this moment. Drag it where it acts (Bribe or "
        "Police to the middle, a Drive-by onto a Business), or press Space to pass; the "
        "clock waits while this tip is open. The table asks only when you are threatened: "
        "to react at other moments, press R or grab a lit card."
    ),
    "tip.hidden": N_(
        "A HIDDEN gangster (turned sideways) attacked or was sent away by the Police. It "
        "cannot fight or be attacked, and comes back in its owner's next phase B."
    ),
    "tip.countdown": N_(
        "The countdown has started. Its keeper takes one of the 4 tokens at the end of "
        "each of their turns; when the last is taken the game ends and scores count."
    ),
    "tip.token": N_(
        "A countdown token was taken. Score: the numbers on your cards on the table, "
        "your coins, and 10 for each Hideout you destroyed."
    ),
    "tip.attack": N_(
        "An attack! Both sides deal their total strength at once, to the weakest gangster "
        "first. Players holding a reaction may still answer before any damage."
    ),
    "tip.ransom": N_(
        "A Hideout's defence was broken: its owner pays a ransom of a die plus the income "
        "of the Business on top. Who cannot pay is out of the game."
    ),
    "tip.drive_by": N_(
        "A Drive-by: a die per card is dealt to a Business, weakest guard first. It steals "
        "no money, and never hits a Hideout."
    ),
    "tip.draw": N_(
        "Phase G: you may draw up to 6 cards in hand. One card is free, each further card "
        "costs a coin. Keep some money for drawing."
    ),
}
register("en", TIP_TEXT)


class TipSettings(Protocol):
    """What the tips read and keep of the settings (`persist.storage.Settings`)."""

    tips_seen: list[str]  # shown once ever: remembered here

    @property
    def tips_off(self) -> bool: ...


class Watched(Protocol):
    """What the tips read of the table's game flow (`TableController`): the position,
    who is human, whether the holder may act, and its observer hook."""

    @property
    def state(self) -> GameState: ...
    @property
    def humans(self) -> Sequence[int]: ...
    @property
    def observers(self) -> list[Callable[[Action, list[Event]], None]]: ...
    def is_human(self, seat: int | None) -> bool: ...
    def my_turn(self) -> bool: ...


class TipWatcher:
    """Queues each tip the first time its moment comes; shows one at a time."""

    def __init__(self, settings: TipSettings, save: Callable[[], None]) -> None:
        self.settings = settings
        self.save = save
        self.queue: list[str] = []
        self.current: str | None = None
        self.rect = Rect(0, 0, 0, 0)
        self.ctrl: Watched | None = None
        # an event tip's moment: (whose turn, which phase) when it was offered
        self.moment: dict[str, tuple[int | None, Phase]] = {}

    @property
    def enabled(self) -> bool:
        return not self.settings.tips_off

    def attach(self, ctrl: Watched) -> None:
        self.ctrl = ctrl
        ctrl.observers.append(self._applied)

    def _applied(self, _action: Action, events: list[Event]) -> None:
        ctrl = self.ctrl
        if ctrl is None or not ctrl.humans:
            return  # an all-AI game: nobody to teach
        for ev in events:
            tip = STYLES[ev.kind].tip
            if tip is not None:
                st = ctrl.state
                self.moment[tip] = (st.active, st.phase)
                self.offer(tip)

    def offer(self, tip: str) -> None:
        if not self.enabled or tip in self.settings.tips_seen or tip in self.queue:
            return
        if tip == self.current:
            return
        self.queue.append(tip)

    def update(self, ctrl: Watched) -> None:
        """The moments read off the position: a human asked to react, a human's draw."""
        st = ctrl.state
        if st.to_act is not None and ctrl.is_human(st.to_act) and ctrl.my_turn():
            if st.window is not None:
                self.offer("reaction")
            elif st.phase is Phase.DRAW:
                self.offer("draw")
        if not self.enabled:
            self.queue.clear()
            self.current = None
        if self.current is not None and not self.relevant(self.current, ctrl):
            self.current = None  # its moment is over: it would explain something gone
        self.queue = [tip for tip in self.queue if self.relevant(tip, ctrl)]
        if self.current is None and self.queue:
            self.current = self.queue.pop(0)
            self.settings.tips_seen = [*self.settings.tips_seen, self.current]
            self.save()  # shown once: remembered at once

    def relevant(self, tip: str, ctrl: Watched) -> bool:
        """Is the tip's subject on the table now, in the phase or window it explains?"""
        st = ctrl.state
        if tip == "reaction":
            asked = st.to_act is not None and ctrl.is_human(st.to_act)
            return asked and st.window is not None and ctrl.my_turn()
        if tip == "draw":
            return bool(ctrl.my_turn()) and st.phase is Phase.DRAW
        return self.moment.get(tip) == (st.active, st.phase)

    def dismiss(self) -> None:
        self.current = None

    def handle(self, event: pygame.event.Event, lay: TableLayout) -> bool:
        """A click on the tip or T closes it (everything else goes to the table)."""
        if self.current is None:
            return False
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if click and self.rect.collidepoint(event.pos):
            self.dismiss()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
            self.dismiss()
            return True
        return False

    def draw(self, surface: Surface, lay: TableLayout) -> None:
        if self.current is None:
            return
        self.rect, lines, foot = tip_rect(lay, t(f"tip.{self.current}"))
        draw_box(surface, self.rect, w.LEGAL)
        x, y = self.rect.x + 14, self.rect.y + 10
        surface.blit(w.text(t("tip.title"), 15, w.LEGAL, bold=True), (x, y))
        y += 24
        for line in lines:
            surface.blit(w.text(line, 15, w.INK), (x, y))
            y += 20
        for line in foot:
            surface.blit(w.text(line, 12, w.INK_DIM), (x, y + 4))
            y += 16


TIP_W = 300  # the tip's width (the "While you waited" panel leaves it this room)


def tip_rect(lay: TableLayout, text: str) -> tuple[Rect, list[str], list[str]]:
    """At the top right of the table, over the rivals' boards: never over the log
    (playtest: tips covered it) nor the person's own seat and hand."""
    table = lay.table
    width = min(TIP_W, table.w // 2)
    lines = w.wrap(text, 15, width - 28)
    foot = w.wrap(t("tip.close"), 12, width - 28)
    h = 40 + 20 * len(lines) + 16 * len(foot) + 8
    room = lay.seats[lay.viewing].rect.y - 4 - (table.y + 6)
    r = Rect(0, 0, width, min(h, room))
    r.topright = (table.right - 6, table.y + 6)
    return r, lines, foot
