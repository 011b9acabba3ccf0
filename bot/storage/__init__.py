"""Storage of tables, seats, game records and results: SQLite by default, PostgreSQL for shard clusters.

`open_storage(target)` (also `Storage.open(target)`) picks the backend: a `postgresql://` or
`postgres://` URL opens PostgreSQL (asyncpg, a pool), anything else is a SQLite path. Both speak
the `Storage` interface in base.py with the same numbered migrations, version-checked writes and restore.
No ORM: the schema is a dozen statements whose SQL must be exact per dialect (partial unique index, RETURNING).
`python -m bot.storage copy SOURCE TARGET` moves a database between them.
"""

from __future__ import annotations

from pathlib import Path

from .base import COPY_COLUMNS, CopyCountError, Storage, is_postgres_url, shard_of
from .postgres import MIGRATIONS as POSTGRES_MIGRATIONS
from .postgres import PostgresStorage
from .rows import (
    NEW_TABLE_VERSION,
    NO_DEADLINES,
    OPEN_STATUSES,
    BrokenRow,
    ChannelBusyError,
    FinishedRow,
    PlayerStats,
    ResultRow,
    SeatRow,
    StorageOpenError,
    StorageUnavailableError,
    StorageUnreachableError,
    TableMovedOnError,
    TableRow,
    TurnDeadlines,
)
from .sqlite import MIGRATIONS as SQLITE_MIGRATIONS
from .sqlite import SCHEMA_VERSION, SqliteStorage

MIGRATIONS = SQLITE_MIGRATIONS  # the name the SQLite-only storage had
assert len(POSTGRES_MIGRATIONS) == len(SQLITE_MIGRATIONS) == SCHEMA_VERSION, "one numbering for both dialects"


async def open_storage(target: str | Path) -> Storage:
    """A PostgreSQL URL -> PostgresStorage; anything else (a path, ':memory:') -> SqliteStorage."""
    if is_postgres_url(target):
        return await PostgresStorage.open(str(target))
    return await SqliteStorage.open(target)


__all__ = [
    "COPY_COLUMNS",
    "MIGRATIONS",
    "NEW_TABLE_VERSION",
    "NO_DEADLINES",
    "OPEN_STATUSES",
    "POSTGRES_MIGRATIONS",
    "SCHEMA_VERSION",
    "SQLITE_MIGRATIONS",
    "BrokenRow",
    "ChannelBusyError",
    "CopyCountError",
    "FinishedRow",
    "PlayerStats",
    "PostgresStorage",
    "ResultRow",
    "SeatRow",
    "SqliteStorage",
    "Storage",
    "StorageOpenError",
    "StorageUnavailableError",
    "StorageUnreachableError",
    "TableMovedOnError",
    "TableRow",
    "TurnDeadlines",
    "is_postgres_url",
    "open_storage",
    "shard_of",
]
