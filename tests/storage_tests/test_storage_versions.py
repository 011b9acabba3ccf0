"""No double writers: every write of a live table states the version it expects, on both backends."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from support.storage_raw import Backend, Raw

from bot.storage import NEW_TABLE_VERSION, ResultRow, SeatRow, Storage, TableMovedOnError

pytest_plugins = ["support.storage_backends"]

SEATS = (SeatRow(11, "Ana"), SeatRow(12, "Bo"))
Write = Callable[[Storage, int, int | None], Awaitable[int]]

# every write of a live table, each called with (table id, expected version)
WRITES: dict[str, Write] = {
    "save_seats": lambda s, t, v: s.save_seats(t, (*SEATS, SeatRow(None, "Computer 1", "easy")), expected_version=v),
    "set_lobby_message": lambda s, t, v: s.set_lobby_message(t, 777, expected_version=v),
    "start_match": lambda s, t, v: s.start_match(t, SEATS, '{"r": "start"}', expected_version=v),
    "save_record": lambda s, t, v: s.save_record(t, '{"r": "next"}', expected_version=v),
    "finish_match": lambda s, t, v: s.finish_match(
        t, 9, '{"r": "end"}', [ResultRow(0, 11, "Ana", True, 61), ResultRow(1, 12, "Bo", False, 20)], expected_version=v
    ),
    "close_table": lambda s, t, v: s.close_table(t, "ended", expected_version=v),
}


async def _playing(storage: Storage) -> tuple[int, int]:
    """A match in progress with one placement saved: (table id, its version)."""
    table_id = await storage.create_table(
        guild_id=9, channel_id=100, host_id=11, lang="en", level="normal", seed="s", seats=SEATS
    )
    await storage.start_match(table_id, SEATS, '{"r": 1}', expected_version=NEW_TABLE_VERSION)
    version = await storage.save_record(table_id, '{"r": 2}', expected_version=NEW_TABLE_VERSION + 1)
    return table_id, version


async def test_a_new_table_is_at_the_first_version_and_every_write_adds_one(storage: Storage) -> None:
    table_id = await storage.create_table(
        guild_id=9, channel_id=100, host_id=11, lang="en", level="normal", seed="s", seats=SEATS
    )
    (row,), _ = await storage.open_tables()
    assert row.version == NEW_TABLE_VERSION
    version = row.version
    for name in ("save_seats", "set_lobby_message", "start_match", "save_record", "finish_match"):
        new = await WRITES[name](storage, table_id, version)
        assert new == version + 1, name
        version = new
        rows, _ = await storage.open_tables()
        assert [r.version for r in rows] == ([version] if name != "finish_match" else []), name


@pytest.mark.parametrize("name", list(WRITES))
async def test_a_stale_write_is_refused_and_changes_nothing(storage: Storage, target: str, name: str) -> None:
    table_id, version = await _playing(storage)
    async with Raw(target) as raw:
        before = await raw.dump()
    for stale in (version - 1, version + 1, NEW_TABLE_VERSION):
        with pytest.raises(TableMovedOnError) as refused:
            await WRITES[name](storage, table_id, stale)
        assert refused.value.table_id == table_id and refused.value.expected_version == stale
    async with Raw(target) as raw:
        assert await raw.dump() == before  # not the seats, not the record, not the time of the last write
    assert await WRITES[name](storage, table_id, version) == version + 1  # the up-to-date writer goes on


async def test_two_writers_of_one_table_cannot_both_win(backend: Backend, target: str) -> None:
    """Two processes that both restored the table: the first write wins, the second is refused."""
    first, second = await backend.open(target), await backend.open(target)
    try:
        table_id, version = await _playing(first)
        (theirs,), _ = await second.open_tables()
        assert theirs.version == version
        assert await first.save_record(table_id, '{"r": "first"}', expected_version=version) == version + 1
        with pytest.raises(TableMovedOnError):
            await second.save_record(table_id, '{"r": "second"}', expected_version=theirs.version)
        assert await second.table_record(table_id) == '{"r": "first"}'
    finally:
        await first.close()
        await second.close()


async def test_unchecked_writes_still_count_versions(storage: Storage) -> None:
    table_id, version = await _playing(storage)
    assert await storage.save_record(table_id, '{"r": 3}') == version + 1
    with pytest.raises(TableMovedOnError):  # a writer that saw `version` has been overtaken
        await storage.save_record(table_id, '{"r": 4}', expected_version=version)
    assert await storage.table_record(table_id) == '{"r": 3}'


async def test_a_write_of_a_table_that_is_not_there_is_refused(storage: Storage) -> None:
    for name, write in WRITES.items():
        with pytest.raises(TableMovedOnError):
            await write(storage, 424242, None)
        with pytest.raises(TableMovedOnError):
            await write(storage, 424242, 0)
        assert await storage.table_record(424242) is None, name
