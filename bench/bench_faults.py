"""Benchmark of whole matches through a Discord that fails: posts lost or doubled, clicks, how far threads lag.

Run from the project's root: `.venv/bin/python bench/bench_faults.py [--quick] [--tables N] [--baseline REF]`.
It prints figures and is not a test. The real bot (bot/edge/app.py's `hosting` and `FiveUpBot`, computers in
worker processes) plays N tables at once (50; 2 with --quick: people 0.02-0.06 s, computers 0.02-0.05 s, one
worker process, this run and the baseline's at once) against the fake Discord of the tests
(tests/support/discord_fake), each table one person and three computers, whole matches (--quick: each person's
first 10 placements, then they leave the match as it stands).
While they play, 5% of all requests are answered 429 (a tiny Retry-After) and 1% 503, drawn from a seeded
random, and every channel and thread keeps Discord's bucket for posts (5 messages per 5 s). The person plays
each turn with `/five-up play` after 0.3-1 s; a click whose answer never came is clicked again (and counted).

Figures, per run: posts lost (a placement whose line is in no message of its thread at the end, nor waiting in
the publisher's queue: a post that waits would still go out), posts still queued at the end, posts doubled
(a line shown more than once), failed interactions (Discord would show "This interaction failed"), click to
answer p50 / p95 (the command sent -> its private answer), how long after a placement its line was shown
(p95 and longest; sampled every 0.1 s), the threads never current at the end and how long after the last
match all were, the messages sent, the errors the bot logged. The same bench runs in the same run against
`--baseline` (main by default): the bot's code from a temporary `git worktree` of that commit, the same fake
and faults, in a child process each, so the two are side by side.

`--outage` adds a second scenario: 20 tables (2 with --quick), no random faults, and once every table has
made 40 placements (10) every request is answered 503 and the gateway is closed for 2 minutes (10 s), the
turn timeout a third of that (a person whose clock ran on would be taken over); then how long until every
thread is current again, and how many people a computer took over from during it.
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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
POSTS = "/channels/{channel_id}/messages"
PLACED = re.compile(r"(?:placed|opened with) ([0-6]-[0-6])")
TAKEOVER = "so a computer player places for them"  # the takeover line (catalog key `takeover`, English)
SAMPLE_S = 0.1
QUICK_THINK, QUICK_PAUSE = (0.02, 0.06), (0.02, 0.05)  # --quick's people and computers, in seconds
QUICK_TURNS = 10  # --quick: a person's placements, then they leave their match as it stands (a whole one: ~25)
DRAIN_LIMIT_S = 120.0  # after the last placement, how long the threads may take to catch up (a quarter: --quick)


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


async def _child(code: Path, tables: int, seed: int, quick: bool, outage: float | None) -> dict[str, Any]:
    """One run: the bot's code from `code`, the fake from this checkout's tests/support; with `outage`, every
    request answered 503 and the gateway closed for that long in the middle, instead of the random faults."""
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
    timeout = 3600.0 if outage is None else outage / 3  # an outage long enough to time a person out twice over
    config = Config(token="fake", database_path=folder / "db.sqlite3", turn_timeout=timeout)
    think, pause = (QUICK_THINK, QUICK_PAUSE) if quick else ((0.3, 1.0), (0.2, 0.6))
    computer = None  # hosting's own: as many worker processes as the bot starts
    if quick:  # one worker process is enough for two tables of `normal` computers, and cheaper to start
        from bot.host.computers import ProcessComputer

        computer = ProcessComputer(workers=1)
        await computer.start()
    async with contextlib.AsyncExitStack() as stack:
        if computer is not None:
            stack.callback(computer.close)
        manager, publisher = await stack.enter_async_context(hosting(config, computer=computer, computer_pause=pause))
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
            if outage is None:
                fake.faults.seed(seed)
                fake.faults.rate_limit(share=0.05, retry_after=0.02)
                fake.faults.server_error(503, share=0.01)
            started = time.perf_counter()
            clicks: list[float] = []
            failed = [0]
            lag = Lag([t for _, t in rooms], fake)
            sampler = asyncio.create_task(lag.run())
            quiet = asyncio.Event()  # set while Discord is down: nobody can click
            taken: list[str] = []  # the takeover posts published (a person's clock ran out)
            publish = publisher.publish

            def watched(post: Any) -> None:
                if TAKEOVER in post.text:
                    taken.append(post.text)
                publish(post)

            publisher.publish = watched  # type: ignore[method-assign]
            incident: dict[str, Any] = {}
            turns = QUICK_TURNS if quick and outage is None else None
            people = [
                _person(fake, u, t, think, quiet, clicks, failed, seed + i, turns) for i, (u, t) in enumerate(rooms)
            ]
            if outage is not None:
                people.append(_incident(fake, lag, outage, 10 if quick else 40, quiet, taken, incident))
            await asyncio.gather(*people)
            if outage is not None:
                incident["taken_over"] = len(taken)  # published from the outage's start on (shown or not)
            played_s = time.perf_counter() - started
            drained = await lag.current(DRAIN_LIMIT_S / 4 if quick else DRAIN_LIMIT_S)
            drain_s = time.perf_counter() - started - played_s
            fake.faults.clear()
            sampler.cancel()
            missing = doubled = 0
            for _, table in rooms:
                shown = Counter(lag.lines(table))
                made = Counter(_plays(table))
                missing += sum((made - shown).values())
                doubled += sum((shown - made).values())
            # still waiting to be sent (not lost: it would go out in time), read from either publisher's queues
            queued = sum(len(PLACED.findall(p.text)) for q in publisher._queues.values() for p in q)
            sent = [r for r in fake.requests_to("POST", POSTS) if r.status == 200]
            return {
                "tables": tables,
                "placements": sum(len(_plays(t)) for _, t in rooms),
                "played_s": played_s,
                "lost": max(0, missing - queued),
                "queued": queued,
                "doubled": doubled,
                "failed": failed[0],
                "clicks": len(clicks),
                "p50_ms": statistics.median(clicks) * 1000 if clicks else 0.0,
                "p95_ms": _percentile(clicks, 95) * 1000,
                "delay_p95_s": _percentile(lag.delays(), 95),
                "delay_max_s": max(lag.delays(), default=0.0),
                "never_current": tables - drained,
                "drain_s": drain_s,
                "messages": len(sent),
                "refused": sum(1 for r in fake.requests if r.outcome not in ("ok", "")),
                "errors": errors.count,
                "first_errors": errors.first,
                **incident,
            }
        finally:
            await publisher.close()  # measured: what is still queued is not waited for (main's stop would)
            await fake.close()


def _plays(table: Any) -> list[str]:
    match = table.match
    return [] if match is None else [str(p.tile) for r in match.record.rounds for p in r.plays]


class Lag:
    """Samples every thread: when each placement was made and when its line was first shown (its delay), and
    whether the thread is current (every placement made shown). A placement's line is found by walking the
    thread's lines against the placements in order, so a line lost for good leaves its placement unshown."""

    def __init__(self, tables: list[Any], fake: Any) -> None:
        self.tables = tables
        self.fake = fake
        self.made: dict[int, list[float]] = {t.id: [] for t in tables}
        self.shown: dict[int, dict[int, float]] = {t.id: {} for t in tables}  # placement index -> first seen
        self._read: dict[int, list[str]] = {}  # message id -> its placement lines (a post is never edited)

    def lines(self, table: Any) -> list[str]:
        found = []
        for m in self.fake.messages(table.thread_id):
            if m.id not in self._read:
                self._read[m.id] = PLACED.findall(m.content)
            found += self._read[m.id]
        return found

    def sample(self) -> int:
        now = time.perf_counter()
        current = 0
        for table in self.tables:
            plays, made, shown = _plays(table), self.made[table.id], self.shown[table.id]
            made += [now] * (len(plays) - len(made))
            lines = self.lines(table)
            at = 0
            for index, tile in enumerate(plays):
                found = next((j for j in range(at, min(at + 3, len(lines))) if lines[j] == tile), None)
                if found is not None:  # shown (a line or two may have been lost for good before it)
                    shown.setdefault(index, now)
                    at = found + 1
            current += len(shown) == len(plays)
        return current

    def behind(self, due: dict[int, int]) -> int:
        """How many threads still miss a line of their first `due` placements."""
        return sum(any(i not in self.shown[t.id] for i in range(due[t.id])) for t in self.tables)

    def delays(self) -> list[float]:
        """Each shown placement's delay, made -> shown (as sampled)."""
        return [at - self.made[t.id][i] for t in self.tables for i, at in self.shown[t.id].items()]

    async def run(self) -> None:
        while True:
            self.sample()
            await asyncio.sleep(SAMPLE_S)

    async def current(self, limit: float) -> int:
        """Wait until every thread is current (at most `limit` s); how many are."""
        deadline = time.perf_counter() + limit
        while True:
            current = self.sample()
            if current == len(self.tables) or time.perf_counter() > deadline:
                return current
            await asyncio.sleep(SAMPLE_S)


