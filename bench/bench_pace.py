"""Benchmark of correspondence play at scale: many open correspondence tables in the database, SQLite and PostgreSQL.

Run from the project's root: `.venv/bin/python bench/bench_pace.py [--quick] [--tables N] [--backends sqlite,postgres]`.
It prints figures and is not a test. With N open correspondence tables (1-day pace, 2 to 4 people each)
in the database (10,000 by default; 200 with --quick, copies of 3 real tables, one computer worker a
process), on each backend:

1. start-up to ready: `Manager.restore()` as the bot calls it (lazy: a sleeping correspondence match is a
   `TableRef` until it is needed, bot/host/tables/table_loader.py), against the baseline measured in the same run:
   every open table read in one query and a `LiveTable` built for each, as a restart did before lazy
   loading (without that restart's per-table pictures and "restored" message, so the baseline is the
   cheapest eager load; the ratio is a lower bound). Each runs in a fresh process, so that
2. its resident memory (VmRSS) after the restore is its own; targets: start-up <= 10 s, RSS <= 400 MB.
3. a click on a table not in memory: the "show hand" button (`manager.hand`, with its picture) and a
   placement (`manager.play`) on random sleeping tables, call to answer, p50 / p95 (target p95 <= 300 ms),
   against the same clicks once the table is in memory (the next mover's placement for `play`).
4. deadlines that passed while the bot was down: K tables overdue before the start (half of them
   `timeout:forfeit`); time from `restore()` until the deadline sweeper (bot/host/clocks/deadline_sweeper.py,
   on the wall clock) has handled all of them (target <= 10 s), and each acted exactly once (its stored
   record one placement longer, or the match forfeited).
5. PostgreSQL only: two bot processes on one database, started together, K more overdue tables each
   time: once both serving every shard (the overlap of a deploy: only the versioned write keeps a
   deadline to one act), once split by shard (shard_count 2). Every deadline must act exactly once.

The database is filled fast: a few real tables are made through the bot's own manager and storage
(`open_table`, `join`, `start`, some placements), then their rows are copied with new ids, channels,
threads, guilds, people and deadlines by plain SQL; the bot reads the copies exactly as its own.
PostgreSQL is a throwaway local server (tests/support/pg_server.py, durable: fsync on), analysed after
the fill as autovacuum would; SQLite is a WAL file as the bot runs it. Computer moves are chosen in a
worker process (`ProcessComputer`), as the bot does; the publisher only counts (Discord HTTP excluded).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

STARTED = time.perf_counter()  # the child's start-up is counted from here (before the bot's imports)
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # pg_server: the throwaway PostgreSQL server

TARGET_START_S = 10.0
TARGET_RSS_MB = 400.0
TARGET_CLICK_MS = 300.0
TARGET_OVERDUE_S = 10.0
TEMPLATES = 48  # real tables made through the bot, copied N times (3 with --quick: 2, 3 and 4 players)
QUICK_TEMPLATES = 3
GUILDS = 100  # the copies are spread over this many guilds (both shards of two)
TEMPLATE_GUILD = 999 << 22


@dataclass
class Template:
    """A real table made through the bot: its id, the move number, its mover's seat and a legal placement."""

    id: int
    move_no: int
    mover_seat: int
    placement: str


@dataclass
class Plan:
    """What a child measures: its database, the tables to click, shards, and whether it loads eagerly."""

    database: str
    mode: str  # lazy, eager, or serve (one of two processes)
    hands: list[tuple[int, int]]  # (table id, user id): the "show hand" click
    plays: list[tuple[int, int, str, int]]  # (table id, user id, placement, move_no)
    shard_count: int | None = None
    shard_ids: list[int] | None = None
    workers: int = max(1, min(2, os.cpu_count() or 1))  # as bot/edge/app.py starts them


def rss_mb(pid: str = "self") -> float:
    """A process's resident memory (VmRSS), MB (0 for one that is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    return next((int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith("VmRSS:")), 0.0)


def children_rss_mb() -> float:
    """The resident memory of this process's children (the computer workers), MB."""
    pids = [pid for task in Path("/proc/self/task").iterdir() for pid in (task / "children").read_text().split()]
    return sum(rss_mb(pid) for pid in pids)


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))] if ordered else 0.0


def user_base(i: int) -> int:
    """The people of copy `i` are this + their seat."""
    return 10_000_000 + i * 10


# -- filling the database -------------------------------------------------------------------------


