"""Benchmark of the bot's game manager under load: many tables at once, with rendering, on SQLite and PostgreSQL.

Run from the project's root: `.venv/bin/python bench/bench_bot.py [--quick | --smoke] [--backends sqlite,postgres]`.
It prints figures and is not a test. Everything goes through `bot.host.manager.Manager` exactly as the
Discord layer calls it (a version-checked commit before the reply, both pictures drawn off the
event loop); only the Discord HTTP calls are left out, since they happen after the reply is ready.
The load scenario runs on each backend in the same run, side by side: a real SQLite file (WAL),
and a throwaway local PostgreSQL server (tests/support/pg_server.py, over its Unix socket, fsync and
synchronous_commit on: its defaults) reached through the bot's asyncpg pool.

1. Baseline, same run: one table alone, the same clicks.
2. Load (issues 4 and 12): 50 tables playing at once, players thinking 0.5-2 s between clicks;
   an accepted click -> reply ready, p50 / p95 (target p95 <= 300 ms), and the event loop's
   longest block (target < 50 ms), measured by a 5 ms heartbeat; on SQLite, then on PostgreSQL.
3. Saturation, for scale: the same 50 tables clicking as fast as replies come (no target).
4. Computers (issue 5): 10 tables where a `hard` computer answers every human placement, its
   search in worker processes; the event loop's longest block must stay < 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # pg_server: the throwaway PostgreSQL server

from bot.host.computers import ComputerPlayers, InlineComputer, ProcessComputer  # noqa: E402
from bot.host.manager import Manager  # noqa: E402
from bot.host.pictures import PngRenderer  # noqa: E402
from bot.model.posts import Post  # noqa: E402
from bot.model.table_state import Table, TableStatus  # noqa: E402
from bot.storage import is_postgres_url, open_storage  # noqa: E402
from bot.texts.i18n import t  # noqa: E402
from engine import Match  # noqa: E402

LATENCY_TARGET_MS = 300.0
STALL_TARGET_MS = 50.0
HEARTBEAT_S = 0.005
T = TypeVar("T")


class Counter:
    """A publisher that only counts: sending to Discord happens after the reply is ready."""

    def __init__(self) -> None:
        self.posts = 0

    def publish(self, post: Post) -> None:
        self.posts += 1


@dataclass
class Heartbeat:
    """Wakes every 5 ms and records how late it woke: the longest lateness is the longest block."""

    lateness: list[float] = field(default_factory=list)
    running: bool = True

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while self.running:
            due = loop.time() + HEARTBEAT_S
            await asyncio.sleep(HEARTBEAT_S)
            self.lateness.append(max(0.0, loop.time() - due))

    def summary(self) -> str:
        worst = max(self.lateness, default=0.0) * 1000
        p99 = _percentile(self.lateness, 99) * 1000
        verdict = "ok" if worst < STALL_TARGET_MS else "OVER TARGET"
        return f"event loop: longest block {worst:.1f} ms, p99 lateness {p99:.1f} ms ({verdict}, target < 50 ms)"


def _percentile(values: list[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


async def _table(manager: Manager, channel: int, players: int, bots: int, level: str) -> Table:
    host = channel * 10
    await manager.open_table(
        guild_id=1,
        channel_id=channel,
        host_id=host,
        host_name=f"host{channel}",
        lang="en",
        bots=bots,
        level=level,
        seed=f"bench-{channel}-{time.monotonic_ns()}",
    )
    for seat in range(1, players - bots):
        await manager.join(channel_id=channel, user_id=host + seat, name=f"p{channel}.{seat}", locale="en")
    await manager.start(channel_id=channel, user_id=host, locale="en")
    table = manager.table_in(channel)
    assert table is not None
    return table


async def _players(
    manager: Manager,
    channel: int,
    players: int,
    bots: int,
    level: str,
    think: tuple[float, float],
    until: float,
    latencies: list[float],
    rng: random.Random,
) -> None:
    """The people at one channel's table: think, click a legal option, time the reply; a new match when one ends."""
    loop = asyncio.get_running_loop()
    table = await _table(manager, channel, players, bots, level)
    while loop.time() < until:
        await asyncio.sleep(rng.uniform(*think))
        if table.status is not TableStatus.PLAYING:
            table = await _table(manager, channel, players, bots, level)
            continue
        match = table.match
        assert match is not None
        seat = match.turn
        if seat is None or table.seats[seat].user_id is None:
            continue  # a computer is about to play
        options = match.options(seat)
        option = options[rng.randrange(len(options))]
        started = time.perf_counter()
        await manager.play(
            channel_id=channel,
            user_id=table.seats[seat].user_id,
            placement=option.placement,
            move_no=table.move_no,
            locale="en",
        )
        latencies.append(time.perf_counter() - started)


