"""A table's turn clock in storage, on both backends: written with the match's start and every
placement, changed alone when the reminder is given (a version-checked write like every other),
read back with the open tables, and carried by `python -m bot.storage copy`."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.storage_raw import Backend

from bot.storage import NO_DEADLINES, SeatRow, Storage, TableMovedOnError, TurnDeadlines, open_storage

pytest_plugins = ["support.storage_backends"]

SEATS = (SeatRow(11, "Ana"), SeatRow(12, "Bo"))


async def _open_row(storage: Storage, table_id: int) -> TurnDeadlines:
    found, broken = await storage.open_tables()
    assert broken == []
    (row,) = [r for r in found if r.id == table_id]
    return row.deadlines


async def test_the_turn_clock_is_kept_with_the_table(target: str) -> None:
    storage = await open_storage(target)
    try:
        table_id = await storage.create_table(
            guild_id=9, channel_id=100, host_id=11, lang="en", level="normal", seed="s", seats=SEATS
        )
        assert await _open_row(storage, table_id) == NO_DEADLINES  # a lobby has no clock
        first = TurnDeadlines(1000.25, 1300.5)
        version = await storage.start_match(table_id, SEATS, "{}", 0, deadlines=first)
        assert await _open_row(storage, table_id) == first
        reminded = TurnDeadlines(None, 1300.5)
        version = await storage.save_deadlines(table_id, reminded, version)
        assert await _open_row(storage, table_id) == reminded
        with pytest.raises(TableMovedOnError):  # version-checked: a stale writer changes nothing
            await storage.save_deadlines(table_id, first, version - 1)
        assert await _open_row(storage, table_id) == reminded
        nxt = TurnDeadlines(2000.0, 2300.0)
        version = await storage.save_record(table_id, "{}", version, deadlines=nxt)
        assert await _open_row(storage, table_id) == nxt
        await storage.save_record(table_id, "{}", version)  # a computer to move: no clock
        assert await _open_row(storage, table_id) == NO_DEADLINES
    finally:
        await storage.close()


async def test_the_copy_carries_the_turn_clock(tmp_path: Path, postgres_backend: Backend) -> None:
    source = await open_storage(tmp_path / "five_up.sqlite3")
    target = await postgres_backend.target()
    destination = await open_storage(target)
    try:
        table_id = await source.create_table(
            guild_id=9, channel_id=100, host_id=11, lang="en", level="normal", seed="s", seats=SEATS
        )
        clock = TurnDeadlines(1234.5, 1534.5)
        await source.start_match(table_id, SEATS, "{}", 0, deadlines=clock)
        counts = await source.count_rows()
        await destination.import_rows(source, replace=False, expected=counts)
        assert await _open_row(destination, table_id) == clock
    finally:
        await source.close()
        await destination.close()
