"""The little that differs between SQLite and PostgreSQL, behind one connection interface.

Every query is written once (in the modules sql_storage.py combines) with `?` placeholders; a backend's
`Session` runs it on its driver (PostgreSQL's numbers them `$1, $2, ...`) and hands back each row
as a mapping of column name to value, so a row is read by its columns' names, never their places.
What cannot be written the same in both is one word here: how "equal, counting NULL as a value" is spelt.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

Row = Mapping[str, object]  # one row of a query: column name -> value


@dataclass(frozen=True, slots=True)
class Dialect:
    name: str  # "sqlite" or "postgres": which migration files apply
    same: str  # NULL-safe equality: SQLite's `IS` (its `IS NOT DISTINCT FROM` needs 3.39)


SQLITE = Dialect("sqlite", "IS")
POSTGRES = Dialect("postgres", "IS NOT DISTINCT FROM")


class Session(ABC):
    """One connection, for the length of a read or a transaction: SQL with `?` placeholders, rows by column name."""

    @abstractmethod
    async def execute(self, sql: str, *args: object) -> None: ...

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None: ...

    @abstractmethod
    async def fetch(self, sql: str, *args: object) -> list[Row]: ...

    async def fetchone(self, sql: str, *args: object) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *args: object) -> object:
        """The one column of the first row, or None when there is no row; a query of more columns is a ValueError."""
        row = await self.fetchone(sql, *args)
        if row is None:
            return None
        if len(row) != 1:
            raise ValueError(f"expected one column, found {list(row)}")
        (value,) = row.values()
        return value


def named_rows(names: Sequence[str], rows: Iterable[Iterable[object]]) -> list[Row]:
    """A driver's rows (values in the order of `names`) -> rows by column name.

    Two columns of one name would hide one of them: that query is refused (alias one with AS)."""
    if len(names) > 1 and len(set(names)) != len(names):
        raise ValueError(f"a query's columns must have different names, found {list(names)}")
    return [dict(zip(names, row, strict=False)) for row in rows]  # the driver gives one value per name


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """`?` placeholders -> `$1, $2, ...` (no query here has a `?` inside a quoted string)."""
    parts = sql.split("?")
    return "".join(part + (f"${i}" if i < len(parts) else "") for i, part in enumerate(parts, start=1))


def marks(count: int) -> str:
    """`?, ?, ?` for an IN list or a VALUES row of `count` values."""
    return ", ".join("?" * count)


def whole(value: object) -> int:
    """A count, id or version as read (both drivers give int): anything else is a TypeError."""
    if not isinstance(value, int):
        raise TypeError(f"expected a whole number, found {value!r}")
    return value


def real(value: object) -> float:
    """An average or a time as read: SQLite gives float, PostgreSQL's AVG a Decimal."""
    if not isinstance(value, int | float | Decimal):
        raise TypeError(f"expected a number, found {value!r}")
    return float(value)