async def _incident(
    fake: Any, lag: Lag, outage: float, after: int, quiet: asyncio.Event, taken: list[str], out: dict
) -> None:
    """Once every table made `after` placements: every request 503 and the gateway closed for `outage` s; then
    how long until every placement made by its end is shown, and how many people a computer took over from
    (counted once every match is over)."""
    from support.discord_fake.gateway_faults import resume

    while min(len(_plays(t)) for t in lag.tables) < after:
        await asyncio.sleep(SAMPLE_S)
    quiet.set()
    taken.clear()
    down = fake.faults.server_error(503)
    fake.close_gateway(resumable=True)
    await asyncio.sleep(outage)
    fake.faults.clear(down)
    resume(fake.client, fake.link, fake.sockets)
    back = time.perf_counter()
    quiet.clear()  # people play on; the placements made before the end must all be shown
    due = {t.id: len(_plays(t)) for t in lag.tables}
    behind = len(lag.tables)
    while behind and time.perf_counter() - back < DRAIN_LIMIT_S:
        await asyncio.sleep(SAMPLE_S)
        lag.sample()
        behind = lag.behind(due)
    out["outage_s"] = outage
    out["caught_up_s"] = time.perf_counter() - back
    out["behind_after_outage"] = behind


async def _person(
    fake: Any,
    user: Any,
    table: Any,
    think: tuple[float, float],
    quiet: asyncio.Event,
    clicks: list[float],
    failed: list[int],
    seed: int,
    turns: int | None = None,
) -> None:
    """The person at `table`: on each of their turns, after `think` seconds, `/five-up play` a legal tile;
    until the match ends, or after `turns` placements of theirs."""
    from bot.model.table_state import TableStatus

    rng = random.Random(seed)
    made = 0
    while table.status is TableStatus.PLAYING and (turns is None or made < turns):
        match = table.match
        seat = table.seat_of(user.id)
        if match is None or match.turn != seat or quiet.is_set():
            await asyncio.sleep(0.05)
            continue
        await asyncio.sleep(rng.uniform(*think))
        move = table.move_no
        if table.status is not TableStatus.PLAYING or table.match.turn != seat or quiet.is_set():
            continue
        option = rng.choice(table.match.options(seat))
        where = {} if option.on is None else {"on": str(option.on)}
        sent = time.perf_counter()
        record = await fake.slash(user, table.thread_id, "five-up play", tile=str(option.tile), settle=False, **where)
        while not _answered(record) and time.perf_counter() - sent < 5.0:
            await asyncio.sleep(0.01)
        if _answered(record) and table.move_no != move:
            clicks.append(time.perf_counter() - sent)
            made += 1
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


