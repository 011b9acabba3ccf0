"""`/five-up stats`: the server's leaderboard and the reader's own record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .i18n import t

if TYPE_CHECKING:
    from ..storage import PlayerStats


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