class Counter:
    """A publisher that only counts: sending to Discord happens after the answer is ready."""

    def __init__(self) -> None:
        self.posts = 0

    def publish(self, post: object) -> None:
        self.posts += 1


async def make_templates(database: str, count: int) -> list[Template]:
    """Real correspondence matches through the bot's manager: 2, 3 and 4 players, 0 to 149 placements in
    (a whole match is some 150 to 280: a table in the database is anywhere in its match)."""
    from bot.host.computers import InlineComputer
    from bot.host.manager import Manager
    from bot.host.pictures import PngRenderer
    from bot.storage import open_storage

    storage = await open_storage(database)
    manager = Manager(storage, Counter(), PngRenderer(), InlineComputer(), computer_pause=(0.0, 0.0))
    made: list[Template] = []
    try:
        attempt = 0
        while len(made) < count:
            k, attempt = len(made), attempt + 1
            template = await play_template(manager, attempt, players=2 + k % 3, moves=(k * 37) % 150)
            if template is not None:  # (None: the match ended before it got there; another deal is tried)
                made.append(template)
    finally:
        await manager.close()
        await storage.close()
    return made


async def play_template(manager: Any, n: int, *, players: int, moves: int) -> Template | None:
    from bot.model.pace import Pace
    from bot.model.table_state import TableStatus
    from engine import Phase

    channel, host = 500 + n, 1_000 + 10 * n
    await manager.open_table(
        guild_id=TEMPLATE_GUILD, channel_id=channel, host_id=host, host_name=f"host{n}", lang="en",
        pace=Pace.DAY, seed=f"bench-pace-{n}",
    )  # fmt: skip
    for seat in range(1, players):
        await manager.join(channel_id=channel, user_id=host + seat, name=f"p{n}.{seat}", locale="en")
    await manager.start(channel_id=channel, user_id=host, locale="en")
    table = manager.table_in(channel)
    for _ in range(moves):
        if table.status is not TableStatus.PLAYING:
            return None
        seat = table.match.turn
        option = table.match.options(seat)[0]
        await manager.play(
            channel_id=channel, user_id=table.seats[seat].user_id, placement=option.placement,
            move_no=table.move_no, locale="en",
        )  # fmt: skip
    if table.status is not TableStatus.PLAYING:
        return None
    seat = table.match.turn
    placement = table.match.options(seat)[0].placement
    after = table.match.clone()
    after.place(seat, placement)
    if after.phase is Phase.OVER:  # the copies' clicked placement must leave a match to play on
        return None
    return Template(table.id, table.move_no, seat, str(placement))


def copies(
    templates: list[Template], tables: dict[int, dict[str, Any]], seats: dict[int, list[dict[str, Any]]], count: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """`count` copies of the template rows: new id, channel, thread, guild, people and a deadline 2-24 h ahead."""
    now = time.time()
    rng = random.Random("bench-pace")
    new_tables, new_seats = [], []
    for i in range(count):
        template = templates[i % len(templates)]
        base, table_id = user_base(i), 1_000 + i
        deadline = now + rng.uniform(2 * 3600, 24 * 3600)
        remind = deadline - 3600 if deadline - 3600 > now else None
        row = dict(tables[template.id])
        row.update(
            id=table_id, guild_id=(1 + i % GUILDS) << 22, channel_id=10**9 + i, thread_id=2 * 10**9 + i,
            host_id=base, remind_at=remind, take_over_at=deadline, wake_at=remind or deadline,
            to_move=base + template.mover_seat, created_at=now, updated_at=now, lobby_message_id=None,
            last_post_id=None,
        )  # fmt: skip
        new_tables.append(row)
        for seat in seats[template.id]:
            new_seats.append(dict(seat, table_id=table_id, user_id=base + seat["seat"]))
    return new_tables, new_seats


async def fill(database: str, count: int, templates_made: int) -> list[Template]:
    """`count` open correspondence tables (ids 1000...), copies of `templates_made` real ones; those are removed."""
    templates = await make_templates(database, templates_made)
    ids = [t.id for t in templates]
    marks = ", ".join("?" * len(ids))
    rows = await sql(database, [(f"SELECT * FROM tables WHERE id IN ({marks})", ids)], fetch=True)
    seat_rows = await sql(database, [(f"SELECT * FROM seats WHERE table_id IN ({marks})", ids)], fetch=True)
    tables = {r["id"]: r for r in rows}
    seats: dict[int, list[dict[str, Any]]] = {}
    for seat in seat_rows:
        seats.setdefault(seat["table_id"], []).append(seat)
    new_tables, new_seats = copies(templates, tables, seats, count)
    await insert(database, new_tables, new_seats)
    await sql(
        database,
        [(f"DELETE FROM seats WHERE table_id IN ({marks})", ids), (f"DELETE FROM tables WHERE id IN ({marks})", ids)],
    )
    return templates


def is_pg(database: str) -> bool:
    return database.startswith("postgresql://")


async def sql(database: str, statements: list[tuple[str, list[Any]]], *, fetch: bool = False) -> list[dict[str, Any]]:
    """Plain SQL with `?` placeholders on either backend, outside the bot; the last statement's rows when `fetch`."""
    out: list[dict[str, Any]] = []
    if is_pg(database):
        import asyncpg

        con = await asyncpg.connect(database)
        try:
            for text, args in statements:
                parts = text.split("?")
                text = parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], 1))
                if fetch:
                    out = [dict(r) for r in await con.fetch(text, *args)]
                else:
                    await con.execute(text, *args)
        finally:
            await con.close()
        return out
    with sqlite3.connect(database) as con:
        con.row_factory = sqlite3.Row
        for text, args in statements:
            out = [dict(r) for r in con.execute(text, args).fetchall()]
    return out


