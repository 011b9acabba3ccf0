"""The queries of a copy between backends (copy.py drives it): count, export in key order, import in one transaction.

Written once for both backends (`?` placeholders); `portable` evens out how each stores truths and times.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence

from .backend_hooks import BackendHooks
from .copy_columns import COPY_COLUMNS, COPY_KEYS, Batch, CopyCountError
from .dialect import Session, marks, real, whole
from .interface import Storage

# copied columns that one backend stores as 0/1 and the other as a truth value, or as REAL / DOUBLE
_TRUTHS = {
    "tables": ("use_thread", "rated", "ended_early", "quiet"),
    "results": ("won",),
    "player_settings": ("ping", "dm_reminders"),
    "match_ratings": ("rated",),
    "rating_changes": ("won",),
    "server_settings": ("computers", "rated", "web"),
    "tournaments": ("rated",),
}
_TIMES = {
    "tables": ("created_at", "updated_at", "remind_at", "take_over_at", "wake_at", "paused_at"),
    "results": ("finished_at",),
    "player_settings": ("away_until",),
    "match_ratings": ("rated_at",),
    "ratings": ("mu", "sigma"),
    "rating_changes": ("mu_before", "sigma_before", "mu_after", "sigma_after"),
    "tournaments": ("close_at",),
    "tournament_entrants": ("rating",),
}
_CONVERT: dict[str, tuple[Callable[[object], object] | None, ...]] = {
    table: tuple(bool if c in _TRUTHS.get(table, ()) else real if c in _TIMES.get(table, ()) else None for c in columns)
    for table, columns in COPY_COLUMNS.items()
}


def portable(table: str, row: Sequence[object]) -> tuple[object, ...]:
    """A copied row (in COPY_COLUMNS' order), truths as bool and times as float, whichever backend it came from."""
    return tuple(v if f is None or v is None else f(v) for f, v in zip(_CONVERT[table], row, strict=True))


class CopyQueries(BackendHooks):
    """Count, export and import every table of COPY_COLUMNS."""

    async def count_rows(self) -> dict[str, int]:
        async with self._snapshot() as session:
            return await _counts(session)

    async def export_rows(self, table: str, batch_size: int = 500) -> AsyncIterator[Batch]:
        columns, keys = COPY_COLUMNS[table], COPY_KEYS[table]
        after: tuple[object, ...] | None = None
        while True:
            where = "" if after is None else f"WHERE ({', '.join(keys)}) > ({marks(len(keys))})"
            async with self._read() as session:
                rows = await session.fetch(
                    f"SELECT {', '.join(columns)} FROM {table} {where} ORDER BY {', '.join(keys)} LIMIT ?",
                    *(after or ()),
                    batch_size,
                )
            if not rows:
                return
            batch = [portable(table, [row[c] for c in columns]) for row in rows]
            yield batch
            after = tuple(rows[-1][k] for k in keys)  # keys are ids and names: portable leaves them as read

    async def import_rows(
        self, source: Storage, *, replace: bool, expected: dict[str, int], batch_size: int = 500
    ) -> dict[str, int]:
        async with self._transaction() as session:
            if replace:
                for table in reversed(COPY_COLUMNS):
                    await session.execute(f"DELETE FROM {table}")  # table: a COPY_COLUMNS name
            for table, columns in COPY_COLUMNS.items():
                sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks(len(columns))})"
                async for batch in source.export_rows(table, batch_size):
                    await session.executemany(sql, [portable(table, row) for row in batch])
            await self._after_import(session)
            found = await _counts(session)
            if found != expected:
                raise CopyCountError(expected, found)
        return found


async def _counts(session: Session) -> dict[str, int]:
    counts: dict[str, int] = {}
    for table in COPY_COLUMNS:
        counts[table] = whole(await session.fetchval(f"SELECT COUNT(*) FROM {table}"))
    return counts
