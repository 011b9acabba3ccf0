"""The reads of tables: those in play (what a restart restores) and finished ones (history, rematch).

Written once for both backends (`?` placeholders); tables and their seats are read in one snapshot,
each column by its name (row_decoders.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from .backend_hooks import BackendHooks
from .dialect import Row, Session, marks
from .interface import HISTORY_LIMIT
from .row_decoders import FINISHED_COLUMNS, OPEN_TABLE_COLUMNS, SEAT_COLUMNS, decode_finished, decode_open_tables
from .rows import OPEN_STATUSES, BrokenRow, FinishedRow, TableRow
from .shards import SHARD_SHIFT, shard_filter

_OPEN = "t.status IN ('lobby', 'playing')"
assert OPEN_STATUSES == ("lobby", "playing")
_AWAKE = " AND (t.status <> 'playing' OR t.pace = 'live')"  # open_tables(asleep=False): no correspondence match


def shard_clause(shard_count: int | None, shard_ids: Sequence[int] | None) -> tuple[str, tuple[int, ...]]:
    """` AND ...` keeping the tables `t` of guilds on these shards (empty for every table), and its `?` values."""
    shards = shard_filter(shard_count, shard_ids)
    if shards is None:
        return "", ()
    count, ids = shards
    return f" AND ((COALESCE(t.guild_id, 0) >> {SHARD_SHIFT:d}) % ?) IN ({marks(len(ids))})", (count, *ids)


async def seats_of_tables(session: Session, where: str, *args: object) -> list[Row]:
    """The seats (SEAT_COLUMNS) of the tables `t` that `where` picks, by table and seat."""
    return await session.fetch(
        f"SELECT {', '.join(f's.{c}' for c in SEAT_COLUMNS)} FROM seats s JOIN tables t ON t.id = s.table_id"
        f" WHERE {where} ORDER BY s.table_id, s.seat",
        *args,
    )


class TableReadQueries(BackendHooks):
    """A table's record, every open table (of some shards), and finished matches."""

    async def table_record(self, table_id: int) -> str | None:
        async with self._read() as session:
            record = await session.fetchval("SELECT record FROM tables WHERE id = ?", table_id)
        return None if record is None else str(record)

    async def open_tables(
        self,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
        *,
        asleep: bool = True,
    ) -> tuple[list[TableRow], list[BrokenRow]]:
        shards, args = shard_clause(shard_count, shard_ids)
        return await self._open_where(_OPEN + shards + ("" if asleep else _AWAKE), *args)

    async def open_table(self, table_id: int) -> TableRow | BrokenRow | None:
        rows, broken = await self._open_where(f"{_OPEN} AND t.id = ?", table_id)
        if rows:
            return rows[0]
        return broken[0] if broken else None

    async def _open_where(self, where: str, *args: object) -> tuple[list[TableRow], list[BrokenRow]]:
        """The open tables `t` that `where` picks, and their seats, in one snapshot."""
        async with self._snapshot() as session:
            seat_rows = await seats_of_tables(session, where, *args)
            table_rows = await session.fetch(
                f"SELECT {', '.join(OPEN_TABLE_COLUMNS)} FROM tables t WHERE {where} ORDER BY id", *args
            )
        return decode_open_tables(seat_rows, table_rows)

    async def finished_match(self, table_id: int) -> FinishedRow | None:
        found = await self._finished("t.id = ?", table_id)
        return found[0] if found else None

    async def finished_matches(self, guild_id: int | None, limit: int = HISTORY_LIMIT) -> list[FinishedRow]:
        return await self._finished(f"t.guild_id {self.dialect.same} ?", guild_id, limit=limit)

    async def _finished(self, where: str, arg: object, *, limit: int = 1) -> list[FinishedRow]:
        async with self._snapshot() as session:
            table_rows = await session.fetch(
                f"SELECT {', '.join(FINISHED_COLUMNS)} FROM tables t WHERE t.status = 'over' AND {where}"
                " ORDER BY updated_at DESC, id DESC LIMIT ?",
                arg,
                limit,
            )
            if not table_rows:
                return []
            ids = [row["id"] for row in table_rows]
            seat_rows = await seats_of_tables(session, f"t.id IN ({marks(len(ids))})", *ids)
        return decode_finished(seat_rows, table_rows)
