"""Which backend a database target names: the one place that knows both (the bot calls it where it is assembled)."""

from __future__ import annotations

from pathlib import Path

from .interface import Storage
from .postgres import PostgresStorage
from .sqlite import SqliteStorage


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


async def open_storage(target: str | Path) -> Storage:
    """A PostgreSQL URL (`postgresql://` or `postgres://`) -> PostgresStorage; anything else
    (a path, ':memory:') -> SqliteStorage. Opening migrates the schema to this bot's version."""
    if is_postgres_url(target):
        return await PostgresStorage.open(str(target))
    return await SqliteStorage.open(target)
