"""Positions in text: a whole `GameState` in a few lines, after python-chess's FEN.

A test (or a bug report) can write "seat 0 has a Speakeasy on its Hideout with a
Gangster 3, seat 1 attacks it" as text, and `repr(state)` prints any position
the same way, exactly: `from_text(to_text(s))` gives back `s`, forced dice, deck
order, pending reactions and countdown included. The notation is documented in
docs/notation.md; in short:

    noir phase=C active=1 turn=9 seed=4 rng=123 dice=3,5
    0: $12 hand=G1a,POa Ha:G1b,G2a ^B3a:G2b B1c hidden=G1d
    1: $5 Hb B4a:G4a,G1e
    2: $5 Hc trophies=Hd
    deck=...,DBa,G3a discard=B1a box=He,Hf
    stack=Attack(1,B3a,G4b+G2c);Window(attack,1)

Cards are codes (`H` Hideout, `G1`-`G4` gangsters, `B1`-`B4` Businesses by
income, `PN` Poker Night, `PO` Police, `BR` Bribe, `DB` Drive-by, `TC`
Turncoat) plus a copy letter (`G1a` is the first Gangster 1). A code without a
letter takes the first copy not named elsewhere, so hand-written positions need
no letters. Everything with a natural default may be left out (`to_text` leaves
it out too); cards named nowhere go into the deck (Hideouts into the box).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from engine import rng as engine_rng
from engine.cards import (
    CARDS,
    CODE_PREFIX,
    FRAME_FORMS,
    HIDEOUTS,
    KIND,
    N_CARDS,
    VALUE,
    FrameForm,
    Kind,
)
from engine.state import (
    HOUSE_RULES,
    INPUT_ERRORS,
    MONEY_IN_PLAY,
    SEAT_RANGE,
    START_MONEY,
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
    TextCodec,
    Window,
    WindowKind,
    input_error,
    use_text_codec,
)
from engine.validate import validate_state

MAGIC = "noir"
REST = "..."

# --- card codes ------------------------------------------------------------------

_PREFIX = CODE_PREFIX


def _base_code(card: int) -> str:
    kind = KIND[card]
    if kind in (Kind.GANGSTER, Kind.BUSINESS):
        return f"{_PREFIX[kind]}{VALUE[card]}"
    return _PREFIX[kind]


COPIES: dict[str, tuple[int, ...]] = {}
for _c in CARDS:
    COPIES[_base_code(_c.id)] = COPIES.get(_base_code(_c.id), ()) + (_c.id,)
LETTERS = "abcdefghijklmnopqrstuvwxyz"
CODE: tuple[str, ...] = tuple(
    _base_code(c) + LETTERS[COPIES[_base_code(c)].index(c)] for c in range(N_CARDS)
)
_BY_CODE = {code: c for c, code in enumerate(CODE)}
_CARD_RE = re.compile("(" + "|".join(sorted(COPIES, key=len, reverse=True)) + r")([a-z])?|#(\d+)")


def card_code(card: int) -> str:
    """`G3b`, `B4a`, `PO`…: the card's code with its copy letter (`#id` if unknown)."""
    return CODE[card] if 0 <= card < N_CARDS else f"#{card}"


def card_id(code: str) -> int:
    """The card a lettered code names: `card_id("G3b")` (tests and scripts)."""
    if code in _BY_CODE:
        return _BY_CODE[code]
    raise ValueError(f"{code!r} is not a card code with its copy letter (e.g. 'G3b')")


def _codes(cards: Iterable[int], sep: str = ",") -> str:
    return sep.join(card_code(c) for c in cards)


# --- writing ------------------------------------------------------------------------


def _default_order(state: GameState, opener: int) -> tuple[int, ...]:
    """The seats a freshly opened window asks (as `flow.open_window` orders them)."""
    ring = state.ring_from(opener + 1)
    return tuple(s for s in ring if s != opener and state.seats[s].alive)


