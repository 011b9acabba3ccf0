"""Correspondence paces in storage (bot/storage/pace_queries.py), on both backends: a table's pace, timeout
rule and rating kept from its lobby to its finished row; the clock of a correspondence turn; the deadline
sweeper's reads (due tables, the next wake) answered from the index tables_to_wake, never by reading every
table; the sleeping matches a restart notes; whose move each table waits for; the seats a person holds;
a person's settings; and `python -m bot.storage copy` carrying all of it."""

from __future__ import annotations

import itertools
import logging
import subprocess
import sys
from pathlib import Path

import pytest
from support.storage_raw import Backend, Raw

from bot.storage import (
    NO_DEADLINES,
    PlayerSettingsRow,
    ResultRow,
    SeatRow,
    Storage,
    TableRef,
    TableRow,
    TurnDeadlines,
    open_storage,
    shard_of,
)
from bot.storage.pace_queries import due_query, next_wake_query

pytest_plugins = ["support.storage_backends"]

ROOT = Path(__file__).resolve().parents[2]

SEATS = (SeatRow(11, "Ana"), SeatRow(12, "Bo"))
_channels = itertools.count(1000)


async def _table(
    storage: Storage, *, guild_id: int | None = 9, pace: str = "1d", seats: tuple[SeatRow, ...] = SEATS, **kept: object
) -> int:
    """A new lobby, in a channel of its own."""
    return await storage.create_table(
        guild_id=guild_id,
        channel_id=next(_channels),
        host_id=seats[0].user_id or 11,
        lang="en",
        level="normal",
        seed="s",
        seats=seats,
        pace=pace,
        **kept,  # type: ignore[arg-type]
    )


async def _playing(
    storage: Storage, clock: TurnDeadlines = NO_DEADLINES, *, thread_id: int | None = None, **made: object
) -> int:
    """A new table whose match is in play, with this clock."""
    table_id = await _table(storage, **made)  # type: ignore[arg-type]
    await storage.start_match(table_id, SEATS, "{}", thread_id=thread_id, deadlines=clock)
    return table_id


async def _open_row(storage: Storage, table_id: int) -> TableRow:
    found, broken = await storage.open_tables()
    assert broken == []
    (row,) = [r for r in found if r.id == table_id]
    assert await storage.open_table(table_id) == row  # one table read alone is the same row
    return row


def _wake(at: float, to_move: int | None = 11) -> TurnDeadlines:
    return TurnDeadlines(remind_at=at - 50, take_over_at=at, wake_at=at, to_move=to_move)


# -- a table's pace, timeout rule and rating -------------------------------------------------------


async def test_pace_timeout_rule_and_rating_are_kept_from_the_lobby_to_the_finished_match(storage: Storage) -> None:
    default = await _table(storage, pace="live")
    forfeit = await _table(storage, pace="3d", on_timeout="forfeit", rated=False)
    row = await _open_row(storage, default)
    assert (row.pace, row.on_timeout, row.rated) == ("live", "computer", True)
    row = await _open_row(storage, forfeit)
    assert (row.pace, row.on_timeout, row.rated, row.status) == ("3d", "forfeit", False, "lobby")

    version = await storage.start_match(forfeit, SEATS, "{}", deadlines=_wake(500.0, 12))
    row = await _open_row(storage, forfeit)
    assert (row.pace, row.on_timeout, row.rated, row.status) == ("3d", "forfeit", False, "playing")
    results = [ResultRow(0, 11, "Ana", True, 61), ResultRow(1, 12, "Bo", False, 20)]
    await storage.finish_match(forfeit, 9, '{"end": 1}', results, version, forfeit_seat=1)
    await storage.start_match(default, SEATS, "{}")
    await storage.finish_match(default, 9, '{"end": 2}', results)

    assert await storage.open_table(forfeit) is None  # no longer open
    assert forfeit not in await storage.due_tables(10**9, 10)  # its clock stopped with the match
    assert await storage.waiting_for(12) == []  # nor does it wait for anybody
    done = await storage.finished_match(forfeit)
    assert done is not None
    assert (done.pace, done.on_timeout, done.forfeit_seat, done.record) == ("3d", "forfeit", 1, '{"end": 1}')
    assert done.seats == SEATS
    plain = await storage.finished_match(default)
    assert plain is not None and (plain.pace, plain.on_timeout, plain.forfeit_seat) == ("live", "computer", None)
    listed = {f.id: (f.pace, f.on_timeout, f.forfeit_seat) for f in await storage.finished_matches(9)}
    assert listed == {forfeit: ("3d", "forfeit", 1), default: ("live", "computer", None)}
    rated = {m.table_id: m.forfeit_seat for m in await storage.rated_matches(9)}
    assert rated == {forfeit: 1, default: None}


