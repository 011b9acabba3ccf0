"""PostgreSQL storage (asyncpg, a connection pool): one database shared by every shard cluster.

The same tables, rows, queries (sql_storage.py) and promises as the SQLite file: each write is one
transaction, durable once it returns; each migration is applied in one transaction and recorded
in `schema_version`, under an advisory lock so two processes starting together migrate once.
A lost connection (a server restart) fails the call in progress with StorageUnavailableError
and nothing of it applied; the pool connects again for the next call.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from types import TracebackType
from typing import NoReturn
from urllib.parse import parse_qs, urlsplit

import asyncpg
from asyncpg import Record
from asyncpg.pool import PoolConnectionProxy
from asyncpg.transaction import Transaction

from .dialect import POSTGRES, Row, Session, named_rows, numbered, whole
from .sql_storage import SqlStorage
from .storage_errors import StorageOpenError, StorageUnavailableError, StorageUnreachableError

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x45_36_31_35  # pg_advisory_xact_lock key: one migrating process at a time
RATINGS_LOCK = 0x52_41_54_45  # with a server's id: one writer of that server's ratings at a time

# What a server restart or a dropped connection looks like from asyncpg: the call did not happen.
_CONNECTION_LOST: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset, the socket file gone
    asyncio.TimeoutError,  # no connection free or made in time
    asyncpg.PostgresConnectionError,  # class 08, and a connection closed mid-call
    asyncpg.exceptions.OperatorInterventionError,  # class 57: shutting down, starting up
)
_CLOSE_FAILED: tuple[type[BaseException], ...] = (TimeoutError, *_CONNECTION_LOST)
_ACQUIRE_TIMEOUT = 10.0


# The server answered but will not let the bot in: a wrong password, user or database name.
_REFUSED: tuple[type[BaseException], ...] = (
    asyncpg.InvalidAuthorizationSpecificationError,  # class 28: the user or password
    asyncpg.InvalidCatalogNameError,  # 3D000: no such database
)


def server_name(url: str) -> str:
    """host:port/database of a PostgreSQL URL, for the operator: never the user's password."""
    parts = urlsplit(url)
    host = parts.hostname or parse_qs(parts.query).get("host", ["localhost"])[0]
    port = f":{parts.port}" if parts.port else ""
    return f"{host}{port}/{parts.path.lstrip('/') or '?'}"


def _is_connection_loss(error: BaseException) -> bool:
    if isinstance(error, _CONNECTION_LOST):
        return True
    return isinstance(error, asyncpg.InterfaceError) and "closed" in str(error)  # a connection already closed


class _Session(Session):
    def __init__(self, con: PoolConnectionProxy[Record]) -> None:
        self._con = con

    async def execute(self, sql: str, *args: object) -> None:
        await self._con.execute(numbered(sql), *args)

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self._con.executemany(numbered(sql), rows)

    async def fetch(self, sql: str, *args: object) -> list[Row]:
        records = await self._con.fetch(numbered(sql), *args)
        return named_rows(tuple(records[0].keys()), records) if records else []


class _Use:
    """`async with`: a pooled connection, in a transaction if `write` (or a read-only snapshot if `snapshot`);
    a lost connection -> StorageUnavailableError.

    A class rather than an @asynccontextmanager for the same reason as the SQLite transaction."""

    def __init__(self, storage: PostgresStorage, write: bool, snapshot: bool = False) -> None:
        self._storage = storage
        self._write = write
        self._snapshot = snapshot
        self._con: PoolConnectionProxy[Record] | None = None
        self._tx: Transaction | None = None

    async def __aenter__(self) -> Session:
        pool = self._storage._pool
        try:
            self._con = con = await pool.acquire(timeout=_ACQUIRE_TIMEOUT)
            if self._write:
                self._tx = con.transaction()
            elif self._snapshot:
                self._tx = con.transaction(isolation="repeatable_read", readonly=True)
            if self._tx is not None:
                await self._tx.start()
        except BaseException as e:
            await self._release()
            if _is_connection_loss(e):
                await self._storage._unavailable(e)
            raise
        return _Session(con)

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, _: TracebackType | None
    ) -> None:
        try:
            if self._tx is not None:
                if error is None:
                    await self._tx.commit()
                else:
                    with contextlib.suppress(Exception):  # a lost connection took its transaction with it
                        await self._tx.rollback()
        except BaseException as e:
            await self._release()
            if _is_connection_loss(e):
                await self._storage._unavailable(e)
            raise
        await self._release()
        if error is not None and _is_connection_loss(error):
            await self._storage._unavailable(error)

    async def _release(self) -> None:
        if self._con is not None:
            con, self._con = self._con, None
            try:
                await self._storage._pool.release(con)
            except Exception:  # a broken connection: the pool replaces it
                log.debug("releasing a broken connection", exc_info=True)


class PostgresStorage(SqlStorage):
    """One PostgreSQL database. Create with `await PostgresStorage.open(url)`; `await close()` when done."""

    dialect = POSTGRES

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, target: str, *, min_size: int = 1, max_size: int = 10) -> PostgresStorage:
        where = server_name(target)
        try:
            pool = await asyncpg.create_pool(target, min_size=min_size, max_size=max_size, command_timeout=30)
        except BaseException as e:
            if _is_connection_loss(e):
                raise StorageUnreachableError(where, str(e) or type(e).__name__) from e
            if isinstance(e, _REFUSED):
                raise StorageOpenError("refused", where, str(e)) from e
            raise
        storage = cls(pool)
        try:
            await storage._migrate(where)
        except BaseException:
            await pool.close()
            raise
        return storage

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), timeout=10)
        except _CLOSE_FAILED:
            self._pool.terminate()

    async def _unavailable(self, error: BaseException) -> NoReturn:
        """Every pooled connection is suspect after one is lost: the next call opens fresh ones."""
        log.warning("PostgreSQL connection lost (%s: %s)", type(error).__name__, error)
        try:
            await self._pool.expire_connections()
        except Exception:
            log.debug("expiring connections", exc_info=True)
        raise StorageUnavailableError(str(error) or type(error).__name__) from error

    # -- what SqlStorage asks of a backend --------------------------------------

    def _read(self) -> _Use:
        return _Use(self, write=False)

    def _snapshot(self) -> _Use:
        return _Use(self, write=False, snapshot=True)

    def _transaction(self) -> _Use:
        return _Use(self, write=True)

    async def _lock_schema(self, session: Session) -> None:
        await session.execute("SELECT pg_advisory_xact_lock(?)", MIGRATION_LOCK)

    async def _lock_ratings(self, session: Session, guild_id: int) -> None:
        await session.execute(
            "SELECT pg_advisory_xact_lock(?, CAST(CAST(? AS BIGINT) % 2147483647 AS INTEGER))", RATINGS_LOCK, guild_id
        )

    async def _stored_version(self, session: Session) -> int:
        if await session.fetchval("SELECT to_regclass('schema_version')") is None:
            return 0
        return whole(await session.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))

    async def _record_version(self, session: Session, version: int) -> None:
        await session.execute(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)"
        )
        await session.execute("INSERT INTO schema_version VALUES (?, ?)", version, time.time())

    def _is_channel_busy(self, error: Exception) -> bool:
        return isinstance(error, asyncpg.UniqueViolationError) and error.constraint_name == "one_match_in_channel"

    async def _after_import(self, session: Session) -> None:
        # the next table (and tournament) created gets an id after every copied one
        for table in ("tables", "tournaments"):
            await session.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}"
            )
