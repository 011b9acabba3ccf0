"""The match page `/m/<id>[/<step>]`: the heading, the players in their seat colours, the controls, one
step (bot/web/step_view.py), and once the match is over the review and the record.

The page works without its script (each control is also a plain link where it can be); the script
(bot/web/static/match.js) steps without reloading, follows a live match, and keeps the step in the URL.
"""

from __future__ import annotations

import html
import json

from engine import MatchReview

from ..model.replay_book import ReplayBook
from ..texts.i18n import t
from ..texts.replay_words import review_text
from .html_words import text_html
from .match_source import Shown
from .page_shell import language_links, page
from .step_view import player_html

CONTROLS = (("first", "⏮"), ("previous", "◀"), ("next", "▶"), ("last", "⏭"))


def match_page(lang: str, key: str, shown: Shown, index: int, fragment: str) -> str:
    """The whole page at step `index` (0-based; -1 before the first placement), in `lang`, `fragment` the step's
    markup (bot/web/step_view.py)."""
    book = shown.book
    title = t(lang, "web-title", id=book.table_id)
    players = "".join(player_html(seat, name) for seat, name in enumerate(book.seating.names))
    status = t(lang, "web-finished") if book.finished else t(lang, "web-live")
    after = _review(lang, key, book) + _record(lang, key) if book.finished else ""
    meta = {
        "key": key,
        "lang": lang,
        "steps": len(book.steps),
        "roundStarts": list(book.round_starts),
        "finished": book.finished,
        "words": {
            **{w: t(lang, f"web-{w}") for w in ("copied", "copy-failed", "reconnecting", "live", "finished")},
            "round": t(lang, "web-round-option", round="{round}"),  # the script fills in the number
        },
    }
    data = json.dumps(meta, ensure_ascii=False).replace("</", "<\\/")
    body = (
        f"<header><h1>{html.escape(title)}</h1><p class=players>{players}</p>"
        f"{language_links(lang, f'/m/{key}/{index + 1}' if index >= 0 else f'/m/{key}')}</header>"
        f'<main id="match"><p id="status" class="status" role="status">{html.escape(status)}</p>'
        f"{_controls(lang, book, index)}"
        f'<section id="step" aria-labelledby="step-heading">{fragment}</section>{after}</main>'
        f'<script type="application/json" id="meta">{data}</script>'
    )
    return page(lang, title, body, script=True)


def _controls(lang: str, book: ReplayBook, index: int) -> str:
    buttons = "".join(
        f'<button type="button" id="{name}" aria-label="{html.escape(t(lang, f"web-{name}"))}"'
        f' title="{html.escape(t(lang, f"web-{name}"))}">{symbol}</button>'
        for name, symbol in CONTROLS
    )
    current = book.round_of(index) if book.steps else 0
    options = "".join(
        f'<option value="{number}"{" selected" if number == current else ""}>'
        f"{html.escape(t(lang, 'web-round-option', round=number + 1))}</option>"
        for number in range(len(book.round_starts))
    )
    round_label = html.escape(t(lang, "web-round"))
    copy = html.escape(t(lang, "web-copy"))
    hidden = "" if book.steps else " hidden"  # before the first placement: nothing to step through or link to
    return (
        f'<nav id="controls" class="controls" aria-label="{html.escape(t(lang, "web-controls"))}"{hidden}>'
        f'<div class="steps">{buttons}</div>'
        f'<label class="round"><span class="unseen">{round_label}</span> <select id="round">{options}</select></label>'
        f'<button type="button" id="copy">{copy}</button><span id="copied" role="status"></span></nav>'
    )


def _review(lang: str, key: str, book: ReplayBook) -> str:
    """Each seat's review: what it scored against the best it could, and its costliest placements as links."""
    judged = tuple(s.judged for s in book.steps if s.judged is not None)
    review = MatchReview(book.seating.players, judged)
    parts = []
    for seat in range(book.seating.players):
        figures = review.of_seat(seat)
        lines = review_text(lang, book, figures).split("\n")
        said = "".join(f"<p>{text_html(line)}</p>" for line in lines if line.strip())
        links = " ".join(
            f'<a href="/m/{key}/{j.step + 1}?lang={lang}">'
            f"{html.escape(t(lang, 'web-open-step', round=j.round + 1, move=j.move + 1))}</a>"
            for j in figures.costliest
        )
        parts.append(f'<article class="review-seat n{seat}">{said}<p class="links">{links}</p></article>')
    heading = html.escape(t(lang, "web-review"))
    return (
        f'<section class="review" aria-labelledby="review-heading"><h2 id="review-heading">{heading}</h2>'
        f"{''.join(parts)}</section>"
    )


def _record(lang: str, key: str) -> str:
    return f'<p class="record"><a href="/m/{key}/record.json" download>{html.escape(t(lang, "web-record"))}</a></p>'