# -- the clock of a correspondence turn ------------------------------------------------------------


async def test_the_correspondence_clock_is_written_with_each_step_and_read_back(storage: Storage) -> None:
    table_id = await _table(storage)
    assert (await _open_row(storage, table_id)).deadlines == NO_DEADLINES
    first = TurnDeadlines(remind_at=1000.5, take_over_at=2000.25, wake_at=1000.5, paused_at=None, to_move=11)
    version = await storage.start_match(table_id, SEATS, "{}", deadlines=first)
    assert (await _open_row(storage, table_id)).deadlines == first
    paused = TurnDeadlines(remind_at=1000.5, take_over_at=2000.25, wake_at=None, paused_at=1200.75, to_move=11)
    version = await storage.save_deadlines(table_id, paused, version)
    assert (await _open_row(storage, table_id)).deadlines == paused
    assert await storage.due_tables(10**9, 10) == []  # paused: nothing to wake it
    nxt = TurnDeadlines(remind_at=None, take_over_at=9000.0, wake_at=9000.0, paused_at=None, to_move=12)
    version = await storage.save_record(table_id, '{"r": 1}', version, deadlines=nxt)
    row = await _open_row(storage, table_id)
    assert (row.deadlines, row.record, row.version) == (nxt, '{"r": 1}', version)
    assert await storage.waiting_for(12) == [table_id] and await storage.waiting_for(11) == []
    await storage.close_table(table_id, "cancelled")
    assert await storage.due_tables(10**9, 10) == [] and await storage.waiting_for(12) == []


# -- the deadline sweeper's reads ----------------------------------------------------------------------


async def test_due_tables_are_the_open_ones_whose_wake_has_come_earliest_first(storage: Storage, target: str) -> None:
    assert await storage.due_tables(10**9, 10) == [] and await storage.next_wake() is None
    late = await _playing(storage, _wake(300.0))
    early = await _playing(storage, _wake(100.0))
    tie_a = await _playing(storage, _wake(200.0))
    tie_b = await _playing(storage, _wake(200.0))
    await _playing(storage, _wake(400.0))  # not yet
    await _playing(storage, TurnDeadlines(remind_at=50.0, take_over_at=60.0))  # a live clock: no wake_at
    lobby = await _table(storage)
    await storage.save_deadlines(lobby, _wake(250.0))  # a lobby closes itself at its wake_at
    finished = await _playing(storage, _wake(20.0))
    await storage.finish_match(finished, 9, "{}", [ResultRow(0, 11, "Ana", True, 61)])
    closed = await _playing(storage, _wake(30.0))
    await storage.close_table(closed, "gone")
    async with Raw(target) as raw:  # even if a finished or closed row still had a wake_at, it is not due
        await raw.execute("UPDATE tables SET wake_at = 5.0 WHERE id IN (?, ?)", finished, closed)

    assert await storage.due_tables(299.0, 10) == [early, tie_a, tie_b, lobby]  # by wake_at, then id
    assert await storage.due_tables(300.0, 10) == [early, tie_a, tie_b, lobby, late]  # at `now` is due
    assert await storage.due_tables(300.0, 2) == [early, tie_a]
    assert await storage.due_tables(99.5, 10) == []
    assert await storage.next_wake() == 100.0
    await storage.finish_match(early, 9, "{}", [ResultRow(0, 11, "Ana", True, 61)])
    assert await storage.next_wake() == 200.0


GUILDS = [None, *((k << 22) | (k * 7919 % (1 << 22)) for k in range(8)), 1 << 22]


