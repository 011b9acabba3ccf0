"""Ratings kept on both backends (migration 5): rated as each match ends, read for the leaderboard and
/five-up stats, and rebuilt from the stored records to the very same figures."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from support.storage_raw import Raw

from bot.host.ratings import rating_keeper, rating_math
from bot.host.ratings.rating_math import computer_key, person_key
from bot.host.tables import row_conversion as rows
from bot.model.rating_change import Change
from bot.model.table_state import Seat, Table, TableStatus
from bot.storage import COPY_COLUMNS, RatingRow, Storage, open_storage
from bot.storage.copy import copy_database
from engine import Match, Record

pytest_plugins = ["support.storage_backends"]

ROOT = Path(__file__).resolve().parents[2]
RECORDS = Path(__file__).parents[1] / "data" / "records"
BIG = 1_234_567_890_123_456_789  # a guild snowflake needs 64 bits
_channels = itertools.count(1000)


def people(*ids: int) -> list[Seat]:
    return [Seat(i, f"name{i}") for i in ids]


async def play(
    storage: Storage, guild: int, seats: Sequence[Seat], name: str, *, away: set[int] | None = None, rate: bool = True
) -> tuple[Table, list[Change]]:
    """A fixture record stored as a match that ended (start, finish), then rated as the live table rates it."""
    record = (RECORDS / f"{name}.record.json").read_text(encoding="utf-8")
    match = Match.replay(Record.loads(record))
    assert len(seats) == match.players and match.winner is not None
    seat_rows = rows.seat_rows(seats)
    channel = next(_channels)
    table_id = await storage.create_table(
        guild_id=guild, channel_id=channel, host_id=1, lang="en", level="normal", seed="s", seats=seat_rows
    )
    await storage.start_match(table_id, seat_rows, Match.new(match.players, "s").record.dumps())
    table = Table(table_id, guild, channel, 1, "en", "normal", "s", TableStatus.OVER, list(seats), match=match)
    table.away = away or set()
    await storage.finish_match(table_id, guild, record, rows.result_rows(table))
    return table, (await rating_keeper.rate_finished(storage, table) if rate else [])


async def everything(storage: Storage, guild: int) -> list[RatingRow]:
    return [*await storage.ratings(guild, "user", 1000), *await storage.ratings(guild, "computer", 1000)]


def as_rows(standings: dict[str, rating_math.Standing]) -> dict[str, tuple[float, float, int, int, int]]:
    return {k: (s.rating.mu, s.rating.sigma, s.matches, s.wins, s.last_delta) for k, s in standings.items()}


def figures(found: Sequence[RatingRow]) -> dict[str, tuple[float, float, int, int, int]]:
    return {r.player: (r.mu, r.sigma, r.matches, r.wins, r.last_delta) for r in found}


async def test_rated_as_they_end_and_the_same_after_a_rebuild(storage: Storage) -> None:
    hard = Seat(None, "Computer 1", "hard")
    _, first = await play(storage, BIG, people(1, 2), "match-2p-exact-1")
    assert [(c.key, c.before, c.won) for c in first] == [
        (person_key(1), rating_math.NEW, True),
        (person_key(2), rating_math.NEW, False),
    ]
    _, second = await play(storage, BIG, [*people(2, 3), hard], "match-3p-mixed-2")  # seat 1 (user 3) won
    assert second[0].before == first[1].after  # user 2 starts from the first match's figures
    await play(storage, BIG, [Seat(None, "Computer 1", "normal"), *people(1, 4), hard], "match-4p-mixed-7")
    # every person's seat played by a computer at the end: ended, but not rated
    _, none = await play(storage, BIG, [*people(5), hard], "match-2p-random-8", away={0})
    assert none == []
    # ended early: never finished, never rated
    early = await storage.create_table(
        guild_id=BIG, channel_id=next(_channels), host_id=1, lang="en", level="normal", seed="s", seats=[]
    )
    await storage.close_table(early, "ended by 1")
    await play(storage, 77, people(1, 2), "match-2p-random-8")  # another server: its own ratings

    live = await everything(storage, BIG)
    assert {r.player for r in live} == {person_key(i) for i in (1, 2, 3, 4)} | {
        computer_key("hard"),
        computer_key("normal"),
    }
    one = await storage.rating(BIG, person_key(1))
    assert one is not None and (one.matches, one.wins, one.name) == (2, 1, "name1")  # won the first, lost the 4p
    elsewhere = await storage.rating(77, person_key(1))
    assert elsewhere is not None and elsewhere.matches == 1 and elsewhere.wins == 0
    assert await storage.rating(BIG, person_key(5)) is None

    board = await storage.ratings(BIG)
    shown = [rating_math.Rating(r.mu, r.sigma).shown for r in board]
    assert shown == sorted(shown, reverse=True) and all(r.player.startswith("user:") for r in board)
    assert [r.player for r in await storage.ratings(BIG, limit=2)] == [r.player for r in board[:2]]

    found = await storage.rated_matches(BIG)
    assert [m.rated for m in found] == [True, True, True, False]  # in the order they ended; the early one absent

    rebuilt = await rating_keeper.rebuild(storage, BIG)
    assert as_rows(rebuilt) == figures(live)  # exactly: the same figures in the same order
    assert figures(await everything(storage, BIG)) == figures(live)
    assert (await storage.count_rows())["rating_changes"] == 2 + 3 + 4 + 2  # each rated seat of each match


async def test_a_rebuild_takes_in_a_match_whose_rating_was_not_written(storage: Storage) -> None:
    """A finished match whose rating write was lost (or that ended before ratings were kept) counts in
    a rebuild, in its place, and the figures are then those of rating every match in order."""
    a, _ = await play(storage, 5, people(1, 2), "match-2p-exact-1")
    b, _ = await play(storage, 5, people(1, 2), "match-2p-random-8", rate=False)
    c, _ = await play(storage, 5, people(2, 1), "match-2p-greedy-0")
    before = figures(await everything(storage, 5))
    assert before[person_key(1)][2] == 2  # b was never rated
    rebuilt = await rating_keeper.rebuild(storage, 5)
    expected = rating_math.rebuild([(t.match, t.seats) for t in (a, b, c)])  # type: ignore[misc]
    assert as_rows(rebuilt) == as_rows(expected) == figures(await everything(storage, 5))
    assert rebuilt[person_key(1)].matches == 3
    assert [m.rated for m in await storage.rated_matches(5)] == [True, True, True]  # b is noted as rated now
    assert as_rows(await rating_keeper.rebuild(storage, 5)) == as_rows(expected)  # and again: nothing moves


async def test_the_ratings_travel_with_a_copy(storage: Storage, target: str, tmp_path: Path) -> None:
    assert {"match_ratings", "ratings", "rating_changes"} <= set(COPY_COLUMNS)
    await play(storage, 5, people(1, 2), "match-2p-exact-1")
    await play(storage, 5, [*people(3), Seat(None, "Computer 1", "easy")], "match-2p-random-8", away={0})
    live = figures(await everything(storage, 5))
    await storage.close()
    copy = str(tmp_path / "copied.sqlite3")
    await copy_database(target, copy)
    copied = await open_storage(copy)
    try:
        assert figures(await everything(copied, 5)) == live
        assert [m.rated for m in await copied.rated_matches(5)] == [True, False]
        assert as_rows(await rating_keeper.rebuild(copied, 5)) == live
    finally:
        await copied.close()


async def test_the_rebuild_command_brings_lost_ratings_back(storage: Storage, target: str) -> None:
    await play(storage, 5, people(1, 2), "match-2p-exact-1")
    await play(storage, 5, [*people(2), Seat(None, "Computer 1", "hard")], "match-2p-random-8")
    await play(storage, 6, people(3, 1), "match-2p-greedy-0")
    live = {guild: figures(await everything(storage, guild)) for guild in (5, 6)}
    async with Raw(target) as raw:  # lost, as if the table had been emptied by hand
        await raw.execute("DELETE FROM ratings")
        await raw.execute("DELETE FROM rating_changes")
    assert await everything(storage, 5) == []
    assert await storage.rated_servers() == [5, 6]

    done = run_rebuild(target)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "server 5: rebuilt, 2 people and 1 computer levels rated",
        "server 6: rebuilt, 2 people and 0 computer levels rated",
    ]
    assert {guild: figures(await everything(storage, guild)) for guild in (5, 6)} == live
    only = run_rebuild(target, "--server", "6")
    assert only.returncode == 0 and only.stdout.startswith("server 6: rebuilt") and "server 5" not in only.stdout


def test_the_rebuild_command_refuses_a_database_that_is_not_there(tmp_path: Path) -> None:
    missing = tmp_path / "nothing.sqlite3"
    done = run_rebuild(str(missing))
    assert (
        done.returncode == 3 and done.stderr.strip() == f"cannot rebuild the ratings: there is no database at {missing}"
    )
    assert not missing.exists()  # not created by asking
    (tmp_path / "text.sqlite3").write_text("not a database", encoding="utf-8")
    bad = run_rebuild(str(tmp_path / "text.sqlite3"))
    assert bad.returncode == 3 and bad.stderr.startswith("cannot rebuild the ratings: not-sqlite database")
    assert run_rebuild().returncode == 2  # no DATABASE


def run_rebuild(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.host.ratings.rating_keeper", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