async def insert(database: str, tables: list[dict[str, Any]], seats: list[dict[str, Any]]) -> None:
    """Bulk insert (PostgreSQL: COPY, then ANALYZE and the id sequence moved past the copies)."""
    if is_pg(database):
        import asyncpg

        con = await asyncpg.connect(database)
        try:
            for name, rows in (("tables", tables), ("seats", seats)):
                columns = list(rows[0])
                await con.copy_records_to_table(
                    name, records=[tuple(r[c] for c in columns) for r in rows], columns=columns
                )
            await con.execute("SELECT setval(pg_get_serial_sequence('tables', 'id'), (SELECT max(id) FROM tables))")
            await con.execute("ANALYZE")
        finally:
            await con.close()
        return
    with sqlite3.connect(database) as con:
        for name, rows in (("tables", tables), ("seats", seats)):
            columns = list(rows[0])
            con.executemany(
                f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                [tuple(r[c] for c in columns) for r in rows],
            )


async def make_overdue(database: str, ids: list[int]) -> None:
    """These tables' deadlines passed 1-60 min ago (as if while the bot was down); every other one forfeits."""
    now = time.time()
    for n, table_id in enumerate(ids):
        past = now - 60 - (n * 61) % 3540
        rule = "forfeit" if n % 2 else "computer"
        await sql(
            database,
            [("UPDATE tables SET remind_at = NULL, take_over_at = ?, wake_at = ?, on_timeout = ? WHERE id = ?",
              [past, past, rule, table_id])],
        )  # fmt: skip


async def placements(database: str, ids: list[int]) -> dict[int, tuple[str, int, int | None]]:
    """(status, placements in the record, forfeit seat) of each table."""
    from engine import Record

    marks = ", ".join("?" * len(ids))
    rows = await sql(
        database, [(f"SELECT id, status, record, forfeit_seat FROM tables WHERE id IN ({marks})", ids)], fetch=True
    )
    return {
        r["id"]: (r["status"], sum(len(rd.plays) for rd in Record.loads(r["record"]).rounds), r["forfeit_seat"])
        for r in rows
    }


def acted_once(before: dict[int, tuple[str, int, int | None]], after: dict[int, tuple[str, int, int | None]]) -> str:
    """How the overdue tables acted: '<n> moved, <n> forfeited, <n> wrong'."""
    moved = forfeited = wrong = 0
    for table_id, (_, plays, _) in before.items():
        now_status, now_plays, seat = after[table_id]
        if now_status in ("playing", "over") and now_plays == plays + 1 and seat is None:  # (the move may end it)
            moved += 1
        elif now_status == "over" and now_plays == plays and seat is not None:
            forfeited += 1
        else:
            wrong += 1
    return f"{moved} moved, {forfeited} forfeited, {wrong} wrong"


# -- the child: one bot process -------------------------------------------------------------------


async def eager_restore(manager: Any) -> None:
    """The baseline: every open table read in one query and a LiveTable built for each (no posts)."""
    from bot.host.tables.live_table import LiveTable
    from bot.host.tables.row_conversion import table_from_row

    found, broken = await manager.storage.open_tables(manager.shard_count, manager.shard_ids)
    assert not broken, broken
    for row in found:
        live = LiveTable(table_from_row(row), manager.services, saved_record=row.record, version=row.version)
        live.set_clock(row.deadlines)
        manager.registry.add(live)


