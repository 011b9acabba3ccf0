"""The request budget (bot/edge/base/request_budget.py) on a virtual clock: a burst, and one server flooding another.

No Discord and no sleeping: the budget waits on a clock this script moves from one wake-up to the
next, so a minute of traffic takes a fraction of a second and every run prints the same figures.
Interaction answers take no token (Discord does not count them in its global limit), so only posts,
edits and threads are here.

1. A burst: 200 posts asked for at the same moment (the test's "200 posts in one second"). Printed:
   the most requests in any one second (Discord allows 50) and when the last one went.
2. A busy server and a quiet one for a minute: the busy one's 100 tables ask for a post every 1.4 s
   each on average (a computer's move at the default 0.8-2.0 s pause: 71 a second, more than the
   budget's 45), the quiet one for a post every 2 s. Printed: the quiet server's waits (median, p95,
   most) with posts served by server in turn (the bot) and, as the baseline, first come first served
   (every post under one key), and the busy server's.

`--quick` runs 10 s instead of a minute (a test runs it: it runs and prints, nothing more).
"""

from __future__ import annotations

import argparse
import asyncio
import heapq
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.manual_timer import ManualTimer

from bot.edge.base.request_budget import RequestBudget


class VirtualTimer(ManualTimer):
    """The tests' clock (tests/support/manual_timer.py) from 0, moved by `run` from one wake-up to the next."""

    def __init__(self) -> None:
        super().__init__(start=0.0)

    async def run(self, until: float) -> None:
        """Let everything run, jumping from wake-up to wake-up, up to `until`."""
        while True:
            for _ in range(20):
                await asyncio.sleep(0)
            while self._sleepers and self._sleepers[0][2].done():
                heapq.heappop(self._sleepers)
            if not self._sleepers or self._sleepers[0][0] > until:
                self.advance_to(until)
                return
            self.advance_to(self._sleepers[0][0])


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def busiest_second(moments: list[float]) -> int:
    """The most requests in any window of one second."""
    ordered = sorted(moments)
    most, start = 0, 0
    for end, moment in enumerate(ordered):
        while ordered[start] <= moment - 1.0:
            start += 1
        most = max(most, end - start + 1)
    return most


async def burst(posts: int = 200) -> tuple[int, float]:
    """The busiest second, and when the last post went."""
    timer = VirtualTimer()
    budget = RequestBudget(timer)
    sent: list[float] = []

    async def one() -> None:
        await budget.acquire(1)
        sent.append(timer.now())

    tasks = [asyncio.ensure_future(one()) for _ in range(posts)]
    await timer.run(until=60.0)
    await asyncio.gather(*tasks)
    await budget.close()
    return busiest_second(sent), max(sent)


async def two_servers(*, tables: int, seconds: float, by_server: bool, seed: int = 7) -> dict[str, list[float]]:
    """Each server's posts' waits, and every moment a post went."""
    timer = VirtualTimer()
    budget = RequestBudget(timer)
    rng = random.Random(seed)
    waits: dict[str, list[float]] = {"busy": [], "quiet": [], "sent": []}
    pending: list[asyncio.Future[None]] = []

    async def one(server: str) -> None:
        asked = timer.now()
        await budget.acquire(server if by_server else None)
        waits["sent"].append(timer.now())
        waits[server].append(timer.now() - asked)

    async def source(server: str, every: float) -> None:
        while timer.now() < seconds:
            await timer.sleep_until(timer.now() + rng.expovariate(1.0 / every))
            pending.append(asyncio.ensure_future(one(server)))

    sources = [asyncio.ensure_future(source("busy", 1.4)) for _ in range(tables)]
    sources.append(asyncio.ensure_future(source("quiet", 2.0)))
    await timer.run(until=seconds)
    for task in [*sources, *pending]:
        task.cancel()
    await asyncio.gather(*sources, *pending, return_exceptions=True)
    await budget.close()
    return waits


def said(waits: list[float]) -> str:
    if not waits:
        return "none went"
    return (
        f"median {statistics.median(waits):.2f} s, p95 {quantile(waits, 0.95):.2f} s, most {max(waits):.2f} s "
        f"({len(waits)} posts)"
    )


async def main(quick: bool) -> None:
    most, last = await burst()
    print("burst: 200 posts at one moment")
    print(f"  busiest second: {most} requests (Discord allows 50); the last post went after {last:.2f} s")
    tables, seconds = (100, 10.0) if quick else (100, 60.0)
    print(f"a busy server ({tables} tables, {tables / 1.4:.0f} posts a second asked) and a quiet one, {seconds:.0f} s")
    results = {fair: await two_servers(tables=tables, seconds=seconds, by_server=fair) for fair in (True, False)}
    for fair, label in ((True, "by server in turn"), (False, "first come first served (baseline)")):
        waits = results[fair]
        print(f"  {label}: the quiet server waits {said(waits['quiet'])}; the busy one {said(waits['busy'])}")
        print(f"    busiest second: {busiest_second(waits['sent'])} requests")
    fair_p95, fifo_p95 = quantile(results[True]["quiet"], 0.95), quantile(results[False]["quiet"], 0.95)
    print(f"  the quiet server's p95 wait, baseline / by server: {fifo_p95 / max(fair_p95, 1e-3):.0f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 s instead of a minute")
    asyncio.run(main(parser.parse_args().quick))
