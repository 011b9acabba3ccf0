"""Benchmark of the storage backends: the latency of saving one placement, SQLite and PostgreSQL side by side.

Run from the project's root: `.venv/bin/python bench/bench_storage.py [--quick]`. It prints figures
and is not a test. Each backend is measured in the same run, each against its own baseline:

- baseline: the cheapest round trip the backend has (`SELECT 1` on a connection made as the
  storage makes its own: aiosqlite on the same file, a pooled asyncpg connection), so the ratio
  says what a save costs beyond talking to the database at all;
- save_record: one version-checked write of a real game record (the bot's commit before a reply),
  median and p95 over many saves, records growing as a match is played.

SQLite is a WAL file (synchronous=NORMAL, as the bot runs it); PostgreSQL is a throwaway local server
(tests/pg_server.py) reached over its Unix socket with fsync and synchronous_commit on, its defaults.
The SQLite write does not wait for the disk at commit (WAL + NORMAL) and PostgreSQL's does; the
figures carry that difference.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import aiosqlite  # noqa: E402
import asyncpg  # noqa: E402
from pg_server import PostgresServer  # noqa: E402

from bot.storage import PostgresStorage, SeatRow, SqliteStorage, Storage  # noqa: E402
from engine import Match, Phase  # noqa: E402


def records(count: int, seed: str = "bench") -> list[str]:
    """The records of a match as it is played, one per placement (a new match when one ends)."""
    out: list[str] = []
    rng = random.Random(seed)
    match = Match.new(4, seed)
    while len(out) < count:
        seat = match.turn
        if seat is None:
            match = Match.new(4, f"{seed}-{len(out)}")
            continue
        option = rng.choice(match.options(seat))
        match.place(seat, option.placement)
        if match.phase is Phase.ROUND_OVER:
            match.next_round()
        out.append(match.record.dumps())
    return out


async def _timed(call: Callable[[], Awaitable[object]], times: int) -> list[float]:
    out = []
    for _ in range(times):
        started = time.perf_counter()
        await call()
        out.append(time.perf_counter() - started)
    return out


def _ms(values: list[float], pct: float | None = None) -> float:
    if pct is None:
        return statistics.median(values) * 1000
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))] * 1000


async def measure(storage: Storage, select_one: Callable[[], Awaitable[object]], saves: list[str]) -> dict[str, float]:
    table_id = await storage.create_table(
        guild_id=1, channel_id=1, host_id=1, lang="en", level="normal", seed="bench",
        seats=[SeatRow(1, "a"), SeatRow(2, "b"), SeatRow(3, "c"), SeatRow(4, "d")],
    )  # fmt: skip
    version = await storage.start_match(table_id, [SeatRow(i, str(i)) for i in range(4)], saves[0])
    await _timed(select_one, 20)  # warm up
    baseline = await _timed(select_one, len(saves))
    latencies = []
    for record in saves:
        started = time.perf_counter()
        version = await storage.save_record(table_id, record, expected_version=version)
        latencies.append(time.perf_counter() - started)
    return {
        "baseline": _ms(baseline),
        "p50": _ms(latencies),
        "p95": _ms(latencies, 95),
        "bytes": statistics.mean(len(r) for r in saves),
    }


async def run(count: int) -> None:
    saves = records(count)
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        sqlite = await SqliteStorage.open(path)
        plain = await aiosqlite.connect(path, isolation_level=None)  # the same file, as the storage opens it
        try:

            async def sqlite_one() -> None:
                async with plain.execute("SELECT 1") as cur:
                    await cur.fetchone()

            results["SQLite"] = await measure(sqlite, sqlite_one, saves)
        finally:
            await plain.close()
            await sqlite.close()
    server = PostgresServer(durable=True).start()
    try:
        postgres = await PostgresStorage.open(server.url())
        pool = await asyncpg.create_pool(server.url(), min_size=1, max_size=10)  # as the storage makes its own
        try:

            async def postgres_one() -> None:
                async with pool.acquire() as con:
                    await con.fetchval("SELECT 1")

            results["PostgreSQL"] = await measure(postgres, postgres_one, saves)
        finally:
            await pool.close()
            await postgres.close()
    finally:
        server.stop()
    print(f"save_record, {count} saves of a 4-player match's record (mean {results['SQLite']['bytes']:.0f} bytes)")
    print(f"{'backend':<12} {'SELECT 1 p50':>13} {'save p50':>10} {'save p95':>10} {'p50 / baseline':>15}")
    for name, r in results.items():
        print(
            f"{name:<12} {r['baseline']:>10.3f} ms {r['p50']:>7.3f} ms {r['p95']:>7.3f} ms"
            f" {r['p50'] / r['baseline']:>14.1f}x"
        )
    ratio = results["PostgreSQL"]["p50"] / results["SQLite"]["p50"]
    print(f"PostgreSQL save p50 / SQLite save p50: {ratio:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 saves instead of 1000")
    args = parser.parse_args()
    asyncio.run(run(100 if args.quick else 1000))


if __name__ == "__main__":
    main()
