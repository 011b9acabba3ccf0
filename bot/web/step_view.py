"""One placement of a match as HTML: the layout in SVG, the line saying what happened, the scoresheet, and
for a finished match every hand. The page's first view and each step the page fetches are the same markup.

The words are the replay viewer's (bot/texts/replay_words.py `step_text`), in the reader's language;
a match still being played has no hands in its book, so none can be shown.
"""

from __future__ import annotations

import html

from engine import Blocked, Domino, TableSnapshot
from render.layout_svg import layout_svg
from render.scoresheet import HOUSE_STROKES, scoresheet_geometry

from ..model.replay_book import ReplayBook, ReplayStep
from ..texts import scores_line, status, table_alt
from ..texts.i18n import t
from ..texts.replay_words import step_text
from .html_words import name_text, text_html


def step_html(lang: str, book: ReplayBook, step: ReplayStep) -> str:
    """The fragment the page shows for `step` (1-based in its heading)."""
    settled = next((e for e in step.events if isinstance(e, Domino | Blocked)), None)
    title = table_alt(lang, book.seating, step.snapshot, settled)
    lines = step_text(lang, book, step).split("\n")[1:]  # its first line names the match: the page's heading says it
    said = "".join(f"<p>{text_html(line)}</p>" for line in lines if line.strip())
    seating = book.seating
    scores = scores_line(lang, seating, step.snapshot.scores)  # said already, above
    glance_lines = status(lang, seating, step.snapshot, computer_seats=seating.computers, away_seats=frozenset())
    glance = "".join(f"<p>{text_html(line)}</p>" for line in glance_lines if line.strip() and line != scores)
    heading = t(lang, "web-step", step=step.index + 1, steps=len(book.steps), round=step.round + 1)
    return (
        f'<h2 id="step-heading" data-step="{step.index + 1}" data-round="{step.round}">{html.escape(heading)}</h2>'
        f'<figure class="board">{layout_svg(step.snapshot, title=title)}</figure>'
        f'<div class="said" aria-live="polite">{said}</div><div class="glance">{glance}</div>'
        f"{sheet_html(lang, book, step.snapshot)}"
    )


def waiting_html(lang: str) -> str:
    """Before the match's first placement: the page says so and waits for it (a live page follows it in)."""
    heading = html.escape(t(lang, "web-waiting"))
    detail = html.escape(t(lang, "web-waiting-detail"))
    return f'<h2 id="step-heading" data-step="0" data-round="0">{heading}</h2><p class="waiting">{detail}</p>'


def sheet_html(lang: str, book: ReplayBook, snapshot: TableSnapshot) -> str:
    """The scoresheet: each side's players in their seat colours on a line of their own (a phone has no room
    beside them), then its score to the target, its houses, and what is needed (or that it won)."""
    sheet = scoresheet_geometry(snapshot)
    sides = []
    for row in sheet.rows:
        names = "".join(player_html(seat, book.seating.names[seat]) for seat in row.seats)
        mark = ' class="turn"' if row.to_move is not None else ' class="won"' if row.winner else ""
        score = t(lang, "web-score", points=row.points, target=sheet.target)
        needed = t(lang, "web-won") if row.winner else t(lang, "web-needed", needed=row.needed)
        sides.append(
            f'<tbody{mark}><tr><th colspan="3" scope="rowgroup"><span class="players">{names}</span></th></tr>'
            f'<tr><td class="score">{html.escape(score)}</td><td class="tally">{houses_svg(row.houses)}</td>'
            f'<td class="needed">{html.escape(needed)}</td></tr></tbody>'
        )
    caption = html.escape(t(lang, "web-scoresheet"))
    return f'<table class="sheet"><caption>{caption}</caption>{"".join(sides)}</table>'


def player_html(seat: int, name: str) -> str:
    """A seat's chip and its player's name, kept on one line (a name too long for it ends in an ellipsis, and
    its whole text is the title)."""
    shown = name_text(name)
    return (
        f'<span class="player" title="{shown}"><span class="seat s{seat}">{seat + 1}</span> '
        f'<span class="name n{seat}">{shown}</span></span>'
    )


def houses_svg(houses: tuple[int, ...]) -> str:
    """The X-and-stroke tally: one small square per house, its strokes drawn as the paper scoresheet does."""
    if not houses:
        return ""
    size = 16
    shapes = []
    for k, strokes in enumerate(houses):
        for x0, y0, x1, y1 in HOUSE_STROKES[:strokes]:
            shapes.append(
                f'<line x1="{k * 18 + x0 * size:.1f}" y1="{y0 * size:.1f}" x2="{k * 18 + x1 * size:.1f}"'
                f' y2="{y1 * size:.1f}"/>'
            )
    width = len(houses) * 18
    head = f'<svg class="houses" viewBox="0 0 {width} {size}" width="{width}" height="{size}" aria-hidden="true">'
    return f"{head}{''.join(shapes)}</svg>"
