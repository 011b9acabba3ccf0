"""SQLite storage: migrations, one open table per channel, results and stats, and unreadable rows."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import (
    MIGRATIONS,
    SCHEMA_VERSION,
    ChannelBusyError,
    ResultRow,
    SeatRow,
    Storage,
)

SEATS = (SeatRow(11, "Ana"), SeatRow(None, "Computer 1", "hard"))


async def _table(storage: Storage, channel_id: int = 100, guild_id: int | None = 9) -> int:
    return await storage.create_table(
        guild_id=guild_id, channel_id=channel_id, host_id=11, lang="en", level="normal", seed="s", seats=SEATS
    )


async def test_a_new_file_gets_every_migration_once(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    storage = await Storage.open(path)
    assert await storage.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
    await _table(storage)
    await storage.close()
    again = await Storage.open(path)  # reopening migrates nothing and keeps the data
    rows, broken = await again.open_tables()
    await again.close()
    assert [r.channel_id for r in rows] == [100] and broken == []
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_failing_migration_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as db:  # a clash with the migration's second statement
        db.execute("CREATE TABLE seats (x)")
    with pytest.raises(sqlite3.OperationalError):
        await Storage.open(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == {"seats"}  # the first statement ("tables") was rolled back with the rest


async def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(RuntimeError, match="newer"):
        await Storage.open(path)


async def test_one_open_table_per_channel(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    first = await _table(storage)
    with pytest.raises(ChannelBusyError):
        await _table(storage)
    await _table(storage, channel_id=101)  # another channel is fine
    await storage.close_table(first, "test")
    await _table(storage)  # a closed table frees its channel
    rows, _ = await storage.open_tables()
    await storage.close()
    assert sorted(r.channel_id for r in rows) == [100, 101]


async def test_seats_and_records_round_trip(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    table_id = await _table(storage)
    seats = (*SEATS, SeatRow(12, "Bo"))
    await storage.start_match(table_id, seats, '{"r": 1}')
    await storage.save_record(table_id, '{"r": 2}')
    await storage.set_lobby_message(table_id, 555)
    (row,), broken = await storage.open_tables()
    await storage.close()
    assert broken == []
    assert row.status == "playing" and row.record == '{"r": 2}' and row.lobby_message_id == 555
    assert row.seats == seats and row.guild_id == 9 and row.seed == "s"


async def test_finished_matches_feed_the_stats(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    for n, (ana_won, points) in enumerate([(True, 61), (False, 40), (True, 61)]):
        table_id = await _table(storage, channel_id=200 + n)
        rows = [ResultRow(0, 11, "Ana", ana_won, points), ResultRow(1, 12, "Bo", not ana_won, 30 + n)]
        await storage.finish_match(table_id, 9, "{}", rows)
    elsewhere = await _table(storage, channel_id=300, guild_id=8)
    await storage.finish_match(elsewhere, 8, "{}", [ResultRow(0, 12, "Bo", True, 61)])
    board = await storage.leaderboard(9)
    ana = await storage.player_stats(9, 11)
    nobody = await storage.player_stats(9, 99)
    assert await storage.table_status(elsewhere) == "over"
    await storage.close()
    assert [(p.name, p.matches, p.wins) for p in board] == [("Ana", 3, 2), ("Bo", 3, 1)]
    assert ana is not None and ana.average_points == pytest.approx(54.0)
    assert nobody is None


async def test_unreadable_rows_are_reported_and_the_others_load(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    storage = await Storage.open(path)
    good = await _table(storage, channel_id=1)
    bad_seat = await _table(storage, channel_id=2)
    bad_channel = await _table(storage, channel_id=3)
    gap = await _table(storage, channel_id=4)
    await storage.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE seats SET user_id = 'eleven' WHERE table_id = ? AND seat = 0", (bad_seat,))
        db.execute("UPDATE tables SET channel_id = 'three' WHERE id = ?", (bad_channel,))
        db.execute("UPDATE seats SET seat = 5 WHERE table_id = ? AND seat = 1", (gap,))
    storage = await Storage.open(path)
    rows, broken = await storage.open_tables()
    await storage.close()
    assert [r.id for r in rows] == [good]
    assert {b.id: b.channel_id for b in broken} == {bad_seat: 2, bad_channel: None, gap: 4}
    assert all(b.reason for b in broken)
