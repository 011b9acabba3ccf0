"""Benchmark of the table on the web (bot/web/): a match page at a step, and live spectators at scale.

Run from the project's root: `.venv/bin/python bench/bench_web.py [--quick]`. It prints figures and is
not a test.

1. A finished 4-player match of about 150 placements, stored in a real SQLite file and served by the
   site: each step's page fetched once, nothing cached (server time as the client on the same machine
   sees it, p50/p95, target p95 <= 30 ms), and the page's total transfer (HTML, script, style; target
   <= 150 kB), plain and gzipped as an HTTPS proxy would send it. Baseline, same run: `/healthz`.
2. Live: matches played by the game manager (every seat a person, placing through `Manager.play`, as
   a click does after discord.py), watched by spectators on server-sent events in a second process
   (1000 over 20 matches; --quick: 10 over 2). For each placement, the time until each spectator's
   stream brings it (target p95 <= 500 ms); and the placement's answer time, p95, with spectators
   against the same run without them (target: within 1.2x).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import aiohttp  # noqa: E402

from bot.host.computers import InlineComputer  # noqa: E402
from bot.host.manager import Manager  # noqa: E402
from bot.host.pictures import PngRenderer  # noqa: E402
from bot.model.posts import Post  # noqa: E402
from bot.model.table_state import Table, TableStatus  # noqa: E402
from bot.storage import ResultRow, SeatRow, Storage, open_storage  # noqa: E402
from bot.web.heard_posts import HeardPublisher  # noqa: E402
from bot.web.match_ids import MatchIds  # noqa: E402
from bot.web.site import serving  # noqa: E402
from engine import Match, Record  # noqa: E402
from engine.selfplay import long_match  # noqa: E402

IDS = MatchIds(b"bench")
GUILD = 7


class Quiet:
    """A publisher that drops every post (Discord is not what is measured here)."""

    def publish(self, post: Post) -> None:
        return None


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def line(name: str, values: list[float], target: str = "") -> str:
    return (
        f"{name}: n={len(values)} p50 {statistics.median(values):.1f} ms, p95 {p95(values):.1f} ms, "
        f"worst {max(values):.1f} ms{target}"
    )


async def store_finished(storage: Storage, record: Record) -> int:
    seats = [SeatRow(100 + n, f"player{n}") for n in range(record.players)]
    table_id = await storage.create_table(
        guild_id=GUILD, channel_id=1, host_id=100, lang="en", level="normal", seed="b", seats=seats
    )
    text = record.dumps()
    await storage.start_match(table_id, seats, text)
    final = Match.replay(record)
    results = [
        ResultRow(s, 100 + s, f"player{s}", final.winner == final.side_of(s), final.scores[final.side_of(s)] // 5)
        for s in range(record.players)
    ]
    await storage.finish_match(table_id, GUILD, text, results)
    return table_id


async def fetch(session: aiohttp.ClientSession, url: str) -> tuple[float, bytes]:
    start = time.perf_counter()
    async with session.get(url) as response:
        body = await response.read()
        assert response.status == 200, (url, response.status)
    return (time.perf_counter() - start) * 1000, body


async def page_figures(manager: Manager, port: int, quick: bool) -> None:
    players, span = (2, (1, 10_000)) if quick else (4, (140, 160))
    record = long_match(players, span, "bench-web")
    warm_id = await store_finished(manager.storage, record)  # the process's first page reads the catalogs, fonts
    table_id = await store_finished(manager.storage, record)
    root = f"http://127.0.0.1:{port}"
    base = f"{root}/m/{IDS.key(table_id)}"
    print(f"a finished {players}-player match: {record.placements} placements, {len(record.rounds)} rounds")
    async with aiohttp.ClientSession() as session:
        health = [(await fetch(session, f"{root}/healthz"))[0] for _ in range(20)]
        cold, _ = await fetch(session, f"{root}/m/{IDS.key(warm_id)}/1")
        steps = range(1, record.placements + 1, 1 if not quick else max(1, record.placements // 5))
        pages = [(await fetch(session, f"{base}/{n}"))[0] for n in steps]
        shown = record.placements // 2
        _, html = await fetch(session, f"{base}/{shown}")
        _, js = await fetch(session, f"{root}/static/match.js")
        _, css = await fetch(session, f"{root}/static/site.css")
        _, step_json = await fetch(session, f"{base}/{shown + 1}.json")
    print(line("baseline: /healthz", health))
    print(
        f"the process's very first page: {cold:.1f} ms; the first page of another match (its book built: "
        f"the replay and the review): {pages[0]:.1f} ms"
    )
    verdict = "ok" if p95(pages[1:]) <= 30 else "OVER TARGET"
    print(line("a match page at a step, its book kept, the step not", pages[1:], f" ({verdict}, p95 <= 30 ms)"))
    total = len(html) + len(js) + len(css)
    zipped = sum(len(gzip.compress(part)) for part in (html, js, css))
    verdict = "ok" if total <= 150_000 else "OVER TARGET"
    print(
        f"the page's transfer: {total / 1000:.1f} kB (HTML {len(html) / 1000:.1f}, script {len(js) / 1000:.1f}, "
        f"style {len(css) / 1000:.1f}), gzipped {zipped / 1000:.1f} kB ({verdict}, <= 150 kB); "
        f"a step fetched by ▶ {len(step_json) / 1000:.1f} kB"
    )


async def open_match(manager: Manager, channel: int, users: tuple[int, int]) -> Table:
    await manager.open_table(
        guild_id=GUILD, channel_id=channel, host_id=users[0], host_name=f"u{users[0]}", lang="en", use_thread=False
    )
    table = manager.table_in(channel)
    assert table is not None
    await manager.join(channel_id=channel, user_id=users[1], name=f"u{users[1]}", locale="en")
    await manager.start(user_id=users[0], locale="en", channel_id=channel)
    return table


async def place(manager: Manager, table: Table, rng: random.Random) -> float:
    match = table.match
    assert match is not None and match.turn is not None
    user = table.seats[match.turn].user_id
    assert user is not None
    option = rng.choice(match.options(match.turn))
    start = time.perf_counter()
    await manager.play(table_id=table.id, user_id=user, placement=option.placement, move_no=table.move_no, locale="en")
    return (time.perf_counter() - start) * 1000


async def play_rounds(
    manager: Manager, tables: list[Table], count: int, rng: random.Random
) -> tuple[list[float], dict[str, float]]:
    """`count` placements over the tables in turn, a pause between; (answer ms, when each (table, step) was made)."""
    answers: list[float] = []
    made: dict[str, float] = {}
    for n in range(count):
        table = tables[n % len(tables)]
        if table.status is not TableStatus.PLAYING:
            continue
        answers.append(await place(manager, table, rng))
        assert table.match is not None
        made[f"{table.id}:{table.match.record.placements}"] = time.time()
        await asyncio.sleep(0.02)
    return answers, made


async def live_figures(manager: Manager, port: int, quick: bool) -> None:
    matches, spectators, count = (2, 10, 16) if quick else (20, 1000, 200)
    rng = random.Random(5)
    tables = [await open_match(manager, 1000 + m, (2 * m + 1, 2 * m + 2)) for m in range(matches)]
    for table in tables:  # a first placement each: every page has a step
        await place(manager, table, rng)
    alone, _ = await play_rounds(manager, tables, count, rng)
    urls = [f"http://127.0.0.1:{port}/m/{IDS.key(tables[k % matches].id)}/live" for k in range(spectators)]
    watcher = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--spectate", stdin=subprocess.PIPE, stdout=subprocess.PIPE, limit=1 << 28
    )
    assert watcher.stdin is not None and watcher.stdout is not None
    watcher.stdin.write((json.dumps(urls) + "\n").encode())
    await watcher.stdin.drain()
    assert (await watcher.stdout.readline()).strip() == b"ready"
    watched, made = await play_rounds(manager, tables, count, rng)
    await asyncio.sleep(1.0)  # the last frames arrive
    watcher.stdin.write(b"done\n")
    await watcher.stdin.drain()
    got = json.loads(await watcher.stdout.readline())
    await watcher.wait()
    delays = [(at - made[key]) * 1000 for key, at in got["frames"] if key in made]
    expected = spectators * len(made) // matches
    print(f"live: {matches} matches, {spectators} spectators, {len(made)} placements watched")
    verdict = "ok" if delays and p95(delays) <= 500 else "OVER TARGET"
    print(line("a placement reaching a spectator", delays, f" ({verdict}, p95 <= 500 ms)"))
    print(f"frames received {len(delays)} of about {expected}; spectators dropped {got['dropped']}")
    print(line("a placement's answer without spectators (baseline)", alone))
    ratio = p95(watched) / p95(alone)
    verdict = "ok" if ratio <= 1.2 else "OVER TARGET"
    said = f"; p95 x{ratio:.2f} the baseline ({verdict}, <= 1.2x)"
    print(line("a placement's answer with spectators", watched, said))


async def spectate() -> None:
    """The second process: every stream open, then each progress frame's arrival (wall clock) until told to stop."""
    urls = json.loads(sys.stdin.readline())
    frames: list[tuple[str, float]] = []
    dropped = 0
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    ready = 0

    async def follow(session: aiohttp.ClientSession, url: str) -> None:
        nonlocal dropped, ready
        table = url.split("/m/")[1].split("-")[0]
        async with session.get(url) as response:
            ready += 1
            async for raw in response.content:
                text = raw.decode()
                if text.startswith("data: ") and '"steps"' in text:
                    frames.append((f"{table}:{json.loads(text[6:])['steps']}", time.time()))
        dropped += 1  # the stream ended: the site dropped it

    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        tasks = [asyncio.create_task(follow(session, url)) for url in urls]
        while ready < len(urls):
            await asyncio.sleep(0.05)
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps({"frames": frames, "dropped": dropped}), flush=True)


async def run(quick: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        storage = await open_storage(Path(folder) / "bench.sqlite3")
        publisher = HeardPublisher(Quiet())
        manager = Manager(storage, publisher, PngRenderer(), InlineComputer(), computer_pause=(0.0, 0.0))
        try:
            async with serving(manager, IDS, host="127.0.0.1", port=0) as site:
                await page_figures(manager, site.port, quick)
                await live_figures(manager, site.port, quick)
        finally:
            await manager.close()
            await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short match, 2 matches and 10 spectators")
    parser.add_argument("--spectate", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))  # a socket per spectator
    asyncio.run(spectate() if args.spectate else run(args.quick))


if __name__ == "__main__":
    main()
