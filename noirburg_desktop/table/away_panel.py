"""The "While you waited" panel: a person's losses off their turn, at its start.

It sits at the top of the table, over the rivals' boards (where the losses came
from), never over the person's own seat and hand, the deck or the log; a click on it
closes it, and so does the person's first move.
"""

from __future__ import annotations

from pygame import Rect, Surface

from noirburg_desktop.table import widgets as w
from noirburg_desktop.table.layout import TableLayout
from noirburg_desktop.table.overlays import draw_box
from noirburg_desktop.table.texts import t
from noirburg_desktop.table.tips import TIP_W
from noirburg_desktop.table.while_away import AwayNews
from noirburg_desktop.words.event_styles import CAUSES

SIZE = 14
LINE_H = SIZE + 5


def away_lines(news: AwayNews) -> list[str]:
    """The panel's body: the events, the hidden rest, the coins."""
    outcomes = news.outcomes or ("",) * len(news.lines)
    lines = [
        t("table.away.line_outcome", line=line, outcome=t(f"table.away.outcome.{o}")) if o else line
        for line, o in zip(news.lines, outcomes, strict=True)
    ]
    if news.coins is not None:
        before, after = news.coins
        if news.causes:
            why = ", ".join(
                t("table.away.cause", cause=t(CAUSES[c]), amount=f"{n:+d}") for c, n in news.causes
            )
            lines.append(t("table.away.coins_why", before=before, after=after, why=why))
        else:
            lines.append(t("table.away.coins", before=before, after=after))
    if news.more:
        lines.append(t("table.away.more", n=news.more))
    return lines


def away_rect(lay: TableLayout, news: AwayNews) -> tuple[Rect, list[str]]:
    """Where the panel goes and its wrapped lines: the top of the table, above the
    viewer's seat, shrunk to the room there is."""
    table = lay.table
    width = min(520, table.w - TIP_W - 24)  # a tip may stand at the top right
    wrapped = [x for line in away_lines(news) for x in w.wrap(line, SIZE, width - 24)]
    bottom = lay.seats[lay.viewing].rect.y - 4
    room = max(3, (bottom - table.y - 8 - 2 * LINE_H - 16) // LINE_H)
    if len(wrapped) > room:  # the losses come first: cut the end
        wrapped = wrapped[:room]
    height = 2 * LINE_H + len(wrapped) * LINE_H + 16
    r = Rect(0, 0, width, height)
    r.topleft = (table.x + 6, table.y + 6)
    return r, wrapped


def draw_away(dest: Surface, lay: TableLayout, news: AwayNews, closable: bool = True) -> Rect:
    """Draw the panel; returns its rect (a click inside closes it, when `closable`:
    beside the Game over panel it stays)."""
    r, lines = away_rect(lay, news)
    draw_box(dest, r)
    title = w.text_fit(t("table.away.title"), SIZE + 1, r.w - 24, colour=w.BRASS, bold=True)
    dest.blit(title, (r.x + 12, r.y + 8))
    y = r.y + 8 + LINE_H + 2
    for line in lines:
        dest.blit(w.text_fit(line, SIZE, r.w - 24, colour=w.INK), (r.x + 12, y))
        y += LINE_H
    if closable:
        hint = w.text_fit(t("table.away.close"), SIZE - 2, r.w - 24, colour=w.INK_DIM)
        dest.blit(hint, (r.right - 12 - hint.get_width(), r.bottom - LINE_H - 2))
    return r
