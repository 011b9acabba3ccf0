"""`/five-up leaderboard` (the server's one ranking, by rating), `/five-up stats` (the reader's own record,
rating and place in that ranking) and the rating changes at the end of a match. Every rating is written
as players read it (bot/model/rating_change.py): counted from 1000, marked while provisional, and
explained in one line wherever it appears."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..model.rating_change import PROVISIONAL_MATCHES, START, Change, Rating, provisional
from ..model.seating import Seating
from .i18n import t
from .words import SEPARATOR, seat_tag, signed

if TYPE_CHECKING:
    from ..storage import PlayerStats, RatingRow


def stats_text(locale: str, mine: PlayerStats | None, rating: RatingRow | None, place: int | None, top: int) -> str:
    """`/five-up stats`: the reader's record (every finished match), then their rating and where it
    puts them on `/five-up leaderboard` (`place`, 1 first, None when not in its `top`)."""
    lines = [f"**{t(locale, 'stats-title')}**"]
    if mine is None:
        lines.append(t(locale, "stats-yours-none"))
    else:
        lines.append(
            t(locale, "stats-yours", matches=mine.matches, wins=mine.wins, average=round(mine.average_points, 1))
        )
    lines += rating_text(locale, rating, place, top)
    lines.append(f"-# {note(locale)}")
    return "\n".join(lines)


def rating_text(locale: str, mine: RatingRow | None, place: int | None, top: int) -> list[str]:
    """The reader's rating, its change at their last rated match, and their place on the leaderboard."""
    if mine is None:
        return [t(locale, "ratings-yours-none")]
    figure, change = rating_figure(locale, shown_rating(mine), mine.matches), signed(mine.last_delta)
    if provisional(mine.matches):
        said = t(
            locale,
            "ratings-yours-provisional",
            rating=figure,
            change=change,
            matches=mine.matches,
            needed=PROVISIONAL_MATCHES,
        )
    else:
        said = t(locale, "ratings-yours", rating=figure, change=change)
    if place is None:
        return [said, t(locale, "ratings-yours-unplaced", top=top)]
    return [said, t(locale, "ratings-yours-place", rank=place)]


def leaderboard_text(locale: str, board: Sequence[RatingRow], computers: Sequence[RatingRow] = ()) -> str:
    """`/five-up leaderboard`: the server's people by their shown rating, each with matches played and
    won; then the computer levels' ratings (beating `hard` counts for more), and what the number means."""
    lines = [f"**{t(locale, 'ratings-title')}**"]
    if not board:
        lines.append(t(locale, "ratings-none"))
    for rank, row in enumerate(board, start=1):
        lines.append(
            t(
                locale,
                "ratings-line",
                rank=rank,
                player=row.name,
                rating=rating_figure(locale, shown_rating(row), row.matches),
                matches=row.matches,
                wins=row.wins,
            )
        )
    if computers:
        levels = SEPARATOR.join(
            t(
                locale,
                "ratings-level",
                level=t(locale, f"choice-level-{_level(row)}"),
                rating=rating_figure(locale, shown_rating(row), row.matches),
            )
            for row in computers
        )
        lines.append(t(locale, "ratings-computers", levels=levels))
    lines.append(f"-# {note(locale)}")
    return "\n".join(lines)


def note(locale: str) -> str:
    """One line on what a rating means: where everyone starts, what moves it, what the mark is."""
    return t(locale, "ratings-note", start=str(START), needed=PROVISIONAL_MATCHES)


def rating_changes(locale: str, seating: Seating, changes: Sequence[Change]) -> list[str]:
    """The match-end line: each person's rating after the match and its change (computers' are not
    shown), then in the same line what those numbers are."""
    entries = [
        t(
            locale,
            "ratings-change",
            player=f"{seat_tag(c.seat)} {seating.names[c.seat]}",
            rating=rating_figure(locale, c.after.shown, c.matches),
            change=signed(c.delta),
        )
        for c in changes
        if c.seat not in seating.computers
    ]
    if not entries:
        return []
    explained = t(locale, "ratings-changes-note", start=str(START), needed=PROVISIONAL_MATCHES)
    return [f"{t(locale, 'ratings-changes', changes=SEPARATOR.join(entries))} {explained}"]


def rating_figure(locale: str, rating: int, matches: int) -> str:
    """A shown rating with its provisional mark while its player has fewer than PROVISIONAL_MATCHES rated matches."""
    number = rating_number(rating)
    return t(locale, "ratings-provisional", rating=number) if provisional(matches) else number


def rating_number(rating: int) -> str:
    """A rating as written in every language: digits, and a true minus sign below 0 (as `signed` writes)."""
    return str(rating) if rating >= 0 else f"\N{MINUS SIGN}{-rating}"


def shown_rating(row: RatingRow) -> int:
    return Rating(row.mu, row.sigma).shown


def _level(row: RatingRow) -> str:
    return row.player.partition(":")[2]
