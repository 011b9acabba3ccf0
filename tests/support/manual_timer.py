"""A timer the test moves by hand (the host's `Timer`): a correspondence day passes in milliseconds.

`advance` moves "now" on and wakes every task that asked to sleep until a moment now passed, in the
order of those moments; nothing here reads the wall clock, so no check depends on how busy the
machine is. Hand it to the manager (`Manager(..., timer=timer)`).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools

START = 1_800_000_000.0  # 2027-01-15: a fixed "now" every test starts from


class ManualTimer:
    def __init__(self, start: float = START) -> None:
        self.moment = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.moment

    async def sleep_until(self, moment: float) -> None:
        if moment <= self.moment:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (moment, next(self._order), future))
        await future

    def advance(self, seconds: float) -> None:
        """Now is `seconds` later; every sleeper whose moment passed wakes."""
        self.advance_to(self.moment + seconds)

    def advance_to(self, moment: float) -> None:
        self.moment = max(self.moment, moment)
        while self._sleepers and self._sleepers[0][0] <= self.moment:
            _, _, future = heapq.heappop(self._sleepers)
            if not future.done():
                future.set_result(None)
