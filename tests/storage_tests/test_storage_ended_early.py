"""Storage on both backends, migration 7: a match ended with `/five-up end` is kept as over with its
record so far and marked as ended early (the record's `ending` says so too; storage reads the mark); it
has no results, so the stats do not count it, and it is noted as not rated; the mark survives a copy
and a database from before the migration reads its matches as played to their end."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.storage_raw import Backend, Raw

import bot.storage.sql_storage
from bot.storage import COPY_COLUMNS, MIGRATIONS, SCHEMA_VERSION, ResultRow, SeatRow, Storage, open_storage
from bot.storage.copy import copy_database

pytest_plugins = ["support.storage_backends"]

SEATS = (SeatRow(11, "Ana"), SeatRow(12, "Bo"))
BEFORE_ENDED_EARLY = 6  # the schema before 0007_ended_early.sql


async def _played(storage: Storage, channel_id: int) -> tuple[int, int]:
    table_id = await storage.create_table(
        guild_id=9, channel_id=channel_id, host_id=11, lang="ko", level="normal", seed="s", seats=SEATS
    )
    version = await storage.start_match(table_id, SEATS, '{"r": 0}', thread_id=channel_id + 1)
    version = await storage.save_record(table_id, '{"r": 1}', version)
    return table_id, version


async def test_an_ended_match_is_kept_with_its_record_and_its_mark(storage: Storage) -> None:
    ended, version = await _played(storage, 100)
    await storage.finish_match(ended, 9, '{"r": "so far"}', [], version, ended_early=True)
    await storage.skip_rating(ended, 9)
    played, version = await _played(storage, 200)
    results = [ResultRow(0, 11, "Ana", True, 61), ResultRow(1, 12, "Bo", False, 30)]
    await storage.finish_match(played, 9, '{"r": "end"}', results, version)

    assert await storage.open_table(ended) is None  # no longer open: over
    row = await storage.finished_match(ended)
    assert row is not None and row.ended_early and row.record == '{"r": "so far"}' and row.seats == SEATS
    full = await storage.finished_match(played)
    assert full is not None and not full.ended_early
    assert {m.id: m.ended_early for m in await storage.finished_matches(9)} == {ended: True, played: False}
    ana = await storage.player_stats(9, 11)  # the stats count the match played to its end only
    assert ana is not None and (ana.matches, ana.wins) == (1, 1)
    assert {m.table_id: m.rated for m in await storage.rated_matches(9)} == {ended: False, played: None}


async def test_the_mark_travels_with_a_copy(storage: Storage, target: str, tmp_path: Path) -> None:
    assert "ended_early" in COPY_COLUMNS["tables"]
    ended, version = await _played(storage, 100)
    await storage.finish_match(ended, 9, '{"r": "so far"}', [], version, ended_early=True)
    await storage.close()
    copy = str(tmp_path / "copied.sqlite3")
    await copy_database(target, copy)
    copied = await open_storage(copy)
    try:
        row = await copied.finished_match(ended)
        assert row is not None and row.ended_early and row.record == '{"r": "so far"}'
    finally:
        await copied.close()


async def test_a_database_before_the_mark_reads_its_matches_as_played_out(
    backend: Backend, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as at_six:
        at_six.setattr(bot.storage.sql_storage, "MIGRATIONS", MIGRATIONS[:BEFORE_ENDED_EARLY])
        at_six.setattr(bot.storage.sql_storage, "SCHEMA_VERSION", BEFORE_ENDED_EARLY)
        storage = await backend.open(target)
        assert await storage.schema_version() == BEFORE_ENDED_EARLY
        await storage.close()
    async with Raw(target) as raw:
        await raw.execute(
            "INSERT INTO tables (id, guild_id, channel_id, host_id, lang, level, status, seed, record, created_at,"
            " updated_at, version) VALUES (8, 9, 100, 11, 'es', 'normal', 'over', 's', '{}', 1, 2, 3)"
        )
        await raw.execute("INSERT INTO seats VALUES (8, 0, 11, 'Ana', NULL), (8, 1, 12, 'Bo', NULL)")
    storage = await backend.open(target)
    try:
        assert await storage.schema_version() == SCHEMA_VERSION
        row = await storage.finished_match(8)
        assert row is not None and not row.ended_early and row.seats == SEATS
    finally:
        await storage.close()