def _run(code: Path, tables: int, seed: int, quick: bool, outage: float | None = None) -> dict[str, Any]:
    extra = (["--quick"] if quick else []) + ([] if outage is None else ["--outage-s", str(outage)])
    done = subprocess.run(
        [sys.executable, __file__, "--child", str(code), "--tables", str(tables), "--seed", str(seed), *extra],
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
        f" lost {r['lost']}, doubled {r['doubled']}, still queued {r['queued']}, failed interactions {r['failed']};"
        f" click to answer p50 {r['p50_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms ({r['clicks']} clicks);"
        f" a line shown after p95 {r['delay_p95_s']:.1f} s, longest {r['delay_max_s']:.1f} s;"
        f" never current {r['never_current']} (all current {r['drain_s']:.1f} s after the last placement);"
        f" {r['messages']} messages, {r['refused']} requests refused, errors logged {r['errors']}"
    )
    if "outage_s" in r:
        print(
            f"  outage of {r['outage_s']:.0f} s: every thread current {r['caught_up_s']:.1f} s after it"
            f" ({r['behind_after_outage']} still behind), people a computer took over from: {r['taken_over']}"
        )
    for error in r["first_errors"]:
        print(f"  error: {error}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 tables, quicker people and computers")
    parser.add_argument("--tables", type=int, default=None)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--baseline", default="main", help="the commit whose bot is measured beside this one")
    parser.add_argument("--outage", action="store_true", help="also a 2-minute outage in 20 matches (quick: 10 s)")
    parser.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--outage-s", type=float, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    tables = args.tables or (2 if args.quick else 50)
    if args.child is not None:
        print(json.dumps(asyncio.run(_child(args.child, tables, args.seed, args.quick, args.outage_s))))
        return
    pace = (
        f"people {QUICK_THINK[0]}-{QUICK_THINK[1]} s, computers {QUICK_PAUSE[0]}-{QUICK_PAUSE[1]} s"
        f" (1 worker process each run)"
        if args.quick
        else "people 0.3-1 s, computers 0.2-0.6 s"
    )
    played = f"each person's first {QUICK_TURNS} placements" if args.quick else "whole matches"
    print(f"{tables} tables, 1 person + 3 computers each ({pace}), {played}; 5% 429, 1% 503, 5 posts / 5 s")
    runs = [(tables, None)]
    if args.outage:
        runs.append((2 if args.quick else 20, 10.0 if args.quick else 120.0))
    with _worktree(args.baseline) as base:
        for count, outage in runs:
            if outage is not None:
                print(f"{count} tables, the same, with an outage of {outage:.0f} s (every request 503, gateway closed)")
            # --quick runs the two side by side at once (its figures only show that the bench runs: half the wait)
            with ThreadPoolExecutor(max_workers=2 if args.quick else 1) as pool:
                mine = pool.submit(_run, ROOT, count, args.seed, args.quick, outage)
                other = None if base is None else pool.submit(_run, base, count, args.seed, args.quick, outage)
                ours = mine.result()
                _show("this checkout", ours)
                if other is None:
                    print(f"baseline {args.baseline}: no worktree could be made (git), not measured")
                    continue
                theirs = other.result()
            _show(f"baseline {args.baseline}", theirs)
            print(
                f"posts lost: {ours['lost']} vs {theirs['lost']} on {args.baseline};"
                f" longest line delay {ours['delay_max_s']:.1f} s vs {theirs['delay_max_s']:.1f} s"
                f" (ratio {ours['delay_max_s'] / max(theirs['delay_max_s'], 1e-9):.2f});"
                f" click p95 {ours['p95_ms']:.0f} ms vs {theirs['p95_ms']:.0f} ms"
            )


if __name__ == "__main__":
    main()
