"""SQLite storage (aiosqlite, WAL): tables with their seats and game records, and finished results.

A match is stored as its game record (JSON) and its seed, nothing derived: on
start-up it is rebuilt with `Match.restore(record, seed)`, the way a PGN is
replayed. The schema moves forward by numbered migrations, each applied in one
transaction with `PRAGMA user_version`. All SQL is parameterised. Writes are
serialised by one lock because every coroutine shares one connection, and a
write must never land inside another coroutine's open transaction.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

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
)
SCHEMA_VERSION = len(MIGRATIONS)
OPEN_STATUSES = ("lobby", "playing")


class ChannelBusyError(Exception):
    """The channel already has an open table (the unique index refused a second one)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    user_id: int | None  # None for a computer seat
    name: str
    level: str | None = None  # a computer seat's level


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    lang: str
    level: str
    status: str
    seed: str
    record: str | None
    lobby_message_id: int | None
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True, slots=True)
class BrokenRow:
    """A table row that could not be read; it is closed and reported, the others still load."""

    id: int
    channel_id: int | None
    reason: str
    lang: str | None = None  # the table's language, when that column could still be read


@dataclass(frozen=True, slots=True)
class ResultRow:
    seat: int
    user_id: int
    name: str
    won: bool
    points: int  # displayed points of the player's side at the end


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    name: str
    matches: int
    wins: int
    average_points: float


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


class Storage:
    """One SQLite file. Create with `await Storage.open(path)`; `await close()` when done."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Storage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)  # we issue BEGIN/COMMIT ourselves
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash of the bot
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA busy_timeout = 5000")
            storage = cls(db)
            await storage._migrate()
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

    async def _migrate(self) -> None:
        current = await self.schema_version()
        if current > SCHEMA_VERSION:
            raise RuntimeError(f"the database has schema {current}, newer than this bot's {SCHEMA_VERSION}")
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
    ) -> int:
        now = time.time()
        try:
            async with self._transaction() as db:
                cur = await db.execute(
                    "INSERT INTO tables (guild_id, channel_id, host_id, lang, level, status, seed, created_at,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                    (guild_id, channel_id, host_id, lang, level, seed, now, now),
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

    async def save_seats(self, table_id: int, seats: Sequence[SeatRow]) -> None:
        async with self._transaction() as db:
            await self._write_seats(db, table_id, seats)
            await db.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (time.time(), table_id))

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE tables SET lobby_message_id = ? WHERE id = ?", (message_id, table_id))

    async def start_match(self, table_id: int, seats: Sequence[SeatRow], record: str) -> None:
        async with self._transaction() as db:
            await self._write_seats(db, table_id, seats)
            await db.execute(
                "UPDATE tables SET status = 'playing', record = ?, updated_at = ? WHERE id = ?",
                (record, time.time(), table_id),
            )

    async def save_record(self, table_id: int, record: str) -> None:
        """The accepted placement is durable once this returns."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET record = ?, updated_at = ? WHERE id = ?", (record, time.time(), table_id)
            )

    async def finish_match(
        self, table_id: int, guild_id: int | None, record: str, results: Sequence[ResultRow]
    ) -> None:
        """The final record, the status and every player's result, all or nothing."""
        now = time.time()
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET status = 'over', record = ?, updated_at = ? WHERE id = ?", (record, now, table_id)
            )
            await db.executemany(
                "INSERT INTO results (table_id, seat, guild_id, user_id, name, won, points, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(table_id, r.seat, guild_id, r.user_id, r.name, int(r.won), r.points, now) for r in results],
            )

    async def close_table(self, table_id: int, reason: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET status = 'closed', closed_reason = ?, updated_at = ? WHERE id = ?",
                (reason, time.time(), table_id),
            )

    async def table_status(self, table_id: int) -> str | None:
        async with self._db.execute("SELECT status FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else str(row[0])

    async def table_record(self, table_id: int) -> str | None:
        async with self._db.execute("SELECT record FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else row[0]

    async def open_tables(self) -> tuple[list[TableRow], list[BrokenRow]]:
        """Every lobby and match in progress; rows that cannot be read come back as BrokenRow."""
        seats: dict[int, list[tuple[int, SeatRow]]] = {}
        broken: dict[int, BrokenRow] = {}
        async with self._db.execute(
            "SELECT s.table_id, s.seat, s.user_id, s.name, s.level FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE t.status IN (?, ?) ORDER BY s.table_id, s.seat",
            OPEN_STATUSES,
        ) as cur:
            async for table_id, seat, user_id, name, level in cur:
                try:
                    row = SeatRow(_optional_int(user_id), _text(name), None if level is None else _text(level))
                    seats.setdefault(int(table_id), []).append((int(seat), row))
                except (TypeError, ValueError) as e:
                    broken[int(table_id)] = BrokenRow(int(table_id), None, f"seat {seat}: {e}")
        rows: list[TableRow] = []
        async with self._db.execute(
            "SELECT id, guild_id, channel_id, host_id, lang, level, status, seed, record, lobby_message_id"
            " FROM tables WHERE status IN (?, ?) ORDER BY id",
            OPEN_STATUSES,
        ) as cur:
            async for raw in cur:
                table_id = int(raw[0])
                channel_id = raw[2] if isinstance(raw[2], int) else None
                lang = raw[4] if isinstance(raw[4], str) else None
                if table_id in broken:
                    broken[table_id] = BrokenRow(table_id, channel_id, broken[table_id].reason, lang)
                    continue
                try:
                    numbers = [n for n, _ in seats.get(table_id, [])]
                    if numbers != list(range(len(numbers))):
                        raise ValueError(f"seats {numbers} are not numbered 0..n-1")
                    rows.append(
                        TableRow(
                            id=table_id,
                            guild_id=_optional_int(raw[1]),
                            channel_id=_int(raw[2]),
                            host_id=_int(raw[3]),
                            lang=_text(raw[4]),
                            level=_text(raw[5]),
                            status=_text(raw[6]),
                            seed=_text(raw[7]),
                            record=None if raw[8] is None else _text(raw[8]),
                            lobby_message_id=_optional_int(raw[9]),
                            seats=tuple(s for _, s in seats.get(table_id, [])),
                        )
                    )
                except (TypeError, ValueError) as e:
                    broken[table_id] = BrokenRow(table_id, channel_id, str(e), lang)
        return rows, list(broken.values())

    # -- stats --------------------------------------------------------------

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        """The server's players with the most wins (then the most matches)."""
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


def _int(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, found {value!r}")
    return value


def _optional_int(value: object) -> int | None:
    return None if value is None else _int(value)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, found {value!r}")
    return value
