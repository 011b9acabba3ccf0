"""The one storage interface the game manager uses, and what both backends share: restore and shards.

A write of a live table may say which version it expects (`expected_version`); the backend then
applies it only if the row is still at that version, adding one, all in the write's transaction.
Zero rows matched means another process moved the table on: `TableMovedOnError`, nothing changed.
`None` writes unchecked (still adding one), for callers that own their tables alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from .rows import NO_DEADLINES, BrokenRow, FinishedRow, PlayerStats, ResultRow, SeatRow, TableRow, TurnDeadlines

SHARD_SHIFT = 22  # a Discord snowflake's timestamp bits: (guild_id >> 22) % shard_count is the guild's shard

# What `copy` moves, in the order that keeps every foreign key satisfied, with each table's columns.
COPY_COLUMNS: dict[str, tuple[str, ...]] = {
    "tables": (
        "id",
        "guild_id",
        "channel_id",
        "host_id",
        "lang",
        "level",
        "status",
        "seed",
        "record",
        "lobby_message_id",
        "closed_reason",
        "created_at",
        "updated_at",
        "version",
        "thread_id",
        "use_thread",
        "remind_at",
        "take_over_at",
    ),
    "seats": ("table_id", "seat", "user_id", "name", "level"),
    "results": ("table_id", "seat", "guild_id", "user_id", "name", "won", "points", "finished_at"),
    "player_settings": ("user_id", "ping"),
}
COPY_KEYS: dict[str, tuple[str, ...]] = {
    "tables": ("id",),
    "seats": ("table_id", "seat"),
    "results": ("table_id", "seat"),
    "player_settings": ("user_id",),
}
HISTORY_LIMIT = 25  # the finished matches /five-up history lists (a select menu holds 25)

Batch = list[tuple[object, ...]]


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def shard_filter(shard_count: int | None, shard_ids: Sequence[int] | None) -> tuple[int, tuple[int, ...]] | None:
    """(shard_count, shard ids) to filter on, or None for every table; a bad pair is a ValueError."""
    if shard_count is None:
        if shard_ids is not None:
            raise ValueError("shard_ids needs shard_count")
        return None
    if shard_count < 1:
        raise ValueError(f"shard_count must be at least 1, not {shard_count}")
    ids = tuple(range(shard_count)) if shard_ids is None else tuple(sorted(set(shard_ids)))
    if not ids or any(not 0 <= i < shard_count for i in ids):
        raise ValueError(f"shard ids {list(ids)} are not all in 0..{shard_count - 1}")
    return shard_count, ids


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that serves a guild (a table without a guild counts as shard 0), as the SQL computes it."""
    return ((guild_id or 0) >> SHARD_SHIFT) % shard_count


