"""Every query of the storage, written once for both backends, and the migration runner.

A backend (sqlite.py, postgres.py) only says how to hold a connection and a transaction, how its
schema version is kept and locked, and what its errors mean (backend_hooks.py); the SQL, with `?`
placeholders, is in one module per concern, combined here: the writes of a table's life
(table_write_queries.py), reads of tables in play and finished (table_read_queries.py), per-player
settings and stats (player_queries.py), correspondence tables (pace_queries.py), server settings
(server_queries.py), ratings (rating_queries.py), tournaments (tournament_queries.py), the rows a
copy moves (copy_queries.py) and the outbox of public posts (outbox_queries.py).
Rows come back by column name and are decoded in row_decoders.py.
"""

from __future__ import annotations

import logging

from .copy_queries import CopyQueries
from .migrations import MIGRATIONS, SCHEMA_VERSION
from .outbox_queries import OutboxQueries
from .pace_queries import PaceQueries
from .player_queries import PlayerQueries
from .rating_queries import RatingQueries
from .server_queries import ServerQueries
from .storage_errors import StorageOpenError
from .table_read_queries import TableReadQueries
from .table_write_queries import TableWriteQueries
from .tournament_queries import TournamentQueries

log = logging.getLogger(__name__)


class SqlStorage(
    TableWriteQueries,
    TableReadQueries,
    PaceQueries,
    PlayerQueries,
    ServerQueries,
    RatingQueries,
    TournamentQueries,
    CopyQueries,
    OutboxQueries,
):
    """All the queries, and the schema's migrations; a subclass supplies BackendHooks (its connection and dialect)."""

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
