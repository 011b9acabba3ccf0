"""The reads of tables: those in play (what a restart restores) and finished ones (history, rematch).

Written once for both backends (`?` placeholders); tables and their seats are read in one snapshot.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import HISTORY_LIMIT, SHARD_SHIFT, assemble_finished, assemble_open_tables, shard_filter
from .dialect import marks
from .hooks import BackendHooks
from .rows import OPEN_STATUSES, BrokenRow, FinishedRow, TableRow

_OPEN = "t.status IN ('lobby', 'playing')"
assert OPEN_STATUSES == ("lobby", "playing")
_SEATS = "SELECT table_id, seat, user_id, name, level FROM seats"


class TableReads(BackendHooks):
    """A table's record, every open table (of some shards), and finished matches."""

    async def table_record(self, table_id: int) -> str | None:
        async with self._read() as session:
            record = await session.fetchval("SELECT record FROM tables WHERE id = ?", table_id)
        return None if record is None else str(record)

    async def open_tables(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> tuple[list[TableRow], list[BrokenRow]]:
        shards = shard_filter(shard_count, shard_ids)
        where, args = _OPEN, tuple[int, ...]()
        if shards is not None:
            count, ids = shards
            where += f" AND ((COALESCE(t.guild_id, 0) >> {SHARD_SHIFT:d}) % ?) IN ({marks(len(ids))})"
            args = (count, *ids)
        async with self._snapshot() as session:
            seat_rows = await session.fetch(
                "SELECT s.table_id, s.seat, s.user_id, s.name, s.level FROM seats s JOIN tables t ON t.id = s.table_id"
                f" WHERE {where} ORDER BY s.table_id, s.seat",
                *args,
            )
            table_rows = await session.fetch(
                "SELECT id, guild_id, channel_id, host_id, lang, level, status, seed, record, lobby_message_id,"
                f" version, thread_id, use_thread, remind_at, take_over_at FROM tables t WHERE {where} ORDER BY id",
                *args,
            )
        return assemble_open_tables(seat_rows, table_rows)

    async def finished_match(self, table_id: int) -> FinishedRow | None:
        found = await self._finished("t.id = ?", table_id)
        return found[0] if found else None

    async def finished_matches(self, guild_id: int | None, limit: int = HISTORY_LIMIT) -> list[FinishedRow]:
        return await self._finished(f"t.guild_id {self.dialect.same} ?", guild_id, limit=limit)

    async def _finished(self, where: str, arg: object, *, limit: int = 1) -> list[FinishedRow]:
        async with self._snapshot() as session:
            table_rows = await session.fetch(
                "SELECT id, guild_id, channel_id, thread_id, host_id, lang, level, seed, record, updated_at,"
                f" use_thread FROM tables t WHERE t.status = 'over' AND {where}"
                " ORDER BY updated_at DESC, id DESC LIMIT ?",
                arg,
                limit,
            )
            if not table_rows:
                return []
            ids = [row[0] for row in table_rows]
            seat_rows = await session.fetch(
                f"{_SEATS} WHERE table_id IN ({marks(len(ids))}) ORDER BY table_id, seat", *ids
            )
        return assemble_finished(seat_rows, table_rows)