async def timed(call: Any) -> float:
    started = time.perf_counter()
    await call
    return time.perf_counter() - started


async def clicks(manager: Any, plan: Plan) -> dict[str, list[float]]:
    """Cold clicks on sleeping tables, then the same clicks on them in memory (the baseline)."""
    from engine import Placement

    out: dict[str, list[float]] = {"cold_hand": [], "warm_hand": [], "cold_play": [], "warm_play": []}
    for table_id, user in plan.hands:
        assert manager.registry.asleep(table_id=table_id) == table_id, "a clicked table must sleep"
        out["cold_hand"].append(await timed(manager.hand(user_id=user, table_id=table_id, locale="en")))
    for table_id, user in plan.hands:
        out["warm_hand"].append(await timed(manager.hand(user_id=user, table_id=table_id, locale="en")))
    for table_id, user, placement, move_no in plan.plays:
        assert manager.registry.asleep(table_id=table_id) == table_id, "a clicked table must sleep"
        play = manager.play(
            table_id=table_id, user_id=user, placement=Placement.parse(placement), move_no=move_no, locale="en"
        )
        out["cold_play"].append(await timed(play))
    for table_id, _, _, _ in plan.plays:
        table = manager.registry.by_id(table_id).table
        seat = table.match.turn  # (the template left a match to play on after the cold placement)
        option = table.match.options(seat)[0]
        play = manager.play(
            table_id=table_id, user_id=table.seats[seat].user_id, placement=option.placement,
            move_no=table.move_no, locale="en",
        )  # fmt: skip
        out["warm_play"].append(await timed(play))
    await manager.drain()
    return out


async def child(plan: Plan) -> dict[str, Any]:
    """Restore as `plan.mode` says, with the figures of this process."""
    from bot.host.computers import ProcessComputer
    from bot.host.manager import Manager
    from bot.host.pictures import PngRenderer
    from bot.storage import open_storage

    computer = ProcessComputer(workers=plan.workers)
    await computer.start()
    storage = await open_storage(plan.database if is_pg(plan.database) else Path(plan.database))
    manager = Manager(
        storage, Counter(), PngRenderer(), computer, shard_count=plan.shard_count, shard_ids=plan.shard_ids,
    )  # fmt: skip
    out: dict[str, Any] = {"rss_before": rss_mb()}
    try:
        if plan.mode == "serve":  # one of two processes: both start when the parent says go
            print(json.dumps({"ready": True}), flush=True)
            sys.stdin.readline()
        started = time.perf_counter()
        if plan.mode == "eager":
            await eager_restore(manager)
        else:
            await manager.restore()
        out["restore_s"] = time.perf_counter() - started
        out["ready_s"] = time.perf_counter() - STARTED
        out["rss"] = rss_mb()
        out["workers_rss"] = children_rss_mb()
        out["in_memory"] = len(manager.registry.live_tables())
        out["asleep"] = manager.registry.sleeping()
        if plan.mode != "eager":
            await manager.sweeper.rested()
            out["overdue_s"] = time.perf_counter() - started
            out["handed"] = manager.sweeper.acted
            out["clicks"] = await clicks(manager, plan)
            out["rss_after_clicks"] = rss_mb()
    finally:
        await manager.close()
        await storage.close()
        computer.close()
    return out


def run_child(plan: Plan) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--child", json.dumps(asdict(plan))],
        capture_output=True, text=True, timeout=1800, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"the {plan.mode} child failed:\n{done.stderr}")
    return json.loads(done.stdout.splitlines()[-1])


def start_child(plan: Plan) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, __file__, "--child", json.dumps(asdict(plan))],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        raise SystemExit(f"the serve child failed:\n{process.communicate()[1]}")
    return process


# -- the parent: fill, measure, report ------------------------------------------------------------


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


def ms(values: list[float], pct: float | None = None) -> float:
    return (statistics.median(values) if pct is None else percentile(values, pct)) * 1000 if values else 0.0


