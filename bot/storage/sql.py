"""Every query of the storage, written once for both backends, and the migration runner.

A backend (sqlite.py, postgres.py) only says how to hold a connection and a transaction, how its
schema version is kept and locked, and what its errors mean; the SQL is here, with `?` placeholders.
"""

from __future__ import annotations

import logging
import time
from abc import abstractmethod
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager

from .base import (
    COPY_COLUMNS,
    COPY_KEYS,
    HISTORY_LIMIT,
    SHARD_SHIFT,
    Batch,
    CopyCountError,
    Storage,
    assemble_finished,
    assemble_open_tables,
    shard_filter,
)
from .dialect import Dialect, Row, Session, marks, real, whole
from .migrations import MIGRATIONS, SCHEMA_VERSION
from .rows import (
    NO_DEADLINES,
    OPEN_STATUSES,
    BrokenRow,
    ChannelBusyError,
    FinishedRow,
    PlayerStats,
    ResultRow,
    SeatRow,
    StorageOpenError,
    TableMovedOnError,
    TableRow,
    TurnDeadlines,
)

log = logging.getLogger(__name__)

_OPEN = "t.status IN ('lobby', 'playing')"
assert OPEN_STATUSES == ("lobby", "playing")
_SEATS = "SELECT table_id, seat, user_id, name, level FROM seats"
# copied columns that one backend stores as 0/1 and the other as a truth value, or as REAL / DOUBLE
_TRUTHS = {"tables": ("use_thread",), "results": ("won",), "player_settings": ("ping",)}
_TIMES = {
    "tables": ("created_at", "updated_at", "remind_at", "take_over_at"),
    "results": ("finished_at",),
    "player_settings": (),
}
_CONVERT: dict[str, tuple[Callable[[object], object] | None, ...]] = {
    table: tuple(bool if c in _TRUTHS.get(table, ()) else real if c in _TIMES.get(table, ()) else None for c in columns)
    for table, columns in COPY_COLUMNS.items()
}


def portable(table: str, row: Sequence[object]) -> Row:
    """A copied row with truth values as bool and times as float, whichever backend it came from."""
    return tuple(v if f is None or v is None else f(v) for f, v in zip(_CONVERT[table], row, strict=True))


