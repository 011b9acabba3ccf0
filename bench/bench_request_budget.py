"""The request budget (bot/edge/request_budget.py) on a virtual clock: a burst, and 100 busy tables.

No Discord and no sleeping: the budget waits on a clock this script moves from one wake-up to the
next, so a minute of traffic takes a fraction of a second and every run prints the same figures.

1. A burst: 170 posts and 30 interaction answers asked for at the same moment (the test's "200
   requests in one second"). Printed: the most requests in any one second (Discord allows 50), and
   how long the answers waited, with their own lane (the bot) and, as the baseline, in the posts'
   queue (the same budget without the answers' lane).
2. 100 busy tables for a minute: each asks for a public post every 1.4 s on average (a computer's
   move at the default 0.8-2.0 s pause), and the players' clicks ask for 5 answers a second in all.
   Printed: the answers' and the posts' waits (median, p95), how many posts still wait at the end.

`--quick` runs a shorter minute and fewer tables (a test runs it: it runs and prints, nothing more).
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

from bot.edge.request_budget import RequestBudget


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


async def burst(*, lanes: bool, posts: int = 170, answers: int = 30) -> tuple[int, list[float], float]:
    """The busiest second, the answers' waits, the last post's wait."""
    timer = VirtualTimer()
    budget = RequestBudget(timer)
    sent: list[float] = []
    answer_waits: list[float] = []
    post_waits: list[float] = []

    async def one(urgent: bool, waits: list[float]) -> None:
        asked = timer.now()
        await budget.acquire(urgent=urgent and lanes)
        sent.append(timer.now())
        waits.append(timer.now() - asked)

    tasks = [asyncio.ensure_future(one(False, post_waits)) for _ in range(posts)]
    await asyncio.sleep(0)
    tasks += [asyncio.ensure_future(one(True, answer_waits)) for _ in range(answers)]
    await timer.run(until=60.0)
    await asyncio.gather(*tasks)
    await budget.close()
    return busiest_second(sent), answer_waits, max(post_waits)


async def busy_tables(*, tables: int, seconds: float, lanes: bool, seed: int = 7) -> dict[str, float]:
    timer = VirtualTimer()
    budget = RequestBudget(timer)
    rng = random.Random(seed)
    waits: dict[str, list[float]] = {"answer": [], "post": []}
    sent: list[float] = []
    pending: list[asyncio.Future[None]] = []

    async def one(kind: str) -> None:
        asked = timer.now()
        await budget.acquire(urgent=kind == "answer" and lanes)
        sent.append(timer.now())
        waits[kind].append(timer.now() - asked)

    async def source(kind: str, every: float) -> None:
        while timer.now() < seconds:
            await timer.sleep_until(timer.now() + rng.expovariate(1.0 / every))
            pending.append(asyncio.ensure_future(one(kind)))

    sources = [asyncio.ensure_future(source("post", 1.4)) for _ in range(tables)]
    sources.append(asyncio.ensure_future(source("answer", 1 / 5)))
    await timer.run(until=seconds)
    left = budget.waiting
    for task in [*sources, *pending]:
        task.cancel()
    await asyncio.gather(*sources, *pending, return_exceptions=True)
    await budget.close()
    return {
        "answer_p50": statistics.median(waits["answer"] or [0.0]),
        "answer_p95": quantile(waits["answer"], 0.95),
        "post_p50": statistics.median(waits["post"] or [0.0]),
        "post_p95": quantile(waits["post"], 0.95),
        "posts_left": float(left),
        "busiest": float(busiest_second(sent)),
    }


async def main(quick: bool) -> None:
    most, lanes_waits, last_post = await burst(lanes=True)
    _, fifo_waits, _ = await burst(lanes=False)
    print("burst: 170 posts + 30 answers at one moment")
    print(f"  busiest second: {most} requests (Discord allows 50); last post out after {last_post:.2f} s")
    lanes_p50, fifo_p50 = statistics.median(lanes_waits), statistics.median(fifo_waits)
    print(
        f"  answers' wait, median: {lanes_p50:.3f} s with their lane, {fifo_p50:.3f} s in the posts' queue "
        f"(ratio {fifo_p50 / max(lanes_p50, 1e-9):.0f}x); p95 {quantile(lanes_waits, 0.95):.3f} s vs "
        f"{quantile(fifo_waits, 0.95):.3f} s; over Discord's 3 s: "
        f"{sum(w > 3.0 for w in lanes_waits)} vs {sum(w > 3.0 for w in fifo_waits)} of 30"
    )
    tables, seconds = (20, 10.0) if quick else (100, 60.0)
    print(f"{tables} busy tables ask for {tables / 1.4:.0f} posts a second and 5 answers a second")
    for lanes in (True, False):
        figures = await busy_tables(tables=tables, seconds=seconds, lanes=lanes)
        label = "with the answers' lane" if lanes else "without it (baseline)"
        print(
            f"{tables} busy tables, {seconds:.0f} s, {label}: answers wait {figures['answer_p50']:.3f} s median "
            f"(p95 {figures['answer_p95']:.3f} s), posts {figures['post_p50']:.2f} s "
            f"(p95 {figures['post_p95']:.2f} s); "
            f"busiest second {figures['busiest']:.0f}; {figures['posts_left']:.0f} still waiting at the end"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 tables for 10 s instead of 100 for a minute")
    asyncio.run(main(parser.parse_args().quick))
