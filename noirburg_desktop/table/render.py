"""The static layer: everything on the table that only changes when the state does.

`render_static` draws the whole table for one `TableModel` into an offscreen
surface and returns a `HitMap` of where every card ended up; the scene blits
that surface each frame and only redraws it when the model's version changes.
The same hit map serves clicks, drop targets and animation start points.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
from pygame import Rect, Surface

from engine import GameState, SeatState
from engine.cards import VALUE
from noirburg_desktop.look import textprobe, theme
from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.layout import (
    INDENT,
    BoardLayout,
    Column,
    HeaderParts,
    SeatArea,
    Slot,
    TableLayout,
    board_rows,
    board_slots,
    hand_card_size,
    hand_slots,
    header_parts,
    split_viewer,
)
from noirburg_desktop.table.texts import card_title, phase_name, t
from noirburg_desktop.words.wording import coins

PHASE_LETTERS = ("A", "B", "C", "D", "E", "F", "G")


@dataclass(frozen=True)
class SeatInfo:
    name: str
    colour: tuple[int, int, int]
    is_ai: bool = False


@dataclass
class TableModel:
    """What the table shows; built by the scene from the session and its own UI state."""

    state: GameState  # a per-seat view (`engine.view`) when hands must stay hidden
    seats: list[SeatInfo]
    viewing: int
    show_hand: bool
    log: list[str] = field(default_factory=list)
    status: str = ""
    next_label: str = ""
    next_enabled: bool = True
    next_ends_turn: bool = False  # the main button ends the turn: drawn apart (pt4 shot-150)
    draw_prices: dict[int, int] = field(default_factory=dict)  # legal draw count -> price
    can_undo: bool = False
    selected: frozenset[int] = frozenset()  # mulligan picks
    attack: tuple[int | None, tuple[int, ...]] = (None, ())
    dice: tuple[int, int] = (0, 0)
    # The sidebar's advice panel: (text, tone) lines, tone "how", "info" or "warn".
    advice: tuple[tuple[str, str], ...] = ()
    playable: frozenset[int] | None = None  # hand cards a legal action uses (None: all)
    log_scroll: int = 0  # log lines scrolled back from the newest (wheel, PageUp)
    log_marker: bool = False  # the "↓ new lines" pill shows: no log line under it
    # Where each hand card stood when the pointer came over the hand: kept until it
    # leaves, so a card played from the hand does not slide another under the pointer.
    hand_pins: dict[int, Rect] | None = None


@dataclass
class HitMap:
    buildings: dict[int, Rect] = field(default_factory=dict)
    columns: dict[int, Rect] = field(default_factory=dict)
    gangsters: dict[int, Rect] = field(default_factory=dict)
    hand: list[tuple[int, Rect]] = field(default_factory=list)
    owner: dict[int, int] = field(default_factory=dict)  # building/gangster -> seat
    seat_money: dict[int, Rect] = field(default_factory=dict)
    hand_backs: dict[int, Rect] = field(default_factory=dict)
    hand_area: Rect | None = None  # where the viewer's hand is fanned this frame
    hand_slots: dict[int, Rect] = field(default_factory=dict)  # each card's place (unlifted)
    log_back_max: int = 0  # how far back the log can scroll (wrapped lines)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """Topmost card under the mouse (hand first, then gangsters, then buildings)."""
        for cid, r in reversed(self.hand):
            if r.collidepoint(pos):
                return cid
        for cid, r in reversed(list(self.gangsters.items())):
            if r.collidepoint(pos):
                return cid
        for cid, r in self.buildings.items():
            if r.collidepoint(pos):
                return cid
        return None

    def rect_of(self, card: int) -> Rect | None:
        return self.gangsters.get(card) or self.buildings.get(card) or dict(self.hand).get(card)


END_TURN_FILL = (196, 150, 62)  # the main button when pressing it ends the turn
END_TURN_INK = (24, 20, 14)


def _background(size: tuple[int, int]) -> Surface:
    """Felt with a vignette: drawn once per window size."""

    def make() -> Surface:
        surf = Surface(size)
        surf.fill(w.FELT_DARK)
        cw, ch = size
        steps = 18
        for i in range(steps):
            k = i / steps
            col = tuple(int(a + (b - a) * k) for a, b in zip(w.FELT_DARK, w.FELT, strict=True))
            r = Rect(0, 0, int(cw * (1.3 - k * 0.6)), int(ch * (1.3 - k * 0.6)))
            r.center = (cw // 2 - 120, ch // 2)
            pygame.draw.ellipse(surf, col, r)
        return surf

    return w.cached(("bg", size), make)


def render_static(target: Surface, layout: TableLayout, m: TableModel) -> HitMap:
    """Draw the whole table into `target` (the size of the window)."""
    hits = HitMap()
    target.blit(_background(layout.size), (0, 0))
    _top_bar(target, layout, m)
    for seat in range(layout.seat_count):
        _seat(target, layout, m, seat, hits)
    _center(target, layout, m)
    _hand(target, layout, m, hits)
    hits.log_back_max = _sidebar(target, layout, m)
    return hits


def _top_bar(dest: Surface, lay: TableLayout, m: TableModel) -> None:
    st = m.state
    pygame.draw.rect(dest, (10, 10, 12), lay.top_bar)
    pygame.draw.line(dest, w.BRASS_DARK, lay.top_bar.bottomleft, lay.top_bar.bottomright)
    phase = st.phase.value
    r = lay.phase_tracker
    cell = r.w // 7
    for i, letter in enumerate(PHASE_LETTERS):
        cr = Rect(r.x + i * cell, r.y, cell - 4, r.h)
        now = phase == letter
        past = phase in PHASE_LETTERS and PHASE_LETTERS.index(phase) > i
        first_round_skip = st.first_round and letter in "ABC"
        fill = w.BRASS if now else ((40, 40, 44) if not past else (28, 28, 30))
        pygame.draw.rect(dest, fill, cr, border_radius=5)
        col = w.CARD_INK if now else (w.INK_FAINT if (past or first_round_skip) else w.INK)
        w.blit_center(dest, w.text(letter, max(12, r.h * 2 // 3), col, bold=True), cr.center)
    label = phase_name(phase)
    status = f"{label}   ·   {m.status}" if m.status and m.status != label else label
    dest.blit(
        w.text_fit(status, max(13, r.h * 3 // 5), lay.status.w, colour=w.INK, bold=True),
        (lay.status.x, lay.status.centery - r.h * 3 // 10 - 2),
    )


def _columns(s: SeatState) -> tuple[list[Column], list[int]]:
    cols: list[Column] = []
    buildings = s.buildings
    hideout = s.hideout
    top = s.top
    if hideout is not None and hideout in buildings:
        cols.append(Column(hideout, buildings[hideout]))
        if top is not None and top in buildings:
            cols.append(Column(top, buildings[top], on_top=True))
    for b, gs in buildings.items():
        if b != hideout and b != top:
            cols.append(Column(b, gs))
    return cols, list(s.hidden)


def _seat(dest: Surface, lay: TableLayout, m: TableModel, seat: int, hits: HitMap) -> None:
    st = m.state
    area = lay.seats[seat]
    ss = st.seats[seat]
    info = m.seats[seat] if seat < len(m.seats) else SeatInfo(f"P{seat + 1}", w.INK)
    keeper = st.countdown_keeper
    active = seat == st.active
    alive = ss.alive
    fill = (26, 28, 30) if not active else (34, 34, 30)
    edge = w.ACTIVE if active else tuple(c // 2 + 20 for c in info.colour)
    panel_surf = w.cached(("seatpanel", area.rect.size, fill), lambda: _panel(area.rect.size, fill))
    dest.blit(panel_surf, area.rect.topleft)
    pygame.draw.rect(dest, edge, area.rect, 2 if active else 1, border_radius=8)

    _header(dest, area, info, ss, keeper == seat, st.countdown_tokens)
    hits.seat_money[seat] = area.money
    if seat != lay.viewing or not m.show_hand:
        _hand_backs(dest, area.hand, len(ss.hand))
        hits.hand_backs[seat] = area.hand
    else:
        hdr = area.header
        lab = w.text(t("table.in_hand", n=len(ss.hand)), max(11, hdr.h // 2), w.INK_DIM)
        dest.blit(lab, (area.hand.right - lab.get_width(), hdr.centery - lab.get_height() // 2))

    # Board: the Hideout (with the Business on top), other Businesses, HIDDEN gangsters.
    board_rect = area.board
    if seat == lay.viewing:
        board_rect, hits.hand_area = split_viewer(area.board)
    board, rows = seat_board(board_rect, ss, seat != lay.viewing)
    if rows:
        _rows(dest, board, ss, seat, m, hits)
    else:
        _cards(dest, board, ss, seat, m, hits, area.rect)
    if not alive:
        veil = w.cached(("veil", area.rect.size), lambda: _veil(area.rect.size))
        dest.blit(veil, area.rect.topleft)
        w.blit_center(
            dest,
            w.text(t("table.out"), max(18, area.rect.h // 5), w.BLOOD, bold=True, serif=True),
            area.rect.center,
        )


def seat_board(board_rect: Rect, ss: SeatState, rival: bool) -> tuple[BoardLayout, bool]:
    """How a seat's board is laid out, and whether as rows: a rival's cards too small to
    read (`SMALL_CARD`) become rows (`layout.board_rows`); the viewer's stay cards."""
    cols, hidden = _columns(ss)
    board = board_slots(board_rect, cols, hidden)
    if rival and board.card[0] < SMALL_CARD:
        return board_rows(board_rect, cols, hidden), True
    return board, False


