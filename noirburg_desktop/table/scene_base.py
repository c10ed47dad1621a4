"""The table scene's state and geometry: what its input, its view and its flow share."""

from __future__ import annotations

from pygame import Rect, Surface

import engine
from engine import Phase
from engine.actions import Action, Draw
from engine.cards import KIND, REACTION_KINDS
from engine.predict import declared_attack
from noirburg_desktop.scene import Scene
from noirburg_desktop.table.advice import (
    playable_now,
    why_not_playable,
)
from noirburg_desktop.table.card_focus import CardFocus
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.drag import Drag, DragController
from noirburg_desktop.table.end_panel import EndPanel
from noirburg_desktop.table.entry import Lesson, TableEntry
from noirburg_desktop.table.event_rects import event_rects
from noirburg_desktop.table.intents import (
    Target,
    action_cards,
    legal_targets,
)
from noirburg_desktop.table.layout import TableLayout, compute_layout
from noirburg_desktop.table.log_follow import LogFollow
from noirburg_desktop.table.main_button import LabelGuard
from noirburg_desktop.table.out_panel import OutPanel
from noirburg_desktop.table.overlays import (
    draw_menu_rects,
    prewarm,
)
from noirburg_desktop.table.question import Question
from noirburg_desktop.table.render import HitMap
from noirburg_desktop.table.scene_modes import (
    Asking,
    BrowsingDiscard,
    ChoosingDraw,
    Playing,
    SceneMode,
)
from noirburg_desktop.table.targets import all_targets, target_at
from noirburg_desktop.table.tips import TipWatcher

HOVER_DELAY = 0.35


