"""TutorialCoach: the guided game's teacher, watching the table through a thin seam.

The table scene calls it at a few points and knows nothing else of the lesson:
`vet(action)` before a learner's action is applied (an off-script move is refused
with a nudge back to the step), the controller's observer hook after every applied
action (the step advances when the learner did what it asked), `asks()` whenever
the engine asks the learner to react (only the Bribe step is asked, without a
clock; every other window is passed for them), `pace(speed)` (the lesson's own AI
speed, whatever the Settings say), `update` each frame (it plays the last
countdown turns quickly), `draw` (the coach panel and gold outlines on the cards
and places the step is about) and `click` / `key` ("Restart lesson"). The step
reached is derived from the session's actions alone, so undo and resume need
nothing else.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect, Surface

import engine
from engine import GameState
from engine.actions import (
    Action,
    Draw,
    EndPhase,
    LaunchAttack,
    Mulligan,
    OpenCard,
    Pass,
    PlayBribe,
    action_from_json,
)
from noirburg_desktop.chronicle import walk
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.intents import action_cards
from noirburg_desktop.table.overlays import draw_box
from noirburg_desktop.tutorial import texts
from noirburg_desktop.tutorial.script import STEPS, YOU, Step, quiet_move

if TYPE_CHECKING:
    from noirburg_desktop.session import GameSession
    from noirburg_desktop.table.controller import TableController
    from noirburg_desktop.table.layout import TableLayout
    from noirburg_desktop.table.render import HitMap

FAST_S = 0.45  # the quick end: one move of the learner's per this many seconds
GOLD = (255, 214, 90)
# The lesson's AI speed: Slow if the Settings ask for it, else Normal. Faster would show
# the opponents' moves before the coach's words about them could be read.
LESSON_SPEEDS = {"slow": "slow"}
LESSON_SPEED = "normal"
RESTART_KEY = "F5"


def _visible_part(r: Rect, card: int, hits: HitMap) -> Rect:
    """A gangster's strip that the next gangster on its building leaves uncovered, so
    the outline points at the card to drag, not at its neighbour."""
    if card not in hits.gangsters:
        return r
    below = [
        o.y for g, o in hits.gangsters.items() if g != card and o.x == r.x and r.y < o.y < r.bottom
    ]
    return Rect(r.x, r.y, r.w, min(below) - r.y) if below else r


class TutorialCoach:
    """Follows the guided game step by step (see the module doc)."""

    def __init__(
        self,
        session: GameSession,
        save: Callable[[], None] | None = None,
        done: Callable[[], None] | None = None,
    ) -> None:
        self.session = session
        self.save = save  # after every move: keep the progress
        self.done = done  # the game is over: the lesson is complete
        self.restart: Callable[[], None] | None = None  # "Restart lesson" (set by `lesson`)
        self.restart_rect = Rect(0, 0, 0, 0)  # where its link was drawn
        self.index = 0
        self.nudge_text = ""
        self.fast_t = 0.0
        self._seen: list[dict[str, Any]] = []
        self._state = session.start_state()
        self.sync()

    # --- where the lesson is ---------------------------------------------------------
    def sync(self) -> None:
        """Advance through the actions applied since the last call (from the start again
        if the history changed under us: undo)."""
        acts = self.session.actions
        if acts[: len(self._seen)] != self._seen:
            self.index, self._seen, self._state = 0, [], self.session.start_state()
        moves = walk(self._state, acts, len(self._seen))  # lazy: each move on next()
        for data in acts[len(self._seen) :]:
            action = action_from_json(data)
            step = self.step
            if self._state.to_act == YOU and step and self._completes(step, self._state, action):
                self.index += 1
                self.nudge_text = ""
            next(moves)  # the chronicle's walk applies it
            self._seen.append(data)

    @property
    def step(self) -> Step | None:
        return STEPS[self.index] if self.index < len(STEPS) else None

    @property
    def fast_end(self) -> bool:
        """Every step is done: the countdown plays out."""
        return self.index >= len(STEPS)

    @staticmethod
    def want(step: Step, st: GameState) -> Action | None:
        try:
            return step.solve(st)
        except LookupError:
            return None

    def _completes(self, step: Step, st: GameState, action: Action) -> bool:
        want = self.want(step, st)
        if want is None:
            return False
        if step.free:
            return type(want) is type(action)
        return engine.canonical(st, want) == engine.canonical(st, action)

    def wanted(self) -> Action | None:
        """The learner's move this step asks for, in the table's position now."""
        st = self.session.state
        if self.step is None or st.to_act != YOU:
            return None
        return self.want(self.step, st)

    # --- the seam with the table -------------------------------------------------------
    def attach(self, ctrl: TableController) -> None:
        ctrl.observers.append(self._applied)

    def _applied(self, _action: Action, _events: list[engine.Event]) -> None:
        self.sync()
        if self.save is not None:
            self.save()

    def finish(self) -> None:
        if self.done is not None:
            self.done()

    def vet(self, action: Action) -> str | None:
        """None when the learner may play `action` now; else the nudge to show."""
        st = self.session.state
        if st.to_act != YOU or self.fast_end:
            return None
        step = self.step
        assert step is not None
        if self._completes(step, st, action):
            return None
        if isinstance(action, Pass) and self.wanted() is None:
            return None  # a window the lesson is not about
        self.nudge_text = self.nudge()
        return self.nudge_text

    def nudge(self) -> str:
        return texts.t("tut.nudge")

    def hint(self) -> str:
        """The Hint button inside the lesson: the step's move, never a bot's idea."""
        return texts.t("tut.hint" if self.wanted() is not None else "tut.hint_wait")

    def asks(self) -> bool:
        """The engine asks the learner to react: wait for them (True) only when this is
        the lesson's reaction step, decided at the moment of asking (the table asks this
        in the very frame the window reaches the learner, at any AI speed)."""
        self.sync()
        return isinstance(self.wanted(), PlayBribe)

    @staticmethod
    def pace(speed: str) -> str:
        """The lesson's AI speed for the Settings' `speed` (see LESSON_SPEEDS)."""
        return LESSON_SPEEDS.get(speed, LESSON_SPEED)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on "Restart lesson" starts the lesson again from the deal."""
        if self.restart is not None and self.restart_rect.collidepoint(pos):
            self.restart()
            return True
        return False

    def key(self, key_name: str) -> bool:
        if self.restart is not None and key_name == RESTART_KEY:
            self.restart()
            return True
        return False

    def update(self, ctrl: TableController, dt: float) -> None:
        """In the quick end, play the learner's quiet moves one by one."""
        acts = self.session.actions
        if len(acts) != len(self._seen):  # an undo took moves back: find the step again
            self.sync()
            if self.save is not None:
                self.save()
        st = self.session.state
        if not self.fast_end or st.to_act != YOU or st.phase is engine.Phase.GAME_OVER:
            self.fast_t = 0.0
            return
        if not ctrl.presenter.idle or ctrl.handoff is not None:
            return
        self.fast_t += dt
        if self.fast_t >= FAST_S:
            self.fast_t = 0.0
            ctrl.release_claim()
            ctrl.apply(quiet_move(engine.legal_actions(st)))

    # --- words ------------------------------------------------------------------------------
    def body(self) -> str:
        st = self.session.state
        if st.phase is engine.Phase.GAME_OVER:
            return texts.t("tut.done")
        if self.fast_end:
            return texts.t("tut.fast")
        step = self.step
        assert step is not None
        if st.to_act == YOU and self.wanted() is not None:
            return texts.t(f"tut.s.{step.name}")
        return texts.t(step.wait)

    def heading(self) -> str:
        n = min(self.index + 1, len(STEPS))
        return texts.t("tut.heading", n=n, total=len(STEPS))

    # --- drawing ----------------------------------------------------------------------------
    def target_rects(self, lay: TableLayout, hits: HitMap) -> list[Rect]:
        """Where the step's move is made: its cards, the main button, the deck, a board."""
        st = self.session.state
        want = self.wanted()
        if want is None:
            return []
        out: list[Rect] = []
        # the cards the move names, never its numbers: Draw(1)'s 1 is a count, and
        # outlining card 1 put a gold frame on Vito's Hideout (playtest, step 7)
        ids = list(action_cards(want))
        extra = self.step.show(st) if self.step is not None and self.step.show else None
        ids += extra or []
        if isinstance(want, Draw):
            out.append(lay.deck)
            if len(lay.draw_buttons) >= want.count:
                out.append(lay.draw_buttons[want.count - 1])
            if want.count == 1 and want.price == 0 and "next" in lay.buttons:
                out.append(lay.buttons["next"])  # the main button takes the free card
        if isinstance(want, (EndPhase, LaunchAttack)) and "next" in lay.buttons:
            out.append(lay.buttons["next"])
        if isinstance(want, Mulligan) and "next" in lay.buttons:
            out.append(lay.buttons["next"])
        if isinstance(want, OpenCard) and want.on is None:
            board, hand = lay.seats[YOU].board, lay.hand
            if board.x < hand.x < board.right:  # the hand is no place to drop it
                board = Rect(board.x, board.y, hand.x - board.x - 8, board.h)
            out.append(board)
        if isinstance(want, PlayBribe):
            out.append(lay.center)
        for cid in ids:
            r = hits.rect_of(cid)
            if r is not None:
                out.append(_visible_part(r, cid, hits))
        return out

    def draw(self, surface: Surface, lay: TableLayout, hits: HitMap, t_s: float) -> None:
        pulse = 2 + int(2 * (1 + math.sin(t_s * 5)))  # a slow throb draws the eye
        for r in self.target_rects(lay, hits):
            w.outline(surface, r.inflate(8, 8), GOLD, pulse)
        self.draw_panel(surface, lay)

    def lines(self, width: int) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        """The panel's lines: (text, size, colour, bold), wrapped to `width`."""
        out = [(self.heading(), 15, GOLD, True)]
        if self.restart is not None:  # high up: a long step's words never push it out
            out.append((texts.t("tut.restart"), 13, GOLD, False))
        for para in self.body().split("\n"):
            out += [(x, 15, w.INK, False) for x in w.wrap(para, 15, width)]
            out.append(("", 6, w.INK, False))
        if self.nudge_text:
            out += [(x, 14, w.BLOOD, True) for x in w.wrap(self.nudge_text, 14, width, bold=True)]
            out.append(("", 6, w.INK, False))
        out += [(x, 13, w.INK_DIM, False) for x in w.wrap(texts.t("tut.footer"), 13, width)]
        return out

    def panel_rect(self, lay: TableLayout, height: int) -> Rect:
        """Over the top of the sidebar (the log), as tall as the words need, never over
        the draw and phase buttons."""
        top, bottom = lay.log.y, lay.advice.bottom
        return Rect(lay.log.x - 4, top, lay.log.w + 8, max(lay.advice.h, min(height, bottom - top)))

    def draw_panel(self, surface: Surface, lay: TableLayout) -> None:
        width = lay.log.w - 16
        lines = self.lines(width)
        height = 20 + sum(size + 5 for _t, size, _c, _b in lines)
        r = self.panel_rect(lay, height)
        draw_box(surface, r, GOLD)
        x, y = r.x + 12, r.y + 10
        restart = texts.t("tut.restart") if self.restart is not None else None
        self.restart_rect = Rect(0, 0, 0, 0)
        for text, size, colour, bold in lines:
            if y + size > r.bottom - 6:
                break
            if text:
                s = w.text(text, size, colour, bold=bold)
                surface.blit(s, (x, y))
                if text == restart:
                    self.restart_rect = Rect(x - 4, y - 3, s.get_width() + 8, s.get_height() + 6)
                    pygame.draw.rect(surface, GOLD, self.restart_rect, 1, border_radius=4)
            y += size + 5
