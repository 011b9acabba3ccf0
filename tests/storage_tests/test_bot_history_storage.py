"""Storage on both backends, migration 3: the thread a match is played in, finished matches for
/five-up history and Rematch, and each player's ping setting."""

from __future__ import annotations

from support.storage_raw import Backend, Raw

from bot.storage import COPY_COLUMNS, ResultRow, SeatRow, Storage

pytest_plugins = ["support.storage_backends"]

SEATS = (SeatRow(11, "Ana"), SeatRow(None, "Computer 1", "hard"), SeatRow(12, "Bo"))
BIG = 1_234_567_890_123_456_789  # a Discord snowflake needs 64 bits


async def _finished(storage: Storage, channel_id: int, guild_id: int | None, record: str, thread: int | None) -> int:
    table_id = await storage.create_table(
        guild_id=guild_id, channel_id=channel_id, host_id=11, lang="ko", level="easy", seed="s1", seats=SEATS
    )
    await storage.start_match(table_id, SEATS, "{}", thread_id=thread)
    await storage.finish_match(table_id, guild_id, record, [ResultRow(0, 11, "Ana", True, 61)])
    return table_id


async def test_the_thread_of_a_match_is_kept_and_restored(storage: Storage) -> None:
    table_id = await storage.create_table(
        guild_id=9, channel_id=100, host_id=11, lang="en", level="normal", seed="s", seats=SEATS
    )
    in_channel = await storage.create_table(
        guild_id=9, channel_id=101, host_id=11, lang="en", level="normal", seed="s", seats=SEATS, use_thread=False
    )
    rows, _ = await storage.open_tables()
    assert [(r.thread_id, r.use_thread) for r in rows] == [(None, True), (None, False)]
    await storage.start_match(table_id, SEATS, '{"r": 1}', thread_id=BIG)
    await storage.start_match(in_channel, SEATS, '{"r": 2}')
    rows, _ = await storage.open_tables()
    assert [(r.id, r.status, r.thread_id, r.record) for r in rows] == [
        (table_id, "playing", BIG, '{"r": 1}'),
        (in_channel, "playing", None, '{"r": 2}'),
    ]


async def test_finished_matches_newest_first_per_server(storage: Storage) -> None:
    first = await _finished(storage, 100, 9, '{"first": 1}', BIG)
    await _finished(storage, 200, 8, '{"elsewhere": 1}', None)
    second = await _finished(storage, 100, 9, '{"second": 1}', None)
    open_one = await storage.create_table(
        guild_id=9, channel_id=100, host_id=11, lang="en", level="normal", seed="s", seats=SEATS
    )
    found = await storage.finished_matches(9)
    assert [m.id for m in found] == [second, first]  # the open table is not listed, nor the other server's
    latest, earlier = found
    assert latest.finished_at >= earlier.finished_at
    assert earlier.record == '{"first": 1}' and earlier.thread_id == BIG and earlier.seats == SEATS
    assert (earlier.lang, earlier.level, earlier.seed, earlier.host_id, earlier.channel_id) == (
        "ko",
        "easy",
        "s1",
        11,
        100,
    )
    assert [m.id for m in await storage.finished_matches(9, limit=1)] == [second]
    assert await storage.finished_match(first) == earlier
    assert await storage.finished_match(open_one) is None  # not finished
    assert await storage.finished_match(999) is None
    assert await storage.finished_matches(None) == []


async def test_ping_settings_are_stored_per_user(backend: Backend, target: str) -> None:
    storage = await backend.open(target)
    assert await storage.ping_off([11, BIG]) == set()  # everyone is mentioned until they say otherwise
    await storage.set_ping(BIG, False)
    await storage.set_ping(11, False)
    await storage.set_ping(11, True)
    assert await storage.ping_off([11, BIG, 13]) == {BIG}
    assert await storage.ping_off([]) == set()
    assert (await storage.count_rows())["player_settings"] == 2
    await storage.close()
    again = await backend.open(target)  # kept across a restart
    assert await again.ping_off([11, BIG]) == {BIG}
    await again.close()
    async with Raw(target) as raw:
        assert len(await raw.fetch("SELECT user_id FROM player_settings")) == 2
    assert COPY_COLUMNS["player_settings"] == ("user_id", "ping", "away_until", "dm_reminders")
