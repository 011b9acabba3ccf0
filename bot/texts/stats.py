"""`/five-up stats` and `/five-up leaderboard`: the server's standings, by wins and by rating, and the
reader's own record and rating; the rating changes at the end of a match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..model.rating_change import Change, Rating
from ..model.seating import Seating
from .i18n import t
from .words import SEPARATOR, seat_tag, signed

if TYPE_CHECKING:
    from ..storage import PlayerStats, RatingRow


def stats_text(locale: str, board: Sequence[PlayerStats], mine: PlayerStats | None) -> str:
    lines = [f"**{t(locale, 'stats-title')}**"]
    if not board:
        lines.append(t(locale, "stats-none"))
    for rank, row in enumerate(board, start=1):
        lines.append(
            t(
                locale,
                "stats-line",
                rank=rank,
                player=row.name,
                wins=row.wins,
                matches=row.matches,
                average=round(row.average_points, 1),
            )
        )
    if mine is None:
        lines.append(t(locale, "stats-yours-none"))
    else:
        lines.append(
            t(locale, "stats-yours", matches=mine.matches, wins=mine.wins, average=round(mine.average_points, 1))
        )
    return "\n".join(lines)


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
                rating=rating_number(shown_rating(row)),
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
                rating=rating_number(shown_rating(row)),
            )
            for row in computers
        )
        lines.append(t(locale, "ratings-computers", levels=levels))
    lines.append(f"-# {t(locale, 'ratings-note')}")
    return "\n".join(lines)


def rating_text(locale: str, mine: RatingRow | None) -> str:
    """The asker's own rating and its change at their last rated match (for `/five-up stats`)."""
    if mine is None:
        return t(locale, "ratings-yours-none")
    return t(locale, "ratings-yours", rating=rating_number(shown_rating(mine)), change=signed(mine.last_delta))


def rating_changes(locale: str, seating: Seating, changes: Sequence[Change]) -> list[str]:
    """The match-end line: each person's rating after the match and its change (computers' are not shown)."""
    entries = [
        t(
            locale,
            "ratings-change",
            player=f"{seat_tag(c.seat)} {seating.names[c.seat]}",
            rating=rating_number(c.after.shown),
            change=signed(c.delta),
        )
        for c in changes
        if c.seat not in seating.computers
    ]
    return [t(locale, "ratings-changes", changes=SEPARATOR.join(entries))] if entries else []


def rating_number(rating: int) -> str:
    """A rating as written in every language: digits, and a true minus sign below 0 (as `signed` writes)."""
    return str(rating) if rating >= 0 else f"\N{MINUS SIGN}{-rating}"


def shown_rating(row: RatingRow) -> int:
    return Rating(row.mu, row.sigma).shown


def _level(row: RatingRow) -> str:
    return row.player.partition(":")[2]
