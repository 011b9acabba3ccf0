"""`/five-up history`: a server's finished matches in words, a line each or one in full (a match ended
with `/five-up end` marked as ended early), and the autocomplete's labels."""

from __future__ import annotations

from collections.abc import Sequence

from ..model.seating import Seating
from .i18n import t
from .status import scores_line
from .words import SEPARATOR, seat_tag, unescaped


def seated_names(names: Sequence[str]) -> str:
    """Every seat as the pictures show it, then its name: "🔴1 alice · 🔵2 minjun"."""
    return SEPARATOR.join(f"{seat_tag(n)} {name}" for n, name in enumerate(names))


def finished_date(finished_at: float) -> str:
    """A date each reader sees in their own calendar (a Discord timestamp, short date)."""
    return f"<t:{int(finished_at)}:d>"


def history_line(
    lang: str,
    table_id: int,
    finished_at: float,
    names: Sequence[str],
    scores: Sequence[int],
    *,
    ended_early: bool = False,
) -> str:
    """One match: number, date, players, final score (the score so far for a match ended early, marked so)."""
    seating = Seating(tuple(names))
    line = t(
        lang,
        "history-line",
        id=table_id,
        date=finished_date(finished_at),
        players=", ".join(names),
        scores=scores_line(lang, seating, scores),
    )
    return f"{line}{SEPARATOR}{t(lang, 'history-ended-early')}" if ended_early else line


def history_text(lang: str, lines: Sequence[str]) -> str:
    if not lines:
        return t(lang, "history-none")
    return "\n".join([t(lang, "history-title"), *lines, t(lang, "history-pick")])


def history_match(
    lang: str,
    table_id: int,
    finished_at: float,
    names: Sequence[str],
    scores: Sequence[int],
    *,
    ended_early: bool = False,
) -> str:
    """One match in full; a match ended early says so (it was not rated)."""
    seating = Seating(tuple(names))
    head = t(
        lang,
        "history-match",
        id=table_id,
        date=finished_date(finished_at),
        players=seated_names(names),
        scores=scores_line(lang, seating, scores),
    )
    if ended_early:
        head = f"{head}\n{t(lang, 'history-match-ended-early')}"
    return f"{head}\n{t(lang, 'history-replay')}"


def history_choice(lang: str, table_id: int, names: Sequence[str]) -> str:
    """An autocomplete entry (at most 100 characters)."""
    text = t(lang, "history-choice", id=table_id, players=", ".join(unescaped(n) for n in names))
    return text if len(text) <= 100 else text[:99] + "…"
