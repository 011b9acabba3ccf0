"""Copy a whole database from one backend to another (SQLite <-> PostgreSQL), checked by counting rows.

Stop every bot process on both databases first: the copy reads the source as it is at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from .backends import is_postgres_url, open_storage
from .copy_columns import COPY_COLUMNS, CopyCountError


class TargetNotEmptyError(Exception):
    """The target already holds rows and `replace` was not asked for."""

    def __init__(self, counts: dict[str, int]) -> None:
        super().__init__(counts)
        self.counts = counts


@dataclass(frozen=True, slots=True)
class CopyReport:
    counts: dict[str, int]  # rows copied per table, equal in source and target
    replaced: dict[str, int]  # rows the target held before (all zero unless replace)


def describe(target: str | Path) -> str:
    """A target as it may be shown: a URL without its password."""
    if not is_postgres_url(target):
        return str(target)
    parts = urlsplit(str(target))
    if parts.password is None:
        return str(target)
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def count_text(counts: dict[str, int]) -> str:
    return ", ".join(f"{counts.get(table, 0)} {table}" for table in COPY_COLUMNS)


async def copy_database(source: str | Path, target: str | Path, *, replace: bool = False) -> CopyReport:
    """Every row of `source` into `target` in one transaction, or nothing.

    Both are migrated to the current schema first. Raises TargetNotEmptyError (nothing written)
    unless the target is empty or `replace`; CopyCountError if the rows do not add up (rolled back)."""
    if str(source) == str(target):
        raise ValueError("the source and the target are the same database")
    if not is_postgres_url(source) and not Path(source).is_file():  # opening it would make a new, empty one
        raise FileNotFoundError(f"no SQLite database at {source}")
    src = await open_storage(source)
    try:
        dst = await open_storage(target)
        try:
            before = await dst.count_rows()
            if any(before.values()) and not replace:
                raise TargetNotEmptyError(before)
            expected = await src.count_rows()
            await dst.import_rows(src, replace=replace, expected=expected)
            after = await dst.count_rows()  # read again, outside the copy's transaction
            if after != expected:
                raise CopyCountError(expected, after)
            return CopyReport(after, before)
        finally:
            await dst.close()
    finally:
        await src.close()