async def test_the_sweepers_reads_and_the_sleeping_tables_keep_to_their_shards(storage: Storage) -> None:
    made: dict[int, int | None] = {}
    for n, guild in enumerate(GUILDS):
        made[await _playing(storage, _wake(100.0 + n), guild_id=guild)] = guild
    await _playing(storage, pace="live", guild_id=GUILDS[1])  # not asleep
    wake_of = {table_id: 100.0 + n for n, table_id in enumerate(made)}
    for count in (1, 2, 3, 5):
        seen: list[int] = []
        for shard in range(count):
            mine = [t for t, g in made.items() if shard_of(g, count) == shard]
            assert await storage.due_tables(10**9, 100, count, [shard]) == mine, (count, shard)
            assert await storage.due_tables(10**9, 1, count, [shard]) == mine[:1]
            assert await storage.next_wake(count, [shard]) == (min(wake_of[t] for t in mine) if mine else None)
            assert [r.id for r in await storage.sleeping_tables(count, [shard])] == mine
            seen += mine
        assert sorted(seen) == sorted(made)  # every table on exactly one shard
    assert await storage.due_tables(10**9, 100, 4, [0, 2]) == [t for t, g in made.items() if shard_of(g, 4) in (0, 2)]
    with pytest.raises(ValueError, match="shard"):
        await storage.due_tables(10**9, 100, 2, [2])


# -- their query plans: the index, never every table ---------------------------------------------------

_PLANS = [("due", *due_query(500.0, 50)), ("next wake", *next_wake_query()), ("sharded", *due_query(500.0, 50, 4, [1]))]


async def _fill(raw: Raw, postgres: bool) -> None:
    """Thousands of finished tables, a hundred lobbies (each closes itself later) and fifty matches with a
    wake_at: a realistic mix."""
    rows = (
        "SELECT n FROM generate_series(1, 4000) AS n"
        if postgres
        else "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 4000) SELECT n FROM c"
    )
    await raw.execute(
        "INSERT INTO tables (guild_id, channel_id, host_id, lang, level, status, seed, created_at, updated_at, pace,"
        " wake_at, to_move)"
        " SELECT CAST(n AS BIGINT) * 4194304, n, 11, 'en', 'normal',"
        " CASE WHEN n % 80 = 0 THEN 'playing' WHEN n % 40 = 1 THEN 'lobby' ELSE 'over' END,"
        " 's', 0, 0, '1d', CASE WHEN n % 80 = 0 THEN n WHEN n % 40 = 1 THEN n + 5000 ELSE NULL END, 11"
        f" FROM ({rows}) AS numbers"
    )
    if postgres:  # what autovacuum does; the bot never runs ANALYZE on SQLite, whose planner goes without
        await raw.execute("ANALYZE")


async def test_the_sweepers_reads_are_answered_from_the_index_tables_to_wake(storage: Storage, target: str) -> None:
    async with Raw(target) as raw:
        await _fill(raw, raw.postgres)
        for name, sql, args in _PLANS:
            if raw.postgres:  # the planner's own choice, with its statistics: no setting forces it
                plan = "\n".join(str(r[0]) for r in await raw.fetch(f"EXPLAIN {sql}", *args))
                assert "Index Scan using tables_to_wake" in plan or "Index Only Scan using tables_to_wake" in plan, (
                    name,
                    plan,
                )
                assert "Seq Scan" not in plan, (name, plan)
            else:
                plan = "\n".join(str(r[-1]) for r in await raw.fetch(f"EXPLAIN QUERY PLAN {sql}", *args))
                assert "USING INDEX tables_to_wake" in plan or "USING COVERING INDEX tables_to_wake" in plan, (
                    name,
                    plan,
                )
                assert "TEMP B-TREE" not in plan, (name, plan)  # the index's order: no sort
    assert await storage.due_tables(500.0, 50) == [n for n in range(80, 501, 80)]  # the ids made in order
    assert await storage.next_wake() == 80.0


# -- the sleeping matches a restart notes ---------------------------------------------------------------


