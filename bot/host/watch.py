"""A task that looks at the database at its moments: `look` acts on what is due and says when to look next.

It sleeps on the host's `Timer` (a test moves it by hand) until that moment, or until `nudge`d by a write
of this process that brings a moment nearer, and at least every `longest_wait` seconds (another
process's writes). A look that fails is logged and tried again after `longest_wait`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from .timer import Timer

log = logging.getLogger(__name__)

LONGEST_WAIT = 300.0


class Watch:
    def __init__(self, timer: Timer, look: Callable[[], Awaitable[float]], name: str) -> None:
        self.timer = timer
        self.look = look
        self.name = name
        self.longest_wait = LONGEST_WAIT
        self._task: asyncio.Task[None] | None = None
        self._nudged = asyncio.Event()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=self.name)

    def nudge(self) -> None:
        self._nudged.set()

    async def _run(self) -> None:
        while True:
            self._nudged.clear()
            try:
                target = await self.look()
            except Exception:
                log.exception("%s: the look failed; looking again in %s s", self.name, self.longest_wait)
                target = self.timer.now() + self.longest_wait
            sleeping = asyncio.ensure_future(self.timer.sleep_until(target))
            nudged = asyncio.ensure_future(self._nudged.wait())
            try:
                await asyncio.wait((sleeping, nudged), return_when=asyncio.FIRST_COMPLETED)
            finally:
                sleeping.cancel()
                nudged.cancel()

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
