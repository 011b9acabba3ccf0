"""The queries of correspondence tables (bot/model/pace.py): where the sleeping ones are, which are due,
whose move each waits for, how many a person sits at, and the note of a match's latest message.

Written once for both backends (`?` placeholders). The deadline sweeper's two reads (`due_query`,
`next_wake_query`) repeat the predicate of the partial index tables_to_wake word for word
(`status IN ('lobby', 'playing') AND wake_at IS NOT NULL`: a match's deadline or a lobby's expiry), so both
backends answer them from the index, never by reading every table; tests/storage_tests/test_storage_paces.py
checks both plans.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from .backend_hooks import BackendHooks
from .dialect import real, whole
from .row_decoders import REF_COLUMNS, decode_ref
from .rows import TableRef
from .table_read_queries import shard_clause

log = logging.getLogger(__name__)

_TO_WAKE = "t.status IN ('lobby', 'playing') AND t.wake_at IS NOT NULL"  # the predicate of the index tables_to_wake
_ASLEEP = "t.status = 'playing' AND t.pace <> 'live'"  # a correspondence match in progress
_PACE = {True: "t.pace <> 'live'", False: "t.pace = 'live'"}  # open_seats: correspondence or live


def due_query(
    now: float, limit: int, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
) -> tuple[str, tuple[object, ...]]:
    """`due_tables`' SQL (column `id`) and its `?` values."""
    shards, args = shard_clause(shard_count, shard_ids)
    sql = f"SELECT t.id FROM tables t WHERE {_TO_WAKE} AND t.wake_at <= ?{shards} ORDER BY t.wake_at, t.id LIMIT ?"
    return sql, (now, *args, limit)


def next_wake_query(
    shard_count: int | None = None, shard_ids: Sequence[int] | None = None
) -> tuple[str, tuple[object, ...]]:
    """`next_wake`'s SQL (column `wake_at`, no row: nothing to wake) and its `?` values."""
    shards, args = shard_clause(shard_count, shard_ids)
    return f"SELECT t.wake_at FROM tables t WHERE {_TO_WAKE}{shards} ORDER BY t.wake_at LIMIT 1", args


class PaceQueries(BackendHooks):
    """The reads of the deadline sweeper, `/five-up turns` and a player's limits; the latest post's note."""

    async def sleeping_tables(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[TableRef]:
        shards, args = shard_clause(shard_count, shard_ids)
        async with self._read() as session:
            rows = await session.fetch(
                f"SELECT {', '.join(f't.{c}' for c in REF_COLUMNS)} FROM tables t WHERE {_ASLEEP}{shards}"
                " ORDER BY t.id",
                *args,
            )
        refs = []
        for row in rows:
            try:
                refs.append(decode_ref(row))
            except (TypeError, ValueError) as e:  # the others still load; this one is closed when read whole
                log.warning(
                    "table %s cannot be noted asleep (%s); it is read, and closed as unreadable, when its deadline"
                    " comes or its player asks for it",
                    row["id"],
                    e,
                )
        return refs

    async def due_tables(
        self, now: float, limit: int, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[int]:
        sql, args = due_query(now, limit, shard_count, shard_ids)
        async with self._read() as session:
            rows = await session.fetch(sql, *args)
        return [whole(row["id"]) for row in rows]

    async def next_wake(self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None) -> float | None:
        sql, args = next_wake_query(shard_count, shard_ids)
        async with self._read() as session:
            wake_at = await session.fetchval(sql, *args)
        return None if wake_at is None else real(wake_at)

    async def waiting_for(self, user_id: int, guild_id: int | None = None) -> list[int]:
        where, args = "t.status = 'playing' AND t.to_move = ?", [user_id]
        if guild_id is not None:
            where, args = f"{where} AND t.guild_id = ?", [user_id, guild_id]
        async with self._read() as session:
            rows = await session.fetch(
                f"SELECT t.id FROM tables t WHERE {where}"
                " ORDER BY CASE WHEN t.take_over_at IS NULL THEN 1 ELSE 0 END, t.take_over_at, t.id",
                *args,
            )
        return [whole(row["id"]) for row in rows]

    async def open_seats(self, user_id: int, guild_id: int | None, *, correspondence: bool = True) -> int:
        async with self._read() as session:
            count = await session.fetchval(
                "SELECT COUNT(*) AS open_seats FROM tables t WHERE t.status IN ('lobby', 'playing')"
                f" AND t.guild_id {self.dialect.same} ? AND {_PACE[correspondence]}"
                " AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ?)",
                guild_id,
                user_id,
            )
        return whole(count)

    async def set_last_post(self, table_id: int, message_id: int) -> None:
        async with self._transaction() as session:
            await session.execute("UPDATE tables SET last_post_id = ? WHERE id = ?", message_id, table_id)

    async def set_board_message(self, table_id: int, message_id: int) -> None:
        async with self._transaction() as session:
            await session.execute("UPDATE tables SET board_message_id = ? WHERE id = ?", message_id, table_id)