def _frame_text(state: GameState, f: Frame) -> str:
    if isinstance(f, Window):
        args = [f.kind.value, str(f.opener)]
        if f.order != _default_order(state, f.opener) or f.pos:
            args += ["+".join(str(s) for s in f.order) or "-", str(f.pos)]
        return f"Window({','.join(args)})"
    if isinstance(f, PendingAttack):
        args = [str(f.attacker), card_code(f.target), _codes(f.gangsters, "+") or "-"]
        if f.hideout != (0 <= f.target < N_CARDS and KIND[f.target] == Kind.HIDEOUT):
            args.append("hideout" if f.hideout else "business")
        if f.stopped:
            args.append("stopped")
        return f"Attack({','.join(args)})"
    if isinstance(f, PendingPolice):
        args = [str(f.player), card_code(f.card)]
        args.append("-" if f.business is None else card_code(f.business))
        if f.bribes:
            args.append(_codes(f.bribes, "+"))
        return f"Police({','.join(args)})"
    if isinstance(f, PendingDriveBy):
        return f"DriveBy({f.player},{card_code(f.target)},{_codes(f.cards, '+') or '-'})"
    if isinstance(f, PendingEndTurn):
        return f"EndTurn({f.seat})"
    player, *refs = f.args  # a PendingCard: a seat, then cards
    return f"{FRAME_FORMS[f.kind].name}({','.join([str(player), *map(card_code, refs)])})"


def _seat_text(i: int, s: SeatState) -> str:
    out = [f"{i}:", f"${s.money}"]
    if s.hand:
        out.append("hand=" + _codes(s.hand))
    for b, gs in s.buildings.items():
        tok = ("^" if b == s.top else "") + card_code(b)
        out.append(tok + (":" + _codes(gs) if gs else ""))
    if s.hidden:
        out.append("hidden=" + _codes(s.hidden))
    if s.trophies:
        out.append("trophies=" + _codes(s.trophies))
    if not s.alive:
        out.append("out")
    if s.hideout is not None and s.hideout not in s.buildings:
        out.append("hideout=" + card_code(s.hideout))
    has_business = any(b != s.hideout for b in s.buildings)
    if s.opened_business != has_business:
        out.append("opened" if s.opened_business else "unopened")
    return " ".join(out)


def to_text(state: GameState) -> str:
    """The position as text (docs/notation.md); `from_text` reads it back exactly."""
    head = [MAGIC, f"phase={state.phase.value}", f"active={state.active}"]
    head += _turn_fields(state)
    head += _play_fields(state)
    head += _option_fields(state)
    lines = [" ".join(head)]
    lines += [_seat_text(i, s) for i, s in enumerate(state.seats)]
    piles = [f"deck={_codes(state.deck)}"]
    if state.discard:
        piles.append(f"discard={_codes(state.discard)}")
    if state.box:
        piles.append(f"box={_codes(state.box)}")
    lines.append(" ".join(piles))
    if state.stack:
        lines.append("stack=" + ";".join(_frame_text(state, f) for f in state.stack))
    return "\n".join(lines)


def _turn_fields(state: GameState) -> list[str]:
    """The head's turn order, dice and seed: each only when not the default."""
    n = state.n
    o = state.options
    head: list[str] = []
    if state.turn != _default_turn(state.phase, n, state.active):
        head.append(f"turn={state.turn}")
    if state.first_player != 0:
        head.append(f"first={state.first_player}")
    if o.first_player is not None:
        head.append("first-fixed")  # the options chose the first player (I-FIRST)
    if state.mulligan_pos != _default_mulligan(state.phase, n):
        head.append(f"mulligan={state.mulligan_pos}")
    if o.seed:
        head.append(f"seed={o.seed}")
    if state.rng != engine_rng.seed_state(o.seed):
        head.append(f"rng={state.rng}")
    if state.forced_dice:
        head.append("dice=" + ",".join(str(r) for r in state.forced_dice))
    return head


