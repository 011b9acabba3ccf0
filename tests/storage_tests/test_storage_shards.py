"""Shards: a process restores only the tables of guilds on its shards; stats still read every shard."""

from __future__ import annotations

import itertools

import pytest

from bot.storage import ResultRow, SeatRow, Storage, shard_of

pytest_plugins = ["support.storage_backends"]

# guild ids whose shard is known: (guild_id >> 22) % shard_count, as Discord assigns them
GUILDS = [None, *((k << 22) | (k * 7919 % (1 << 22)) for k in range(12)), 2**63 - 1, 1 << 22]


def test_shard_of_follows_discord() -> None:
    assert shard_of(None, 4) == 0 and shard_of(0, 4) == 0
    assert shard_of(5 << 22, 4) == 1 and shard_of((5 << 22) + (1 << 21), 4) == 1
    assert shard_of(81384788765712384, 16) == (81384788765712384 >> 22) % 16


async def _tables(storage: Storage) -> dict[int, int | None]:
    """One open table per guild (and one that is over, which no shard restores): table id -> guild id."""
    made = {}
    for channel, guild in enumerate(GUILDS):
        made[
            await storage.create_table(
                guild_id=guild, channel_id=1000 + channel, host_id=1, lang="en", level="normal", seed="s",
                seats=[SeatRow(1, "a"), SeatRow(2, "b")],
            )
        ] = guild  # fmt: skip
    over = await storage.create_table(
        guild_id=GUILDS[1], channel_id=999, host_id=1, lang="en", level="normal", seed="s", seats=[SeatRow(1, "a")]
    )
    await storage.finish_match(over, GUILDS[1], "{}", [ResultRow(0, 1, "a", True, 61)])
    return made


async def test_each_process_restores_its_own_shards_and_together_they_restore_all(storage: Storage) -> None:
    made = await _tables(storage)
    everything, _ = await storage.open_tables()
    assert sorted(r.id for r in everything) == sorted(made)
    for count in (1, 2, 3, 5, 16):
        seen: list[int] = []
        for shard in range(count):
            rows, broken = await storage.open_tables(shard_count=count, shard_ids=[shard])
            assert broken == []
            assert {r.id for r in rows} == {t for t, g in made.items() if shard_of(g, count) == shard}, (count, shard)
            assert all(len(r.seats) == 2 for r in rows)  # the seats come with their tables
            seen += [r.id for r in rows]
        assert sorted(seen) == sorted(made)  # every table once: none lost, none served twice


async def test_a_process_with_several_shards_gets_their_union(storage: Storage) -> None:
    made = await _tables(storage)
    for ids in itertools.combinations(range(4), 2):
        rows, _ = await storage.open_tables(shard_count=4, shard_ids=ids)
        assert {r.id for r in rows} == {t for t, g in made.items() if shard_of(g, 4) in ids}
    rows, _ = await storage.open_tables(shard_count=4)  # every shard of four
    assert {r.id for r in rows} == set(made)


async def test_a_changed_shard_count_moves_tables_without_losing_any(storage: Storage) -> None:
    made = await _tables(storage)
    before = {s: {r.id for r in (await storage.open_tables(2, [s]))[0]} for s in range(2)}
    after = {s: {r.id for r in (await storage.open_tables(3, [s]))[0]} for s in range(3)}
    assert set().union(*before.values()) == set().union(*after.values()) == set(made)
    assert before[0] != after[0]  # some tables changed hands


async def test_stats_read_every_shard(storage: Storage) -> None:
    guild = GUILDS[3]
    for channel in range(2):
        table_id = await storage.create_table(
            guild_id=guild, channel_id=channel, host_id=1, lang="en", level="normal", seed="s", seats=[SeatRow(1, "a")]
        )
        await storage.finish_match(table_id, guild, "{}", [ResultRow(0, 1, "Ana", True, 61)])
    board = await storage.leaderboard(guild)
    assert [(p.name, p.matches, p.wins) for p in board] == [("Ana", 2, 2)]


@pytest.mark.parametrize(
    ("count", "ids"), [(0, None), (-1, [0]), (4, [4]), (4, [-1]), (4, []), (None, [0])]
)  # fmt: skip
async def test_bad_shard_settings_are_refused(storage: Storage, count: int | None, ids: list[int] | None) -> None:
    with pytest.raises(ValueError, match="shard"):
        await storage.open_tables(shard_count=count, shard_ids=ids)