class SqlStorage(Storage):
    """The queries; a subclass supplies the connection (`_read`, `_snapshot`, `_transaction`) and its dialect."""

    dialect: Dialect

    # -- what a backend supplies -----------------------------------------------

    @abstractmethod
    def _read(self) -> AbstractAsyncContextManager[Session]:
        """A connection for one read."""

    @abstractmethod
    def _snapshot(self) -> AbstractAsyncContextManager[Session]:
        """A connection whose reads all see one moment of the database."""

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Session]:
        """One write transaction: committed on the way out, rolled back on an error."""

    @abstractmethod
    async def _lock_schema(self, session: Session) -> None:
        """Inside a transaction: no other process migrates until it ends."""

    @abstractmethod
    async def _stored_version(self, session: Session) -> int: ...

    @abstractmethod
    async def _record_version(self, session: Session, version: int) -> None: ...

    @abstractmethod
    def _is_channel_busy(self, error: Exception) -> bool:
        """The error is the one-open-table-per-channel index refusing a second table."""

    async def _after_import(self, session: Session) -> None:
        """Inside the copy's transaction, once every row is in (PostgreSQL moves its id sequence on)."""

    # -- schema ---------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self._read() as session:
            return await self._stored_version(session)

    async def _migrate(self, where: str = "") -> None:
        """Apply the numbered migrations not yet applied, each in its own transaction under the schema lock."""
        while True:
            async with self._transaction() as session:
                await self._lock_schema(session)
                current = await self._stored_version(session)
                if current > SCHEMA_VERSION:
                    raise StorageOpenError("newer", where, found=current, known=SCHEMA_VERSION)
                if current == SCHEMA_VERSION:
                    return
                for statement in MIGRATIONS[current].for_dialect(self.dialect.name):
                    await session.execute(statement)
                await self._record_version(session, current + 1)
            log.info("database migrated to schema %d (%s)", current + 1, MIGRATIONS[current].name)

    # -- tables -------------------------------------------------------------

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        lang: str,
        level: str,
        seed: str,
        seats: Sequence[SeatRow],
        use_thread: bool = True,
    ) -> int:
        now = time.time()
        try:
            async with self._transaction() as session:
                table_id = await session.fetchval(
                    "INSERT INTO tables (guild_id, channel_id, host_id, lang, level, status, seed, created_at,"
                    " updated_at, use_thread) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING id",
                    guild_id,
                    channel_id,
                    host_id,
                    lang,
                    level,
                    seed,
                    now,
                    now,
                    use_thread,
                )
                assert isinstance(table_id, int)
                await _write_seats(session, table_id, seats)
        except Exception as e:
            if self._is_channel_busy(e):
                raise ChannelBusyError(channel_id) from None
            raise
        return table_id

    async def save_seats(self, table_id: int, seats: Sequence[SeatRow], expected_version: int | None = None) -> int:
        async with self._transaction() as session:
            version = await _step(session, table_id, expected_version, "")
            await _write_seats(session, table_id, seats)
        return version

    async def set_lobby_message(
        self, table_id: int, message_id: int | None, expected_version: int | None = None
    ) -> int:
        async with self._transaction() as session:
            return await _step(session, table_id, expected_version, "lobby_message_id = ?, ", message_id)

    async def start_match(
        self,
        table_id: int,
        seats: Sequence[SeatRow],
        record: str,
        expected_version: int | None = None,
        *,
        thread_id: int | None = None,
        deadlines: TurnDeadlines = NO_DEADLINES,
    ) -> int:
        async with self._transaction() as session:
            assignments = "status = 'playing', record = ?, thread_id = ?, remind_at = ?, take_over_at = ?, "
            clock = (deadlines.remind_at, deadlines.take_over_at)
            version = await _step(session, table_id, expected_version, assignments, record, thread_id, *clock)
            await _write_seats(session, table_id, seats)
        return version

    async def save_record(
        self,
        table_id: int,
        record: str,
        expected_version: int | None = None,
        *,
        deadlines: TurnDeadlines = NO_DEADLINES,
    ) -> int:
        async with self._transaction() as session:
            clock = (deadlines.remind_at, deadlines.take_over_at)
            assignments = "record = ?, remind_at = ?, take_over_at = ?, "
            return await _step(session, table_id, expected_version, assignments, record, *clock)

    async def save_deadlines(self, table_id: int, deadlines: TurnDeadlines, expected_version: int | None = None) -> int:
        async with self._transaction() as session:
            clock = (deadlines.remind_at, deadlines.take_over_at)
            return await _step(session, table_id, expected_version, "remind_at = ?, take_over_at = ?, ", *clock)

    async def finish_match(
        self,
        table_id: int,
        guild_id: int | None,
        record: str,
        results: Sequence[ResultRow],
        expected_version: int | None = None,
    ) -> int:
        now = time.time()
        async with self._transaction() as session:
            version = await _step(session, table_id, expected_version, "status = 'over', record = ?, ", record)
            await session.executemany(
                "INSERT INTO results (table_id, seat, guild_id, user_id, name, won, points, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(table_id, r.seat, guild_id, r.user_id, r.name, bool(r.won), r.points, now) for r in results],
            )
        return version

    async def close_table(self, table_id: int, reason: str, expected_version: int | None = None) -> int:
        async with self._transaction() as session:
            return await _step(session, table_id, expected_version, "status = 'closed', closed_reason = ?, ", reason)

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

    # -- finished matches and player settings ---------------------------------

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

    async def ping_off(self, user_ids: Sequence[int]) -> set[int]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return set()
        async with self._read() as session:
            rows = await session.fetch(
                f"SELECT user_id FROM player_settings WHERE NOT ping AND user_id IN ({marks(len(ids))})", *ids
            )
        return {whole(row[0]) for row in rows}

    async def set_ping(self, user_id: int, on: bool) -> None:
        async with self._transaction() as session:
            await session.execute(
                "INSERT INTO player_settings (user_id, ping) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping",
                user_id,
                on,
            )

    # -- stats --------------------------------------------------------------

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        same = self.dialect.same
        async with self._read() as session:
            rows = await session.fetch(
                "SELECT user_id, (SELECT name FROM results r2 WHERE r2.user_id = r.user_id"
                f" AND r2.guild_id {same} ? ORDER BY finished_at DESC LIMIT 1),"
                " COUNT(*), SUM(CAST(won AS INTEGER)), AVG(points) FROM results r"
                f" WHERE guild_id {same} ? GROUP BY user_id"
                " ORDER BY SUM(CAST(won AS INTEGER)) DESC, COUNT(*) DESC, user_id LIMIT ?",
                guild_id,
                guild_id,
                limit,
            )
        return [PlayerStats(whole(u), str(n), whole(m), whole(w), real(a)) for u, n, m, w, a in rows]

    async def player_stats(self, guild_id: int | None, user_id: int) -> PlayerStats | None:
        same = self.dialect.same
        async with self._read() as session:
            row = await session.fetchone(
                "SELECT COUNT(*), SUM(CAST(won AS INTEGER)), AVG(points), (SELECT name FROM results"
                f" WHERE guild_id {same} ? AND user_id = ? ORDER BY finished_at DESC LIMIT 1)"
                f" FROM results WHERE guild_id {same} ? AND user_id = ?",
                guild_id,
                user_id,
                guild_id,
                user_id,
            )
        if row is None or not row[0]:
            return None
        matches, wins, average, name = row
        return PlayerStats(user_id, str(name), whole(matches), whole(wins), real(average))

    # -- copy ---------------------------------------------------------------

    async def count_rows(self) -> dict[str, int]:
        async with self._snapshot() as session:
            return await _counts(session)

    async def export_rows(self, table: str, batch_size: int = 500) -> AsyncIterator[Batch]:
        columns, keys = COPY_COLUMNS[table], COPY_KEYS[table]
        after: Row | None = None
        while True:
            where = "" if after is None else f"WHERE ({', '.join(keys)}) > ({marks(len(keys))})"
            async with self._read() as session:
                rows = await session.fetch(
                    f"SELECT {', '.join(columns)} FROM {table} {where} ORDER BY {', '.join(keys)} LIMIT ?",
                    *(after or ()),
                    batch_size,
                )
            if not rows:
                return
            batch = [portable(table, row) for row in rows]
            yield batch
            after = tuple(batch[-1][columns.index(k)] for k in keys)

    async def import_rows(
        self, source: Storage, *, replace: bool, expected: dict[str, int], batch_size: int = 500
    ) -> dict[str, int]:
        async with self._transaction() as session:
            if replace:
                for table in reversed(COPY_COLUMNS):
                    await session.execute(f"DELETE FROM {table}")  # table: a COPY_COLUMNS name
            for table, columns in COPY_COLUMNS.items():
                sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks(len(columns))})"
                async for batch in source.export_rows(table, batch_size):
                    await session.executemany(sql, [portable(table, row) for row in batch])
            await self._after_import(session)
            found = await _counts(session)
            if found != expected:
                raise CopyCountError(expected, found)
        return found