def _play_fields(state: GameState) -> list[str]:
    """The head's countdown, this turn's attacks and discards, and the winners."""
    head: list[str] = []
    if state.countdown_keeper is not None:
        head.append(f"keeper={state.countdown_keeper}")
    if state.countdown_turn:
        head.append(f"since={state.countdown_turn}")
    if state.countdown_tokens:
        head.append(f"tokens={state.countdown_tokens}")
    if state.attacked:
        head.append("attacked=" + _codes(sorted(state.attacked)))
    if state.discarded_this_turn:
        head.append(f"discards={state.discarded_this_turn}")
    if state.attack_target is not None:
        draft = card_code(state.attack_target)
        head.append("draft=" + draft + (":" + _codes(state.attack_gangsters)))
    elif state.attack_gangsters:
        head.append("draft=-:" + _codes(state.attack_gangsters))
    if state.winners:
        head.append("winners=" + ",".join(str(w) for w in state.winners))
    if state.win_method is not None:
        head.append(f"won={state.win_method}")
    return head


def _option_fields(state: GameState) -> list[str]:
    """The head's money and house rules: each only when not the default."""
    n = state.n
    o = state.options
    head: list[str] = []
    money_in_play = MONEY_IN_PLAY.get(n, 0)
    if state.money_in_play != money_in_play:
        head.append(f"inplay={state.money_in_play}")
    if state.bank != state.money_in_play - sum(s.money for s in state.seats):
        head.append(f"bank={state.bank}")
    if o.players != n:
        head.append(f"players={o.players}")
    head += [r.flag for r in HOUSE_RULES if getattr(o, r.field) != r.default]
    return head


def _default_turn(phase: Phase, n: int, active: int) -> int:
    """A hand-written position is in the second round (turn n + active) unless set."""
    return 0 if phase is Phase.MULLIGAN else n + active


def _default_mulligan(phase: Phase, n: int) -> int:
    return 0 if phase is Phase.MULLIGAN else n


# --- reading ------------------------------------------------------------------------


class _Cards:
    """Card references by code. Pass one notes the copies named with a letter; pass
    two hands each bare code the first copy named nowhere else."""

    def __init__(self, named: set[int] | None) -> None:
        self.named: set[int] = set() if named is None else named
        self.collecting = named is None
        self.used: set[int] = set()

    def _parse(self, token: str) -> tuple[str, int | None]:
        """(code, card id), the id None for a bare code."""
        m = _CARD_RE.fullmatch(token)
        if m is None:
            raise SaveFormatError(f"position text: {token!r} is not a card code")
        if m.group(3) is not None:
            c = int(m.group(3))
            if not 0 <= c < N_CARDS:
                raise SaveFormatError(f"position text: there is no card {token}")
            return token, c
        copies = COPIES[m.group(1)]
        if m.group(2) is None:
            return m.group(1), None
        k = LETTERS.index(m.group(2))
        if k >= len(copies):
            raise SaveFormatError(
                f"position text: there are only {len(copies)} copies of {m.group(1)}"
            )
        return m.group(1), copies[k]

    def card(self, token: str) -> int:
        """A card placed here (in a hand, on a building, in a pile, in a pending frame)."""
        code, c = self._parse(token)
        if c is None:
            if self.collecting:
                return -1
            free = [x for x in COPIES[code] if x not in self.named and x not in self.used]
            if not free:
                raise SaveFormatError(f"position text: no {code} left for {token!r}")
            c = free[0]
        if self.collecting:
            if c in self.named:
                raise SaveFormatError(f"position text: {card_code(c)} is named twice")
            self.named.add(c)
        elif c in self.used:
            raise SaveFormatError(f"position text: {card_code(c)} is in two places")
        self.used.add(c)
        return c

    def ref(self, token: str) -> int:
        """A card placed elsewhere, named again (a target, a building attacked). A bare
        code means the one copy placed so far; with several, the letter must say which."""
        code, c = self._parse(token)
        if c is not None or self.collecting:
            return -1 if c is None else c
        placed = [x for x in COPIES[code] if x in self.used]
        if len(placed) != 1:
            raise SaveFormatError(
                f"position text: say which {code} {token!r} means (add its copy letter)"
            )
        return placed[0]

    def cards(self, text: str, sep: str = ",") -> list[int]:
        return [self.card(t) for t in text.split(sep) if t] if text not in ("", "-") else []

    def refs(self, text: str, sep: str = ",") -> list[int]:
        return [self.ref(t) for t in text.split(sep) if t] if text not in ("", "-") else []


