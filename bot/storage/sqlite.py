"""SQLite storage (aiosqlite, WAL), the embedded default: one file, nothing to install.

A match is stored as its game record (JSON) and its seed, nothing derived: on start-up it is
rebuilt with `Match.restore(record, seed)`, the way a PGN is replayed. The schema moves forward by
numbered migrations, each applied in one transaction with `PRAGMA user_version`. All SQL is
parameterised. Writes are serialised by one lock because every coroutine shares one connection,
and a write must never land inside another coroutine's open transaction.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import aiosqlite

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

# MIGRATIONS[n] takes the schema from version n to n + 1. Append; never edit a released one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE tables (
            id INTEGER PRIMARY KEY,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            host_id INTEGER NOT NULL,
            lang TEXT NOT NULL,
            level TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'over', 'closed')),
            seed TEXT NOT NULL,
            record TEXT,
            lobby_message_id INTEGER,
            closed_reason TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )""",
        # one open table per channel, enforced by the database itself
        "CREATE UNIQUE INDEX one_open_table_per_channel ON tables (channel_id) WHERE status IN ('lobby', 'playing')",
        """CREATE TABLE seats (
            table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            name TEXT NOT NULL,
            level TEXT,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE results (
            table_id INTEGER NOT NULL REFERENCES tables (id),
            seat INTEGER NOT NULL,
            guild_id INTEGER,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            won INTEGER NOT NULL,
            points INTEGER NOT NULL,
            finished_at REAL NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
        "CREATE INDEX results_by_guild ON results (guild_id, user_id)",
    ),
    # 2: every write of a live table states the version it expects (no double writers)
    ("ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0",),
    # 3: a match played in a thread of its own; each player's choice to be mentioned on their turn
    (
        "ALTER TABLE tables ADD COLUMN thread_id INTEGER",
        "ALTER TABLE tables ADD COLUMN use_thread INTEGER NOT NULL DEFAULT 1",
        "CREATE INDEX finished_by_guild ON tables (guild_id, updated_at) WHERE status = 'over'",
        """CREATE TABLE player_settings (
            user_id INTEGER PRIMARY KEY,
            ping INTEGER NOT NULL
        )""",
    ),
    # 4: a table's turn clock (its reminder and take-over), kept across restarts
    (
        "ALTER TABLE tables ADD COLUMN remind_at REAL",
        "ALTER TABLE tables ADD COLUMN take_over_at REAL",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

_OPEN = "t.status IN ('lobby', 'playing')"
assert OPEN_STATUSES == ("lobby", "playing")


SQLITE_HEADER = b"SQLite format 3\x00"
_DAMAGED = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
RESTORED_TABLES = ("tables", "seats")  # what start-up reads in full; a damaged results page only costs stats


def check_file(path: Path) -> None:
    """Refuse, before anything writes to it, a file the bot cannot run on: not SQLite, cut short,
    damaged where start-up reads, or written by a newer bot. Read-only; StorageOpenError says what."""
    where = str(path)
    try:
        with path.open("rb") as file:
            header = file.read(100)
        size = path.stat().st_size
    except OSError as e:
        raise StorageOpenError("cannot-open", where, e.strerror or str(e)) from e
    if not header:
        return  # an empty file is an empty database: SQLite starts it
    if not header.startswith(SQLITE_HEADER):
        raise StorageOpenError("not-sqlite", where)
    if len(header) < 100:
        raise StorageOpenError("damaged", where, "the file ends inside its header")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    counted = header[24:28] == header[92:96]  # the page count in the header is valid (SQLite's own rule)
    wal = path.with_name(path.name + "-wal").exists()  # commits not yet copied into the file itself
    if counted and pages and size < pages * page_size and not wal:
        raise StorageOpenError("damaged", where, f"the file is {size} bytes, shorter than its {pages} pages")
    # immutable: not even a -shm or -wal beside it, unless a -wal is there to be read
    mode = "mode=ro" if wal else "mode=ro&immutable=1"
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True)
    except sqlite3.Error as e:
        raise _open_error(where, e) from e
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise StorageOpenError("newer", where, found=version, known=SCHEMA_VERSION)
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table in RESTORED_TABLES:
            if table in names:
                verdict = [row[0] for row in db.execute(f"PRAGMA quick_check({table})")]
                if verdict != ["ok"]:
                    raise StorageOpenError("damaged", where, f"table {table}: {verdict[0]}")
    except sqlite3.DatabaseError as e:
        if getattr(e, "sqlite_errorname", "") in _DAMAGED:
            raise _open_error(where, e) from e
        log.debug("cannot check %s read-only (%s); opening it as usual", where, e)  # e.g. a WAL without its -shm
    finally:
        db.close()


def _open_error(where: str, error: sqlite3.Error) -> StorageOpenError:
    name = getattr(error, "sqlite_errorname", "")
    if name == "SQLITE_NOTADB":
        return StorageOpenError("not-sqlite", where)
    if name == "SQLITE_CORRUPT":
        return StorageOpenError("damaged", where, str(error))
    return StorageOpenError("cannot-open", where, str(error))


class _Transaction:
    """`async with`: BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error, holding the write lock.

    A class rather than an @asynccontextmanager: its plain coroutines keep the awaiting task's
    stack visible to tools that follow it (the test harness's idle detection does)."""

    def __init__(self, db: aiosqlite.Connection, lock: asyncio.Lock) -> None:
        self._db = db
        self._lock = lock

    async def __aenter__(self) -> aiosqlite.Connection:
        await self._lock.acquire()
        try:
            await self._db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self._lock.release()
            raise
        return self._db

    async def __aexit__(self, kind: type[BaseException] | None, *_: object) -> None:
        try:
            await self._db.execute("ROLLBACK" if kind is not None else "COMMIT")
        finally:
            self._lock.release()


class SqliteStorage(Storage):
    """One SQLite file. Create with `await SqliteStorage.open(path)`; `await close()` when done."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, target: str | Path) -> SqliteStorage:
        """Open (or create) the file; one that cannot be used raises StorageOpenError, untouched."""
        if str(target) != ":memory:":
            path = Path(target)
            if path.exists():
                await asyncio.to_thread(check_file, path)  # read-only: a bad file is refused unchanged
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise StorageOpenError("cannot-open", str(path), e.strerror or str(e)) from e
        try:
            db = await aiosqlite.connect(str(target), isolation_level=None)  # we issue BEGIN/COMMIT ourselves
        except sqlite3.Error as e:
            raise _open_error(str(target), e) from e
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash of the bot
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA busy_timeout = 5000")
            storage = cls(db)
            await storage._migrate(str(target))
        except sqlite3.DatabaseError as e:
            await db.close()
            if getattr(e, "sqlite_errorname", "") in _DAMAGED:
                raise _open_error(str(target), e) from e
            raise
        except BaseException:
            await db.close()
            raise
        return storage

    async def close(self) -> None:
        await self._db.close()

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db, self._write)

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _migrate(self, where: str = "") -> None:
        current = await self.schema_version()
        if current > SCHEMA_VERSION:
            raise StorageOpenError("newer", where, found=current, known=SCHEMA_VERSION)
        for number in range(current, SCHEMA_VERSION):
            async with self._transaction() as db:
                for statement in MIGRATIONS[number]:
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number + 1:d}")
            log.info("database migrated to schema %d", number + 1)

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
            async with self._transaction() as db:
                cur = await db.execute(
                    "INSERT INTO tables (guild_id, channel_id, host_id, lang, level, status, seed, created_at,"
                    " updated_at, use_thread) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (guild_id, channel_id, host_id, lang, level, seed, now, now, int(use_thread)),
                )
                table_id = cur.lastrowid
                assert table_id is not None
                await self._write_seats(db, table_id, seats)
        except aiosqlite.IntegrityError as e:
            if "channel_id" in str(e) or "one_open_table" in str(e):
                raise ChannelBusyError(channel_id) from None
            raise
        return table_id

    @staticmethod
    async def _write_seats(db: aiosqlite.Connection, table_id: int, seats: Sequence[SeatRow]) -> None:
        await db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        await db.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, level) VALUES (?, ?, ?, ?, ?)",
            [(table_id, i, s.user_id, s.name, s.level) for i, s in enumerate(seats)],
        )

    @staticmethod
    async def _step(
        db: aiosqlite.Connection, table_id: int, expected: int | None, assignments: str, values: tuple[object, ...]
    ) -> int:
        """UPDATE the row if it is at the expected version, adding one; the first statement of every write.

        `assignments` is empty or ends with ", "."""
        async with db.execute(
            f"UPDATE tables SET {assignments}updated_at = ?, version = version + 1"
            " WHERE id = ? AND (? IS NULL OR version = ?) RETURNING version",
            (*values, time.time(), table_id, expected, expected),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            raise TableMovedOnError(table_id, expected)  # the transaction rolls back: nothing changed
        return int(row[0])

    async def save_seats(self, table_id: int, seats: Sequence[SeatRow], expected_version: int | None = None) -> int:
        async with self._transaction() as db:
            version = await self._step(db, table_id, expected_version, "", ())
            await self._write_seats(db, table_id, seats)
        return version

    async def set_lobby_message(
        self, table_id: int, message_id: int | None, expected_version: int | None = None
    ) -> int:
        async with self._transaction() as db:
            return await self._step(db, table_id, expected_version, "lobby_message_id = ?, ", (message_id,))

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
        async with self._transaction() as db:
            assignments = "status = 'playing', record = ?, thread_id = ?, remind_at = ?, take_over_at = ?, "
            values = (record, thread_id, deadlines.remind_at, deadlines.take_over_at)
            version = await self._step(db, table_id, expected_version, assignments, values)
            await self._write_seats(db, table_id, seats)
        return version

    async def save_record(
        self,
        table_id: int,
        record: str,
        expected_version: int | None = None,
        *,
        deadlines: TurnDeadlines = NO_DEADLINES,
    ) -> int:
        async with self._transaction() as db:
            assignments = "record = ?, remind_at = ?, take_over_at = ?, "
            values = (record, deadlines.remind_at, deadlines.take_over_at)
            return await self._step(db, table_id, expected_version, assignments, values)

    async def save_deadlines(self, table_id: int, deadlines: TurnDeadlines, expected_version: int | None = None) -> int:
        async with self._transaction() as db:
            values = (deadlines.remind_at, deadlines.take_over_at)
            return await self._step(db, table_id, expected_version, "remind_at = ?, take_over_at = ?, ", values)

    async def finish_match(
        self,
        table_id: int,
        guild_id: int | None,
        record: str,
        results: Sequence[ResultRow],
        expected_version: int | None = None,
    ) -> int:
        now = time.time()
        async with self._transaction() as db:
            version = await self._step(db, table_id, expected_version, "status = 'over', record = ?, ", (record,))
            await db.executemany(
                "INSERT INTO results (table_id, seat, guild_id, user_id, name, won, points, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(table_id, r.seat, guild_id, r.user_id, r.name, int(r.won), r.points, now) for r in results],
            )
        return version

    async def close_table(self, table_id: int, reason: str, expected_version: int | None = None) -> int:
        async with self._transaction() as db:
            return await self._step(db, table_id, expected_version, "status = 'closed', closed_reason = ?, ", (reason,))

    async def table_record(self, table_id: int) -> str | None:
        async with self._db.execute("SELECT record FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else row[0]

    async def open_tables(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> tuple[list[TableRow], list[BrokenRow]]:
        shards = shard_filter(shard_count, shard_ids)
        where, args = _OPEN, ()
        if shards is not None:
            count, ids = shards
            where += f" AND ((COALESCE(t.guild_id, 0) >> {SHARD_SHIFT:d}) % ?) IN ({', '.join('?' * len(ids))})"
            args = (count, *ids)
        async with self._db.execute(
            "SELECT s.table_id, s.seat, s.user_id, s.name, s.level FROM seats s JOIN tables t ON t.id = s.table_id"
            f" WHERE {where} ORDER BY s.table_id, s.seat",
            args,
        ) as cur:
            seat_rows = list(await cur.fetchall())
        async with self._db.execute(
            "SELECT id, guild_id, channel_id, host_id, lang, level, status, seed, record, lobby_message_id, version,"
            f" thread_id, use_thread, remind_at, take_over_at FROM tables t WHERE {where} ORDER BY id",
            args,
        ) as cur:
            table_rows = list(await cur.fetchall())
        return assemble_open_tables(seat_rows, table_rows)

    # -- finished matches and player settings ---------------------------------

    async def finished_match(self, table_id: int) -> FinishedRow | None:
        found = await self._finished("t.id = ?", (table_id,))
        return found[0] if found else None

    async def finished_matches(self, guild_id: int | None, limit: int = HISTORY_LIMIT) -> list[FinishedRow]:
        return await self._finished("t.guild_id IS ?", (guild_id,), limit)

    async def _finished(self, where: str, args: tuple[object, ...], limit: int = 1) -> list[FinishedRow]:
        async with self._db.execute(
            "SELECT id, guild_id, channel_id, thread_id, host_id, lang, level, seed, record, updated_at, use_thread"
            f" FROM tables t WHERE t.status = 'over' AND {where} ORDER BY updated_at DESC, id DESC LIMIT ?",
            (*args, limit),
        ) as cur:
            table_rows = list(await cur.fetchall())
        ids = [row[0] for row in table_rows]
        async with self._db.execute(
            "SELECT table_id, seat, user_id, name, level FROM seats"
            f" WHERE table_id IN ({', '.join('?' * len(ids))}) ORDER BY table_id, seat",
            ids,
        ) as cur:
            seat_rows = list(await cur.fetchall())
        return assemble_finished(seat_rows, table_rows)

    async def ping_off(self, user_ids: Sequence[int]) -> set[int]:
        ids = list(dict.fromkeys(user_ids))
        async with self._db.execute(
            f"SELECT user_id FROM player_settings WHERE ping = 0 AND user_id IN ({', '.join('?' * len(ids))})", ids
        ) as cur:
            return {int(row[0]) for row in await cur.fetchall()}

    async def set_ping(self, user_id: int, on: bool) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO player_settings (user_id, ping) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping",
                (user_id, int(on)),
            )

    # -- stats --------------------------------------------------------------

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        async with self._db.execute(
            "SELECT user_id, (SELECT name FROM results r2 WHERE r2.user_id = r.user_id AND r2.guild_id IS r.guild_id"
            " ORDER BY finished_at DESC LIMIT 1), COUNT(*), SUM(won), AVG(points) FROM results r"
            " WHERE guild_id IS ? GROUP BY user_id ORDER BY SUM(won) DESC, COUNT(*) DESC, user_id LIMIT ?",
            (guild_id, limit),
        ) as cur:
            return [PlayerStats(int(u), str(n), int(m), int(w), float(a)) async for u, n, m, w, a in cur]

    async def player_stats(self, guild_id: int | None, user_id: int) -> PlayerStats | None:
        async with self._db.execute(
            "SELECT COUNT(*), SUM(won), AVG(points), (SELECT name FROM results WHERE guild_id IS ? AND user_id = ?"
            " ORDER BY finished_at DESC LIMIT 1) FROM results WHERE guild_id IS ? AND user_id = ?",
            (guild_id, user_id, guild_id, user_id),
        ) as cur:
            row = await cur.fetchone()
        if row is None or not row[0]:
            return None
        return PlayerStats(user_id, str(row[3]), int(row[0]), int(row[1]), float(row[2]))

    # -- copy ---------------------------------------------------------------

    async def count_rows(self) -> dict[str, int]:
        return {table: await self._count(self._db, table) for table in COPY_COLUMNS}

    @staticmethod
    async def _count(db: aiosqlite.Connection, table: str) -> int:
        async with db.execute(f"SELECT COUNT(*) FROM {table}") as cur:  # table: a COPY_COLUMNS name
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def export_rows(self, table: str, batch_size: int = 500) -> AsyncIterator[Batch]:
        columns, keys = COPY_COLUMNS[table], COPY_KEYS[table]
        after: tuple[object, ...] | None = None
        while True:
            where = "" if after is None else f"WHERE ({', '.join(keys)}) > ({', '.join('?' * len(keys))})"
            async with self._db.execute(
                f"SELECT {', '.join(columns)} FROM {table} {where} ORDER BY {', '.join(keys)} LIMIT ?",
                (*(after or ()), batch_size),
            ) as cur:
                batch = [tuple(row) for row in await cur.fetchall()]
            if not batch:
                return
            if table == "results":  # won is 0/1 here, a truth value in the copy
                batch = [(*row[:5], bool(row[5]), *row[6:]) for row in batch]
            elif table == "tables":  # so is use_thread
                batch = [(*row[:15], bool(row[15]), *row[16:]) for row in batch]
            elif table == "player_settings":  # and ping
                batch = [(row[0], bool(row[1])) for row in batch]
            yield batch
            after = tuple(batch[-1][columns.index(k)] for k in keys)

    async def import_rows(
        self, source: Storage, *, replace: bool, expected: dict[str, int], batch_size: int = 500
    ) -> dict[str, int]:
        async with self._transaction() as db:
            if replace:
                for table in reversed(COPY_COLUMNS):
                    await db.execute(f"DELETE FROM {table}")
            for table, columns in COPY_COLUMNS.items():
                sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
                async for batch in source.export_rows(table, batch_size):
                    if table == "results":
                        batch = [(*row[:5], int(bool(row[5])), *row[6:]) for row in batch]
                    elif table == "tables":
                        batch = [(*row[:15], int(bool(row[15])), *row[16:]) for row in batch]
                    elif table == "player_settings":
                        batch = [(row[0], int(bool(row[1]))) for row in batch]
                    await db.executemany(sql, batch)
            found = {table: await self._count(db, table) for table in COPY_COLUMNS}
            if found != expected:
                raise CopyCountError(expected, found)
        return found
