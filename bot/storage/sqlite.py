"""SQLite storage (aiosqlite, WAL), the embedded default: one file, nothing to install.

A match is stored as its game record (JSON) and its seed, nothing derived: on start-up it is
rebuilt with `Match.restore(record, seed)`, the way a PGN is replayed. The queries are SqlStorage's;
here is how SQLite holds them: one connection shared by every coroutine, so writes are serialised
by one lock (a write must never land inside another coroutine's open transaction), each in
BEGIN IMMEDIATE ... COMMIT, and the schema version kept in `PRAGMA user_version`. Another process
holding the file's write lock longer than the busy timeout answers like PostgreSQL's lost
connection: StorageUnavailableError, nothing applied.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import aiosqlite

from .dialect import SQLITE, Row, Session, named_rows, whole
from .migrations import SCHEMA_VERSION
from .sql_storage import SqlStorage
from .storage_errors import StorageOpenError, StorageUnavailableError

log = logging.getLogger(__name__)

BUSY_TIMEOUT = 5.0  # seconds a write waits for another process's write lock before it is refused

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
    db.row_factory = sqlite3.Row  # read by column name
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()["user_version"])
        if version > SCHEMA_VERSION:
            raise StorageOpenError("newer", where, found=version, known=SCHEMA_VERSION)
        names = {row["name"] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table in RESTORED_TABLES:
            if table in names:
                verdict = [row["quick_check"] for row in db.execute(f"PRAGMA quick_check({table})")]
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


class _Session(Session):
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, *args: object) -> None:
        await self._db.execute(sql, args)

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self._db.executemany(sql, rows)

    async def fetch(self, sql: str, *args: object) -> list[Row]:
        """One trip to aiosqlite's thread (execute and fetch together) instead of three (execute, fetch,
        close the cursor): a whole match makes thousands of reads, and each trip hands the GIL over twice.
        The rows are sqlite3.Row (the connection's row factory), so they carry their column names."""
        rows = list(await self._db.execute_fetchall(sql, args))
        return named_rows(rows[0].keys(), rows) if rows else []


def _is_locked(error: BaseException) -> bool:
    """Another connection holds the write lock (SQLITE_BUSY, after the busy timeout) or a table lock."""
    return isinstance(error, sqlite3.OperationalError) and (
        getattr(error, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED") or "database is locked" in str(error)
    )


class _Transaction:
    """`async with`: BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error, holding the write lock.

    A class rather than an @asynccontextmanager: its plain coroutines keep the awaiting task's
    stack visible to tools that follow it (the test harness's idle detection does)."""

    def __init__(self, storage: SqliteStorage) -> None:
        self._storage = storage

    async def __aenter__(self) -> Session:
        storage = self._storage
        await storage._write.acquire()
        try:
            await storage._db.execute("BEGIN IMMEDIATE")
        except BaseException as e:
            storage._write.release()
            if _is_locked(e):
                storage._locked(e)
            raise
        return storage._session

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None, _: object) -> None:
        storage = self._storage
        try:
            if kind is None:
                try:
                    await storage._db.execute("COMMIT")
                except sqlite3.OperationalError as e:
                    if not _is_locked(e):
                        raise
                    await storage._db.execute("ROLLBACK")
                    storage._locked(e)
                storage._lock_reported = False
            else:
                await storage._db.execute("ROLLBACK")
                if error is not None and _is_locked(error):
                    storage._locked(error)
        finally:
            storage._write.release()


class _Read:
    """`async with`: the shared connection for a read (WAL: readers never wait for a writer)."""

    def __init__(self, storage: SqliteStorage) -> None:
        self._storage = storage

    async def __aenter__(self) -> Session:
        return self._storage._session

    async def __aexit__(self, *_: object) -> None:
        return None


class SqliteStorage(SqlStorage):
    """One SQLite file. Create with `await SqliteStorage.open(path)`; `await close()` when done."""

    dialect = SQLITE

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._session = _Session(db)
        self._write = asyncio.Lock()
        self._lock_reported = False  # a held write lock is logged once, until a write succeeds again

    @classmethod
    async def open(cls, target: str | Path, *, busy_timeout: float | None = None) -> SqliteStorage:
        """Open (or create) the file; one that cannot be used raises StorageOpenError, untouched.

        `busy_timeout`: seconds a write waits for another process's write lock (BUSY_TIMEOUT by default)."""
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
        db.row_factory = sqlite3.Row  # rows know their columns' names (fetch)
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash of the bot
            await db.execute("PRAGMA foreign_keys = ON")
            wait = BUSY_TIMEOUT if busy_timeout is None else busy_timeout
            await db.execute(f"PRAGMA busy_timeout = {round(wait * 1000):d}")
            storage = cls(db)
            await storage._migrate(str(target))
        except StorageUnavailableError as e:
            await db.close()
            raise StorageOpenError("cannot-open", str(target), str(e)) from e
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

    def _locked(self, error: BaseException) -> None:
        """Another process holds the write lock: the write is refused like a lost connection."""
        if not self._lock_reported:
            log.warning("SQLite database is locked by another connection: the write is refused (%s)", error)
            self._lock_reported = True
        raise StorageUnavailableError(f"database is locked: {error}") from error

    # -- what SqlStorage asks of a backend --------------------------------------

    def _read(self) -> _Read:
        return _Read(self)

    def _snapshot(self) -> _Read:
        return _Read(self)

    def _transaction(self) -> _Transaction:
        return _Transaction(self)

    async def _lock_schema(self, session: Session) -> None:
        return None  # BEGIN IMMEDIATE already holds the file's write lock

    async def _lock_ratings(self, session: Session, guild_id: int) -> None:
        return None  # so it does for the ratings

    async def _stored_version(self, session: Session) -> int:
        return whole(await session.fetchval("PRAGMA user_version"))

    async def _record_version(self, session: Session, version: int) -> None:
        await session.execute(f"PRAGMA user_version = {version:d}")

    def _is_channel_busy(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and (
            "tables.channel_id" in str(error) or "one_match_in_channel" in str(error)
        )
