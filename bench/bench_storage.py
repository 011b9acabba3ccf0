"""Benchmark of the storage backends: the latency of saving one placement, SQLite and PostgreSQL side by side,
optionally against another checkout of the project measured in the same run.

Run from the project's root: `.venv/bin/python bench/bench_storage.py [--quick] [--against OTHER_CHECKOUT]`.
It prints figures and is not a test. Each backend is measured against its own baseline:

- baseline: the cheapest round trip the backend has (`SELECT 1` on a connection made as the
  storage makes its own: aiosqlite on the same file, a pooled asyncpg connection), so the ratio
  says what a save costs beyond talking to the database at all;
- save_record: one version-checked write of a real game record (the bot's commit before a reply),
  median and p95 over many saves, records growing as a match is played.

Every measurement runs in a child process that imports the storage of one checkout (this one, and
`--against`'s, e.g. a git worktree of an older commit): the checkouts take turns, round after round,
on the same records and the same PostgreSQL server, so a busy machine weighs on both alike; the
figures are the medians over the rounds. SQLite is a WAL file (synchronous=NORMAL, as the bot runs
it); PostgreSQL is a throwaway local server (tests/support/pg_server.py) reached over its Unix socket with
fsync and synchronous_commit on, its defaults. The SQLite write does not wait for the disk at commit
(WAL + NORMAL) and PostgreSQL's does; the figures carry that difference.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BACKENDS = ("SQLite", "PostgreSQL")
FIGURES = ("baseline", "p50", "p95")


def records(count: int, seed: str = "bench") -> list[str]:
    """The records of a match as it is played, one per placement (a new match when one ends)."""
    sys.path.insert(0, str(ROOT))
    from engine import Match
    from engine.selfplay import at_random, play_to_end

    out: list[str] = []
    rng = random.Random(seed)
    match = Match.new(4, seed)
    while len(out) < count:
        enough = lambda m: len(out) >= count  # noqa: E731
        play_to_end(match, at_random(rng), until=enough, after=lambda m, _: out.append(m.record.dumps()))
        match = Match.new(4, f"{seed}-{len(out)}")
    return out


def _ms(values: list[float], pct: float | None = None) -> float:
    if pct is None:
        return statistics.median(values) * 1000
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))] * 1000


# -- the child: one checkout's storage -------------------------------------------------------------


async def _timed(call: Callable[[], Awaitable[object]], times: int) -> list[float]:
    out = []
    for _ in range(times):
        started = time.perf_counter()
        await call()
        out.append(time.perf_counter() - started)
    return out


async def measure(storage: Any, select_one: Callable[[], Awaitable[object]], saves: list[str]) -> dict[str, float]:
    from bot.storage import SeatRow

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
    return {"baseline": _ms(baseline), "p50": _ms(latencies), "p95": _ms(latencies, 95)}


async def child(checkout: Path, socket_folder: str, saves: list[str]) -> dict[str, dict[str, float]]:
    """Measure the storage of `checkout` (imported from there) on a new SQLite file and a new PostgreSQL database."""
    sys.path.insert(0, str(checkout))
    import aiosqlite
    import asyncpg

    from bot.storage import PostgresStorage, SqliteStorage

    assert Path(sys.modules["bot.storage"].__file__ or "").is_relative_to(checkout), "imported the wrong checkout"
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
    name = f"bench_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(f"postgresql://postgres@/postgres?host={socket_folder}")
    await admin.execute(f'CREATE DATABASE "{name}"')
    url = f"postgresql://postgres@/{name}?host={socket_folder}"
    try:
        postgres = await PostgresStorage.open(url)
        pool = await asyncpg.create_pool(url, min_size=1, max_size=10)  # as the storage makes its own
        try:

            async def postgres_one() -> None:
                async with pool.acquire() as con:
                    await con.fetchval("SELECT 1")

            results["PostgreSQL"] = await measure(postgres, postgres_one, saves)
        finally:
            await pool.close()
            await postgres.close()
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()
    return results


# -- the parent: checkouts in turns ---------------------------------------------------------------


def run(count: int, rounds: int, against: Path | None) -> dict[str, dict[str, dict[str, float]]]:
    """{checkout label: {backend: {figure: median over the rounds}}}; prints the table."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support.pg_server import PostgresServer

    checkouts = {"this": ROOT} | ({"against": against.resolve()} if against is not None else {})
    runs: dict[str, list[dict[str, dict[str, float]]]] = {label: [] for label in checkouts}
    server = PostgresServer(durable=True).start()
    with tempfile.TemporaryDirectory() as folder:
        saves_file = Path(folder) / "saves.json"
        saves_file.write_text(json.dumps(records(count)))
        try:
            for n in range(rounds):
                order = list(checkouts.items())
                for label, checkout in order if n % 2 == 0 else order[::-1]:  # who goes first alternates too
                    done = subprocess.run(
                        [sys.executable, __file__, "--child", str(checkout), str(server.folder), str(saves_file)],
                        capture_output=True,
                        text=True,
                        timeout=900,
                        check=False,
                        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},  # leave the other checkout untouched
                    )
                    if done.returncode != 0:
                        raise SystemExit(f"measuring {checkout} failed:\n{done.stderr}")
                    runs[label].append(json.loads(done.stdout.splitlines()[-1]))
        finally:
            server.stop()
    figures = {
        label: {b: {f: statistics.median(r[b][f] for r in measured) for f in FIGURES} for b in BACKENDS}
        for label, measured in runs.items()
    }
    print(f"save_record: {count} saves of a 4-player match's record per run, {rounds} round(s), medians over rounds")
    print(
        f"{'checkout':<9} {'backend':<11} {'SELECT 1 p50':>13} {'save p50':>10} {'save p95':>10} {'p50/baseline':>13}"
    )
    for label, checkout in checkouts.items():
        for backend in BACKENDS:
            r = figures[label][backend]
            print(
                f"{label:<9} {backend:<11} {r['baseline']:>10.3f} ms {r['p50']:>7.3f} ms {r['p95']:>7.3f} ms"
                f" {r['p50'] / r['baseline']:>12.1f}x"
            )
        print(f"          ({checkout})")
    for backend in BACKENDS:
        turns = ", ".join(
            f"{label} " + "/".join(f"{r[backend]['p50']:.2f}" for r in measured) for label, measured in runs.items()
        )
        print(f"{backend} save p50 per round (ms): {turns}")
    mine = figures["this"]
    print(f"this: PostgreSQL save p50 / SQLite save p50: {mine['PostgreSQL']['p50'] / mine['SQLite']['p50']:.2f}x")
    if against is not None:
        for backend in BACKENDS:
            ratio = mine[backend]["p50"] / figures["against"][backend]["p50"]
            print(f"{backend} save p50, this / against: {ratio:.2f}x")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="30 saves, one round: a smoke run")
    parser.add_argument("--saves", type=int, help="saves per run (default 1000; 30 with --quick)")
    parser.add_argument("--against", type=Path, help="another checkout of the project, measured in turns with this one")
    parser.add_argument("--rounds", type=int, help="turns per checkout (default 3; 1 with --quick)")
    parser.add_argument(
        "--child", nargs=3, metavar=("CHECKOUT", "PG_SOCKET_FOLDER", "SAVES_JSON"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.child:
        checkout, socket_folder, saves_file = args.child
        saves = json.loads(Path(saves_file).read_text())
        print(json.dumps(asyncio.run(child(Path(checkout).resolve(), socket_folder, saves))))
        return
    if args.against is not None and not (args.against / "bot" / "storage").is_dir():
        parser.error(f"{args.against} is not a checkout of this project (no bot/storage in it)")
    rounds = args.rounds or (1 if args.quick else 3)
    run(args.saves or (30 if args.quick else 1000), rounds, args.against)


if __name__ == "__main__":
    main()
