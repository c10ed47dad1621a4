"""The table's game flow for one seat of a hosted game.

`RemoteController` is a `TableController` whose session is a `RemoteSession` (one
seat's view) and whose moves go to the host: a gesture becomes intents sent
through the `SeatLink`, and the position changes only when the host answers with a
`SeatUpdate`. What it keeps from the local flow is everything the one-person table
already does right: no hand-off curtains and no claim bars (one person at this
screen), the engine asking this seat in a reaction window shown as the Settings'
reaction policy says (or passed for it once the window's story is told), the same
log, animations, prompts, hints and refusals.

Choices (docs/network-window.md):
* no undo: a move sent is a move made (the host's history is the game; taking a
  move back would tell the others what was tried);
* a move is checked against the view first (the acting seat's view lists exactly
  the legal actions the full state does), so an illegal drop bounces with the
  engine's own refusal at once; the host refuses only stale moves (a race);
* one gesture (a drop that means two actions, e.g. start an attack and add a
  gangster) is sent one action at a time, each after the host's answer to the
  one before; a refusal drops the rest;
* while the link is down a banner says so and nothing can be played; the client
  reconnects with its token and the host's resync brings the view, the log's
  tail and the pending question back.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import engine
from engine import Phase
from engine.actions import Action, AddAttacker, CancelAttack, Pass, StartAttack
from noirburg_desktop.netplay.feed import (
    Connection,
    Finished,
    Refused,
    SeatLink,
    SeatUpdate,
    Started,
)
from noirburg_desktop.netplay.remote_session import RemoteSession
from noirburg_desktop.netplay.texts import t
from noirburg_desktop.persist.rounds import RoundCounter
from noirburg_desktop.session import GameSession
from noirburg_desktop.table.controller import TableController
from noirburg_desktop.table.modes import HandingOff, Noting, Watching, after_action
from noirburg_desktop.words.wording import actor_line, event_line, logged

LOST_NOTE_S = -1e9  # the "connection lost" toast stays until the link is back


class RemoteController(TableController):
    """Game flow for the seat this window plays in a hosted game."""

    remote = True

    def __init__(self, session: GameSession, **kw: Any) -> None:
        if not isinstance(session, RemoteSession):
            raise TypeError("a remote table needs the RemoteSession of its seat")
        link = session.link
        if link is None:
            raise ValueError("the remote session has no link to its host")
        self.link: SeatLink = link
        self.remote_session = session
        self.seat = session.seat
        self.state_id = session.state_id
        self.in_flight: Action | None = None  # sent, not answered yet
        self.sent_on = -1  # the state id it was sent on
        self.host_legal: tuple[Action, ...] | None = None  # what the host asks of us
        self.asked_now: bool | None = None  # the host asks us now (None: it did not say)
        self.outbox: list[Action] = []  # the rest of the gesture being sent
        self._frame = 0
        self._gesture_frame = -1  # the frame the gesture now being sent began in
        self.connected = True
        self.final: GameSession | None = None  # the whole game, once it is over
        kw["ai"] = None  # nobody decides for another seat here: the host does
        super().__init__(session, **kw)
        self.humans = [self.seat]
        self.holder = self.seat
        self.use_bars = False
        self.presenter.bar_seconds = 0.0

    # --- facts ---------------------------------------------------------------------
    def is_human(self, seat: int | None) -> bool:
        """A person plays `seat` (here or at their own computer): the table tags the
        others "AI"; only this window's seat is decided here (`humans`)."""
        return seat is not None and self.session.configs[seat].is_human

    def my_turn(self) -> bool:
        return self.connected and self.host_asks and super().my_turn()

    def hosting_mid_game(self) -> bool:
        """This window hosts the game and it is not over: leaving the table stops the
        host (the game stays autosaved; the others' windows wait, reconnecting)."""
        return self.link.hosting and self.state.phase is not Phase.GAME_OVER

    @property
    def host_asks(self) -> bool:
        """The host's question is ours (a host that does not say: the view's to_act)."""
        return self.asked_now is not False

    def legal(self) -> list[Action]:
        """The host's legal actions for our seat (the same list `legal_actions` gives
        on our view, which an in-process host leaves us to read)."""
        return self._asked_legal() if self.my_turn() else []

    def _asked_legal(self) -> list[Action]:
        """What our seat may do now, whether or not the table has asked the player yet
        (the flow passes for them in a window they are not asked about)."""
        if not self.host_asks or self.state.to_act != self.seat:
            return []
        if self.host_legal is not None:
            return list(self.host_legal)
        return engine.legal_actions(self.state)

    @property
    def game_over(self) -> bool:
        """Over once the host's last update says so and the whole game has come (the
        Results screen reads it); a link closed for good ends the table too."""
        ended = self.state.phase is Phase.GAME_OVER
        return ended and (self.final is not None or not self.connected)

    # --- sending -------------------------------------------------------------------
    def apply(self, action: Action) -> list[engine.Event]:
        """Send `action` to the host (nothing changes here until it answers).

        The first action of a gesture is checked against the view first: an illegal
        one raises the engine's `IllegalAction`, as at a local table. Actions asked for
        in the same frame belong to the same gesture and follow it; a gesture begun
        while another is still on its way is dropped (a double click). Hand cards are
        named as `legal_actions` names them (one of each identical pair: the second
        Police picked to swap is the listed one), or a legal move would go unsent."""
        action = engine.canonical(self.state, action)
        if self.in_flight is not None or self.outbox:
            if self._gesture_frame != self._frame:
                return []
        else:
            if action not in self._asked_legal():
                engine.apply(self.state.clone(), action)  # raises the engine's refusal
                return []  # (legal on the view yet not asked: nothing to send)
            self._gesture_frame = self._frame
        self.outbox.append(action)
        self._pump()
        return []

    def _pump(self) -> None:
        if self.in_flight is None and self.outbox and self.connected:
            self.in_flight = self.outbox.pop(0)
            self.sent_on = self.state_id
            self.link.send_action(self.in_flight, self.state_id)

    def undo(self) -> bool:
        """A move sent is a move made (see the module doc): say so, undo nothing."""
        self.set_toast(t("net.no_undo"))
        return True  # answered: the table adds no note of its own

    @property
    def can_undo(self) -> bool:
        return False

    def shutdown(self) -> None:
        super().shutdown()
        self.link.close()

    # --- hearing -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._frame += 1
        self.hear()
        if not self.connected:
            self.toast_t = LOST_NOTE_S if self.state.phase is not Phase.GAME_OVER else 0.0
        super().update(dt)

    def hear(self) -> None:
        """Take in everything the host said since the last frame."""
        for msg in self.link.poll():
            if isinstance(msg, SeatUpdate):
                self._heard_update(msg)
            elif isinstance(msg, Refused):
                self.in_flight, self.outbox = None, []
                self.set_toast(t("net.refused", reason=msg.reason))
                self.version += 1
            elif isinstance(msg, Finished):
                # The game is over, nothing is hidden any more: the Results screen (and
                # its replay) read the whole game; the table still draws only our view.
                self.final = self.session = msg.session
            elif isinstance(msg, Connection):
                self._heard_connection(msg)
            elif isinstance(msg, Started):  # a resync after a reconnect names the seats
                self.session.configs = list(msg.configs)
                self.version += 1

    def _heard_connection(self, msg: Connection) -> None:
        was = self.connected
        self.connected = msg.status == "connected"
        if not self.connected:
            if self.final is not None:
                return  # the host closes every connection once the game is over
            self.in_flight, self.outbox = None, []  # the resync will say where we are
            key = "net.lost" if msg.status in ("lost", "connecting") else "net.closed"
            self.set_toast(t(key, reason=msg.reason) if msg.reason else t(f"{key}_plain"))
        elif not was:
            self.set_toast(t("net.rejoined"))
        self.version += 1

    def _heard_update(self, u: SeatUpdate) -> None:
        """The host's next picture. Ours is the action that made it when the host says
        so, or (the wire names no actor) when it is the one position after the one our
        action was sent on: any other action first would have made ours stale."""
        if u.actor is None and self.in_flight is not None and u.state_id == self.sent_on + 1:
            u = replace(u, actor=self.seat)
        mine = u.actor == self.seat and self.in_flight is not None
        action = self.in_flight if mine else u.action
        if mine or (self.in_flight is not None and u.state_id != self.sent_on):
            self.in_flight = None  # answered (or overtaken: a refusal follows)
        self.host_legal = u.legal
        self.asked_now = u.asked
        if u.resync:
            self._resync(u)
        else:
            self._received(u, action)
        self._pump()  # the next action of the gesture, on the new position

    def _resync(self, u: SeatUpdate) -> None:
        """A whole picture (joined, or back after a reconnect): no story to tell; the
        log is written again from our whole log of events."""
        self.session.state = u.view
        self.state_id = u.state_id
        self.presenter.skip_all()
        self._set_mode(Watching())
        self.in_flight, self.outbox = None, []
        if u.events:
            self.log = []
            self.rounds = RoundCounter(u.view.first_player, u.view.n)
            for ev in u.events:
                line = event_line(ev, self.name, self.rounds)  # counts the rounds
                if logged(ev):  # as the live log: no "Reactions may be played" lines
                    self._log_line(line)
        self.version += 1

    def _received(self, u: SeatUpdate, action: Action | None) -> None:
        """What `TableController.apply` does after the engine, for the host's move."""
        seat = u.actor
        active_before = self.state.active
        self.session.state = u.view
        self.state_id = u.state_id
        self._set_mode(after_action(self.mode, seat, isinstance(action, Pass)))
        if seat is not None and isinstance(action, (StartAttack, AddAttacker, CancelAttack)):
            self._log_line(actor_line(self.name(seat), action))  # no event says these
        ai_actor = seat != self.seat or active_before != self.seat  # paced as others' moves
        self._present(list(u.events), ai_actor, None)
        st = self.state
        h = st.active
        if h != active_before:
            self.toast = ""
        if self.toast_phase is not None and self.toast_phase != (h, st.phase):
            self.toast, self.toast_phase = "", None
        if seat == self.seat:
            self.clear_guard()
        if h == self.seat and st.phase is not Phase.GAME_OVER:
            self._note_skips(list(u.events), h, action if seat == h else None)
        if action is not None:
            self._guard_main_button(seat, action)
        self.version += 1
        if action is not None:
            for observer in self.observers:
                observer(action, list(u.events))

    # --- the flow --------------------------------------------------------------------
    def _advance(self, dt: float) -> bool:
        """Only this seat is decided here: in a reaction window the engine asks it,
        the one-person table asks or passes (`_ask_lone_human`); everything else waits
        for the host."""
        if self.in_flight is not None or self.outbox or not self.connected:
            return False
        if isinstance(self.mode, HandingOff | Noting):
            return False
        st = self.state
        if st.to_act != self.seat or st.phase is Phase.GAME_OVER or not self.host_asks:
            return False
        if st.window is not None:
            if self.host_legal is not None and not self.host_legal:
                return False  # the window is shown to us, but another seat answers first
            return self._ask_lone_human(self.seat, dt)
        return False
