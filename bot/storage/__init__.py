"""Storage of tables, seats, game records and results: SQLite by default, PostgreSQL for shard clusters.

`open_storage(target)` (backends.py, called where the bot is assembled) picks the backend: a
`postgresql://` or `postgres://` URL opens PostgreSQL (asyncpg, a pool), anything else is a SQLite
path. Both speak the `Storage` interface (interface.py) through one set of queries (sql_storage.py
combines the `*_queries.py` modules, one per concern); a backend only supplies its connection,
transactions, schema-version bookkeeping and error meanings, and dialect.py holds the one word of SQL
that differs. Every row is read by its columns' names and decoded in row_decoders.py into the plain
rows of rows.py; storage_errors.py holds what the storage raises, shards.py which shard serves a
guild. No ORM and no new dependency: the queries are few and plain, and each backend's driver stays
the fast path for a save.
`python -m bot.storage copy SOURCE TARGET` moves a database between them.

Adding a migration (a new table, a new column): add ONE file to bot/storage/migrations/, numbered
after the last, e.g. `0004_ratings.sql`, with statements ending in `;` that both SQLite and
PostgreSQL accept (BIGINT for Discord ids, TEXT, INTEGER, BOOLEAN, DOUBLE PRECISION for times;
`CREATE TABLE`, `ALTER TABLE ... ADD COLUMN`, `CREATE INDEX`). Only where the SQL truly differs
(an identity id column, say) write two files instead, `0004_ratings.sqlite.sql` and
`0004_ratings.postgres.sql`. Nothing else changes: SCHEMA_VERSION is the number of steps, and on
opening every database runs the steps it has not yet run, each in one transaction under the schema
lock (SQLite's write lock, a PostgreSQL advisory lock). Never edit a file that has been released.
Truth values read back from SQLite are 0/1: wrap them in bool().
"""

from __future__ import annotations

from .backends import is_postgres_url, open_storage
from .copy_columns import COPY_COLUMNS, CopyCountError
from .interface import Storage
from .migrations import MIGRATIONS, SCHEMA_VERSION, Migration
from .postgres import PostgresStorage
from .rows import (
    NEW_TABLE_VERSION,
    NO_DEADLINES,
    OPEN_STATUSES,
    BrokenRow,
    FinishedRow,
    PlayerSettingsRow,
    PlayerStats,
    RatedMatch,
    RatingChangeRow,
    RatingRow,
    ResultRow,
    SeatRow,
    ServerSettingsRow,
    TableRef,
    TableRow,
    TurnDeadlines,
)
from .shards import shard_of
from .sqlite import SqliteStorage
from .storage_errors import (
    ChannelBusyError,
    EventMovedOnError,
    StorageOpenError,
    StorageUnavailableError,
    StorageUnreachableError,
    TableMovedOnError,
)

__all__ = [
    "COPY_COLUMNS",
    "MIGRATIONS",
    "NEW_TABLE_VERSION",
    "NO_DEADLINES",
    "OPEN_STATUSES",
    "SCHEMA_VERSION",
    "BrokenRow",
    "ChannelBusyError",
    "CopyCountError",
    "EventMovedOnError",
    "FinishedRow",
    "Migration",
    "PlayerSettingsRow",
    "PlayerStats",
    "PostgresStorage",
    "RatedMatch",
    "RatingChangeRow",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "ServerSettingsRow",
    "SqliteStorage",
    "Storage",
    "StorageOpenError",
    "StorageUnavailableError",
    "StorageUnreachableError",
    "TableMovedOnError",
    "TableRef",
    "TableRow",
    "TurnDeadlines",
    "is_postgres_url",
    "open_storage",
    "shard_of",
]
