"""Where everything sits on the table, computed from the window size alone.

Two pure functions: `compute_layout` maps (window size, seat count, viewing seat)
to the fixed regions (seat areas, hand, deck, bank, log, buttons...), and
`board_slots` arranges one seat's buildings inside its board. Draw code and
hit-testing both read these rectangles, so what you see is what you can click.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pygame import Rect

CARD_RATIO = 1.4  # height / width of every card
GANG_SCALE_W = 0.86  # gangster cards under a building, relative to the building card
GANG_SCALE_H = 0.62
GANG_FIRST = 0.40  # first gangster's top, in building heights below the building's top
GANG_STEP = 0.21  # each further gangster
SLOT_HEIGHT = GANG_FIRST + 3 * GANG_STEP + GANG_SCALE_H  # four gangsters fit (R-GANG-3)

BUTTONS = ("next", "undo", "hint", "save", "menu")
COIN_ROOM = 28  # a header's coin stack needs at least this much width


@dataclass(frozen=True)
class SeatArea:
    """One player's corner of the table."""

    seat: int
    rect: Rect
    header: Rect  # name, money, hand backs, countdown tokens held, trophies
    name: Rect
    money: Rect
    hand: Rect  # card backs (opponents) or a compact count (viewer)
    board: Rect  # buildings and gangsters
    side: str  # "bottom", "top", "left" or "right"


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    seat_count: int
    viewing: int
    top_bar: Rect
    phase_tracker: Rect
    status: Rect
    table: Rect
    center: Rect
    seats: tuple[SeatArea, ...]  # indexed by seat number
    hand: Rect  # the viewer's hand: the right part of their seat (see `split_viewer`)
    hand_card: tuple[int, int]
    deck: Rect
    discard: Rect
    bank: Rect
    dice: tuple[Rect, Rect]
    tokens: Rect  # bounding square of the countdown circle
    sidebar: Rect
    log: Rect
    buttons: dict[str, Rect] = field(default_factory=dict)
    draw_buttons: tuple[Rect, ...] = ()  # draw 1..6 in phase G
    reaction_bar: Rect = field(default_factory=Rect)
    banner: Rect = field(default_factory=Rect)
    advice: Rect = field(default_factory=Rect)  # what to do now, attack preview, danger


@dataclass(frozen=True)
class Slot:
    """One building column on a board, plus the rects of the gangsters on it."""

    building: int
    rect: Rect  # the building card
    gangsters: tuple[Rect, ...]
    column: Rect  # the whole column (drop target)
    on_top: bool = False  # the Business on top of the Hideout


@dataclass(frozen=True)
class BoardLayout:
    card: tuple[int, int]
    slots: tuple[Slot, ...]
    hidden: tuple[Rect, ...]  # sideways cards
    hidden_area: Rect


@dataclass(frozen=True)
class HeaderParts:
    """A seat header cut into parts that never overlap, whatever the money or
    who keeps the countdown: coins are squeezed or capped to fit `coins`."""

    name: Rect
    trophies: Rect
    coins: Rect
    number: Rect
    tokens: Rect  # empty unless this seat keeps the countdown
    hand: Rect


def header_parts(
    area: SeatArea, keeper: bool, trophy_w: int = 0, number_w: int = 0, name_w: int = 0
) -> HeaderParts:
    """Split `area.header` left to right: name, trophies | coins, number, tokens | hand.

    `number_w` is the width of the widest money number ("80") in the header
    font; it is reserved whatever the amount, so the coins never run under it.
    `name_w`: what the whole name needs; the coins give it their room first (the
    number still shows the money; playtest 3: "Pla…"; a long Turkish name, issue 20).
    """
    hdr = area.header
    h = hdr.h
    right = area.hand.x - 6
    narrow = hdr.w < 260  # 6 players at 960 wide: the name comes first
    tok_w = ((h + 2) if narrow else (h + 34)) if keeper else 0  # quarter circle (+ "2/4")
    tokens = Rect(right - tok_w, hdr.y, tok_w, h)
    nw = number_w or max(22, h)
    number = Rect(tokens.x - (6 if keeper else 0) - nw, hdr.y, nw, h)
    name_right = area.name.right
    if narrow:  # the name may take the coins' room (the number still shows the money)
        name_right = max(name_right, min(area.name.x + 130, number.x - 4 - 32))
        if number.x - 8 - name_right < COIN_ROOM:  # not even one coin fits: no coins
            name_right = max(name_right, min(area.name.x + 130, number.x - 4))
    need = area.name.x + name_w + (trophy_w + 4 if trophy_w else 0)
    if name_w and need > name_right:  # the whole name before any coin (a long name, #20)
        name_right = max(name_right, min(need, number.x - 4))
    trophies = Rect(name_right - trophy_w, hdr.y, trophy_w, h)
    name = Rect(area.name.x, hdr.y, name_right - area.name.x - trophy_w - (4 if trophy_w else 0), h)
    cx = name_right + 4
    coins_w = number.x - 4 - cx
    coins = Rect(cx, hdr.y, coins_w if coins_w >= COIN_ROOM else 0, h)
    return HeaderParts(name, trophies, coins, number, tokens, area.hand)


