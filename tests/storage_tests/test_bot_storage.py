"""Storage on both backends: migrations, many tables per channel (one match in the channel itself), results
and stats, and unreadable rows."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest
from support.storage_raw import Backend, Raw, table_status

from bot.storage import (
    MIGRATIONS,
    SCHEMA_VERSION,
    ChannelBusyError,
    PostgresStorage,
    ResultRow,
    SeatRow,
    SqliteStorage,
    Storage,
    open_storage,
)

pytest_plugins = ["support.storage_backends"]

SEATS = (SeatRow(11, "Ana"), SeatRow(None, "Computer 1", "hard"))


async def _table(storage: Storage, channel_id: int = 100, guild_id: int | None = 9) -> int:
    return await storage.create_table(
        guild_id=guild_id, channel_id=channel_id, host_id=11, lang="en", level="normal", seed="s", seats=SEATS
    )


async def _names(raw: Raw) -> set[str]:
    if raw.postgres:
        rows = await raw.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    else:
        rows = await raw.fetch("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {str(r[0]) for r in rows}


async def test_the_target_picks_the_backend(backend: Backend, target: str) -> None:
    storage = await open_storage(target)
    await storage.close()
    assert type(storage) is (PostgresStorage if backend.kind == "postgres" else SqliteStorage)
    if backend.kind == "postgres":  # the short scheme too
        short = await open_storage(target.replace("postgresql://", "postgres://", 1))
        assert type(short) is PostgresStorage and await short.schema_version() == SCHEMA_VERSION
        await short.close()


async def test_processes_starting_together_migrate_once(postgres_backend: Backend) -> None:
    target = await postgres_backend.target()
    opened = await asyncio.gather(*(open_storage(target) for _ in range(4)))
    assert [await s.schema_version() for s in opened] == [SCHEMA_VERSION] * 4
    for s in opened:
        await s.close()
    async with Raw(target) as raw:
        assert await raw.fetch("SELECT version FROM schema_version ORDER BY version") == [
            (n,) for n in range(1, SCHEMA_VERSION + 1)
        ]


async def test_a_new_database_gets_every_migration_once(backend: Backend, target: str) -> None:
    storage = await backend.open(target)
    assert await storage.schema_version() == SCHEMA_VERSION == len(MIGRATIONS) == MIGRATIONS[-1].number
    await _table(storage)
    await storage.close()
    again = await backend.open(target)  # reopening migrates nothing and keeps the data
    rows, broken = await again.open_tables()
    assert await again.schema_version() == SCHEMA_VERSION
    await again.close()
    assert [r.channel_id for r in rows] == [100] and broken == []
    async with Raw(target) as raw:
        if backend.kind == "sqlite":
            assert await raw.value("PRAGMA journal_mode") == "wal"
        else:  # one row per migration applied
            assert await raw.fetch("SELECT version FROM schema_version ORDER BY version") == [
                (n,) for n in range(1, SCHEMA_VERSION + 1)
            ]


async def test_a_failing_migration_leaves_the_database_as_it_was(backend: Backend, target: str) -> None:
    async with Raw(target) as raw:  # a clash with the migration's third statement
        await raw.execute("CREATE TABLE seats (x INTEGER)")
    failure = asyncpg.DuplicateTableError if backend.kind == "postgres" else sqlite3.OperationalError
    with pytest.raises(failure):
        await backend.open(target)
    async with Raw(target) as raw:
        assert await _names(raw) == {"seats"}  # "tables" (and schema_version) were rolled back with the rest
        if backend.kind == "sqlite":
            assert await raw.value("PRAGMA user_version") == 0


async def test_a_newer_schema_is_refused(backend: Backend, target: str) -> None:
    async with Raw(target) as raw:
        if backend.kind == "sqlite":
            await raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        else:
            await raw.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at FLOAT NOT NULL)")
            await raw.execute("INSERT INTO schema_version VALUES (?, 0)", SCHEMA_VERSION + 1)
    with pytest.raises(RuntimeError, match="newer"):
        await backend.open(target)


async def test_a_version_1_sqlite_file_moves_to_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # a file written by the bot before migration 2
        for statement in MIGRATIONS[0].for_dialect("sqlite"):
            db.execute(statement)
        db.execute("PRAGMA user_version = 1")
        db.execute(
            "INSERT INTO tables (id, guild_id, channel_id, host_id, lang, level, status, seed, record, created_at,"
            " updated_at) VALUES (7, 9, 100, 11, 'en', 'normal', 'playing', 's', '{\"r\": 1}', 1, 1)"
        )
        db.execute("INSERT INTO seats VALUES (7, 0, 11, 'Ana', NULL), (7, 1, 12, 'Bo', NULL)")
    storage = await open_storage(path)
    (row,), broken = await storage.open_tables()
    assert await storage.schema_version() == SCHEMA_VERSION and broken == []
    assert (row.id, row.record, row.version) == (7, '{"r": 1}', 0)
    assert await storage.save_record(7, '{"r": 2}', expected_version=0) == 1
    await storage.close()


async def test_a_channel_holds_many_tables_and_one_match_played_in_the_channel_itself(storage: Storage) -> None:
    lobbies = [await _table(storage) for _ in range(3)]  # three lobbies in one channel
    await storage.start_match(lobbies[0], SEATS, "{}", thread_id=500)  # matches in threads of their own
    await storage.start_match(lobbies[1], SEATS, "{}", thread_id=501)
    in_channel = await _table(storage)
    await storage.start_match(in_channel, SEATS, "{}")  # one match played in the channel itself
    with pytest.raises(ChannelBusyError):
        await storage.start_match(lobbies[2], SEATS, "{}", expected_version=0)  # not a second one
    assert await storage.start_match(lobbies[2], SEATS, "{}", expected_version=0, thread_id=502) == 1  # unchanged
    await _table(storage, channel_id=101)
    other = await _table(storage, channel_id=101)
    await storage.start_match(other, SEATS, "{}")  # another channel's own match is fine
    await storage.close_table(in_channel, "test")
    again = await _table(storage)
    await storage.start_match(again, SEATS, "{}")  # a closed match frees the channel itself
    rows, _ = await storage.open_tables()
    assert sorted(r.channel_id for r in rows) == [100] * 4 + [101] * 2
    assert sorted(r.thread_id or 0 for r in rows if r.status == "playing") == [0, 0, 500, 501, 502]


async def test_a_lobby_keeps_when_it_closes_itself(storage: Storage) -> None:
    lobby = await storage.create_table(
        guild_id=9, channel_id=100, host_id=11, lang="en", level="normal", seed="s", seats=SEATS, closes_at=1800.5
    )
    (row,), _ = await storage.open_tables()
    assert (row.deadlines.take_over_at, row.deadlines.wake_at) == (1800.5, 1800.5)
    assert await storage.due_tables(1800.0, 10) == [] and await storage.next_wake() == 1800.5
    assert await storage.due_tables(1800.5, 10) == [lobby]
    await storage.start_match(lobby, SEATS, "{}", thread_id=500)  # its match's clock replaces it
    assert await storage.next_wake() is None


async def test_seats_and_records_round_trip(storage: Storage) -> None:
    table_id = await _table(storage)
    seats = (*SEATS, SeatRow(12, "Bo"))
    await storage.start_match(table_id, seats, '{"r": 1}')
    await storage.save_record(table_id, '{"r": 2}')
    await storage.set_lobby_message(table_id, 555)
    (row,), broken = await storage.open_tables()
    assert broken == []
    assert row.status == "playing" and row.record == '{"r": 2}' and row.lobby_message_id == 555
    assert row.seats == seats and row.guild_id == 9 and row.seed == "s"
    assert await storage.table_record(table_id) == '{"r": 2}' and await storage.table_record(999) is None


async def test_big_discord_ids_round_trip(storage: Storage) -> None:
    big = 2**63 - 1  # snowflakes are 64-bit
    table_id = await storage.create_table(
        guild_id=big, channel_id=big - 1, host_id=big - 2, lang="ko", level="hard", seed="s", seats=[SeatRow(big, "A")]
    )
    await storage.set_lobby_message(table_id, big - 3)
    (row,), _ = await storage.open_tables()
    assert (row.guild_id, row.channel_id, row.host_id, row.lobby_message_id) == (big, big - 1, big - 2, big - 3)
    assert row.seats == (SeatRow(big, "A"),)


async def test_finished_matches_feed_the_stats(backend: Backend, target: str) -> None:
    storage = await backend.open(target)
    for n, (ana_won, points) in enumerate([(True, 61), (False, 40), (True, 61)]):
        table_id = await _table(storage, channel_id=200 + n)
        rows = [ResultRow(0, 11, "Ana", ana_won, points), ResultRow(1, 12, "Bo", not ana_won, 30 + n)]
        await storage.finish_match(table_id, 9, "{}", rows)
    elsewhere = await _table(storage, channel_id=300, guild_id=8)
    await storage.finish_match(elsewhere, 8, "{}", [ResultRow(0, 12, "Bo", True, 61)])
    nowhere = await _table(storage, channel_id=301, guild_id=None)  # a direct message has no guild
    await storage.finish_match(nowhere, None, "{}", [ResultRow(0, 13, "Cy", True, 61)])
    board = await storage.leaderboard(9)
    ana = await storage.player_stats(9, 11)
    nobody = await storage.player_stats(9, 99)
    direct = await storage.leaderboard(None)
    await storage.close()
    assert await table_status(target, elsewhere) == "over"
    assert [(p.name, p.matches, p.wins) for p in board] == [("Ana", 3, 2), ("Bo", 3, 1)]
    assert ana is not None and ana.average_points == pytest.approx(54.0) and ana.name == "Ana"
    assert nobody is None
    assert [(p.name, p.matches, p.wins, p.average_points) for p in direct] == [("Cy", 1, 1, 61.0)]


async def test_a_finished_match_with_a_clashing_result_writes_nothing(storage: Storage, target: str) -> None:
    table_id = await _table(storage)
    await storage.start_match(table_id, SEATS, '{"r": 1}')
    twice = [ResultRow(0, 11, "Ana", True, 61), ResultRow(0, 12, "Bo", False, 3)]  # seat 0 twice
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        await storage.finish_match(table_id, 9, '{"r": 9}', twice)
    assert await table_status(target, table_id) == "playing"
    assert await storage.table_record(table_id) == '{"r": 1}'
    assert await storage.leaderboard(9) == []


async def test_unreadable_rows_are_reported_and_the_others_load(backend: Backend, target: str) -> None:
    storage = await backend.open(target)
    good = await _table(storage, channel_id=1)
    gap = await _table(storage, channel_id=4)
    bad_json = await _table(storage, channel_id=5)
    await storage.start_match(bad_json, SEATS, '{"format": "exact61-record/1", "pl')  # cut short
    bad_seat = bad_channel = None
    if backend.kind == "sqlite":  # SQLite stores any value in any column; PostgreSQL's types refuse these
        bad_seat = await _table(storage, channel_id=2)
        bad_channel = await _table(storage, channel_id=3)
    await storage.close()
    async with Raw(target) as raw:
        await raw.execute("UPDATE seats SET seat = 5 WHERE table_id = ? AND seat = 1", gap)
        if backend.kind == "sqlite":
            await raw.execute("UPDATE seats SET user_id = 'eleven' WHERE table_id = ? AND seat = 0", bad_seat)
            await raw.execute("UPDATE tables SET channel_id = 'three' WHERE id = ?", bad_channel)
    storage = await backend.open(target)
    rows, broken = await storage.open_tables()
    await storage.close()
    # a record that is not JSON comes back as it is: the game manager closes it when Match.restore fails
    assert [r.id for r in rows] == [good, bad_json]
    assert rows[1].record == '{"format": "exact61-record/1", "pl'
    expected = {gap: 4} if backend.kind == "postgres" else {bad_seat: 2, bad_channel: None, gap: 4}
    assert {b.id: b.channel_id for b in broken} == expected
    assert all(b.reason and b.lang == "en" for b in broken)
