"""What a SQL backend supplies the queries: its connections, transactions, locks, schema bookkeeping and errors.

The queries (table_write_queries.py, table_read_queries.py, player_queries.py, rating_queries.py,
copy_queries.py, combined in sql_storage.py) are written once against these; sqlite.py and postgres.py
fill them in.
"""

from __future__ import annotations

from abc import abstractmethod
from contextlib import AbstractAsyncContextManager

from .dialect import Dialect, Session
from .interface import Storage


class BackendHooks(Storage):
    """A subclass supplies the connection (`_read`, `_snapshot`, `_transaction`) and its dialect."""

    dialect: Dialect

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
        """The error is the index one_match_in_channel refusing a second match played in a channel itself."""

    async def _lock_ratings(self, session: Session, guild_id: int) -> None:
        """Inside a transaction: no other transaction writes this server's ratings until it ends."""

    async def _after_import(self, session: Session) -> None:
        """Inside the copy's transaction, once every row is in (PostgreSQL moves its id sequence on)."""