class TableSceneBase(Scene[TableEntry]):
    """What the table scene holds (layout, hit map, drag, mode, selection) and where things are."""

    def __init__(self) -> None:
        super().__init__()
        self._ctrl: TableController | None = None
        self.drag = DragController()
        self.layer: Surface | None = None
        self.layer_key: tuple[object, ...] = ()
        self.hits = HitMap()
        self.layout: TableLayout | None = None
        self.mouse = (0, 0)
        self.hand_pins: dict[int, Rect] | None = None  # see `_pin_hand`
        self.hand_pin_area: Rect | None = None  # the hand's area the pins belong to
        self.log_scroll = 0  # log lines scrolled back from the newest
        self.log_follow = LogFollow()  # back to the newest line when left alone
        self.label_guard = LabelGuard()  # a click aimed at the main button's old words
        self.button_seen = -1  # the controller version the two below were read at
        self.blocked_why = ""  # why "Next phase" is blocked now ("" when it is not)
        self.log_marker: Rect | None = None  # the "↓ new lines" pill, when drawn
        self.hover: int | None = None
        self.hover_t = 0.0
        self.note_pressed = False  # a click began on the private note (it closes on release)
        self.away_rect: Rect | None = None  # the "While you waited" panel, when drawn
        self.selected: set[int] = set()
        self.kb_action: Action | None = None  # chosen with Tab; Enter plays it
        self.kb_version = -1  # the state version it was chosen in
        self.hint_action: Action | None = None  # only highlighted, never played
        self.hint_version = -1
        self.hint_text = ""  # the hint's toast: the answer clock stands still while it shows
        self.kb_index = -1
        self.mode: SceneMode = Playing()
        self.out = OutPanel()
        self.end = EndPanel()  # the final moment: the board stays until asked (#20)
        self.card_focus = CardFocus()  # ←/→ walk the cards, Z zooms (keyboard players)
        self._why: tuple[int, int, str] = (-1, -1, "")  # (version, card, reason) cache
        self.coach: Lesson | None = None  # the guided game's coach (None in a normal game)
        self.tips: TipWatcher | None = None
        self.clock = 0.0
        self.curtain: object = None  # the hand-off or note now covering the table
        self.curtain_since = 0.0  # the clock when it appeared (it is calm until then)
        self.drag_version = -1  # the state version the drag's legal drops were read in
        self.prompt_rect: Rect | None = None  # where the reaction prompt was drawn last
        self._glow: tuple[int, frozenset[int], frozenset[int]] = (-1, frozenset(), frozenset())

    @property
    def ctrl(self) -> TableController:
        """The game flow of the session shown (made by `enter`)."""
        if self._ctrl is None:
            raise RuntimeError("the table was not entered with a session")
        return self._ctrl

    @property
    def question(self) -> Question | None:
        """The question open over the table, if any."""
        return self.mode.question if isinstance(self.mode, Asking) else None

    @property
    def draw_menu(self) -> bool:
        return isinstance(self.mode, ChoosingDraw)

    @property
    def browse(self) -> bool:
        return isinstance(self.mode, BrowsingDiscard)

    def ensure_layout(self, size: tuple[int, int]) -> TableLayout:
        c = self.ctrl
        lay = self.layout
        if lay is None or lay.size != size or lay.viewing != c.viewer or lay.seat_count != c.n:
            self.layout = lay = compute_layout(size, c.n, c.viewer)
            self.layer = None
            prewarm(lay)
        return lay

    def event_rects(self, ev: engine.Event) -> dict[str, Rect]:
        """Where an event happens on screen (looked up before the table redraws)."""
        return event_rects(self.layout, self.hits, ev) if self.layout is not None else {}

    def _marker_shows(self) -> bool:
        return bool(self.log_scroll) and self.log_follow.new

    def draw_prices(self) -> dict[int, int]:
        """Legal draw counts and their price (R-DRAW-1): sidebar and deck menu."""
        c = self.ctrl
        if c.state.phase is not Phase.DRAW:
            return {}
        return {a.count: a.price for a in c.legal() if isinstance(a, Draw)}

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        lay = self.layout
        return target_at(lay, self.hits, pos) if lay is not None else None

    def action_rects(self, a: Action) -> list[Rect]:
        """Where an action picked with Tab (or hinted) shows: the cards it names, or
        for a draw the sidebar button of its count."""
        if isinstance(a, Draw):
            buttons = self.layout.draw_buttons if self.layout is not None else []
            return [buttons[a.count - 1]] if 0 < a.count <= len(buttons) else []
        rects = (self.hits.rect_of(c) for c in action_cards(a))
        return [r for r in rects if r is not None]

    def _draw_menu_rects(self) -> list[tuple[int, Rect]]:
        assert self.layout is not None
        return draw_menu_rects(self.layout, [*sorted(self.draw_prices()), 0])  # 0: no card

    def attack_shown(self) -> tuple[int | None, tuple[int, ...]]:
        """The attack to outline: the one being assembled, else a declared one waiting
        on reactions (a defender asked to react sees which building is under attack)."""
        st = self.ctrl.state
        if st.attack_target is not None:
            return st.attack_target, tuple(st.attack_gangsters)
        return declared_attack(st) or (None, ())

    def scroll_log(self, lines: int) -> None:
        """Read back through the game log (what the AIs did while you watched);
        End (a jump of minus everything) returns to the newest line."""
        self.log_scroll = max(0, min(self.log_scroll + lines, self.hits.log_back_max))
        self.log_follow.touched()

    def why_not(self, card: int) -> str:
        """The engine's reason a dimmed hand card cannot be used now ("" otherwise)."""
        c = self.ctrl
        if card not in c.state.seats[c.viewer].hand or not c.show_hand:
            return ""
        playable = playable_now(c)
        if playable is None or card in playable:
            return ""
        if self._why[:2] != (c.version, card):
            self._why = (c.version, card, why_not_playable(c.state, c.viewer, card))
        return self._why[2]

    def _watch_curtain(self) -> None:
        """Note when a hand-off screen or a private note comes up (it is calm at first)."""
        curtain = self.ctrl.handoff or self.ctrl.note or None
        if curtain is not self.curtain:
            self.curtain, self.curtain_since = curtain, self.clock

    def _reaction_in_hand(self) -> bool:
        """A reaction card picked up from the hand (pressed or dragged)."""
        d = self.drag.pressed
        return (
            d is not None
            and d.source.kind == "hand"
            and KIND[d.source.card] in REACTION_KINDS
            and not self.ctrl.use_bars
        )

    def _drag_targets(self, d: Drag) -> None:
        """The legal drops of the card being dragged, in the position now (none while
        it is not the player's move: the engine is asking somebody else)."""
        lay = self.layout
        self.drag_version = self.ctrl.version
        if lay is None or not self.ctrl.my_turn():
            d.targets = {}
            return
        d.targets = legal_targets(self.ctrl.state, d.source, all_targets(lay, self.hits))