async def pair(database: str, ids: list[int], *, split: bool, workers: int) -> dict[str, Any]:
    """Two processes started together on `database` with `ids` overdue: how long, and whether each acted once."""
    await make_overdue(database, ids)
    before = await placements(database, ids)
    plans = [
        Plan(
            database,
            "serve",
            [],
            [],
            shard_count=2 if split else None,
            shard_ids=[k] if split else None,
            workers=workers,
        )
        for k in (0, 1)
    ]
    processes = [start_child(plan) for plan in plans]
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    outs = []
    for process in processes:
        out, err = process.communicate(timeout=1800)
        if process.returncode != 0:
            raise SystemExit(f"a serve child failed:\n{err}")
        outs.append(json.loads(out.splitlines()[-1]))
    after = await placements(database, ids)
    return {
        "seconds": max(o["overdue_s"] for o in outs),
        "acted": acted_once(before, after),
        "handed": [o["handed"] for o in outs],
        "moved_on": sum(o["moved_on"] for o in outs),
        "errors": sum(o["errors"] for o in outs),
    }


async def measure(name: str, database: str, count: int, overdue: int, clicked: int, quick: bool) -> dict[str, Any]:
    """Fill `database`, then every figure of one backend; prints them as they come (`quick`: 3 templates, one
    computer worker a process)."""
    started = time.perf_counter()
    templates = await fill(database, count, QUICK_TEMPLATES if quick else min(TEMPLATES, max(1, count // 30)))
    workers = 1 if quick else Plan.workers
    filled = time.perf_counter() - started
    ids = list(range(1_000, 1_000 + count))
    rng = random.Random(name)
    late, pair_ids, split_ids, rest = (
        ids[:overdue],
        ids[overdue : 2 * overdue],
        ids[2 * overdue : 3 * overdue],
        ids[3 * overdue :],
    )
    sample = rng.sample(rest, 2 * clicked)

    def who(table_id: int) -> tuple[Template, int]:
        template = templates[(table_id - 1_000) % len(templates)]
        return template, user_base(table_id - 1_000) + template.mover_seat

    hands = [(table_id, who(table_id)[1]) for table_id in sample[:clicked]]
    plays = [(t, who(t)[1], who(t)[0].placement, who(t)[0].move_no) for t in sample[clicked:]]
    await make_overdue(database, late)
    before = await placements(database, late)
    print(f"{name}: {count} open correspondence tables, filled in {filled:.1f} s; {overdue} overdue")
    eager = run_child(Plan(database, "eager", [], [], workers=workers))
    lazy = run_child(Plan(database, "lazy", hands, plays, workers=workers))
    after = await placements(database, late)
    c = lazy["clicks"]
    figures = {
        "backend": name, "tables": count, "lazy_s": lazy["restore_s"], "ready_s": lazy["ready_s"],
        "eager_s": eager["restore_s"], "lazy_rss": lazy["rss"], "eager_rss": eager["rss"],
        "rss_before": lazy["rss_before"], "rss_after_clicks": lazy["rss_after_clicks"],
        "workers_rss": lazy["workers_rss"],
        "hand_p50": ms(c["cold_hand"]), "hand_p95": ms(c["cold_hand"], 95), "warm_hand_p50": ms(c["warm_hand"]),
        "play_p50": ms(c["cold_play"]), "play_p95": ms(c["cold_play"], 95), "warm_play_p50": ms(c["warm_play"]),
        "overdue": overdue, "overdue_s": lazy["overdue_s"], "acted": acted_once(before, after),
        "errors": lazy["errors"] + eager["errors"],
    }  # fmt: skip
    report(figures, clicked)
    if is_pg(database):
        for label, chosen, split in (
            ("both serving every shard", pair_ids, False),
            ("split by shard", split_ids, True),
        ):
            result = await pair(database, chosen, split=split, workers=workers)
            figures[f"pair_{'split' if split else 'overlap'}"] = result
            print(
                f"  two processes, {label}: {overdue} overdue handled in {result['seconds']:.2f} s"
                f" ({verdict(result['seconds'] <= TARGET_OVERDUE_S)}); {result['acted']}"
                f" (handed to act {'+'.join(map(str, result['handed']))}, writes beaten by the other process"
                f" {result['moved_on']}, errors logged {result['errors']})"
            )
    return figures


def report(f: dict[str, Any], clicked: int) -> None:
    print(f"  process memory before restoring: {f['rss_before']:.0f} MB (imports, storage, renderer)")
    print(
        f"  start-up: lazy restore {f['lazy_s']:.2f} s (process start to ready {f['ready_s']:.2f} s,"
        f" {verdict(f['ready_s'] <= TARGET_START_S)}, target <= 10 s); eager baseline {f['eager_s']:.2f} s;"
        f" lazy / eager {f['lazy_s'] / f['eager_s']:.3f}x"
    )
    print(
        f"  RSS after restore: lazy {f['lazy_rss']:.0f} MB ({verdict(f['lazy_rss'] <= TARGET_RSS_MB)}, target"
        f" <= 400 MB); eager {f['eager_rss']:.0f} MB; lazy / eager {f['lazy_rss'] / f['eager_rss']:.2f}x;"
        f" lazy after the clicks {f['rss_after_clicks']:.0f} MB; the computer workers (other processes)"
        f" {f['workers_rss']:.0f} MB"
    )
    for what, key in (("'show hand' click", "hand"), ("placement", "play")):
        p95 = f[f"{key}_p95"]
        print(
            f"  {what} on a sleeping table ({clicked}): p50 {f[f'{key}_p50']:.1f} ms, p95 {p95:.1f} ms"
            f" ({verdict(p95 <= TARGET_CLICK_MS)}, target p95 <= 300 ms); in memory p50 {f[f'warm_{key}_p50']:.1f} ms;"
            f" cold / in memory {f[f'{key}_p50'] / max(f[f'warm_{key}_p50'], 1e-9):.2f}x"
        )
    print(
        f"  {f['overdue']} deadlines passed while down: all handled {f['overdue_s']:.2f} s after restore began"
        f" ({verdict(f['overdue_s'] <= TARGET_OVERDUE_S)}, target <= 10 s); {f['acted']}; errors logged {f['errors']}"
    )


async def on_postgres(run: Any) -> Any:
    """`run(url)` on an empty database of a new local PostgreSQL server (durable), stopped afterwards."""
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


async def main(args: argparse.Namespace) -> None:
    count = args.tables or (200 if args.quick else 10_000)
    overdue = args.overdue or (6 if args.quick else 50)
    clicked = args.clicks or (10 if args.quick else 200)
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    print(f"bench_pace: correspondence play at scale on {' and '.join(backends)} ({os.cpu_count()} cores)\n")
    results = []
    for backend in backends:
        if backend == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                results.append(
                    await measure("SQLite", str(Path(folder) / "bench.sqlite3"), count, overdue, clicked, args.quick)
                )
        else:
            results.append(
                await on_postgres(lambda url: measure("PostgreSQL", url, count, overdue, clicked, args.quick))
            )
        print()
    summary(results)


def summary(results: list[dict[str, Any]]) -> None:
    """The figures once more as one table (for notes)."""
    print("| backend | tables | ready s | restore lazy / eager s | RSS lazy / eager MB | hand p50 / p95 ms"
          " | play p50 / p95 ms | overdue s | acted |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|")
    for f in results:
        print(
            f"| {f['backend']} | {f['tables']} | {f['ready_s']:.2f} | {f['lazy_s']:.2f} / {f['eager_s']:.2f}"
            f" | {f['lazy_rss']:.0f} / {f['eager_rss']:.0f} | {f['hand_p50']:.0f} / {f['hand_p95']:.0f}"
            f" | {f['play_p50']:.0f} / {f['play_p95']:.0f} | {f['overdue_s']:.2f} | {f['acted']} |"
        )
        for key in ("pair_overlap", "pair_split"):
            if key in f:
                p = f[key]
                print(f"| {f['backend']}, 2 processes ({key[5:]}) | | | | | | | {p['seconds']:.2f} | {p['acted']} |")


class Tally:
    """Counts the log records of a child (errors, and writes another process beat)."""

    def __init__(self) -> None:
        self.errors = 0
        self.moved_on = 0

    def filter(self, record: Any) -> bool:
        self.errors += record.levelno >= 40
        self.moved_on += "written by another process" in record.getMessage()
        return True


def child_main(plan_json: str) -> None:
    import logging

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    tally = Tally()
    for handler in logging.getLogger().handlers:
        handler.addFilter(tally)
    out = asyncio.run(child(Plan(**json.loads(plan_json))))
    print(json.dumps(out | {"errors": tally.errors, "moved_on": tally.moved_on}), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="200 tables (3 made, the rest copies), 6 overdue, 10 clicks, one computer worker: a smoke run",
    )
    parser.add_argument("--tables", type=int, help="open correspondence tables (default 10,000; 200 with --quick)")
    parser.add_argument("--overdue", type=int, help="tables overdue at the start (default 50; 6 with --quick)")
    parser.add_argument("--clicks", type=int, help="clicks of each kind on sleeping tables (default 200)")
    parser.add_argument("--backends", default="sqlite,postgres", help="comma-separated (default: both)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parsed = parser.parse_args()
    if parsed.child:
        child_main(parsed.child)
    else:
        asyncio.run(main(parsed))