def _int(text: str, what: str) -> int:
    if not re.fullmatch(r"-?\d{1,40}", text):
        raise SaveFormatError(f"position text: {what} {text[:40]!r} is not a number")
    return int(text)


def _seat(text: str, n: int, what: str) -> int:
    seat = _int(text, what)
    if not 0 <= seat < n:
        raise SaveFormatError(f"position text: {what} {seat} is not a seat (0 to {n - 1})")
    return seat


_CARD_FRAME_NAMED: dict[str, tuple[Kind, FrameForm]] = {
    form.name: (k, form) for k, form in FRAME_FORMS.items()
}
_FRAME_RE = re.compile(r"([A-Za-z]+)\((.*)\)")


def _frame(text: str, cards: _Cards, n: int, alive: Callable[[int], bool]) -> Frame:
    m = _FRAME_RE.fullmatch(text)
    if m is None:
        raise SaveFormatError(f"position text: {text!r} is not a pending frame")
    name, args = m.group(1), m.group(2).split(",")

    def want(k: int) -> None:
        if len(args) < k:
            raise SaveFormatError(f"position text: {text!r} needs {k} arguments")

    if name == "Window":
        want(2)
        try:
            kind = WindowKind(args[0])
        except ValueError:
            raise SaveFormatError(f"position text: no window kind {args[0]!r}") from None
        opener = _seat(args[1], n, "window opener")
        if len(args) >= 4:
            order = tuple(_seat(s, n, "window seat") for s in args[2].split("+") if s != "-")
            return Window(kind, opener, order, _int(args[3], "window position"))
        ring = [(opener + 1 + k) % n for k in range(n)]
        return Window(kind, opener, tuple(s for s in ring if s != opener and alive(s)), 0)
    if name == "Attack":
        want(3)
        target = cards.ref(args[1])
        flags = set(args[3:])
        unknown = flags - {"hideout", "business", "stopped"}
        if unknown:
            raise SaveFormatError(f"position text: unknown attack flags {sorted(unknown)}")
        hideout = KIND[target] == Kind.HIDEOUT if target >= 0 else False
        if flags & {"hideout", "business"}:
            hideout = "hideout" in flags
        gangsters = tuple(cards.cards(args[2], "+"))
        return PendingAttack(
            _seat(args[0], n, "attacker"), target, hideout, gangsters, "stopped" in flags
        )
    if name == "Police":
        want(3)
        player, card = _seat(args[0], n, "Police player"), cards.card(args[1])
        business = None if args[2] == "-" else cards.ref(args[2])
        bribes = tuple(cards.cards(args[3], "+")) if len(args) > 3 else ()
        return PendingPolice(player, card, business, bribes)
    if name == "DriveBy":
        want(3)
        player, target = _seat(args[0], n, "Drive-by player"), cards.ref(args[1])
        return PendingDriveBy(player, target, tuple(cards.cards(args[2], "+")))
    card_frame = _CARD_FRAME_NAMED.get(name)
    if card_frame is not None:  # a seat, the card played, then the cards it aims at
        card_kind, form = card_frame
        want(len(form.fields))
        player = _seat(args[0], n, f"{form.name} player")
        refs = [cards.ref(a) for a in args[2 : len(form.fields)]]
        return PendingCard.of(card_kind, (player, cards.card(args[1]), *refs))
    if name == "EndTurn":
        want(1)
        return PendingEndTurn(_seat(args[0], n, "ending seat"))
    raise SaveFormatError(f"position text: no pending frame called {name!r}")


_FLAGS = {"first-fixed"} | {r.flag for r in HOUSE_RULES}
_KEYS = {
    "phase",
    "active",
    "turn",
    "first",
    "mulligan",
    "seed",
    "rng",
    "dice",
    "keeper",
    "since",
    "tokens",
    "attacked",
    "discards",
    "draft",
    "winners",
    "won",
    "inplay",
    "bank",
    "players",
    "deck",
    "discard",
    "box",
    "stack",
}