def _cards(
    dest: Surface,
    board: BoardLayout,
    ss: SeatState,
    seat: int,
    m: TableModel,
    hits: HitMap,
    seat_rect: Rect,
) -> None:
    """A board drawn as cards: buildings with their gangsters stacked down them."""
    hidden = list(ss.hidden)
    cw, ch = board.card
    atk_target, atk_gangs = m.attack
    tagged: list[Slot] = []
    for slot in board.slots:
        hits.buildings[slot.building] = slot.rect
        hits.columns[slot.building] = slot.column
        hits.owner[slot.building] = seat
        dest.blit(w.shadow(cw, ch), slot.rect.move(2, 3))
        dest.blit(w.card_face(slot.building, cw), slot.rect)
        if cw < SMALL_CARD:  # a rival's mini-card: its income (= which Business) in a badge
            dest.blit(
                w.value_badge(VALUE[slot.building], max(14, cw * 2 // 5)), slot.rect.move(-2, -2)
            )
        if slot.building == atk_target:
            w.outline(dest, slot.rect, w.BLOOD, 3)
        col_gangs = ss.buildings.get(slot.building, ())
        for gid, gr in zip(col_gangs, slot.gangsters, strict=False):
            dest.blit(w.card_top(gid, gr.w, gr.h), gr)
            hits.gangsters[gid] = gr
            hits.owner[gid] = seat
            if gid in atk_gangs:
                pygame.draw.rect(dest, w.BLOOD, gr, 2, border_radius=4)
        if col_gangs:
            tagged.append(slot)
        load, cap = ss.load(slot.building), ss.capacity(slot.building)
        if load > cap:  # mid phase B only (R-MOVE-3): it must be cleared before B ends
            w.outline(dest, slot.column, w.BLOOD, 3)
            warn = w.text(
                t("table.over_capacity", load=load, cap=cap), max(10, cw // 6), w.BLOOD, bold=True
            )
            dest.blit(warn, (slot.rect.x, slot.column.bottom - warn.get_height()))
    _name_tags(dest, tagged, cw, seat_rect)
    for gid, hr in zip(hidden, board.hidden, strict=False):
        dest.blit(w.hidden_strip(gid, hr.w, hr.h), hr)
        hits.gangsters[gid] = hr
        hits.owner[gid] = seat
    if hidden:
        lab = w.text(t("table.hiding"), max(9, cw // 6), w.INK_DIM)
        x = min(board.hidden_area.x, seat_rect.right - 4 - lab.get_width())  # inside the seat
        dest.blit(lab, (x, board.hidden_area.y))


def _rows(
    dest: Surface, board: BoardLayout, ss: SeatState, seat: int, m: TableModel, hits: HitMap
) -> None:
    """A rival's board too small for readable cards, as rows (`layout.board_rows`): each
    building's income badge and name, a chip per gangster with its strength, the HIDDEN
    ones last (issue 20: at 6 players the mini-cards' art and badges read as nothing)."""
    _, row_h = board.card
    atk_target, atk_gangs = m.attack
    size = max(9, min(13, row_h - 4))
    hideout_row: Rect | None = None
    for slot in board.slots:
        b, r = slot.building, slot.rect
        hits.buildings[b] = r
        hits.columns[b] = r
        hits.owner[b] = seat
        is_hideout = b == ss.hideout
        fill = (74, 30, 32) if is_hideout else (30, 56, 42)
        pygame.draw.rect(dest, fill, r, border_radius=4)
        pygame.draw.rect(dest, w.INK_DIM, r, 1, border_radius=4)
        if is_hideout:
            hideout_row = r
        if slot.on_top and hideout_row is not None:  # hangs under the Hideout's row
            x = r.x - INDENT // 2
            pygame.draw.line(dest, w.INK_DIM, (x, hideout_row.bottom), (x, r.centery), 1)
            pygame.draw.line(dest, w.INK_DIM, (x, r.centery), (r.x, r.centery), 1)
        d = r.h - 2
        dest.blit(w.value_badge(VALUE[b], d), (r.x + 1, r.y + 1))
        gangs = ss.buildings.get(b, ())
        left = slot.gangsters[0].x if slot.gangsters else r.right - 2
        name_x = r.x + d + 4
        lab = w.text_fit(card_title(b), size, left - name_x - 3, colour=w.INK, bold=True)
        dest.blit(lab, (name_x, r.centery - lab.get_height() // 2))
        for gid, gr in zip(gangs, slot.gangsters, strict=False):
            dest.blit(w.strength_chip(VALUE[gid], gr.w, gr.h), gr)
            hits.gangsters[gid] = gr
            hits.owner[gid] = seat
            if gid in atk_gangs:
                pygame.draw.rect(dest, w.BLOOD, gr.inflate(2, 2), 2, border_radius=4)
        if b == atk_target:
            w.outline(dest, r, w.BLOOD, 3)
        if ss.load(b) > ss.capacity(b):  # mid phase B only (R-MOVE-3)
            pygame.draw.rect(dest, w.BLOOD, r, 2, border_radius=4)
    hidden = list(ss.hidden)
    if hidden:
        r = board.hidden_area
        pygame.draw.rect(dest, (24, 24, 28), r, border_radius=4)
        pygame.draw.rect(dest, w.INK_DIM, r, 1, border_radius=4)
        left = board.hidden[0].x if board.hidden else r.right
        lab = w.text_fit(t("table.hiding"), size, left - r.x - 8, colour=w.INK_DIM, bold=True)
        dest.blit(lab, (r.x + 4, r.centery - lab.get_height() // 2))
        for gid, gr in zip(hidden, board.hidden, strict=False):
            dest.blit(w.strength_chip(VALUE[gid], gr.w, gr.h, hidden=True), gr)
            hits.gangsters[gid] = gr
            hits.owner[gid] = seat


SMALL_CARD = 56  # narrower building cards get a value badge: their own print is unreadable


def _name_tags(dest: Surface, slots: list[Slot], cw: int, seat: Rect) -> None:
    """Each guarded building's name under its column (its gangsters cover the card's own
    title): as large as fits the column, never cut; a tag that would run into another
    goes a row lower, and none leaves the seat (playtest 3: "Hideo" over "Moonshine
    Still")."""
    top = max(9, min(13, cw // 7))
    pitch = cw + int(cw * 0.08)
    placed: list[Rect] = []
    for slot in slots:
        title = card_title(slot.building)
        shown, size = w.fitted(title, top, pitch - 6, bold=True)
        lab = w.text(title, size if shown == title else 9, w.INK, bold=True)
        tag = Rect(0, 0, lab.get_width() + 6, lab.get_height() + 2)
        tag.midtop = (slot.rect.centerx, max(slot.rect.bottom, slot.column.bottom) + 1)
        tag.clamp_ip(seat.inflate(-4, -4))
        while any(tag.colliderect(p) for p in placed) and tag.bottom < seat.bottom:
            tag.y += tag.h + 1
        if tag.bottom > seat.bottom - 2:
            tag.bottom = seat.bottom - 2
            while any(tag.colliderect(p) for p in placed) and tag.top > seat.top:
                tag.y -= tag.h + 1
        placed.append(tag)
        pygame.draw.rect(dest, (12, 12, 14), tag, border_radius=4)
        dest.blit(lab, (tag.x + 3, tag.y + 1))


def _header(
    dest: Surface, area: SeatArea, info: SeatInfo, ss: SeatState, keeper: bool, taken: int
) -> HeaderParts:
    """Name, trophies, coins, money, the keeper's tokens: each in its own part."""
    hdr = area.header
    num_size = max(11, w.coin_diameter(hdr.h))
    trophies = list(ss.trophies)
    tro = w.text(f"☠×{len(trophies)}", max(11, hdr.h * 3 // 5), w.BLOOD, bold=True)
    size = max(12, hdr.h * 3 // 5)
    parts = header_parts(
        area,
        keeper,
        tro.get_width() if trophies else 0,
        w.text("80", num_size, w.INK, bold=True).get_width(),
        w.text(info.name, size, bold=True).get_width() + 20,
    )
    theme.seat_symbol(dest, area.seat, (hdr.x + 8, hdr.centery), 6, info.colour)
    room = parts.name.w - 20
    name = w.text_fit(info.name, size, room, colour=w.INK, bold=True)
    dest.blit(name, (hdr.x + 18, hdr.centery - name.get_height() // 2))
    if info.is_ai:  # "· AI" / "· YZ", smaller than the name, if the whole name leaves room
        tag = w.text(f"· {t('table.ai')}", max(10, size - 2), w.INK_DIM, bold=True)
        if name.get_width() + 5 + tag.get_width() <= room:
            tx = hdr.x + 18 + name.get_width() + 5
            dest.blit(tag, (tx, hdr.centery - tag.get_height() // 2))
    if trophies:
        dest.blit(tro, (parts.trophies.x, hdr.centery - tro.get_height() // 2))
    money = ss.money
    covered = w.draw_coins(dest, parts.coins, money)
    num = w.text(str(money), num_size, w.INK, bold=True)
    nx = min(covered.right + 6, parts.number.x) if covered.w else parts.coins.x
    dest.blit(num, (nx, hdr.centery - num.get_height() // 2))
    if keeper:
        rad = hdr.h // 2 - 1
        tr = parts.tokens
        w.draw_taken_tokens(dest, (tr.x + rad + 1, hdr.centery), taken, rad)
        if tr.w - 2 * rad - 6 >= 20:  # narrow seats show the quarters only
            lab = w.text_fit(
                f"{taken}/4", max(10, hdr.h * 3 // 5), tr.w - 2 * rad - 6, colour=w.BLOOD, bold=True
            )
            dest.blit(lab, (tr.x + 2 * rad + 5, hdr.centery - lab.get_height() // 2))
    return parts


def _panel(size: tuple[int, int], fill: tuple[int, int, int]) -> Surface:
    surf = Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*fill, 215), (0, 0, *size), border_radius=8)
    return surf


def _veil_maker(size: tuple[int, int], alpha: int) -> Callable[[], Surface]:
    return lambda: _veil(size, alpha)


def _veil(size: tuple[int, int], alpha: int = 150) -> Surface:
    surf = Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, alpha), (0, 0, *size), border_radius=8)
    return surf


def _hand_backs(dest: Surface, r: Rect, count: int) -> None:
    """Other hands: a small fan of backs and the count (never the cards)."""
    bh = r.h + 2
    bw = max(10, int(bh / 1.4))
    back = w.card_back(bw)
    lab = w.text(f"×{count}", max(12, r.h * 3 // 5), w.INK, bold=True)
    x = r.right - lab.get_width() - 4 - bw - 2 * min(2, max(0, count - 1)) * 3
    for i in range(min(3, count)):
        dest.blit(back, (x + i * 3, r.y - 1))
    dest.blit(lab, (r.right - lab.get_width(), r.centery - lab.get_height() // 2))


def _center(dest: Surface, lay: TableLayout, m: TableModel) -> None:
    st = m.state
    cw = lay.deck.w
    deck_n = len(st.deck)
    if deck_n:
        for k in range(min(3, deck_n)):
            dest.blit(w.card_back(cw), lay.deck.move(-k * 2, -k * 2))
    else:
        pygame.draw.rect(dest, w.INK_FAINT, lay.deck, 1, border_radius=6)
    lab = w.text(t("table.deck", n=deck_n), max(11, cw // 5), w.INK_DIM)
    dest.blit(lab, (lay.deck.x, lay.deck.bottom + 3))
    disc = st.discard
    if disc:
        dest.blit(w.shadow(cw, lay.discard.h), lay.discard.move(2, 3))
        dest.blit(w.card_face(disc[-1], cw), lay.discard)
    else:
        pygame.draw.rect(dest, w.INK_FAINT, lay.discard, 1, border_radius=6)
    lab = w.text(t("table.discard", n=len(disc)), max(11, cw // 5), w.INK_DIM)
    dest.blit(lab, (lay.discard.x, lay.discard.bottom + 3))
    # Bank
    b = lay.bank
    pygame.draw.rect(dest, (18, 22, 20), b, border_radius=8)
    pygame.draw.rect(dest, w.BRASS_DARK, b, 1, border_radius=8)
    label = w.text(t("table.bank"), max(11, b.h // 5), w.BRASS, bold=True)
    bank = st.bank
    num = w.text(str(bank), max(16, b.h // 3), w.INK, bold=True, serif=True)
    coins = bank_coin_row(b)
    gap_top, gap_bottom = b.y + 3 + label.get_height(), coins.y + 2
    if gap_bottom - gap_top >= num.get_height() - 4:
        w.blit_center(dest, num, (b.centerx, (gap_top + gap_bottom) // 2))
        dest.blit(label, (b.x + 6, b.y + 3))
    else:  # a small box (6 players, 960 wide): the number beside the label, apart
        num = w.text(str(bank), 14, w.INK, bold=True, serif=True)
        size = max(11, b.h // 5)
        room = b.w - num.get_width() - 12
        wrapped = False
        if w.fits(t("table.bank"), size, room, bold=True):
            dest.blit(num, (b.right - num.get_width() - 4, b.y + 2))
        else:  # a long name ("Ortadaki para") takes the box's width, on two lines if
            # need be; the number moves to the coin row's right end, the coins keep the rest
            # (playtest crop106: "62" was pressed against the coins)
            coins.w -= num.get_width() + BANK_NUM_GAP + 4
            dest.blit(num, (b.right - 4 - num.get_width(), coins.centery - num.get_height() // 2))
            room = b.w - 8
            wrapped = _draw_wrapped(dest, t("table.bank"), size, b.inflate(-8, 0), coins.y - 1)
        if not wrapped:
            label = w.text_fit(t("table.bank"), size, room, colour=w.BRASS, bold=True)
            dest.blit(label, (b.x + 4, b.y + 3))
    w.draw_coins(dest, coins, bank)
    # Dice (last values rolled)
    for r, v in zip(lay.dice, m.dice, strict=True):
        if v:
            dest.blit(w.die(v, r.w), r)
        else:
            pygame.draw.rect(dest, w.INK_FAINT, r, 1, border_radius=5)
    # Countdown circle
    w.draw_tokens(dest, lay.tokens, st.countdown_tokens)
    _countdown_caption(dest, lay, m, cw)


def _countdown_caption(dest: Surface, lay: TableLayout, m: TableModel, cw: int) -> None:
    """Under the countdown circle: the tokens taken and when the game ends, and who
    keeps the countdown (or that it has not started)."""
    st = m.state
    keeper = st.countdown_keeper
    lines: tuple[str, ...]
    if keeper is None:
        lines = (t("table.countdown"), t("table.countdown_off"))
    else:
        who = m.seats[keeper].name if keeper < len(m.seats) else f"P{keeper + 1}"
        # what it is first (playtest: "Player 2 keeps it · 3 of 4 taken" was cryptic)
        lines = (
            t("table.countdown_taken", n=st.countdown_tokens),
            t("table.countdown_keeper", name=who),
        )
    y = lay.tokens.bottom + 2
    # Beside the dice, under the circle, inside the middle; wrapped and never cut
    # (playtest 3: "Player 5 keeps it" ran under the circle, "pulları Oyuncu 4 al…").
    left = max(lay.center.x + 2, lay.dice[1].right + 6)
    box = Rect(left, y, lay.center.right - 2 - left, lay.center.bottom - y)
    size = max(11, cw // 6)
    first_bold = keeper is not None
    # Too narrow there (6 players at 960×640, Turkish: five tiny red lines and the
    # keeper's line gone, playtest crop117): the whole width of the middle, under the
    # dice and the piles' labels, if the lines fit there at a readable size.
    pile_label = lay.discard.bottom + 3 + w.text("Ag", max(11, cw // 5)).get_height()
    wide_y = max(lay.tokens.bottom, lay.dice[0].bottom, pile_label) + 2
    wide = Rect(lay.center.x + 2, wide_y, lay.center.w - 4, lay.center.bottom - wide_y)
    readable = range(size, READABLE_PX - 1, -1)
    if not any(_caption_h(lines, px, box.w, first_bold) <= box.h for px in readable) and any(
        _caption_h(lines, px, wide.w, first_bold) <= wide.h for px in readable
    ):
        box, y = wide, wide_y
    while size > 9 and _caption_h(lines, size, box.w, first_bold) > box.h:
        size -= 1
    if _caption_h(lines, size, box.w, first_bold) > box.h:
        for line in lines[1:]:
            textprobe.dropped(line)
        lines = lines[:1]  # the tokens taken and when the game ends
    for i, line in enumerate(lines):
        col = w.INK_DIM if keeper is None else (w.BLOOD if i == 0 else w.INK)
        bold = keeper is not None and i == 0
        for part in w.wrap(line, size, box.w, bold=bold):
            lab = w.text(part, size, col, bold=bold)
            if y + lab.get_height() > box.bottom:
                textprobe.dropped(part)
                continue
            lw = lab.get_width()  # under the circle, as far as the box allows
            x = min(max(lay.tokens.centerx - lw // 2, box.left), box.right - lw)
            dest.blit(lab, (x, y))
            y += lab.get_height()


READABLE_PX = 11  # the countdown's caption moves rather than shrink below this
BANK_NUM_GAP = 6  # between the bank's coins and its number, in a small box


def _caption_h(lines: tuple[str, ...], size: int, width: int, first_bold: bool) -> int:
    h = w.text("Ag", size).get_height()
    rows = sum(len(w.wrap(x, size, width, bold=first_bold and i == 0)) for i, x in enumerate(lines))
    return rows * h


def price_tag(price: int, size: int, max_w: int) -> Surface:
    """What drawing costs (R-DRAW-1) in words, "2 coins" / "2 para" ("free"), where
    they fit; else a coin and the number, as the seats' money is drawn (never "$")."""
    words = coins(price)
    if w.text(words, size, w.BRASS).get_width() <= max_w:
        return w.text(words, size, w.BRASS)
    return w.coin_price(price, size)


def _draw_wrapped(dest: Surface, s: str, size: int, box: Rect, bottom: int) -> bool:
    """Draw `s` word-wrapped from the top of `box`, shrinking the font (down to 9 px)
    until every line fits its width and the lines end above `bottom`; False (nothing
    drawn) when no size does."""
    for px in range(size, 8, -1):
        lines = w.wrap(s, px, box.w, bold=True)
        surfs = [w.text(line, px, w.BRASS, bold=True) for line in lines]
        step = max(1, surfs[0].get_height() - 3)
        if all(x.get_width() <= box.w for x in surfs) and box.y + 3 + step * len(surfs) <= bottom:
            for i, x in enumerate(surfs):
                dest.blit(x, (box.x, box.y + 2 + i * step))
            return True
    return False


def bank_coin_row(b: Rect) -> Rect:
    """Where the bank's coins lie: along the box's foot, inside it; drawn with the
    seats' stacking (overlapped and capped), so no amount spills past the box."""
    d = max(9, b.h // 6)
    return Rect(b.x + 6, b.bottom - d - 6, b.w - 12, d + 4)


ADVICE_TONES = {"how": w.BRASS, "info": w.INK, "warn": (240, 90, 90)}


def _advice(dest: Surface, r: Rect, lines: tuple[tuple[str, str], ...]) -> None:
    """What to do now, the attack preview and the danger lines, wrapped to fit."""
    pygame.draw.rect(dest, (24, 22, 18), r, border_radius=6)
    pygame.draw.rect(dest, w.BRASS_DARK, r, 1, border_radius=6)
    size, wrapped = advice_fit(r, lines)
    kept = {text for text, _ in lines} - {" ".join(p) for p, _ in wrapped}
    for text in kept:
        textprobe.dropped(text)  # an info line given way to a warning
    y = r.y + 5
    for parts, tone in wrapped:
        bold = tone != "info"
        col = ADVICE_TONES.get(tone, w.INK)
        for part in parts:
            if y + size + 3 > r.bottom - 2:
                textprobe.dropped(part)
                return
            dest.blit(w.text(part, size, col, bold=bold), (r.x + 6, y))
            y += size + 4
        y += 2


ADVICE_SMALLEST = 11  # below this the box grows up into the log before it shrinks on


def advice_rects(lay: TableLayout, lines: tuple[tuple[str, str], ...]) -> tuple[Rect, Rect]:
    """(advice box, log): the box keeps its place and size while its lines fit at a
    readable size, else it grows up into the log, up to half of it (playtest 3: the
    money-victory warning was its cut-off last line)."""
    r, log = lay.advice, lay.log
    most = r.h + log.h // 2
    h = r.h
    while h < most and not _fits_whole(Rect(r.x, r.bottom - h, r.w, h), lines):
        h = min(most, h + 12)
    grown = Rect(r.x, r.bottom - h, r.w, h)
    return grown, Rect(log.x, log.y, log.w, log.h - (h - r.h))


def _fits_whole(r: Rect, lines: tuple[tuple[str, str], ...]) -> bool:
    size, wrapped = advice_fit(r, lines)
    return size >= ADVICE_SMALLEST and len(wrapped) == len(lines)


def advice_fit(
    r: Rect, lines: tuple[tuple[str, str], ...]
) -> tuple[int, list[tuple[list[str], str]]]:
    """The font size and wrapped lines that fit the advice box: the text shrinks to
    10 px first, then the last "info" lines give way, so a warning is never cut off
    (playtest: a rival's money warning fell below the box)."""
    shown = list(lines)
    base = 13 if r.h >= 100 else 12
    while True:
        for size in range(base, 9, -1):
            wrapped = [
                (w.wrap(text, size, r.w - 12, bold=tone != "info"), tone) for text, tone in shown
            ]
            height = 5 + sum(len(parts) * (size + 4) + 2 for parts, _ in wrapped)
            if height <= r.h - 2:
                return size, wrapped
        infos = [i for i, (_, tone) in enumerate(shown) if tone == "info"]
        if not infos:
            return 10, wrapped  # only the instruction and warnings: show what fits
        shown.pop(infos[-1])


def _hand(dest: Surface, lay: TableLayout, m: TableModel, hits: HitMap) -> None:
    st = m.state
    hand = list(st.seats[lay.viewing].hand)
    area = hits.hand_area or lay.hand
    size = hand_card_size(area, len(hand), lay.hand_card)
    rects = hand_slots(area, size, len(hand))
    pins = m.hand_pins
    if pins is not None and m.show_hand and all(cid in pins for cid in hand):
        rects = [pins[cid] for cid in hand]  # a card left: the others stay put
    for cid, r in zip(hand, rects, strict=True):
        cw = r.w
        hits.hand_slots[cid] = r
        if m.show_hand and cid >= 0:
            y = r.y - 14 if cid in m.selected else r.y
            rr = Rect(r.x, y, r.w, r.h)
            dest.blit(w.shadow(cw, r.h), rr.move(3, 4))
            dest.blit(w.card_face(cid, cw), rr)
            if m.playable is not None and cid not in m.playable:
                dim = w.cached(("dimcard", rr.size), _veil_maker(rr.size, 110))
                dest.blit(dim, rr)  # nothing legal uses it now (e.g. Poker Night, round 1)
            if cid in m.selected:
                w.outline(dest, rr, w.BLOOD, 3)
            hits.hand.append((cid, rr))
        else:
            dest.blit(w.card_back(cw), r)


LOG_KEPT = 400  # the controller keeps at most this many log entries
LOG_MARK = 14  # room for a seat symbol before a log line about that seat


def _log_seat(entry: str, seats: list[SeatInfo]) -> int | None:
    """The seat a log line starts with (its name, or "— name —"), for its symbol."""
    text = entry[2:] if entry.startswith("— ") else entry
    best: int | None = None
    for i, info in enumerate(seats):
        after = text[len(info.name) : len(info.name) + 1]
        longer = best is None or len(info.name) > len(seats[best].name)
        if info.name and text.startswith(info.name) and not after.isalnum() and longer:
            best = i
    return best


MARKER_ROOM = 28  # the "↓ new lines" pill (log_follow.marker_rect) and its margin


def _sidebar(dest: Surface, lay: TableLayout, m: TableModel) -> int:
    """The sidebar: log, advice, draw buttons, tool buttons. Returns how many lines
    the log can scroll back."""
    sb = lay.sidebar
    pygame.draw.rect(dest, (14, 14, 16), sb)
    pygame.draw.line(dest, w.BRASS_DARK, sb.topleft, sb.bottomleft)
    advice, lg = advice_rects(lay, m.advice)
    pygame.draw.rect(dest, (20, 20, 22), lg, border_radius=6)
    size = 13 if lay.size[1] >= 700 else 12
    line_h = size + 4
    lines: list[str] = []
    marks: dict[int, int] = {}  # line index -> the seat whose symbol starts it
    for entry in m.log[-LOG_KEPT:] if m.log_scroll else m.log[-60:]:
        seat = _log_seat(entry, m.seats)
        if seat is not None:
            marks[len(lines)] = seat
        lines.extend(w.wrap(entry, size, lg.w - 12 - (LOG_MARK if seat is not None else 0)))
    pill = MARKER_ROOM if m.log_marker else 0  # playtest: the pill hid the last line
    max_lines = max(1, (lg.h - 10 - pill) // line_h)
    back = max(0, min(m.log_scroll, len(lines) - max_lines))
    first = max(0, len(lines) - max_lines - back)
    shown = lines[first : len(lines) - back]
    y = lg.y + 6
    for i, line in enumerate(shown):
        dim = back > 0 or i < len(shown) - 6
        col = w.INK_DIM if dim else w.INK
        if line.startswith("—"):
            col = w.BRASS
        seat = marks.get(first + i)
        x = lg.x + 6
        if seat is not None:
            colour = m.seats[seat].colour
            theme.seat_symbol(dest, seat, (x + 5, y + line_h // 2 - 1), 5, colour)
            x += LOG_MARK
        dest.blit(w.text(line, size, col), (x, y))
        y += line_h
    if len(lines) > max_lines:  # a thin bar: where the view sits in the whole log
        track = lg.inflate(0, -8)
        span = max(12, track.h * max_lines // len(lines))
        top = track.bottom - span - (track.h - span) * back // max(1, len(lines) - max_lines)
        pygame.draw.rect(dest, w.BRASS_DARK, (lg.right - 4, top, 3, span), border_radius=2)
    _advice(dest, advice, m.advice)
    # Draw buttons (phase G): count and price
    for n, r in enumerate(lay.draw_buttons, start=1):
        price = m.draw_prices.get(n)
        enabled = price is not None
        pygame.draw.rect(dest, (48, 44, 34) if enabled else (24, 24, 26), r, border_radius=6)
        pygame.draw.rect(dest, w.BRASS if enabled else (50, 50, 54), r, 1, border_radius=6)
        col = w.INK if enabled else w.INK_FAINT
        w.blit_center(
            dest, w.text(f"{n}", max(12, r.h // 2), col, bold=True), (r.centerx, r.y + r.h // 3 + 1)
        )
        if price is not None:
            tag = price_tag(price, max(9, r.h // 3), r.w - 4)
            w.blit_center(dest, tag, (r.centerx, r.bottom - r.h // 4 - 1))
    labels = {
        "undo": t("table.undo"),
        "hint": t("table.hint"),
        "save": t("table.save"),
        "menu": t("table.menu"),
    }
    for key, r in lay.buttons.items():
        enabled = m.next_enabled if key == "next" else (m.can_undo if key == "undo" else True)
        label = m.next_label if key == "next" else labels[key]
        main = key == "next"
        ends = main and enabled and m.next_ends_turn
        fill = (120, 30, 36) if (main and enabled) else ((40, 40, 44) if enabled else (24, 24, 26))
        if ends:  # "end turn" in brass, not "Next phase"'s red, in the same place
            fill = END_TURN_FILL
        pygame.draw.rect(dest, fill, r, border_radius=7)
        pygame.draw.rect(dest, w.BRASS if enabled else (50, 50, 54), r, 2 if ends else 1, 7)
        col = END_TURN_INK if ends else (w.INK if enabled else w.INK_FAINT)
        w.blit_center(
            dest, w.text_fit(label, max(12, r.h * 2 // 5), r.w - 8, colour=col, bold=main), r.center
        )
    return max(0, len(lines) - max_lines)