class Storage(ABC):
    """Tables with their seats and game records, and finished results.

    It knows no backend: the bot picks one where it is assembled (backends.open_storage).
    `await close()` when done. Every write is one transaction and is durable once it returns."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    # -- tables -------------------------------------------------------------

    @abstractmethod
    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        lang: str,
        level: str,
        seed: str,
        seats: Sequence[SeatRow],
        use_thread: bool = True,
    ) -> int:
        """A new lobby at NEW_TABLE_VERSION; ChannelBusyError if the channel has an open table.

        `use_thread` False: the host asked for the match in the channel, not in a thread of its own."""

    @abstractmethod
    async def save_seats(self, table_id: int, seats: Sequence[SeatRow], expected_version: int | None = None) -> int:
        """Returns the table's new version (so do all the writes below)."""

    @abstractmethod
    async def set_lobby_message(
        self, table_id: int, message_id: int | None, expected_version: int | None = None
    ) -> int: ...

    @abstractmethod
    async def start_match(
        self,
        table_id: int,
        seats: Sequence[SeatRow],
        record: str,
        expected_version: int | None = None,
        *,
        thread_id: int | None = None,
        deadlines: TurnDeadlines = NO_DEADLINES,
    ) -> int:
        """The match begins (in `thread_id`, if the bot opened a thread for it), its first turn's clock with it."""

    @abstractmethod
    async def save_record(
        self,
        table_id: int,
        record: str,
        expected_version: int | None = None,
        *,
        deadlines: TurnDeadlines = NO_DEADLINES,
    ) -> int:
        """The accepted placement is durable once this returns, with the clock of the turn it begins."""

    @abstractmethod
    async def save_deadlines(self, table_id: int, deadlines: TurnDeadlines, expected_version: int | None = None) -> int:
        """The clock of the turn in progress changed (its reminder was given)."""

    @abstractmethod
    async def finish_match(
        self,
        table_id: int,
        guild_id: int | None,
        record: str,
        results: Sequence[ResultRow],
        expected_version: int | None = None,
    ) -> int:
        """The final record, the status and every player's result, all or nothing."""

    @abstractmethod
    async def close_table(self, table_id: int, reason: str, expected_version: int | None = None) -> int: ...

    @abstractmethod
    async def table_record(self, table_id: int) -> str | None: ...

    @abstractmethod
    async def open_tables(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> tuple[list[TableRow], list[BrokenRow]]:
        """Every lobby and match in progress (of guilds on these shards, if given); unreadable rows as BrokenRow."""

    # -- finished matches and player settings (always every shard) --------

    @abstractmethod
    async def finished_match(self, table_id: int) -> FinishedRow | None:
        """One finished match (status over), or None: unknown, or never finished."""

    @abstractmethod
    async def finished_matches(self, guild_id: int | None, limit: int = HISTORY_LIMIT) -> list[FinishedRow]:
        """The server's most recently finished matches, newest first."""

    @abstractmethod
    async def ping_off(self, user_ids: Sequence[int]) -> set[int]:
        """Those of `user_ids` who asked not to be mentioned on their turn."""

    @abstractmethod
    async def set_ping(self, user_id: int, on: bool) -> None:
        """Store a player's choice: mentioned on their turn (`on`), or not."""

    # -- stats (always every shard) -----------------------------------------

    @abstractmethod
    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        """The server's players with the most wins (then the most matches)."""

    @abstractmethod
    async def player_stats(self, guild_id: int | None, user_id: int) -> PlayerStats | None: ...

    # -- copy ---------------------------------------------------------------

    @abstractmethod
    async def count_rows(self) -> dict[str, int]:
        """Rows in each table of COPY_COLUMNS."""

    @abstractmethod
    def export_rows(self, table: str, batch_size: int = 500) -> AsyncIterator[Batch]:
        """Every row of one table, columns as in COPY_COLUMNS, in key order, a batch at a time."""

    @abstractmethod
    async def import_rows(
        self, source: Storage, *, replace: bool, expected: dict[str, int], batch_size: int = 500
    ) -> dict[str, int]:
        """Write every row of `source` here in one transaction (emptying this database first if `replace`).

        Returns the counts read back inside that transaction; if they differ from `expected` the
        transaction is rolled back and CopyCountError raised."""


class CopyCountError(Exception):
    """The rows written do not add up to the rows read; the copy was rolled back."""

    def __init__(self, expected: dict[str, int], found: dict[str, int]) -> None:
        super().__init__(f"expected {expected}, found {found}")
        self.expected = expected
        self.found = found


def assemble_open_tables(
    seat_rows: Sequence[Sequence[object]], table_rows: Sequence[Sequence[object]]
) -> tuple[list[TableRow], list[BrokenRow]]:
    """Rows as read -> TableRow, or BrokenRow for a row that cannot be read (the others still load).

    seat_rows: (table_id, seat, user_id, name, level) by table and seat; table_rows: (id, guild_id,
    channel_id, host_id, lang, level, status, seed, record, lobby_message_id, version, thread_id,
    use_thread, remind_at, take_over_at) by id."""
    seats: dict[int, list[tuple[int, SeatRow]]] = {}
    broken: dict[int, BrokenRow] = {}
    for table_id, seat, user_id, name, level in seat_rows:
        tid = int(table_id)  # type: ignore[call-overload]
        try:
            row = SeatRow(_optional_int(user_id), _text(name), None if level is None else _text(level))
            seats.setdefault(tid, []).append((int(seat), row))  # type: ignore[call-overload]
        except (TypeError, ValueError) as e:
            broken[tid] = BrokenRow(tid, None, f"seat {seat}: {e}")
    rows: list[TableRow] = []
    for raw in table_rows:
        table_id = int(raw[0])  # type: ignore[call-overload]
        channel_id = raw[2] if isinstance(raw[2], int) else None
        lang = raw[4] if isinstance(raw[4], str) else None
        thread_id = raw[11] if isinstance(raw[11], int) else None  # where a notice about it reaches the players
        if table_id in broken:
            broken[table_id] = BrokenRow(table_id, channel_id, broken[table_id].reason, lang, thread_id)
            continue
        try:
            numbers = [n for n, _ in seats.get(table_id, [])]
            if numbers != list(range(len(numbers))):
                raise ValueError(f"seats {numbers} are not numbered 0..n-1")
            rows.append(
                TableRow(
                    id=table_id,
                    guild_id=_optional_int(raw[1]),
                    channel_id=_int(raw[2]),
                    host_id=_int(raw[3]),
                    lang=_text(raw[4]),
                    level=_text(raw[5]),
                    status=_text(raw[6]),
                    seed=_text(raw[7]),
                    record=None if raw[8] is None else _text(raw[8]),
                    lobby_message_id=_optional_int(raw[9]),
                    seats=tuple(s for _, s in seats.get(table_id, [])),
                    version=_int(raw[10]),
                    thread_id=_optional_int(raw[11]),
                    use_thread=bool(raw[12]),
                    deadlines=TurnDeadlines(_optional_time(raw[13]), _optional_time(raw[14])),
                )
            )
        except (TypeError, ValueError) as e:
            broken[table_id] = BrokenRow(table_id, channel_id, str(e), lang, thread_id)
    return rows, list(broken.values())


def assemble_finished(
    seat_rows: Sequence[Sequence[object]], table_rows: Sequence[Sequence[object]]
) -> list[FinishedRow]:
    """Rows as read -> FinishedRow, in the order of `table_rows`.

    seat_rows: (table_id, seat, user_id, name, level) by table and seat; table_rows: (id, guild_id,
    channel_id, thread_id, host_id, lang, level, seed, record, updated_at, use_thread)."""
    seats: dict[int, list[SeatRow]] = {}
    for table_id, _, user_id, name, level in seat_rows:
        row = SeatRow(_optional_int(user_id), _text(name), None if level is None else _text(level))
        seats.setdefault(_int(table_id), []).append(row)
    return [
        FinishedRow(
            id=_int(raw[0]),
            guild_id=_optional_int(raw[1]),
            channel_id=_int(raw[2]),
            thread_id=_optional_int(raw[3]),
            host_id=_int(raw[4]),
            lang=_text(raw[5]),
            level=_text(raw[6]),
            seed=_text(raw[7]),
            record=_text(raw[8]),
            seats=tuple(seats.get(_int(raw[0]), ())),
            finished_at=float(raw[9]),  # type: ignore[arg-type]
            use_thread=bool(raw[10]),
        )
        for raw in table_rows
    ]


def _int(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, found {value!r}")
    return value


def _optional_time(value: object) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float):
        raise TypeError(f"expected a time, found {value!r}")
    return float(value)  # type: ignore[arg-type]


def _optional_int(value: object) -> int | None:
    return None if value is None else _int(value)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, found {value!r}")
    return value