def _clockwise_places(n_others: int) -> list[str]:
    """Places for the other seats, clockwise from the viewer at the bottom."""
    if n_others <= 3:
        return ["top"] * n_others
    return ["left"] + ["top"] * (n_others - 2) + ["right"]


def _seat_area(seat: int, rect: Rect, side: str, header_h: int) -> SeatArea:
    header = Rect(rect.x + 6, rect.y + 4, rect.w - 12, header_h)
    hand_w = min(int(header.w * 0.2), 84)  # backs and "×6", or "6 in hand"
    # Narrow seats (6 players at 960 wide) still show a whole name and its AI tag, as
    # long as the money and the keeper's tokens keep their room (about 150 px).
    name_w = min(190, max(int(header.w * 0.36), min(120, header.w - hand_w - 156)))
    name = Rect(header.x, header.y, name_w, header_h)
    hand = Rect(header.right - hand_w, header.y, hand_w, header_h)
    money = Rect(name.right + 4, header.y, hand.x - name.right - 8, header_h)
    board = Rect(rect.x + 6, header.bottom + 4, rect.w - 12, rect.bottom - header.bottom - 8)
    return SeatArea(seat, rect, header, name, money, hand, board, side)


def compute_layout(size: tuple[int, int], seat_count: int, viewing: int) -> TableLayout:
    """All fixed regions for a window of `size` with the viewer at the bottom."""
    w, h = size
    n = max(1, seat_count)
    viewing = viewing % n
    pad = max(4, w // 220)
    bar_h = max(30, h // 24)
    side_w = max(230, min(320, w // 5))
    top_bar = Rect(0, 0, w, bar_h)
    sidebar = Rect(w - side_w, bar_h, side_w, h - bar_h)
    table = Rect(0, bar_h, w - side_w, h - bar_h)

    others = [(viewing + k) % n for k in range(1, n)]
    places = _clockwise_places(len(others))
    n_top = places.count("top")
    has_sides = "left" in places

    # The viewer's corner holds their table and their hand side by side (one
    # region, so a small hand gets big cards instead of leaving a strip empty).
    usable_h = table.bottom - table.y - pad
    header_h = max(22, h // 34)
    viewer_h = int(usable_h * (0.44 if has_sides else 0.46))
    top_h = int(usable_h * (0.28 if has_sides else 0.30))
    # A full-width strip between the middle and the viewer's corner carries the banner,
    # the reaction bar and messages, so they never cover the piles, dice or a seat.
    strip_h = max(26, min(34, h // 24))
    mid_h = usable_h - viewer_h - top_h - strip_h
    y_top = table.y + pad
    y_mid = y_top + top_h
    y_view = y_mid + mid_h + strip_h

    seats: dict[int, SeatArea] = {}
    viewer_rect = Rect(table.x + pad, y_view, table.w - 2 * pad, viewer_h)
    seats[viewing] = _seat_area(viewing, viewer_rect, "bottom", header_h)
    body = seats[viewing].board
    hand = Rect(body.x + body.w * 11 // 20, body.y, body.w - body.w * 11 // 20, body.h)
    hand_card_h = min(hand.h - 12, int(hand.w / 3.25 * CARD_RATIO))
    hand_card = (int(hand_card_h / CARD_RATIO), hand_card_h)  # the largest a hand card gets
    top_w = (table.w - 2 * pad) // max(1, n_top)
    side_seat_w = int((table.w - 2 * pad) * 0.31)
    top_i = 0
    for seat, place in zip(others, places, strict=True):
        if place == "top":
            r = Rect(table.x + pad + top_i * top_w, y_top, top_w - pad, top_h - pad)
            top_i += 1
        elif place == "left":
            r = Rect(table.x + pad, y_mid, side_seat_w - pad, mid_h - pad)
        else:
            r = Rect(table.right - pad - side_seat_w + pad, y_mid, side_seat_w - pad, mid_h - pad)
        seats[seat] = _seat_area(seat, r, place, header_h)

    if has_sides:
        center = Rect(
            table.x + pad + side_seat_w, y_mid, table.w - 2 * pad - 2 * side_seat_w, mid_h - pad
        )
    else:
        center = Rect(table.x + pad, y_mid, table.w - 2 * pad, mid_h - pad)

    # Middle of the table: deck, discard, bank, dice, countdown circle.
    # The row is deck + discard + 1.5-card bank + a card-high circle + gaps: 4.9 card
    # widths and 40 px, so it never runs into the side seats (6 players, 960 wide).
    ch = min(center.h - 36, int((center.w - 40) / 4.9 * CARD_RATIO))
    cw = int(ch / CARD_RATIO)
    row_w = cw * 2 + 16 + int(cw * 1.5) + 16 + ch
    x0 = center.centerx - row_w // 2
    cy = center.y + 6
    deck = Rect(x0, cy, cw, ch)
    discard = Rect(deck.right + 12, cy, cw, ch)
    bank = Rect(discard.right + 16, cy, int(cw * 1.5), int(ch * 0.62))
    die = max(18, min(int(cw * 0.62), bank.w // 2 - 6))
    dice = (
        Rect(bank.x + 2, bank.bottom + 6, die, die),
        Rect(bank.x + die + 10, bank.bottom + 6, die, die),
    )
    tokens = Rect(bank.right + 16, cy + 2, ch - 4, ch - 4)

    # Top bar: phase tracker on the left, status in the middle.
    tracker = Rect(pad, 3, min(7 * 36, w // 4), bar_h - 6)
    status = Rect(tracker.right + 16, 3, w - side_w - tracker.right - 24, bar_h - 6)

    # Sidebar: buttons at the bottom, log above them.
    bh = max(30, h // 22)
    buttons: dict[str, Rect] = {}
    bx = sidebar.x + 8
    bw = sidebar.w - 16
    by = sidebar.bottom - 8 - bh
    buttons["next"] = Rect(bx, by, bw, bh)
    small_w = (bw - 3 * 6) // 4
    y2 = by - bh - 6
    for i, key in enumerate(("undo", "hint", "save", "menu")):
        buttons[key] = Rect(bx + i * (small_w + 6), y2, small_w, bh)
    draw_w = (bw - 5 * 4) // 6
    y3 = y2 - bh - 6
    draw_buttons = tuple(Rect(bx + i * (draw_w + 4), y3, draw_w, bh) for i in range(6))
    advice_h = max(96, min(160, h // 5))
    advice = Rect(bx, y3 - 8 - advice_h, bw, advice_h)
    log = Rect(bx, sidebar.y + 8, bw, advice.y - sidebar.y - 14)

    strip = Rect(table.x + pad + 8, y_mid + mid_h, table.w - 2 * pad - 16, strip_h - 3)
    reaction_bar = strip.copy()
    banner = strip.copy()
    return TableLayout(
        size=(w, h),
        seat_count=n,
        viewing=viewing,
        top_bar=top_bar,
        phase_tracker=tracker,
        status=status,
        table=table,
        center=center,
        seats=tuple(seats[i] for i in range(n)),
        hand=hand,
        hand_card=hand_card,
        deck=deck,
        discard=discard,
        bank=bank,
        dice=dice,
        tokens=tokens,
        sidebar=sidebar,
        log=log,
        buttons=buttons,
        draw_buttons=draw_buttons,
        reaction_bar=reaction_bar,
        banner=banner,
        advice=advice,
    )


@dataclass(frozen=True)
class Column:
    """What `board_slots` needs to know about one building."""

    building: int
    gangsters: Sequence[int]
    on_top: bool = False  # drawn overlapping the column before it (the Hideout)


def board_slots(board: Rect, columns: Sequence[Column], hidden: Sequence[int]) -> BoardLayout:
    """Card size and positions for one seat's buildings, fitted into `board`.

    The card size only shrinks when a seat has more than four columns, so cards
    do not jump in size as the game goes on.
    """
    n_cols = max(4, len(columns))
    hidden_w_units = 0.0
    if hidden:
        hidden_w_units = 1.0  # the strips of HIDDEN gangsters: about one card wide
    overlap = 0.18
    n_top = sum(1 for c in columns if c.on_top)
    width_units = n_cols * 1.08 - n_top * overlap + hidden_w_units * 1.1
    cw_by_w = board.w / max(1.0, width_units)
    ch_by_h = board.h / SLOT_HEIGHT
    cw = int(min(cw_by_w, ch_by_h / CARD_RATIO, 120))
    ch = int(cw * CARD_RATIO)
    gap = int(cw * 0.08)
    gw, gh = int(cw * GANG_SCALE_W), int(ch * GANG_SCALE_H)
    x = board.x
    y = board.y
    slots: list[Slot] = []
    for col in columns:
        if col.on_top:
            x -= int(cw * overlap) + gap
        rect = Rect(x, y + (int(ch * 0.06) if col.on_top else 0), cw, ch)
        gangs = tuple(
            Rect(
                rect.x + (cw - gw) // 2,
                rect.y + int(ch * GANG_FIRST) + int(ch * GANG_STEP) * k,
                gw,
                gh,
            )
            for k in range(len(col.gangsters))
        )
        column = Rect(rect.x, rect.y, cw, max(ch, (gangs[-1].bottom - rect.y) if gangs else ch))
        slots.append(Slot(col.building, rect, gangs, column, col.on_top))
        x += cw + gap
    hidden_rects: list[Rect] = []
    # HIDDEN gangsters (R-GANG-4) as sideways strips with a strength badge: legible
    # even when the seat's cards are small (6 players).
    hw, hh = max(48, int(cw * 1.0)), max(20, int(cw * 0.36))
    hx = max(x + gap, board.right - hw) if hidden else x
    room = board.h - 16 - hh
    step = min(hh + 3, room // max(1, len(hidden) - 1)) if len(hidden) > 1 else 0
    for k in range(len(hidden)):
        hidden_rects.append(Rect(hx, board.y + 16 + k * max(6, step), hw, hh))
    hidden_area = Rect(hx, board.y, hw, board.h) if hidden else Rect(x, board.y, 0, 0)
    return BoardLayout((cw, ch), tuple(slots), tuple(hidden_rects), hidden_area)


ROW_MIN_H = 13  # a rival row: 9-px text and strength chips still read at this height
ROW_MAX_H = 22


def board_rows(board: Rect, columns: Sequence[Column], hidden: Sequence[int]) -> BoardLayout:
    """A rival's buildings as rows, when `board_slots` would make its cards too small
    to read (6 players at 960×640, a busy board): one row per building, its name and
    income, then a chip per gangster with its strength; the Business on the Hideout
    indented under it; HIDDEN gangsters last, on a row of their own. The rows are the
    buildings' rects (and chips the gangsters'), so drops and hover zoom work as on
    cards. `card` is (row width, row height)."""
    n_rows = len(columns) + (1 if hidden else 0)
    across = 1
    while across < 3 and (board.h - 2) // max(1, -(-n_rows // across)) < ROW_MIN_H:
        across += 1
    per_col = max(1, -(-n_rows // across))
    gap = 3
    row_h = max(ROW_MIN_H - 2, min(ROW_MAX_H, (board.h - 2) // per_col - 2))
    col_w = (board.w - gap * (across - 1)) // across
    chip = row_h - 2

    def row(k: int) -> Rect:
        col, r = divmod(k, per_col)
        return Rect(board.x + col * (col_w + gap), board.y + r * (row_h + 2), col_w, row_h)

    def chips(r: Rect, count: int) -> tuple[Rect, ...]:
        right = r.right - 2
        out = [Rect(right - (count - i) * (chip + 2), r.y + 1, chip, chip) for i in range(count)]
        return tuple(out)

    slots: list[Slot] = []
    for k, c in enumerate(columns):
        r = row(k)
        if c.on_top:
            r = Rect(r.x + INDENT, r.y, r.w - INDENT, r.h)
        slots.append(Slot(c.building, r, chips(r, len(c.gangsters)), r, c.on_top))
    hidden_rects: tuple[Rect, ...] = ()
    hidden_area = Rect(board.x, board.y, 0, 0)
    if hidden:
        hidden_area = row(len(columns))
        hidden_rects = chips(hidden_area, len(hidden))
    return BoardLayout((col_w, row_h), tuple(slots), hidden_rects, hidden_area)


INDENT = 10  # the Business on top of the Hideout, under its row


def split_viewer(body: Rect) -> tuple[Rect, Rect]:
    """Cut the viewer's seat body into (board, hand). The cut is fixed (55/45) so
    hand cards come in one size per hand length, all scaled once up front; a
    seat with many buildings gets narrower cards, as every seat does."""
    hand_x = body.x + body.w * 11 // 20
    board = Rect(body.x, body.y, hand_x - body.x - 8, body.h)
    hand = Rect(hand_x, body.y, body.right - hand_x, body.h)
    return board, hand


HAND_GAP = 8


def _hand_rows(area: Rect, count: int, largest: tuple[int, int]) -> tuple[int, int]:
    """(rows, card width): whole cards side by side in one or two rows, so no card
    hides another's name; rows=0 means a fanned single row (each card shows at
    least 45% of its width), used only when whole cards would be far smaller."""
    n = max(1, count)
    fan_w = area.w / (1 + 0.45 * (n - 1)) if n > 1 else area.w
    fan = int(min(largest[0], fan_w, (area.h - 12) / CARD_RATIO))
    best = (0, fan)
    for rows in (1, 2):
        per_row = -(-n // rows)
        by_w = (area.w - HAND_GAP * (per_row - 1)) / per_row
        by_h = ((area.h - 12 - HAND_GAP * (rows - 1)) / rows) / CARD_RATIO
        cw = int(min(largest[0], by_w, by_h))
        if cw >= 0.72 * fan and (best[0] == 0 or cw > best[1]):
            best = (rows, cw)
    return best


def hand_card_size(area: Rect, count: int, largest: tuple[int, int]) -> tuple[int, int]:
    """Hand cards as big as the area allows, preferring whole cards to a fan."""
    cw = _hand_rows(area, count, largest)[1]
    return cw, int(cw * CARD_RATIO)


def hand_slots(area: Rect, card: tuple[int, int], count: int) -> list[Rect]:
    """Lay the viewer's hand out in `area`: one or two rows of whole cards, or a fan
    overlapping to the right when the hand is too long for either."""
    if count <= 0:
        return []
    cw, ch = card
    per_fit = (area.w + HAND_GAP) // (cw + HAND_GAP)
    if per_fit >= count:
        rows = 1
    elif per_fit * 2 >= count and 2 * ch + HAND_GAP <= area.h - 6:
        rows = 2
    else:
        step = min(cw + HAND_GAP, (area.w - cw) // max(1, count - 1)) if count > 1 else cw
        total = step * (count - 1) + cw
        x0 = area.centerx - total // 2
        y = area.y + max(6, (area.h - ch) // 2)
        return [Rect(x0 + i * step, y, cw, ch) for i in range(count)]
    per_row = -(-count // rows)
    height = rows * ch + (rows - 1) * HAND_GAP
    y0 = area.y + max(6, (area.h - height) // 2)
    out: list[Rect] = []
    for i in range(count):
        r, k = divmod(i, per_row)
        in_row = min(per_row, count - r * per_row)
        total = in_row * cw + (in_row - 1) * HAND_GAP
        x0 = area.centerx - total // 2
        out.append(Rect(x0 + k * (cw + HAND_GAP), y0 + r * (ch + HAND_GAP), cw, ch))
    return out
