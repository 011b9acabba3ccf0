"""The queries that write a table's life, lobby to close: each one transaction, checked against the table's version.
A move's public post goes into the outbox in the move's own transaction (outbox_queries.py).

Written once for both backends (`?` placeholders); see interface.py for what `expected_version` promises.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..model.posts import Post
from .backend_hooks import BackendHooks
from .dialect import Session, whole
from .outbox_queries import insert_post
from .rows import NO_DEADLINES, ResultRow, SeatRow, TurnDeadlines
from .storage_errors import ChannelBusyError, TableMovedOnError


class TableWriteQueries(BackendHooks):
    """Create, seat, start, save, finish and close a table."""

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
        pace: str = "live",
        on_timeout: str = "computer",
        rated: bool = True,
        quiet: bool = False,
        closes_at: float | None = None,
    ) -> int:
        now = time.time()
        async with self._transaction() as session:
            table_id = await session.fetchval(
                "INSERT INTO tables (guild_id, channel_id, host_id, lang, level, status, seed, created_at,"
                " updated_at, use_thread, pace, on_timeout, rated, quiet, take_over_at, wake_at)"
                " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                guild_id,
                channel_id,
                host_id,
                lang,
                level,
                seed,
                now,
                now,
                use_thread,
                pace,
                on_timeout,
                rated,
                quiet,
                closes_at,
                closes_at,
            )
            assert isinstance(table_id, int)
            await _write_seats(session, table_id, seats)
        return table_id

    async def save_seats(
        self,
        table_id: int,
        seats: Sequence[SeatRow],
        expected_version: int | None = None,
        *,
        host_id: int | None = None,
    ) -> int:
        async with self._transaction() as session:
            if host_id is None:
                version = await _step(session, table_id, expected_version, "")
            else:
                version = await _step(session, table_id, expected_version, "host_id = ?, ", host_id)
            await _write_seats(session, table_id, seats)
        return version

    async def set_lobby_message(
        self, table_id: int, message_id: int | None, expected_version: int | None = None
    ) -> int:
        async with self._transaction() as session:
            return await _step(session, table_id, expected_version, "lobby_message_id = ?, ", message_id)

    async def start_match(
        self,
        table_id: int,
        seats: Sequence[SeatRow],
        record: str,
        expected_version: int | None = None,
        *,
        thread_id: int | None = None,
        deadlines: TurnDeadlines = NO_DEADLINES,
        post: Post | None = None,
    ) -> int:
        try:
            async with self._transaction() as session:
                assignments = f"status = 'playing', record = ?, thread_id = ?, {_CLOCK}"
                clock = _clock(deadlines)
                version = await _step(session, table_id, expected_version, assignments, record, thread_id, *clock)
                await _write_seats(session, table_id, seats)
                if post is not None:
                    await insert_post(session, table_id, version, post)
        except Exception as e:
            if self._is_channel_busy(e):
                raise ChannelBusyError(table_id) from None
            raise
        return version

    async def save_record(
        self,
        table_id: int,
        record: str,
        expected_version: int | None = None,
        *,
        deadlines: TurnDeadlines = NO_DEADLINES,
        post: Post | None = None,
    ) -> int:
        async with self._transaction() as session:
            assignments = f"record = ?, {_CLOCK}"
            version = await _step(session, table_id, expected_version, assignments, record, *_clock(deadlines))
            if post is not None:
                await insert_post(session, table_id, version, post)
        return version

    async def save_deadlines(
        self, table_id: int, deadlines: TurnDeadlines, expected_version: int | None = None, *, post: Post | None = None
    ) -> int:
        async with self._transaction() as session:
            version = await _step(session, table_id, expected_version, _CLOCK, *_clock(deadlines))
            if post is not None:
                await insert_post(session, table_id, version, post)
            return version

    async def finish_match(
        self,
        table_id: int,
        guild_id: int | None,
        record: str,
        results: Sequence[ResultRow],
        expected_version: int | None = None,
        *,
        forfeit_seat: int | None = None,
        ended_early: bool = False,
        post: Post | None = None,
    ) -> int:
        now = time.time()
        async with self._transaction() as session:
            assignments = f"status = 'over', record = ?, forfeit_seat = ?, ended_early = ?, {_STOPPED}"
            version = await _step(session, table_id, expected_version, assignments, record, forfeit_seat, ended_early)
            await session.executemany(
                "INSERT INTO results (table_id, seat, guild_id, user_id, name, won, points, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(table_id, r.seat, guild_id, r.user_id, r.name, bool(r.won), r.points, now) for r in results],
            )
            if post is not None:
                await insert_post(session, table_id, version, post)
        return version

    async def close_table(self, table_id: int, reason: str, expected_version: int | None = None) -> int:
        async with self._transaction() as session:
            assignments = f"status = 'closed', closed_reason = ?, {_STOPPED}"
            return await _step(session, table_id, expected_version, assignments, reason)


# the turn's clock (every column of TurnDeadlines), as _step's assignments; a match over or closed has none to wake
_CLOCK = "remind_at = ?, take_over_at = ?, wake_at = ?, paused_at = ?, to_move = ?, "
_STOPPED = "wake_at = NULL, paused_at = NULL, to_move = NULL, "


def _clock(deadlines: TurnDeadlines) -> tuple[float | None, float | None, float | None, float | None, int | None]:
    return deadlines.remind_at, deadlines.take_over_at, deadlines.wake_at, deadlines.paused_at, deadlines.to_move


async def _write_seats(session: Session, table_id: int, seats: Sequence[SeatRow]) -> None:
    await session.execute("DELETE FROM seats WHERE table_id = ?", table_id)
    await session.executemany(
        "INSERT INTO seats (table_id, seat, user_id, name, level) VALUES (?, ?, ?, ?, ?)",
        [(table_id, i, s.user_id, s.name, s.level) for i, s in enumerate(seats)],
    )


async def _step(session: Session, table_id: int, expected: int | None, assignments: str, *values: object) -> int:
    """UPDATE the row if it is at the expected version, adding one; the first statement of every write.

    `assignments` is empty or ends with ", "; its `?` take `values`."""
    version = await session.fetchval(
        f"UPDATE tables SET {assignments}updated_at = ?, version = version + 1"
        " WHERE id = ? AND (CAST(? AS BIGINT) IS NULL OR version = ?) RETURNING version",
        *values,
        time.time(),
        table_id,
        expected,
        expected,
    )
    if version is None:
        raise TableMovedOnError(table_id, expected)  # the transaction rolls back: nothing changed
    return whole(version)
