"""Computer players for the bot: `engine.players.choose`, run where it cannot stall the event loop.

`hard` searches in pure Python and holds the GIL for a good fraction of a
second, so the bot runs every choice in a worker process: the worker gets the
game record (a few kilobytes of JSON), replays it, and returns the tile and
its target as text. The offline demo and the tests may choose inline instead.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol

from engine import Match, Placement, Record


class ComputerPlayers(Protocol):
    async def choose(self, match: Match, seat: int, level: str, rng_seed: str) -> Placement:
        """The placement the computer makes for `seat` now."""
        ...


def choose_now(match: Match, seat: int, level: str, rng_seed: str, budget_s: float | None) -> Placement:
    from engine.players import choose

    return choose(match, seat, level, rng=random.Random(rng_seed), budget_s=budget_s).placement


def choose_from_record(record: str, seat: int, level: str, rng_seed: str, budget_s: float | None) -> str:
    """In a worker process: rebuild the match from its record and choose; the placement travels as its notation."""
    return str(choose_now(Match.replay(Record.loads(record)), seat, level, rng_seed, budget_s))


def _warm_up() -> bool:
    import engine.players  # noqa: F401  (imported once per worker, before the first real turn)

    return True


class InlineComputer:
    """Chooses on the calling thread: for the demo and tests, where nothing else waits."""

    def __init__(self, budget_s: float | None = None) -> None:
        self.budget_s = budget_s

    async def choose(self, match: Match, seat: int, level: str, rng_seed: str) -> Placement:
        return choose_now(match, seat, level, rng_seed, self.budget_s)


class ProcessComputer:
    """Chooses in worker processes, so a `hard` search never blocks the bot's event loop."""

    def __init__(self, workers: int = 1, budget_s: float | None = None) -> None:
        self.workers = workers
        self.budget_s = budget_s
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn, not fork: the bot's process has threads (aiosqlite, asyncio.to_thread)
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))

    async def start(self) -> None:
        """Start the workers and import the engine there now, not at the first computer turn."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool, _warm_up) for _ in range(self.workers)))

    async def choose(self, match: Match, seat: int, level: str, rng_seed: str) -> Placement:
        loop = asyncio.get_running_loop()
        record = match.record.dumps()
        try:
            chosen = await loop.run_in_executor(
                self._pool, choose_from_record, record, seat, level, rng_seed, self.budget_s
            )
        except BrokenProcessPool:
            # a worker died (killed, out of memory): this turn fails, the next ones get fresh workers
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            raise
        return Placement.parse(chosen)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