def _read_lines(text: str) -> tuple[list[list[str]], dict[str, str], set[str]]:
    """The text's seat lines (in order), its `key=value` fields and its flags."""
    seat_lines: list[list[str]] = []
    fields: dict[str, str] = {}
    flags: set[str] = set()
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines or lines[0].split()[0] != MAGIC:
        raise SaveFormatError(f"position text must begin with {MAGIC!r}")
    for ln in lines:
        tokens = ln.split()
        if re.fullmatch(r"\d+:", tokens[0]):
            if int(tokens[0][:-1]) != len(seat_lines):
                raise SaveFormatError(f"position text: seat line {tokens[0]} is out of order")
            seat_lines.append(tokens[1:])
            continue
        for tok in tokens:
            if tok == MAGIC:
                continue
            key, eq, value = tok.partition("=")
            if not eq:
                if tok not in _FLAGS:
                    raise SaveFormatError(f"position text: unknown word {tok!r}")
                flags.add(tok)
            elif key not in _KEYS:
                raise SaveFormatError(f"position text: unknown field {key!r}")
            elif key in fields:
                raise SaveFormatError(f"position text: {key!r} given twice")
            else:
                fields[key] = value
    return seat_lines, fields, flags


def _parse(text: str, cards: _Cards) -> GameState:
    seat_lines, fields, flags = _read_lines(text)
    n = len(seat_lines)
    if n not in SEAT_RANGE:
        raise SaveFormatError(f"position text: {n} seats; NOIR is played by 3 to 6 (R-COMP-1)")
    if "phase" not in fields:
        raise SaveFormatError("position text: no phase= given")
    try:
        phase = Phase(fields["phase"])
    except ValueError:
        raise SaveFormatError(f"position text: no phase {fields['phase']!r}") from None

    g = GameState.__new__(GameState)
    g.n = n
    first = _seat(fields.get("first", "0"), n, "first player")
    seed = _int(fields.get("seed", "0"), "seed")
    players = _int(fields.get("players", str(n)), "players")
    g.options = GameOptions(
        players=players,
        seed=seed,
        first_player=first if "first-fixed" in flags else None,
        **{r.field: (r.flag in flags) != r.default for r in HOUSE_RULES},
    )
    g.phase = phase
    g.first_player = first
    g.active = _seat(fields.get("active", str(first)), n, "active seat")
    g.turn = _int(fields.get("turn", str(_default_turn(phase, n, g.active))), "turn")
    g.mulligan_pos = _int(fields.get("mulligan", str(_default_mulligan(phase, n))), "mulligan")
    g.rng = _int(fields.get("rng", str(engine_rng.seed_state(seed))), "rng")
    g.forced_dice = tuple(_int(r, "die") for r in fields.get("dice", "").split(",") if r)
    if any(not 1 <= r <= 6 for r in g.forced_dice):
        raise SaveFormatError("position text: a forced die roll outside 1-6")
    keeper = fields.get("keeper")
    g.countdown_keeper = None if keeper is None else _seat(keeper, n, "countdown keeper")
    g.countdown_turn = _int(fields.get("since", "0"), "since")
    g.countdown_tokens = _int(fields.get("tokens", "0"), "tokens")
    g.discarded_this_turn = _int(fields.get("discards", "0"), "discards")
    g.winners = tuple(_seat(w, n, "winner") for w in fields.get("winners", "").split(",") if w)
    g.win_method = fields.get("won")

    g.seats = [_parse_seat(i, toks, cards) for i, toks in enumerate(seat_lines)]
    g.attacked = frozenset(cards.refs(fields.get("attacked", "")))
    draft = fields.get("draft")
    g.attack_target, g.attack_gangsters = None, ()
    if draft is not None:
        target, _, gs = draft.partition(":")
        g.attack_target = None if target == "-" else cards.ref(target)
        g.attack_gangsters = tuple(cards.refs(gs))
    stack_text = fields.get("stack", "")
    g.stack = [_frame(f, cards, n, lambda s: g.seats[s].alive) for f in stack_text.split(";") if f]
    g.money_in_play = _int(fields.get("inplay", str(MONEY_IN_PLAY[n])), "inplay")
    money = sum(s.money for s in g.seats)
    g.bank = _int(fields.get("bank", str(g.money_in_play - money)), "bank")
    _parse_piles(g, fields, cards)
    return g


