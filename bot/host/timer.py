"""The time a process's deadlines are kept in, and how a task waits for a moment of it.

A correspondence turn lasts up to three days, so nothing waits on a bare `asyncio.sleep` of its
length: a task asks the `Timer` to wake it at a moment, and the real one (`SystemTimer`) re-reads
the wall clock at least once a minute, so a clock that jumps (a suspended machine, NTP) is
followed. Tests hand the host a timer they move by hand: a correspondence day passes in
milliseconds and no check depends on how busy the machine is.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol

LONGEST_NAP = 60.0  # the real timer re-reads the wall clock at least this often


class Timer(Protocol):
    def now(self) -> float:
        """Unix time, as every deadline is written."""
        ...

    async def sleep_until(self, moment: float) -> None:
        """Return at `moment` (at once when it has passed)."""
        ...


class SystemTimer:
    """The wall clock (or any `now` given), waited on in naps of at most LONGEST_NAP seconds."""

    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self._now = now

    def now(self) -> float:
        return self._now()

    async def sleep_until(self, moment: float) -> None:
        while (left := moment - self._now()) > 0:
            await asyncio.sleep(min(left, LONGEST_NAP))
