"""Tournaments in storage, on both backends (bot/storage/tournament_queries.py): an event's life from sign-up
to its last result, a version-checked save, and `python -m bot.storage copy` carrying all three tables."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from support.storage_raw import Backend

from bot.model.pace import OnTimeout, Pace
from bot.model.tournament import Entrant, Event, EventStatus, Format, Game
from bot.storage import EventMovedOnError, SeatRow, Storage, open_storage
from bot.storage.shards import SHARD_SHIFT

pytest_plugins = ["support.storage_backends"]


def _event(guild_id: int = 9, name: str = "Friday", close_at: float | None = None) -> Event:
    return Event(
        id=0,
        guild_id=guild_id,
        channel_id=100,
        organiser_id=7,
        name=name,
        format=Format.SWISS,
        rounds=4,
        pace=Pace.DAY,
        on_timeout=OnTimeout.FORFEIT,
        rated=False,
        close_at=close_at,
    )


async def _table(storage: Storage) -> int:
    return await storage.create_table(
        guild_id=9, channel_id=555, host_id=11, lang="en", level="normal", seed="s", seats=[SeatRow(11, "Ana")]
    )


async def _match_table(storage: Storage, channel_id: int, host_id: int) -> int:
    """A match's table opened in a thread by the tournament (no thread of its own)."""
    seats = [SeatRow(11, "Ana"), SeatRow(12, "Bo")]
    return await storage.create_table(
        guild_id=9,
        channel_id=channel_id,
        host_id=host_id,
        lang="en",
        level="normal",
        seed="s",
        seats=seats,
        use_thread=False,
    )


async def test_an_event_is_kept_from_sign_up_to_its_last_result(target: str) -> None:
    storage = await open_storage(target)
    try:
        made = _event(close_at=1_700_000_000.5)
        event_id = await storage.create_event(made)
        other = await storage.create_event(_event(name="Other", close_at=None))
        await storage.create_event(_event(guild_id=10, name="Elsewhere"))  # another server
        stored = await storage.event(event_id)
        assert stored == replace(made, id=event_id)
        assert await storage.event(event_id + 1000) is None
        assert [e.id for e in await storage.events(9)] == [other, event_id]  # newest first, this server only
        # sign-up: join order kept, a second join refused, a leave
        assert await storage.add_entrant(event_id, Entrant(11, "Ana", 120.5))
        assert await storage.add_entrant(event_id, Entrant(12, "Bo"))
        assert await storage.add_entrant(event_id, Entrant(13, "Cy", 300.0))
        assert not await storage.add_entrant(event_id, Entrant(11, "Ana again", 1.0))
        assert await storage.remove_entrant(event_id, 12)
        assert not await storage.remove_entrant(event_id, 12)
        assert await storage.add_entrant(event_id, Entrant(12, "Bo"))  # back in: last in line
        assert await storage.add_entrant(other, Entrant(11, "Ana"))  # another event is another list
        assert [(e.user_id, e.name, e.rating) for e in await storage.entrants(event_id)] == [
            (11, "Ana", 120.5),
            (13, "Cy", 300.0),
            (12, "Bo", 0.0),
        ]
        # restart-relevant events: sign-up with a close time and running ones; not one closed by hand
        assert [e.id for e in await storage.events_due()] == [event_id]  # `elsewhere` has no close time
        # the start: a version-checked save
        assert stored is not None
        stored.status, stored.round, stored.rounds, stored.message_id = EventStatus.RUNNING, 1, 3, 4444
        await storage.save_event(stored)
        assert stored.version == 1
        stale = replace(stored, version=0, round=2)
        with pytest.raises(EventMovedOnError):
            await storage.save_event(stale)
        again = await storage.event(event_id)
        assert again == stored and again.round == 1 and again.version == 1
        assert [e.id for e in await storage.events(9, open_only=True)] == [other, event_id]
        assert event_id in {e.id for e in await storage.events_due()}
        # round 1: two games and a bye, in board order; a table, then results
        await storage.add_games(event_id, [Game(1, 13, 11), Game(1, 12, None, winner=12, how="bye")])
        await storage.add_games(event_id, [Game(1, 14, 15)])  # appended after the boards already there
        table_id = await _table(storage)
        await storage.set_game_table(event_id, 1, 13, table_id)
        assert await storage.game_of_table(table_id) == (event_id, Game(1, 13, 11, table_id))
        assert await storage.game_of_table(table_id + 1) is None
        await storage.set_game_result(event_id, 1, 13, 11, 45, 61, "played")
        await storage.set_game_result(event_id, 1, 14, None, 10, 12, "ended")
        with pytest.raises(ValueError, match="cannot end"):
            await storage.set_game_result(event_id, 1, 14, 14, 0, 0, "lucky")
        await storage.add_games(event_id, [Game(2, 11, 12)])
        await storage.withdraw_entrant(event_id, 13, 2)
        assert await storage.games(event_id) == [
            Game(1, 13, 11, table_id, 11, 45, 61, "played"),
            Game(1, 12, None, None, 12, 0, 0, "bye"),
            Game(1, 14, 15, None, None, 10, 12, "ended"),
            Game(2, 11, 12),
        ]
        assert [e.withdrawn_round for e in await storage.entrants(event_id)] == [None, 2, None]
        # the end: no longer open nor due
        stored.status = EventStatus.OVER
        await storage.save_event(stored)
        assert [e.id for e in await storage.events(9, open_only=True)] == [other]
        assert event_id not in {e.id for e in await storage.events_due()}
        assert [e.id for e in await storage.events(9)] == [other, event_id]
    finally:
        await storage.close()