async def _counts(session: Session) -> dict[str, int]:
    counts: dict[str, int] = {}
    for table in COPY_COLUMNS:
        counts[table] = whole(await session.fetchval(f"SELECT COUNT(*) FROM {table}"))
    return counts


async def _write_seats(session: Session, table_id: int, seats: Sequence[SeatRow]) -> None:
    await session.execute("DELETE FROM seats WHERE table_id = ?", table_id)
    await session.executemany(
        "INSERT INTO seats (table_id, seat, user_id, name, level) VALUES (?, ?, ?, ?, ?)",
        [(table_id, i, s.user_id, s.name, s.level) for i, s in enumerate(seats)],
    )


async def _step(session: Session, table_id: int, expected: int | None, assignments: str, *values: object) -> int:
    """UPDATE the row if it is at the expected version, adding one; the first statement of every write.

    `assignments` is empty or ends with ", "; its `?` take `values`."""
    version = await session.fetchval(
        f"UPDATE tables SET {assignments}updated_at = ?, version = version + 1"
        " WHERE id = ? AND (CAST(? AS BIGINT) IS NULL OR version = ?) RETURNING version",
        *values,
        time.time(),
        table_id,
        expected,
        expected,
    )
    if version is None:
        raise TableMovedOnError(table_id, expected)  # the transaction rolls back: nothing changed
    return whole(version)