async def test_sleeping_tables_are_the_correspondence_matches_in_play_only(storage: Storage) -> None:
    one_day = await _playing(storage, _wake(100.0), thread_id=777)
    await _playing(storage, pace="live")
    await _table(storage, pace="1d")  # a lobby
    over = await _playing(storage, _wake(100.0))
    await storage.finish_match(over, 9, "{}", [ResultRow(0, 11, "Ana", True, 61)])
    closed = await _playing(storage, _wake(100.0))
    await storage.close_table(closed, "gone")
    direct = await _playing(storage, pace="1h", guild_id=None)  # a direct-message table, in no server
    paused = await _playing(storage, TurnDeadlines(paused_at=50.0, to_move=11), pace="12h")  # asleep, no wake_at
    channel = {r.id: r.channel_id for r in (await storage.open_tables())[0]}
    assert await storage.sleeping_tables() == [
        TableRef(one_day, 9, channel[one_day], 777),
        TableRef(direct, None, channel[direct], None),
        TableRef(paused, 9, channel[paused], None),
    ]
    awake, _ = await storage.open_tables(asleep=False)  # a restart reads these whole, the others by their refs
    assert {r.id for r in awake}.isdisjoint({one_day, direct, paused}) and len(awake) == 2


async def test_a_sleeping_row_that_cannot_be_read_is_reported_and_the_others_still_load(
    sqlite_backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite stores any value in any column (PostgreSQL's types refuse one of the wrong kind)."""
    target = await sqlite_backend.target()
    storage = await sqlite_backend.open(target)
    try:
        good = await _playing(storage, _wake(100.0))
        bad = await _playing(storage, _wake(200.0))
        later = await _playing(storage, _wake(300.0))
        async with Raw(target) as raw:
            await raw.execute("UPDATE tables SET thread_id = 'seven' WHERE id = ?", bad)
        with caplog.at_level(logging.WARNING, logger="bot.storage"):
            refs = await storage.sleeping_tables()
        assert [r.id for r in refs] == [good, later]
        (record,) = [r for r in caplog.records if r.name.startswith("bot.storage")]
        assert str(bad) in record.getMessage() and "seven" in record.getMessage()
        assert await storage.due_tables(250.0, 10) == [good, bad]  # its deadline still finds it by id,
        broken = await storage.open_table(bad)  # and read whole it is a BrokenRow, which the loader closes
        assert broken is not None and not isinstance(broken, TableRow) and "seven" in broken.reason
    finally:
        await storage.close()


# -- whose move, and how many seats ----------------------------------------------------------------------


async def test_waiting_for_lists_a_persons_moves_nearest_take_over_first(storage: Storage) -> None:
    late = await _playing(storage, _wake(900.0, to_move=11))
    soon = await _playing(storage, _wake(100.0, to_move=11))
    no_clock = await _playing(storage, TurnDeadlines(to_move=11))  # away: no take-over yet
    elsewhere = await _playing(storage, _wake(50.0, to_move=11), guild_id=77)
    direct = await _playing(storage, _wake(60.0, to_move=11), guild_id=None)
    await _playing(storage, _wake(10.0, to_move=12))  # Bo's move
    done = await _playing(storage, _wake(5.0, to_move=11))
    await storage.finish_match(done, 9, "{}", [ResultRow(0, 11, "Ana", True, 61)])
    assert await storage.waiting_for(11, 9) == [soon, late, no_clock]
    assert await storage.waiting_for(11, 77) == [elsewhere]
    assert await storage.waiting_for(11) == [elsewhere, direct, soon, late, no_clock]
    assert await storage.waiting_for(13) == []


async def test_open_seats_count_a_persons_tables_of_one_pace_kind(storage: Storage) -> None:
    await _table(storage, pace="1d")  # a lobby counts
    await _playing(storage, pace="3d")
    await _playing(storage, pace="1h", seats=(SeatRow(12, "Bo"), SeatRow(11, "Ana")))  # any seat
    await _playing(storage, pace="live")
    over = await _playing(storage, pace="1d")
    await storage.finish_match(over, 9, "{}", [ResultRow(0, 11, "Ana", True, 61)])
    closed = await _table(storage, pace="1d")
    await storage.close_table(closed, "cancelled")
    await _playing(storage, pace="1d", guild_id=77)
    await _playing(storage, pace="12h", guild_id=None)
    await _table(storage, pace="1d", seats=(SeatRow(13, "Cy"), SeatRow(None, "Computer 1", "hard")))
    assert await storage.open_seats(11, 9) == 3
    assert await storage.open_seats(11, 9, correspondence=False) == 1
    assert await storage.open_seats(11, 77) == 1
    assert await storage.open_seats(11, None) == 1  # the direct-message tables
    assert await storage.open_seats(11, None, correspondence=False) == 0
    assert await storage.open_seats(13, 9) == 1 and await storage.open_seats(14, 9) == 0


# -- a person's settings and a match's latest post -----------------------------------------------------


async def test_a_persons_settings_each_written_alone(storage: Storage) -> None:
    assert await storage.player_settings(11) == PlayerSettingsRow(ping=True, away_until=None, dm_reminders=False)
    await storage.set_away(11, 1_700_000_000.5)
    assert await storage.player_settings(11) == PlayerSettingsRow(True, 1_700_000_000.5, False)
    await storage.set_dm_reminders(11, True)
    await storage.set_ping(11, False)
    assert await storage.player_settings(11) == PlayerSettingsRow(False, 1_700_000_000.5, True)
    await storage.set_away(11, None)  # back
    assert await storage.player_settings(11) == PlayerSettingsRow(False, None, True)
    await storage.set_dm_reminders(12, True)  # a first setting leaves the others at their defaults
    assert await storage.player_settings(12) == PlayerSettingsRow(True, None, True)
    assert await storage.ping_off([11, 12]) == {11}


async def test_the_latest_post_is_noted_without_moving_the_table_on(storage: Storage) -> None:
    table_id = await _playing(storage, _wake(100.0))
    before = await _open_row(storage, table_id)
    await storage.set_last_post(table_id, 555_000_111)
    after = await _open_row(storage, table_id)
    assert after.last_post_id == 555_000_111 and after.version == before.version  # a note, not a step


# -- the copy ------------------------------------------------------------------------------------------


async def test_the_copy_carries_paces_clocks_and_a_persons_settings(tmp_path: Path, postgres_backend: Backend) -> None:
    """`python -m bot.storage copy`, SQLite to PostgreSQL, as an operator runs it."""
    source_path = tmp_path / "five_up.sqlite3"
    source = await open_storage(source_path)
    clock = TurnDeadlines(remind_at=1000.5, take_over_at=2000.25, wake_at=1000.5, paused_at=900.0, to_move=12)
    playing = await _playing(source, clock, pace="12h", on_timeout="forfeit", rated=False, thread_id=4242)
    await source.set_last_post(playing, 98765)
    over = await _playing(source, pace="3d", on_timeout="forfeit")
    await source.finish_match(over, 9, "{}", [ResultRow(0, 11, "Ana", True, 61)], forfeit_seat=1)
    await source.set_away(11, 1_800_000_000.0)
    await source.set_dm_reminders(12, True)
    await source.close()
    target = await postgres_backend.target()
    done = subprocess.run(
        [sys.executable, "-m", "bot.storage", "copy", str(source_path), target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "2 tables" in done.stdout and "2 player_settings" in done.stdout
    source, destination = await open_storage(source_path), await open_storage(target)
    try:
        row = await _open_row(destination, playing)
        assert row == await _open_row(source, playing)
        assert (row.pace, row.on_timeout, row.rated, row.deadlines, row.last_post_id, row.thread_id) == (
            "12h",
            "forfeit",
            False,
            clock,
            98765,
            4242,
        )
        finished = await destination.finished_match(over)
        assert finished == await source.finished_match(over)
        assert finished is not None and (finished.pace, finished.on_timeout, finished.forfeit_seat) == (
            "3d",
            "forfeit",
            1,
        )
        assert await destination.rated_matches(9) == await source.rated_matches(9)
        for user in (11, 12):
            assert await destination.player_settings(user) == await source.player_settings(user)
        assert await destination.player_settings(11) == PlayerSettingsRow(True, 1_800_000_000.0, False)
        assert await destination.player_settings(12) == PlayerSettingsRow(True, None, True)
        assert await destination.due_tables(10**9, 10) == [playing] and await destination.waiting_for(12) == [playing]
    finally:
        await source.close()
        await destination.close()