async def test_events_due_are_the_running_and_the_timed_sign_ups(target: str) -> None:
    storage = await open_storage(target)
    try:
        timed = await storage.create_event(_event(name="timed", close_at=5000.0))
        await storage.create_event(_event(name="by hand"))  # the organiser starts it: nothing to watch
        running = await storage.create_event(replace(_event(name="running"), status=EventStatus.RUNNING, round=2))
        await storage.create_event(replace(_event(name="over", close_at=1.0), status=EventStatus.OVER))
        assert [e.id for e in await storage.events_due()] == [timed, running]
    finally:
        await storage.close()


async def test_each_process_looks_after_the_events_of_its_own_shards(target: str) -> None:
    """Two processes with shards never both open one event's rounds: each reads its servers' events only."""
    storage = await open_storage(target)
    try:
        guilds = {shard: (1000 + shard) << SHARD_SHIFT for shard in range(3)}  # a server on each of 3 shards
        made = {
            shard: await storage.create_event(replace(_event(guild_id=g), status=EventStatus.RUNNING, round=1))
            for shard, g in guilds.items()
        }
        shard_of = {shard: (g >> SHARD_SHIFT) % 3 for shard, g in guilds.items()}
        for process in ([0], [1, 2]):
            due = [e.id for e in await storage.events_due(3, process)]
            assert due == [made[shard] for shard in sorted(made) if shard_of[shard] in process]
        assert [e.id for e in await storage.events_due()] == list(made.values())  # no shards: every server's
    finally:
        await storage.close()


async def test_a_games_thread_is_noted_before_its_table_and_the_tables_in_it_are_found(target: str) -> None:
    """bot/host/tournaments/tournament_rounds.py notes a match's opening message the moment it exists, then its
    thread (on that message, so of its id); a restart finds the table opened in that thread (if any) by its channel and
    host, newest first, open or not."""
    storage = await open_storage(target)
    try:
        event_id = await storage.create_event(_event())
        await storage.add_games(event_id, [Game(1, 11, 12), Game(1, 13, 14)])
        thread = 1_234_567_890_123_456_789  # a Discord snowflake: wider than 32 bits
        await storage.set_game_opening(event_id, 1, 11, thread)
        assert await storage.games(event_id) == [Game(1, 11, 12, opening_id=thread), Game(1, 13, 14)]
        await storage.set_game_thread(event_id, 1, 11, thread)
        assert await storage.games(event_id) == [Game(1, 11, 12, thread_id=thread, opening_id=thread), Game(1, 13, 14)]
        assert await storage.tables_opened_in(thread, 11) == []
        first = await _match_table(storage, thread, 11)
        await storage.close_table(first, "expired")
        second = await _match_table(storage, thread, 11)
        await _match_table(storage, thread, 12)  # another host
        await _match_table(storage, 555, 11)  # elsewhere
        assert await storage.tables_opened_in(thread, 11) == [second, first]
        await storage.set_game_table(event_id, 1, 11, second)
        assert await storage.game_of_table(second) == (
            event_id,
            Game(1, 11, 12, second, thread_id=thread, opening_id=thread),
        )
    finally:
        await storage.close()


async def test_the_copy_carries_tournaments(tmp_path: Path, postgres_backend: Backend) -> None:
    source = await open_storage(tmp_path / "five_up.sqlite3")
    destination = await open_storage(await postgres_backend.target())
    try:
        event_id = await source.create_event(_event(close_at=1234.25))
        await source.add_entrant(event_id, Entrant(11, "Ana", 12.5, withdrawn_round=3))
        await source.add_entrant(event_id, Entrant(12, "Bo"))
        table_id = await _table(source)
        await source.add_games(event_id, [Game(1, 11, 12, table_id, 12, 30, 61, "played", 777, 777), Game(1, 13, None)])
        counts = await source.count_rows()
        assert (counts["tournaments"], counts["tournament_entrants"], counts["tournament_games"]) == (1, 2, 2)
        await destination.import_rows(source, replace=False, expected=counts)
        assert await destination.event(event_id) == await source.event(event_id)
        assert await destination.entrants(event_id) == await source.entrants(event_id)
        assert await destination.games(event_id) == await source.games(event_id)
        copied = Game(1, 11, 12, table_id, 12, 30, 61, "played", 777, 777)  # its thread and its opening too
        assert await destination.game_of_table(table_id) == (event_id, copied)
        # a new event after the copy gets a new id (PostgreSQL's identity moved past the copied ones)
        assert await destination.create_event(_event()) > event_id
        assert await destination.add_entrant(event_id, Entrant(14, "Di"))  # join order continues
        assert [e.user_id for e in await destination.entrants(event_id)] == [11, 12, 14]
    finally:
        await source.close()
        await destination.close()
