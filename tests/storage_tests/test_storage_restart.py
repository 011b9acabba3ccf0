"""PostgreSQL going away under the bot: the write in flight fails typed, nothing half-applied, the next call works.

These tests crash and restart the run's crash server (conftest.py), not the one every other test uses.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest
from support.pg_server import PostgresServer
from support.storage_raw import Backend
from support.waiting import settling

from bot.storage import PostgresStorage, ResultRow, SeatRow, Storage, StorageUnavailableError, open_storage

SEATS = (SeatRow(11, "Ana"), SeatRow(12, "Bo"))
POLLS = 12_000  # looks at the server's activity, 10 ms apart: only a hung statement is not seen waiting by then


@pytest.fixture
def server(crash_server_up: PostgresServer) -> PostgresServer:
    return crash_server_up


@pytest.fixture
async def url(server: PostgresServer) -> str:
    # not dropped after the test: on this durable server a DROP DATABASE waits for a checkpoint
    return await Backend("postgres", Path(), server).target()  # a new empty database on it


@pytest.fixture
async def storage(url: str) -> AsyncIterator[Storage]:
    opened = await open_storage(url)
    assert isinstance(opened, PostgresStorage)
    yield opened
    await opened.close()


async def _playing(storage: Storage) -> tuple[int, int]:
    table_id = await storage.create_table(
        guild_id=9, channel_id=100, host_id=11, lang="en", level="normal", seed="s", seats=SEATS
    )
    await storage.start_match(table_id, SEATS, '{"move": 0}')
    version = await storage.save_record(table_id, '{"move": 1}')
    return table_id, version


async def _blocked(url: str, what: str) -> None:
    """Wait until a statement containing `what` is waiting for a lock."""
    con = await asyncpg.connect(url)
    try:
        for _ in range(POLLS):
            waiting = await con.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1",
                f"%{what}%",
            )
            if waiting:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"no statement with {what!r} ever waited")
    finally:
        await con.close()


async def _state(storage: Storage, table_id: int) -> tuple[str | None, int, list[object]]:
    (row,), _ = await storage.open_tables()
    assert row.id == table_id
    return row.record, row.version, [p.name for p in await storage.leaderboard(9)]


async def test_a_crash_under_a_write_costs_that_write_and_the_next_call_works(
    server: PostgresServer, url: str, storage: Storage
) -> None:
    table_id, version = await _playing(storage)
    holder = await asyncpg.connect(url)  # another session holds the row, so the write waits inside its transaction
    hold = holder.transaction()
    await hold.start()
    await holder.execute("SELECT id FROM tables WHERE id = $1 FOR UPDATE", table_id)
    write = asyncio.create_task(storage.save_record(table_id, '{"move": 2}', expected_version=version))
    await _blocked(url, "UPDATE tables")
    await asyncio.to_thread(server.crash)
    with pytest.raises(StorageUnavailableError):
        await write
    holder.terminate()
    await asyncio.to_thread(server.start_again)

    assert await _state(storage, table_id) == ('{"move": 1}', version, [])  # the earlier move is there, not this one
    assert await storage.save_record(table_id, '{"move": 2}', expected_version=version) == version + 1


async def test_a_finish_cut_short_leaves_no_half_of_it(server: PostgresServer, url: str, storage: Storage) -> None:
    """The finish's UPDATE has run, its results are waiting: a crash then leaves the match as it was."""
    table_id, version = await _playing(storage)
    holder = await asyncpg.connect(url)
    hold = holder.transaction()
    await hold.start()  # an uncommitted result for seat 0 makes the finish's INSERT wait on the key
    await holder.execute(
        "INSERT INTO results VALUES ($1, 0, 9, 11, 'Ana', true, 61, 0)", table_id
    )  # fmt: skip
    finish = asyncio.create_task(
        storage.finish_match(
            table_id, 9, '{"move": "end"}', [ResultRow(0, 11, "Ana", True, 61), ResultRow(1, 12, "Bo", False, 9)],
            expected_version=version,
        )
    )  # fmt: skip
    await _blocked(url, "INSERT INTO results")
    await asyncio.to_thread(server.crash)
    with pytest.raises(StorageUnavailableError):
        await finish
    holder.terminate()
    await asyncio.to_thread(server.start_again)

    record, now, board = await _state(storage, table_id)
    assert (record, now, board) == ('{"move": 1}', version, [])  # still playing, no result, same version
    await storage.finish_match(table_id, 9, "{}", [ResultRow(0, 11, "Ana", True, 61)], expected_version=version)
    assert [p.name for p in await storage.leaderboard(9)] == ["Ana"]


async def test_a_write_while_the_server_is_down_fails_typed_then_works_again(
    server: PostgresServer, storage: Storage
) -> None:
    table_id, version = await _playing(storage)
    await asyncio.to_thread(server.crash)
    for _ in range(2):  # as often as it is tried: a clear failure, at once
        with pytest.raises(StorageUnavailableError):
            await storage.save_record(table_id, '{"move": 2}', expected_version=version)
    with pytest.raises(StorageUnavailableError):
        await storage.open_tables()
    await asyncio.to_thread(server.start_again)
    assert await storage.save_record(table_id, '{"move": 2}', expected_version=version) == version + 1


async def test_a_clean_restart_between_calls_is_not_noticed(server: PostgresServer, storage: Storage) -> None:
    table_id, version = await _playing(storage)
    await asyncio.to_thread(server.restart)
    async with settling() as settle:  # the pool's idle connections hear the server's goodbye (on their sockets)
        await settle()
    assert await storage.save_record(table_id, '{"move": 2}', expected_version=version) == version + 1


async def test_opening_with_no_server_fails_typed(tmp_path: Path) -> None:
    """No server behind the socket folder (a crashed one leaves none there either)."""
    with pytest.raises(StorageUnavailableError, match="cannot connect"):
        await open_storage(f"postgresql://postgres@/five_up?host={tmp_path}")
