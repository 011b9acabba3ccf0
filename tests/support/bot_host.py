"""The bot hosted for tests: a recording publisher, a manager on a real
SQLite file with the real renderer, the real bot with its resources made as `bot.edge.app.run` makes
them, human seats driven by the engine's own options, and the privacy check every public
message must pass."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from bot.config import Config
from bot.edge.app import FiveUpBot, hosting
from bot.host.computers import ComputerPlayers, InlineComputer
from bot.host.manager import Manager, new_seed
from bot.host.pictures import PngRenderer
from bot.host.timer import Timer
from bot.model.posts import Post
from bot.model.table_state import Table, TableStatus
from bot.storage import PostgresStorage, Storage, is_postgres_url, open_storage
from engine import Blocked, Domino, Event, Option, Placed, RoundStarted, Tile, tile

PNG = b"\x89PNG\r\n\x1a\n"
TILE_TEXT = re.compile(r"(?<![\d-])([0-6])-([0-6])(?![\d-])")
CHANNEL = 100
GUILD = 7
FAST = 1e6  # requests a second: the fake Discord has no global limit; budget tests set their own


class Recorder:
    """A publisher that keeps every post, and the engine events each one reports on."""

    def __init__(self) -> None:
        self.posts: list[Post] = []
        self.slices: list[list[Event]] = []
        self.tables: dict[int, Table] = {}
        self._seen: dict[int, int] = {}

    def watch(self, table: Table) -> None:
        self.tables[table.id] = table

    def publish(self, post: Post) -> None:
        table = self.tables.get(post.table_id)
        events: list[Event] = []
        if table is not None and table.match is not None:
            start = self._seen.get(table.id, 0)
            events = table.match.events[start:]
            self._seen[table.id] = len(table.match.events)
        self.posts.append(post)
        self.slices.append(list(events))


def public_tiles(events: list[Event]) -> set[Tile]:
    """The tiles a public message about these events may name: placed ones, lots, settled hands."""
    allowed: set[Tile] = set()
    for event in events:
        if isinstance(event, Placed):
            allowed.add(event.tile)
            if event.on is not None:
                allowed.add(event.on)
        elif isinstance(event, RoundStarted):
            allowed.update(x for draw in event.lot for _, x in draw.tiles)
        elif isinstance(event, (Domino, Blocked)):
            allowed.update(x for hand in event.hands for x in hand)
    return allowed


def named_tiles(text: str) -> set[Tile]:
    return {tile(int(a), int(b)) for a, b in TILE_TEXT.findall(text)}


def assert_private(recorder: Recorder) -> None:
    """No public message names a tile beyond what its own events made public."""
    for post, events in zip(recorder.posts, recorder.slices, strict=True):
        leaked = named_tiles(post.text) - public_tiles(events)
        assert not leaked, f"public message names {sorted(map(str, leaked))}:\n{post.text}"
        for picture in post.pictures:
            assert picture.filename in ("table.png", "settlement.png")  # a crowded round end: its settlement apart
            assert picture.data.startswith(PNG)


@asynccontextmanager
async def running(path: Path, **options: object) -> AsyncIterator[tuple[Manager, Recorder, Storage]]:
    """A manager on a real SQLite file, the real renderer, inline computer players, no pauses."""
    storage = await open_storage(path)
    recorder = Recorder()
    settings: dict = {"computer_pause": (0.0, 0.0), "turn_timeout": 3600.0} | options
    manager = Manager(storage, recorder, PngRenderer(), InlineComputer(), **settings)
    try:
        yield manager, recorder, storage
    finally:
        await manager.close()
        await storage.close()


@asynccontextmanager
async def hosted_bot(
    database: str | Path,
    *,
    timeout: float = 3600.0,
    budget: float | None = None,
    seed: str | Callable[[], str] | None = None,
    computer: ComputerPlayers | None = None,
    timer: Timer | None = None,
) -> AsyncIterator[FiveUpBot]:
    """The bot with its resources made by `hosting` from a config naming `database` (a SQLite file or a
    PostgreSQL URL), inline computer players without pauses (or `computer`); `seed` deals every table alike,
    or, a function, gives each new table its seed (tests/support/short_deals.py)."""
    if is_postgres_url(database):
        config = Config(token="fake", database_url=str(database), turn_timeout=timeout, requests_per_second=FAST)
    else:
        config = Config(token="fake", database_path=Path(database), turn_timeout=timeout, requests_per_second=FAST)
    seeds = new_seed if seed is None else seed if callable(seed) else lambda: seed
    players = computer if computer is not None else InlineComputer(budget_s=budget)
    async with hosting(config, computer=players, computer_pause=(0.0, 0.0), seeds=seeds, timer=timer) as (
        manager,
        publisher,
    ):
        assert isinstance(manager.storage, PostgresStorage) == is_postgres_url(database)
        yield FiveUpBot(config, manager, publisher)


async def open_table(manager: Manager, recorder: Recorder, users: list[int], **options: object) -> Table:
    """A lobby with `users` seated (the first hosts), watched by the recorder."""
    await manager.open_table(
        guild_id=GUILD, channel_id=CHANNEL, host_id=users[0], host_name=f"user{users[0]}", lang="en", **options
    )
    table = manager.table_in(CHANNEL)
    assert table is not None
    recorder.watch(table)
    for user in users[1:]:
        await manager.join(channel_id=CHANNEL, user_id=user, name=f"user{user}", locale="en")
    return table


def pick(options: list[Option], rng: random.Random) -> Option:
    """A human's choice among the engine's options: mostly the best scorer, sometimes any."""
    if rng.random() < 0.3:
        return rng.choice(options)
    return max(options, key=lambda o: (o.result.value == "scored", o.points))


async def play_out(manager: Manager, table: Table, rng: random.Random, limit: int = 10_000) -> int:
    """Drive the human seats with the engine's options until the match ends; the placements made."""
    made = 0
    while table.status is TableStatus.PLAYING and made < limit:
        await manager.drain()
        if table.status is not TableStatus.PLAYING:
            break
        match = table.match
        assert match is not None and match.turn is not None
        seat = match.turn
        user = table.seats[seat].user_id
        assert user is not None, "a computer seat should have played"
        option = pick(match.options(seat), rng)
        await manager.play(
            table_id=table.id, user_id=user, placement=option.placement, move_no=table.move_no, locale="en"
        )
        made += 1
    await manager.drain()
    return made


def single_place_tiles(table: Table) -> list[Option]:
    """The mover's options whose tile fits in one place only: one click on the tile places it."""
    match = table.match
    assert match is not None and match.turn is not None
    by_tile: dict[object, list[Option]] = {}
    for option in match.options(match.turn):
        by_tile.setdefault(option.tile, []).append(option)
    return [options[0] for options in by_tile.values() if len(options) == 1]
