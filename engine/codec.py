"""A game state as JSON data and back: the save's body, above the state's data.

`to_json` writes every field; `decode_state` reads it back, migrating a format-1
document first (engine/migrate.py). Reading does not check that the state could
be reached: `engine.validate.from_json` and `load_state` add that.
"""

from __future__ import annotations

from typing import Any

from engine.cards import FRAME_FORMS, FrameForm, Kind
from engine.migrate import migrate_v1
from engine.state import (
    FORMAT_VERSION,
    HOUSE_RULES,
    RULES_VERSION,
    Frame,
    GameOptions,
    GameState,
    PendingAttack,
    PendingCard,
    PendingDriveBy,
    PendingEndTurn,
    PendingPolice,
    Phase,
    SaveFormatError,
    SeatState,
    Window,
    WindowKind,
)


def seat_to_json(seat: SeatState) -> dict[str, Any]:
    """One seat; its buildings as [building, gangsters] pairs in opening order."""
    return {
        "money": seat.money,
        "hand": list(seat.hand),
        "hideout": seat.hideout,
        "top": seat.top,
        "buildings": [[b, list(gs)] for b, gs in seat.buildings.items()],
        "hidden": list(seat.hidden),
        "trophies": list(seat.trophies),
        "alive": seat.alive,
        "opened_business": seat.opened_business,
    }


def seat_from_json(d: dict[str, Any]) -> SeatState:
    s = SeatState()
    s.money = int(d["money"])
    s.hand = [int(c) for c in d["hand"]]
    s.hideout = None if d["hideout"] is None else int(d["hideout"])
    s.top = None if d["top"] is None else int(d["top"])
    s.buildings = {int(b): tuple(int(g) for g in gs) for b, gs in d["buildings"]}
    s.hidden = [int(c) for c in d["hidden"]]
    s.trophies = [int(c) for c in d["trophies"]]
    s.alive = bool(d["alive"])
    s.opened_business = bool(d["opened_business"])
    return s


def _frame_to_json(f: Frame) -> dict[str, Any]:
    if isinstance(f, Window):
        return {
            "frame": "window",
            "kind": f.kind.value,
            "opener": f.opener,
            "order": list(f.order),
            "pos": f.pos,
        }
    if isinstance(f, PendingAttack):
        return {
            "frame": "attack",
            "attacker": f.attacker,
            "target": f.target,
            "hideout": f.hideout,
            "gangsters": list(f.gangsters),
            "stopped": f.stopped,
        }
    if isinstance(f, PendingPolice):
        return {
            "frame": "police",
            "player": f.player,
            "card": f.card,
            "business": f.business,
            "bribes": list(f.bribes),
        }
    if isinstance(f, PendingDriveBy):
        return {"frame": "drive_by", "player": f.player, "target": f.target, "cards": list(f.cards)}
    if isinstance(f, PendingEndTurn):
        return {"frame": "end_turn", "seat": f.seat}
    form = FRAME_FORMS[f.kind]  # a PendingCard
    out: dict[str, Any] = {"frame": form.tag}
    out.update(zip(form.fields, f.args, strict=True))
    return out


_CARD_FRAME_OF: dict[str, tuple[Kind, FrameForm]] = {
    form.tag: (k, form) for k, form in FRAME_FORMS.items()
}


def _frame_from_json(d: dict[str, Any]) -> Frame:
    kind = d["frame"]
    if kind == "window":
        return Window(
            WindowKind(d["kind"]),
            int(d["opener"]),
            tuple(int(x) for x in d["order"]),
            int(d["pos"]),
        )
    if kind == "attack":
        return PendingAttack(
            int(d["attacker"]),
            int(d["target"]),
            bool(d["hideout"]),
            tuple(int(x) for x in d["gangsters"]),
            bool(d["stopped"]),
        )
    if kind == "police":
        b = d["business"]
        return PendingPolice(
            int(d["player"]),
            int(d["card"]),
            None if b is None else int(b),
            tuple(int(x) for x in d["bribes"]),
        )
    if kind == "drive_by":
        return PendingDriveBy(int(d["player"]), int(d["target"]), tuple(int(x) for x in d["cards"]))
    card_frame = _CARD_FRAME_OF.get(kind)
    if card_frame is not None:
        card_kind, form = card_frame
        return PendingCard.of(card_kind, tuple(int(d[name]) for name in form.fields))
    if kind == "end_turn":
        return PendingEndTurn(int(d["seat"]))
    raise ValueError(f"unknown frame {kind!r}")


