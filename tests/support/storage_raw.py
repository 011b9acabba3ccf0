"""Direct access to a test database, past the storage: what a test must see or break underneath it.

`Raw` runs plain SQL (`?` placeholders on both backends, each statement committed at once);
`Backend` makes new empty databases of one kind for a test (see storage_backends.py).
"""

from __future__ import annotations

import itertools
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
from support.pg_server import PostgresServer

from bot.storage import Storage, is_postgres_url, open_storage

_numbers = itertools.count(1)


class Raw:
    """Plain SQL on a database, `?` placeholders on both backends, every statement committed at once."""

    def __init__(self, target: str) -> None:
        self.target = target
        self._sqlite: sqlite3.Connection | None = None
        self._pg: asyncpg.Connection | None = None

    @property
    def postgres(self) -> bool:
        return is_postgres_url(self.target)

    async def __aenter__(self) -> Raw:
        if is_postgres_url(self.target):
            self._pg = await asyncpg.connect(self.target)
        else:
            self._sqlite = sqlite3.connect(self.target, isolation_level=None)
        return self

    async def __aexit__(self, *_: object) -> None:
        if self._pg is not None:
            await self._pg.close()
        if self._sqlite is not None:
            self._sqlite.close()

    async def fetch(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        if self._pg is not None:
            return [tuple(r) for r in await self._pg.fetch(_dollars(sql), *args)]
        assert self._sqlite is not None
        return [tuple(r) for r in self._sqlite.execute(sql, args).fetchall()]

    async def value(self, sql: str, *args: object) -> object:
        rows = await self.fetch(sql, *args)
        return rows[0][0] if rows else None

    async def execute(self, sql: str, *args: object) -> None:
        if self._pg is not None:
            await self._pg.execute(_dollars(sql), *args)
        else:
            assert self._sqlite is not None
            self._sqlite.execute(sql, args)

    async def dump(self) -> dict[str, list[tuple[object, ...]]]:
        """Every row of the three tables, in key order: to see that a refused write changed nothing."""
        return {
            "tables": await self.fetch("SELECT * FROM tables ORDER BY id"),
            "seats": await self.fetch("SELECT * FROM seats ORDER BY table_id, seat"),
            "results": await self.fetch("SELECT * FROM results ORDER BY table_id, seat"),
        }


def _dollars(sql: str) -> str:
    parts = sql.split("?")
    return "".join(p + (f"${i + 1}" if i < len(parts) - 1 else "") for i, p in enumerate(parts))


async def table_status(target: str | Path, table_id: int) -> str | None:
    """A table's status as stored (lobby, playing, over, closed), or None if there is no such table."""
    async with Raw(str(target)) as raw:
        status = await raw.value("SELECT status FROM tables WHERE id = ?", table_id)
    return None if status is None else str(status)


@dataclass
class Backend:
    """Where a test's databases live: `target()` makes a new empty one (a path or a URL)."""

    kind: str  # "sqlite" or "postgres"
    folder: Path
    server: PostgresServer | None = None
    made: list[str] = field(default_factory=list)

    async def target(self) -> str:
        number = next(_numbers)
        if self.server is None:
            return str(self.folder / f"db{number}.sqlite3")
        name = f"test_{number}"
        async with Raw(self.server.url()) as raw:
            await raw.execute(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return self.server.url(name)

    async def open(self, target: str) -> Storage:
        return await open_storage(target)

    def raw(self, target: str) -> Raw:
        return Raw(target)

    async def drop(self) -> None:
        if self.server is None or not self.server.running:
            return
        async with Raw(self.server.url()) as raw:
            for name in self.made:
                await raw.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
