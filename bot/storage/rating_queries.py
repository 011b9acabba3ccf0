"""The queries of ratings: rate or skip a finished match, read standings, and replace a server's after a rebuild.

Written once for both backends (`?` placeholders); a server's ratings are written under the backend's lock.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from .backend_hooks import BackendHooks
from .dialect import Session, marks, whole
from .interface import LEADERBOARD_LIMIT, RatingUpdate
from .row_decoders import RATED_COLUMNS, RATING_COLUMNS, decode_rated, decode_rating
from .rows import RatedMatch, RatingChangeRow, RatingRow
from .table_read_queries import seats_of_tables

RATING_KINDS = ("user", "computer")  # a rating's player is "user:<id>" or "computer:<level>"
_RATING = ", ".join(RATING_COLUMNS)
_RATED = "t.id, t.record, m.rated, t.forfeit_seat"  # RATED_COLUMNS, from a table and its match_ratings row
assert RATED_COLUMNS == ("id", "record", "rated", "forfeit_seat")
_NOTE_MATCH = "INSERT INTO match_ratings (table_id, guild_id, rated, rated_at) VALUES (?, ?, ?, ?)"


def rating_kind(kind: str) -> str:
    if kind not in RATING_KINDS:
        raise ValueError(f"a rating is of a user or a computer, not {kind!r}")
    return kind


class RatingQueries(BackendHooks):
    """Every read and write of ratings (always every shard)."""

    async def rate_match(self, table_id: int, guild_id: int, players: Sequence[str], update: RatingUpdate) -> None:
        async with self._transaction() as session:
            await self._lock_ratings(session, guild_id)
            rows = await session.fetch(
                f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND player IN ({marks(len(players))})",
                guild_id,
                *players,
            )
            current = {row.player: row for row in map(decode_rating, rows)}
            changes, standings = update(current)
            await session.execute(_NOTE_MATCH, table_id, guild_id, True, time.time())
            await _write_ratings(session, guild_id, {table_id: changes}, standings)

    async def skip_rating(self, table_id: int, guild_id: int) -> None:
        async with self._transaction() as session:
            await session.execute(
                f"{_NOTE_MATCH} ON CONFLICT (table_id) DO NOTHING", table_id, guild_id, False, time.time()
            )

    async def ratings(self, guild_id: int, kind: str = "user", limit: int = LEADERBOARD_LIMIT) -> list[RatingRow]:
        async with self._read() as session:
            rows = await session.fetch(
                f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND player LIKE ?"
                " ORDER BY mu - 3 * sigma DESC, matches DESC, player LIMIT ?",
                guild_id,
                f"{rating_kind(kind)}:%",
                limit,
            )
        return [decode_rating(row) for row in rows]

    async def rating(self, guild_id: int, player: str) -> RatingRow | None:
        async with self._read() as session:
            row = await session.fetchone(
                f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND player = ?", guild_id, player
            )
        return None if row is None else decode_rating(row)

    async def rated_servers(self) -> list[int]:
        async with self._read() as session:
            rows = await session.fetch(
                "SELECT DISTINCT guild_id FROM tables WHERE status = 'over' AND guild_id IS NOT NULL ORDER BY guild_id"
            )
        return [whole(row["guild_id"]) for row in rows]

    async def rated_matches(self, guild_id: int) -> list[RatedMatch]:
        async with self._snapshot() as session:
            table_rows = await session.fetch(
                f"SELECT {_RATED} FROM tables t LEFT JOIN match_ratings m ON m.table_id = t.id"
                " WHERE t.status = 'over' AND t.guild_id = ? ORDER BY COALESCE(m.rated_at, t.updated_at), t.id",
                guild_id,
            )
            seat_rows = await seats_of_tables(session, "t.status = 'over' AND t.guild_id = ?", guild_id)
        return decode_rated(seat_rows, table_rows)

    async def replace_ratings(
        self, guild_id: int, changes: Mapping[int, Sequence[RatingChangeRow]], standings: Sequence[RatingRow]
    ) -> None:
        async with self._transaction() as session:
            await self._lock_ratings(session, guild_id)
            await session.execute("DELETE FROM rating_changes WHERE guild_id = ?", guild_id)
            await session.execute("DELETE FROM ratings WHERE guild_id = ?", guild_id)
            await session.executemany(
                "INSERT INTO match_ratings (table_id, guild_id, rated, rated_at)"
                " SELECT id, guild_id, ?, updated_at FROM tables WHERE id = ? ON CONFLICT (table_id) DO NOTHING",
                [(True, table_id) for table_id in changes],
            )
            await _write_ratings(session, guild_id, changes, standings)


async def _write_ratings(
    session: Session, guild_id: int, changes: Mapping[int, Sequence[RatingChangeRow]], standings: Sequence[RatingRow]
) -> None:
    await session.executemany(
        "INSERT INTO rating_changes (table_id, seat, guild_id, player, mu_before, sigma_before, mu_after,"
        " sigma_after, won) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (table_id, c.seat, guild_id, c.player, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after, c.won)
            for table_id, rows in changes.items()
            for c in rows
        ],
    )
    await session.executemany(
        "INSERT INTO ratings (guild_id, player, name, mu, sigma, matches, wins, last_delta)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, player) DO UPDATE SET name = excluded.name,"
        " mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches, wins = excluded.wins,"
        " last_delta = excluded.last_delta",
        [(guild_id, r.player, r.name, r.mu, r.sigma, r.matches, r.wins, r.last_delta) for r in standings],
    )
