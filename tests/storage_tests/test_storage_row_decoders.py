"""Rows are read by their columns' names: a column added to a query or moved in it shifts no value,
two columns of one name are refused, and a value of the wrong kind is still a BrokenRow with its reason."""

from __future__ import annotations

import pytest
from support.storage_raw import Backend, Raw

from bot.storage import BrokenRow, FinishedRow, RatingRow, SeatRow, TableRow, TurnDeadlines
from bot.storage.dialect import Row, named_rows
from bot.storage.row_decoders import (
    OPEN_TABLE_COLUMNS,
    SEAT_COLUMNS,
    decode_finished,
    decode_open_tables,
    decode_rating,
)
from bot.storage.sql_storage import SqlStorage

pytest_plugins = ["support.storage_backends"]

SEAT = {"table_id": 7, "seat": 0, "user_id": 11, "name": "Ana", "level": None}
TABLE = {
    "id": 7,
    "guild_id": 9,
    "channel_id": 100,
    "host_id": 11,
    "lang": "ko",
    "level": "normal",
    "status": "playing",
    "seed": "s",
    "record": "{}",
    "lobby_message_id": 55,
    "version": 3,
    "thread_id": 66,
    "use_thread": 1,
    "remind_at": 10.5,
    "take_over_at": 20,
    "wake_at": 15.25,
    "paused_at": None,
    "to_move": 11,
    "pace": "1d",
    "on_timeout": "forfeit",
    "rated": 0,
    "last_post_id": 77,
    "quiet": 1,
    "board_message_id": 88,
}
EXPECTED = TableRow(
    id=7,
    guild_id=9,
    channel_id=100,
    host_id=11,
    lang="ko",
    level="normal",
    status="playing",
    seed="s",
    record="{}",
    lobby_message_id=55,
    seats=(SeatRow(11, "Ana"),),
    version=3,
    thread_id=66,
    use_thread=True,
    deadlines=TurnDeadlines(10.5, 20.0, 15.25, None, 11),
    pace="1d",
    on_timeout="forfeit",
    rated=False,
    last_post_id=77,
    quiet=True,
    board_message_id=88,
)


def _reordered(row: Row, extra: dict[str, object]) -> Row:
    """The same columns in the opposite order, with columns the decoder does not read among them."""
    return {**extra, **dict(reversed(list(row.items())))}


def test_the_columns_chosen_are_the_columns_read() -> None:
    assert set(OPEN_TABLE_COLUMNS) == set(TABLE) and set(SEAT_COLUMNS) == set(SEAT)


def test_a_column_moved_or_added_shifts_no_value() -> None:
    assert decode_open_tables([SEAT], [TABLE]) == ([EXPECTED], [])
    seat = _reordered(SEAT, {"points": 61})
    table = _reordered(TABLE, {"closed_reason": "gone", "created_at": 1.0})
    assert decode_open_tables([seat], [table]) == ([EXPECTED], [])


def test_a_value_of_the_wrong_kind_is_a_broken_row_with_its_reason() -> None:
    rows, broken = decode_open_tables([SEAT], [{**TABLE, "host_id": "eleven"}])
    assert rows == [] and broken == [BrokenRow(7, 100, "expected a whole number, found 'eleven'", "ko", 66)]
    rows, broken = decode_open_tables([{**SEAT, "name": 5}], [TABLE])
    assert rows == [] and broken == [BrokenRow(7, 100, "seat 0: expected text, found 5", "ko", 66)]


def test_a_column_the_query_left_out_is_a_mistake_not_a_broken_row() -> None:
    without = {k: v for k, v in TABLE.items() if k != "remind_at"}
    with pytest.raises(KeyError, match="remind_at"):
        decode_open_tables([SEAT], [without])


def test_finished_matches_and_ratings_are_read_by_name() -> None:
    table = {k: TABLE[k] for k in ("id", "guild_id", "channel_id", "thread_id", "host_id", "lang", "level", "seed")}
    finished = {**table, "record": "{}", "updated_at": 99.0, "use_thread": 0, "pace": "3d", "on_timeout": "forfeit"}
    finished["forfeit_seat"], finished["ended_early"], finished["quiet"] = 1, 1, 1
    assert decode_finished([SEAT], [_reordered(finished, {})]) == [
        FinishedRow(
            7,
            9,
            100,
            66,
            11,
            "ko",
            "normal",
            "s",
            "{}",
            (SeatRow(11, "Ana"),),
            99.0,
            False,
            "3d",
            "forfeit",
            1,
            True,
            True,
        )
    ]
    rating = {"last_delta": -2, "wins": 1, "matches": 3, "sigma": 7.5, "mu": 25.0, "name": "Ana", "player": "user:11"}
    assert decode_rating(rating) == RatingRow("user:11", "Ana", 25.0, 7.5, 3, 1, -2)


def test_two_columns_of_one_name_are_refused() -> None:
    assert named_rows(("a", "b"), [(1, 2)]) == [{"a": 1, "b": 2}]
    with pytest.raises(ValueError, match="different names"):
        named_rows(("a", "a"), [(1, 2)])


async def test_both_backends_hand_rows_by_column_name(backend: Backend, target: str) -> None:
    storage = await backend.open(target)
    assert isinstance(storage, SqlStorage)
    try:
        async with storage._read() as session:
            rows = await session.fetch("SELECT 2 AS second, 1 AS first")
            assert [dict(r) for r in rows] == [{"second": 2, "first": 1}]
            assert await session.fetchval("SELECT 5 AS only") == 5
            assert await session.fetchval("SELECT 5 AS only WHERE 1 = 0") is None
            with pytest.raises(ValueError, match="one column"):
                await session.fetchval("SELECT 1 AS a, 2 AS b")
            with pytest.raises(ValueError, match="different names"):
                await session.fetch("SELECT 1 AS a, 2 AS a")
    finally:
        await storage.close()


async def test_a_column_added_to_the_tables_leaves_what_is_read_unchanged(backend: Backend, target: str) -> None:
    """A later migration adding a column (here by hand, before the ones read) changes no value read back."""
    storage = await backend.open(target)
    seats = (SeatRow(11, "Ana"), SeatRow(None, "Computer 1", "hard"))
    table_id = await storage.create_table(
        guild_id=9, channel_id=100, host_id=11, lang="en", level="normal", seed="s", seats=seats
    )
    await storage.start_match(table_id, seats, "{}", thread_id=66, deadlines=TurnDeadlines(10.0, None))
    before = await storage.open_tables()
    await storage.close()
    async with Raw(target) as raw:
        await raw.execute("ALTER TABLE tables ADD COLUMN zzz_note TEXT DEFAULT 'x'")
        await raw.execute("ALTER TABLE seats ADD COLUMN zzz_note TEXT DEFAULT 'y'")
    storage = await backend.open(target)
    try:
        assert await storage.open_tables() == before
        assert before[0][0].seats == seats and before[0][0].thread_id == 66
    finally:
        await storage.close()