async def scenario(
    name: str,
    *,
    tables: int,
    seconds: float,
    think: tuple[float, float],
    bots: int = 0,
    level: str = "normal",
    computer: ComputerPlayers | None = None,
    database: str | None = None,
) -> tuple[list[float], Heartbeat, int]:
    """`database`: a PostgreSQL URL (an empty database), or None for a new SQLite file."""
    with tempfile.TemporaryDirectory() as folder:
        storage = await open_storage(database or Path(folder) / "bench.sqlite3")
        assert database is None or is_postgres_url(database)
        counter = Counter()
        manager = Manager(
            storage,
            counter,
            PngRenderer(),
            computer or InlineComputer(),
            turn_timeout=3600.0,
            computer_pause=(0.0, 0.0),
        )
        heartbeat = Heartbeat()
        beating = asyncio.create_task(heartbeat.run())
        latencies: list[float] = []
        until = asyncio.get_running_loop().time() + seconds
        rng = random.Random(name)
        sizes = [2, 3, 4]
        await asyncio.gather(
            *(
                _players(
                    manager, 1000 + n, sizes[n % 3], bots, level, think, until, latencies, random.Random(rng.random())
                )
                for n in range(tables)
            )
        )
        await manager.drain()
        heartbeat.running = False
        await beating
        await manager.close()
        await storage.close()
    return latencies, heartbeat, counter.posts


def report(name: str, latencies: list[float], heartbeat: Heartbeat, posts: int, seconds: float) -> None:
    ms = [x * 1000 for x in latencies]
    p50 = statistics.median(ms) if ms else 0.0
    p95 = _percentile(ms, 95)
    verdict = "ok" if p95 <= LATENCY_TARGET_MS else "OVER TARGET"
    print(f"{name}")
    print(f"  clicks: {len(ms)} in {seconds:.0f} s ({len(ms) / seconds:.1f}/s), table messages: {posts}")
    print(
        f"  accepted click -> reply ready: p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(ms, default=0):.1f} ms"
        f" ({verdict}, target p95 <= 300 ms)"
    )
    print(f"  {heartbeat.summary()}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs (about 30 s in all)")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="about 1.5 s of tiny loads (2 tables, 1 against `hard`, 1 worker), SQLite only: it still runs",
    )
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--hard-tables", type=int, default=10)
    parser.add_argument(
        "--backends", default="sqlite,postgres", help="the load scenario's databases, comma-separated (default: both)"
    )
    args = parser.parse_args()
    if args.smoke:
        args.tables, args.hard_tables, args.backends = 2, 1, "sqlite"
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if not backends or any(b not in ("sqlite", "postgres") for b in backends):
        parser.error("--backends takes sqlite, postgres or both")
    load_s = 0.4 if args.smoke else 10.0 if args.quick else 30.0
    base_s = 0.3 if args.smoke else 5.0 if args.quick else 10.0
    hard_s = 0.4 if args.smoke else 10.0 if args.quick else 20.0
    # --smoke: people think less, so its short phases still time a few clicks each; one worker process
    think, hard_think = ((0.05, 0.15), (0.05, 0.15)) if args.smoke else ((0.5, 2.0), (0.3, 0.8))
    workers = 1 if args.smoke else 2

    print(f"bench_bot: the game manager with rendering, on {' and '.join(backends)} (Discord HTTP excluded)\n")
    # fonts, sprites and the English catalog load once, before anything is timed (the bot has them before it serves)
    t("en", "lobby-count", count=1)
    warm = Match.new(2, "warm-up")
    option = warm.options()[0]
    warm.place(warm.turn, option.placement)
    PngRenderer().table(warm.snapshot())
    base = await scenario("baseline", tables=1, seconds=base_s, think=(0.05, 0.1))
    report("baseline: 1 table alone, clicks every 0.05-0.1 s", *base, base_s)
    for backend in backends:
        if backend == "sqlite":
            load = await scenario("load", tables=args.tables, seconds=load_s, think=think)
        else:
            load = await on_postgres(
                lambda url: scenario("load", tables=args.tables, seconds=load_s, think=think, database=url)
            )
        people = f"people thinking {think[0]:g}-{think[1]:g} s"
        report(f"load on {backend}: {args.tables} tables at once, {people}", *load, load_s)

    burst_s = 0.2 if args.smoke else 5.0
    burst = await scenario("burst", tables=args.tables, seconds=burst_s, think=(0.0, 0.01))
    report(f"saturation (no target): {args.tables} tables clicking without thinking", *burst, burst_s)

    computer = ProcessComputer(workers=workers)
    await computer.start()
    try:
        hard = await scenario(
            "hard", tables=args.hard_tables, seconds=hard_s, think=hard_think, bots=1, level="hard", computer=computer
        )
    finally:
        computer.close()
    report(f"computers: {args.hard_tables} tables, a person against `hard` ({workers} worker processes)", *hard, hard_s)


async def on_postgres(run: Callable[[str], Awaitable[T]]) -> T:
    """`run(url)` on an empty database of a new local PostgreSQL server, stopped afterwards."""
    import asyncpg
    from support.pg_server import PostgresServer

    server = await asyncio.to_thread(lambda: PostgresServer(durable=True).start())
    try:
        con = await asyncpg.connect(server.url())
        try:
            await con.execute('CREATE DATABASE "bench"')
        finally:
            await con.close()
        return await run(server.url("bench"))
    finally:
        await asyncio.to_thread(server.stop)


if __name__ == "__main__":
    asyncio.run(main())