def to_json(state: GameState) -> dict[str, Any]:
    """The whole state as plain JSON data (a save is this, plus the app's extras)."""
    o = state.options
    out: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "rules": RULES_VERSION,
        "options": {
            "players": o.players,
            "seed": o.seed,
            **{r.field: getattr(o, r.field) for r in HOUSE_RULES},
            "first_player": o.first_player,
        },
        "seats": [seat_to_json(s) for s in state.seats],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "box": list(state.box),
        "bank": state.bank,
        "money_in_play": state.money_in_play,
        "active": state.active,
        "phase": state.phase.value,
        "turn": state.turn,
        "first_player": state.first_player,
        "mulligan_pos": state.mulligan_pos,
        "countdown": {
            "keeper": state.countdown_keeper,
            "turn": state.countdown_turn,
            "tokens": state.countdown_tokens,
        },
        "attacked": sorted(state.attacked),
        "discarded_this_turn": state.discarded_this_turn,
        "attack": {"target": state.attack_target, "gangsters": list(state.attack_gangsters)},
        "stack": [_frame_to_json(f) for f in state.stack],
        "rng": str(state.rng),
        "winners": list(state.winners),
        "win_method": state.win_method,
    }
    if state.forced_dice:  # only when set, so ordinary saves are unchanged
        out["forced_dice"] = list(state.forced_dice)
    return out


def decode_state(data: object) -> GameState:
    """A `GameState` from `to_json` output (a format-1 document migrated first),
    not yet checked for reachability: `engine.validate.from_json` is the entry
    point that does both. Raises SaveFormatError for what it cannot read."""
    if not isinstance(data, dict):
        raise SaveFormatError("not a game state (expected a JSON object)")
    version = data.get("format")
    if version == 1:
        data = migrate_v1(data)
        version = data.get("format")
    if version != FORMAT_VERSION:
        raise SaveFormatError(
            f"game state format {version!r} is not supported (this version reads {FORMAT_VERSION})"
        )
    try:
        o = data["options"]
        g = GameState.__new__(GameState)
        g.options = GameOptions(
            players=int(o["players"]),
            seed=int(o["seed"]),
            first_player=None if o["first_player"] is None else int(o["first_player"]),
            **{r.field: bool(o[r.field]) for r in HOUSE_RULES},
        )
        g.seats = [seat_from_json(s) for s in data["seats"]]
        g.n = len(g.seats)
        g.deck = [int(c) for c in data["deck"]]
        g.discard = [int(c) for c in data["discard"]]
        g.box = [int(c) for c in data["box"]]
        g.bank = int(data["bank"])
        g.money_in_play = int(data["money_in_play"])
        g.active = int(data["active"])
        g.phase = Phase(data["phase"])
        g.turn = int(data["turn"])
        g.first_player = int(data["first_player"])
        g.mulligan_pos = int(data["mulligan_pos"])
        c = data["countdown"]
        g.countdown_keeper = None if c["keeper"] is None else int(c["keeper"])
        g.countdown_turn = int(c["turn"])
        g.countdown_tokens = int(c["tokens"])
        g.attacked = frozenset(int(x) for x in data["attacked"])
        g.discarded_this_turn = int(data["discarded_this_turn"])
        a = data["attack"]
        g.attack_target = None if a["target"] is None else int(a["target"])
        g.attack_gangsters = tuple(int(x) for x in a["gangsters"])
        g.stack = [_frame_from_json(f) for f in data["stack"]]
        g.rng = int(data["rng"])
        g.forced_dice = tuple(int(r) for r in data.get("forced_dice", ()))
        if any(not 1 <= r <= 6 for r in g.forced_dice):
            raise SaveFormatError("a forced die roll outside 1-6")
        g.winners = tuple(int(x) for x in data["winners"])
        g.win_method = None if data["win_method"] is None else str(data["win_method"])
    except SaveFormatError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveFormatError(f"damaged game state ({type(exc).__name__}: {exc})") from exc
    return g
