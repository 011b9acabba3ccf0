"""Benchmark of whole matches through a Discord that fails: posts lost or doubled, clicks, how far threads lag.

Run from the project's root: `.venv/bin/python bench/bench_faults.py [--quick] [--tables N] [--baseline REF]`.
It prints figures and is not a test. The real bot (bot/edge/app.py's `hosting` and `FiveUpBot`, computers in
worker processes) plays N tables at once (50; 3 with --quick) against the fake Discord of the tests
(tests/support/discord_fake), each table one person and three computers, whole matches. While they play,
5% of all requests are answered 429 (a tiny Retry-After) and 1% 503, drawn from a seeded random, and every
channel and thread keeps Discord's bucket for posts (5 messages per 5 s). The person plays each turn with
`/five-up play` after 0.3-1 s; a click whose answer never came is clicked again (and counted).

Figures, per run: posts lost (a placement whose line is in no message of its thread at the end), posts doubled
(a line shown more than once), failed interactions (Discord would show "This interaction failed"), click to
answer p50 / p95 (the command sent -> its private answer), the longest time a thread was behind its table
(a placement made whose line is not shown yet; sampled every 0.1 s), the threads never current at the end, the
messages sent, the errors the bot logged. The same bench runs in the same run against `--baseline` (main by
default): the bot's code from a temporary `git worktree` of that commit, the same fake and faults, in a
child process each, so the two are side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
POSTS = "/channels/{channel_id}/messages"
PLACED = re.compile(r"(?:placed|opened with) ([0-6]-[0-6])")
SAMPLE_S = 0.1
DRAIN_LIMIT_S = 120.0  # after the last match ends, how long the threads may take to catch up


def _percentile(values: list[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


class ErrorCount(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.first: list[str] = []  # the first few, to say what they were

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if len(self.first) < 3:
            self.first.append(f"{record.name}: {record.getMessage()[:160]}")


async def _child(code: Path, tables: int, seed: int) -> dict[str, Any]:
    """One run: the bot's code from `code`, the fake from this checkout's tests/support."""
    sys.path.insert(0, str(code))
    sys.path.insert(1, str(ROOT / "tests"))
    from support.discord_fake import FakeDiscord, FakeGuild, FakeUser

    from bot.config import Config
    from bot.edge.app import FiveUpBot, hosting
    from bot.model.table_state import TableStatus

    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    logging.getLogger("discord").setLevel(logging.CRITICAL)  # its 429 warnings, by the hundred
    users = [FakeUser(f"p{n}") for n in range(tables)]
    guild = FakeGuild("Club", channels=[f"games{n}" for n in range(tables)], members=users)
    folder = Path(tempfile.mkdtemp(prefix="bench-faults-"))
    config = Config(token="fake", database_path=folder / "db.sqlite3", turn_timeout=3600.0)
    async with hosting(config, computer_pause=(0.2, 0.6)) as (manager, publisher):
        fake = await FakeDiscord.start(FiveUpBot(config, manager, publisher), guilds=[guild], users=users)
        try:
            rooms = []
            for n, user in enumerate(users):
                channel = fake.channel(f"games{n}")
                await fake.slash(user, channel, "five-up start", bots=3)
                table = manager.table_in(channel.id)
                assert table is not None
                await fake.click(user, fake.last_message(channel), f"5up:lobby:{table.id}:start")
                assert table.status is TableStatus.PLAYING and table.thread_id is not None
                rooms.append((user, table))
            fake.limit_rate("POST", POSTS, limit=5, per=5.0)  # Discord's bucket for posts, per channel
            fake.faults.seed(seed)
            fake.faults.rate_limit(share=0.05, retry_after=0.02)
            fake.faults.server_error(503, share=0.01)
            started = time.perf_counter()
            clicks: list[float] = []
            failed = [0]
            lag = Lag([t for _, t in rooms], fake)
            sampler = asyncio.create_task(lag.run())
            people = [_person(fake, user, table, clicks, failed, seed + i) for i, (user, table) in enumerate(rooms)]
            await asyncio.gather(*people)
            played_s = time.perf_counter() - started
            drained = await lag.current(DRAIN_LIMIT_S)
            fake.faults.clear()
            sampler.cancel()
            lost = doubled = 0
            for _, table in rooms:
                shown = Counter(lag.lines(table))
                made = Counter(_plays(table))
                lost += sum((made - shown).values())
                doubled += sum((shown - made).values())
            sent = [r for r in fake.requests_to("POST", POSTS) if r.status == 200]
            return {
                "tables": tables,
                "placements": sum(len(_plays(t)) for _, t in rooms),
                "played_s": played_s,
                "lost": lost,
                "doubled": doubled,
                "failed": failed[0],
                "clicks": len(clicks),
                "p50_ms": statistics.median(clicks) * 1000 if clicks else 0.0,
                "p95_ms": _percentile(clicks, 95) * 1000,
                "longest_behind_s": lag.longest,
                "never_current": tables - drained,
                "messages": len(sent),
                "refused": sum(1 for r in fake.requests if r.outcome not in ("ok", "")),
                "errors": errors.count,
                "first_errors": errors.first,
            }
        finally:
            await fake.close()


def _plays(table: Any) -> list[str]:
    match = table.match
    return [] if match is None else [str(p.tile) for r in match.record.rounds for p in r.plays]


class Lag:
    """Samples every thread: how long each has been behind its table (a placement made, its line not shown)."""

    def __init__(self, tables: list[Any], fake: Any) -> None:
        self.tables = tables
        self.fake = fake
        self.behind_since: dict[int, float] = {}
        self.longest = 0.0

    def lines(self, table: Any) -> list[str]:
        return [tile for m in self.fake.messages(table.thread_id) for tile in PLACED.findall(m.content)]

    def _sample(self) -> int:
        now = time.perf_counter()
        current = 0
        for table in self.tables:
            if len(self.lines(table)) >= len(_plays(table)):
                current += 1
                since = self.behind_since.pop(table.id, None)
            else:
                since = self.behind_since.setdefault(table.id, now)
            if since is not None:
                self.longest = max(self.longest, now - since)
        return current

    async def run(self) -> None:
        while True:
            self._sample()
            await asyncio.sleep(SAMPLE_S)

    async def current(self, limit: float) -> int:
        """Wait until every thread is current (at most `limit` s); how many are."""
        deadline = time.perf_counter() + limit
        while True:
            current = self._sample()
            if current == len(self.tables) or time.perf_counter() > deadline:
                return current
            await asyncio.sleep(SAMPLE_S)


async def _person(fake: Any, user: Any, table: Any, clicks: list[float], failed: list[int], seed: int) -> None:
    """The person at `table`: on each of their turns, after a moment, `/five-up play` a legal tile."""
    from bot.model.table_state import TableStatus

    rng = random.Random(seed)
    while table.status is TableStatus.PLAYING:
        match = table.match
        seat = table.seat_of(user.id)
        if match is None or match.turn != seat:
            await asyncio.sleep(0.05)
            continue
        await asyncio.sleep(rng.uniform(0.3, 1.0))
        move = table.move_no
        if table.status is not TableStatus.PLAYING or table.match.turn != seat:
            continue
        option = rng.choice(table.match.options(seat))
        where = {} if option.on is None else {"on": str(option.on)}
        sent = time.perf_counter()
        record = await fake.slash(user, table.thread_id, "five-up play", tile=str(option.tile), settle=False, **where)
        while not _answered(record) and time.perf_counter() - sent < 5.0:
            await asyncio.sleep(0.01)
        if _answered(record) and table.move_no != move:
            clicks.append(time.perf_counter() - sent)
        else:
            failed[0] += 1  # no answer, or the move was not made: the person clicks again


def _answered(record: Any) -> bool:
    """The private answer is there: the "thinking…" the command deferred with, replaced by its text."""
    return record.original is not None and not record.original.loading


@contextlib.contextmanager
def _worktree(ref: str) -> Iterator[Path | None]:
    """A temporary checkout of `ref` (its bot code), removed afterwards; None when git cannot make one."""
    folder = Path(tempfile.mkdtemp(prefix="bench-faults-base-"))
    made = subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), ref], capture_output=True, text=True
    )
    try:
        yield folder if made.returncode == 0 else None
    finally:
        if made.returncode == 0:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)], capture_output=True)


def _run(code: Path, tables: int, seed: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--child", str(code), "--tables", str(tables), "--seed", str(seed)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the bench's child failed:\n{done.stdout}\n{done.stderr[-4000:]}")
    return json.loads(lines[-1])


def _show(name: str, r: dict[str, Any]) -> None:
    print(
        f"{name}: {r['tables']} tables, {r['placements']} placements in {r['played_s']:.0f} s;"
        f" lost {r['lost']}, doubled {r['doubled']}, failed interactions {r['failed']};"
        f" click to answer p50 {r['p50_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms ({r['clicks']} clicks);"
        f" longest behind {r['longest_behind_s']:.1f} s, never current {r['never_current']};"
        f" {r['messages']} messages, {r['refused']} requests refused, errors logged {r['errors']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 tables")
    parser.add_argument("--tables", type=int, default=None)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--baseline", default="main", help="the commit whose bot is measured beside this one")
    parser.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    tables = args.tables or (3 if args.quick else 50)
    if args.child is not None:
        print(json.dumps(asyncio.run(_child(args.child, tables, args.seed))))
        return
    print(f"{tables} tables, 1 person + 3 computers each, whole matches; 5% 429, 1% 503, 5 posts / 5 s per thread")
    ours = _run(ROOT, tables, args.seed)
    _show("this checkout", ours)
    with _worktree(args.baseline) as base:
        if base is None:
            print(f"baseline {args.baseline}: no worktree could be made (git), not measured")
            return
        theirs = _run(base, tables, args.seed)
    _show(f"baseline {args.baseline}", theirs)
    print(
        f"posts lost: {ours['lost']} vs {theirs['lost']} on {args.baseline};"
        f" longest behind {ours['longest_behind_s']:.1f} s vs {theirs['longest_behind_s']:.1f} s"
        f" (ratio {ours['longest_behind_s'] / max(theirs['longest_behind_s'], 1e-9):.2f});"
        f" click p95 {ours['p95_ms']:.0f} ms vs {theirs['p95_ms']:.0f} ms"
    )


if __name__ == "__main__":
    main()
