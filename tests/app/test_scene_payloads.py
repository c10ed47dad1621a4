"""Typed payloads (issue 24 item 1): a scene enters with its own frozen dataclass,
and pushing a scene with a missing or wrong payload is a type error.

The second half is checked by mypy --strict itself (`tasks.py test` type-checks the
tests): `_mistakes` is never run, and each of its lines carries the `type: ignore`
of the error mypy must find there. Were one of them ever accepted, its ignore would
be unused, which mypy --strict (warn_unused_ignores) reports as an error.
"""

from __future__ import annotations

import dataclasses

import pytest

from noirburg_desktop.app import App
from noirburg_desktop.scene import Stage
from noirburg_desktop.scenes.replay import ReplayScene
from noirburg_desktop.scenes.rules import RulesScene
from noirburg_desktop.session import GameSession
from noirburg_desktop.shell.entries import RulesEntry, Screen, SessionEntry, TitleEntry
from noirburg_desktop.table.entry import TableEntry
from noirburg_desktop.table.scene import TableScene
from tests.app.app_helpers import make_session


def _mistakes(app: App, stage: Stage, s: GameSession) -> None:
    """Never called: what the type checker must refuse (see the module doc)."""
    app.push(TableScene())  # type: ignore[arg-type]  # the table needs its game
    app.push(TableScene(), SessionEntry(s))  # type: ignore[misc]  # another screen's
    app.push(TableScene(), {"session": s})  # type: ignore[misc]  # the old dict
    stage.push(stage.make(Screen.REPLAY), TableEntry(s))  # type: ignore[misc]
    stage.push(stage.make(Screen.LOAD), RulesEntry("R-GANG-3"))  # type: ignore[misc]
    stage.push(stage.make(Screen.TABLE), TableEntry(s, treaded_ai=False))  # type: ignore[call-arg]
    stage.reset_to(stage.make(Screen.TITLE), RulesEntry())  # type: ignore[misc]


def _fine(app: App, stage: Stage, s: GameSession) -> None:
    """Never called either: the pairs that type-check (the mistakes' right forms)."""
    app.push(TableScene(), TableEntry(s, threaded_ai=False))
    stage.push(stage.make(Screen.REPLAY), SessionEntry(s))
    stage.push(stage.make(Screen.RULES))  # the rules take nothing, or a rule
    stage.push(stage.make(Screen.RULES), RulesEntry("R-GANG-3"))
    stage.reset_to(stage.make(Screen.TITLE), TitleEntry(new_game=True))


@pytest.mark.parametrize(
    "entry",
    [TitleEntry(), RulesEntry("R-GANG-3"), TableEntry(make_session(3, 1, steps=2))],
    ids=["title", "rules", "table"],
)
def test_entries_are_frozen(entry: TitleEntry | RulesEntry | TableEntry) -> None:
    """A payload is a value: the scene reads it, nobody changes it on the way."""
    field = dataclasses.fields(entry)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(entry, field, None)


def test_scenes_read_their_entries(app: App) -> None:
    session = make_session(3, 1, steps=5)
    rules = app.push(RulesScene(), RulesEntry("R-GANG-3"))
    assert isinstance(rules, RulesScene) and rules.linked == "R-GANG-3"
    replay = app.push(ReplayScene(), SessionEntry(session))
    assert isinstance(replay, ReplayScene) and replay.session is session
    table = app.push(TableScene(), TableEntry(session, threaded_ai=False))
    assert isinstance(table, TableScene) and table.ctrl.session is session
    assert table.coach is None and table.tips is not None  # a normal game: tips, no coach


def test_every_screen_name_has_its_constructor() -> None:
    """A new `Screen` needs its row in `all_screens.SCENES` (else `App.make` fails at
    run time); its payload is paired in `scene.Stage.make` (mypy finds a missing one)."""
    from noirburg_desktop.shell.all_screens import SCENES

    assert set(SCENES) == set(Screen)