def _parse_seat(i: int, tokens: list[str], cards: _Cards) -> SeatState:
    s = SeatState()
    s.money = START_MONEY
    opened: bool | None = None
    for tok in tokens:
        key, eq, value = tok.partition("=")
        if tok.startswith("$"):
            s.money = _int(tok[1:], f"seat {i}'s money")
        elif tok == "out":
            s.alive = False
        elif tok in ("opened", "unopened"):
            opened = tok == "opened"
        elif eq and key == "hand":
            s.hand = cards.cards(value)
        elif eq and key == "hidden":
            s.hidden = cards.cards(value)
        elif eq and key == "trophies":
            s.trophies = cards.cards(value)
        elif eq and key == "hideout":
            s.hideout = cards.ref(value)
        elif eq:
            raise SaveFormatError(f"position text: seat {i} has no field {key!r}")
        else:
            top = tok.startswith("^")
            name, _, gs = tok.lstrip("^").partition(":")
            b = cards.card(name)
            if b >= 0 and b in s.buildings:
                raise SaveFormatError(f"position text: seat {i} has {name} twice")
            s.buildings[b] = tuple(cards.cards(gs))
            if top:
                s.top = b
            if b >= 0 and KIND[b] == Kind.HIDEOUT:
                s.hideout = b
    has_business = any(b != s.hideout for b in s.buildings)
    s.opened_business = has_business if opened is None else opened
    return s


def _parse_piles(g: GameState, fields: dict[str, str], cards: _Cards) -> None:
    def pile(key: str, default: str) -> tuple[list[int], int | None]:
        """The listed cards and where `...` (the rest) goes in them, if anywhere."""
        text = fields.get(key, default)
        parts = [p for p in text.split(",") if p] if text not in ("", "-") else []
        at = parts.index(REST) if REST in parts else None
        if parts.count(REST) > 1:
            raise SaveFormatError(f"position text: {key}= has '...' twice")
        return [cards.card(p) for p in parts if p != REST], at

    g.discard, rest_discard = pile("discard", "")
    g.box, rest_box = pile("box", "")
    g.deck, rest_deck = pile("deck", REST)
    if cards.collecting:
        return
    unplaced = [c for c in range(N_CARDS) if c not in cards.used]
    if "box" not in fields:
        g.box += [c for c in unplaced if c in HIDEOUTS]
        unplaced = [c for c in unplaced if c not in HIDEOUTS]
    for lst, at in ((g.deck, rest_deck), (g.discard, rest_discard), (g.box, rest_box)):
        if at is not None:
            lst[at:at] = unplaced
            unplaced = []
    if unplaced:
        raise SaveFormatError(
            "position text: cards named nowhere (add '...' to the deck): " + _codes(unplaced[:8])
        )


def from_text(text: str) -> GameState:
    """Read a position written by `to_text` or by hand; SaveFormatError names what is
    wrong, including positions the engine could never reach (engine/validate.py)."""
    if not isinstance(text, str):
        raise SaveFormatError("a position text must be a string")
    try:
        return _from_text(text)
    except INPUT_ERRORS as exc:
        raise input_error("position text", exc) from exc


def _from_text(text: str) -> GameState:
    collect = _Cards(None)
    _parse(text, collect)  # pass one: which copies are named with their letter
    state = _parse(text, _Cards(collect.named))
    problems = validate_state(state)
    if problems:
        raise SaveFormatError("impossible position: " + "; ".join(problems[:3]))
    return state


use_text_codec(TextCodec(to_text, from_text))  # GameState.to_text/from_text/repr
