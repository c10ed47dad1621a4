"""An in-process stand-in for a host, to test the window side without a wire.

`FakeHost` holds the whole game (a `GameSession`) and serves one `FakeLink` per
person's seat, exactly the `feed` values a real host sends: each seat's view and
its events `for_seat`, a refusal for a stale or illegal move, `Finished` at the end.
AI seats are played at once by the engine's bots on their views."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import engine
from engine.actions import Action, AddAttacker, CancelAttack, StartAttack
from noirburg_desktop.netplay.feed import (
    Connection,
    Finished,
    Heard,
    Refused,
    SeatUpdate,
    Started,
)
from noirburg_desktop.session import GameSession, SeatConfig
from noirburg_desktop.table.ai_driver import choose_action

PUBLIC = (StartAttack, AddAttacker, CancelAttack)


@dataclass
class FakeLink:
    host: FakeHost
    seat: int
    inbox: list[Heard] = field(default_factory=list)
    closed: bool = False
    sent: list[Action] = field(default_factory=list)
    hosting: bool = False

    def poll(self) -> list[Heard]:
        out, self.inbox = self.inbox, []
        return out

    def send_action(self, action: Action, state_id: int) -> None:
        self.sent.append(action)
        self.host.receive(self.seat, action, state_id)

    def start_game(self) -> None:
        self.host.start()

    def close(self) -> None:
        self.closed = True


class FakeHost:
    def __init__(self, configs: list[SeatConfig], seed: int = 3) -> None:
        self.session = GameSession.new(configs, seed=seed)
        self.links = {i: FakeLink(self, i) for i, c in enumerate(configs) if c.is_human}
        self.state_id = 0
        self.rng = random.Random(seed)
        self.refused = 0

    @property
    def state(self) -> engine.GameState:
        return self.session.state

    def update_for(
        self,
        seat: int,
        events: list[engine.Event],
        actor: int | None,
        action: Action | None,
        resync: bool = False,
    ) -> SeatUpdate:
        shown = (
            action if action is not None and (actor == seat or isinstance(action, PUBLIC)) else None
        )
        return SeatUpdate(
            engine.view(self.state, seat),
            tuple(e.for_seat(seat) for e in events),
            actor,
            shown,
            self.state_id,
            resync,
        )

    def start(self) -> None:
        configs = tuple(self.session.configs)
        for seat, link in self.links.items():
            link.inbox.append(Started(seat, configs))
            link.inbox.append(self.update_for(seat, [], None, None, resync=True))
        self.play_bots()

    def receive(self, seat: int, action: Action, state_id: int) -> None:
        if state_id != self.state_id or self.state.to_act != seat:
            self.refused += 1
            self.links[seat].inbox.append(Refused("stale"))
            return
        try:
            self.apply(action)
        except engine.IllegalAction as exc:
            self.refused += 1
            self.links[seat].inbox.append(Refused(str(exc)))
            return
        self.play_bots()

    def apply(self, action: Action) -> None:
        actor = self.state.to_act
        events = self.session.apply(action)
        self.state_id += 1
        for seat, link in self.links.items():
            link.inbox.append(self.update_for(seat, events, actor, action))
        if self.session.finished:
            for link in self.links.values():
                link.inbox.append(Finished(self.session))

    def play_bots(self) -> None:
        while not self.session.finished:
            seat = self.state.to_act
            if seat is None or seat in self.links:
                return
            legal = engine.legal_actions(self.state)
            level = self.session.configs[seat].kind
            action, _why = choose_action(level, engine.view(self.state, seat), legal, self.rng)
            self.apply(action)

    def drop(self, seat: int) -> None:
        self.links[seat].inbox.append(Connection("lost", "test"))

    def rejoin(self, seat: int) -> None:
        link = self.links[seat]
        link.inbox.append(Connection("connected"))
        link.inbox.append(Started(seat, tuple(self.session.configs)))
        link.inbox.append(self.update_for(seat, [], None, None, resync=True))
