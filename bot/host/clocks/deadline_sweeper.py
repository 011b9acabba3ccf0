"""The one clock of every correspondence table: it finds the next deadline in the database and wakes for it.

A process may hold ten thousand correspondence matches that sleep for days, most of them not even
read into memory. Rather than a timer per table, one task asks the database for the earliest
`wake_at` (through its index, never reading every table), sleeps until then on the host's `Timer`,
and hands each table whose moment has come to `act` (which reads the table if it sleeps and does
what is due: bot/host/tables/correspondence_turns.py). A write of this process that brings a moment
nearer `nudge`s it; another process's writes are seen at the next look, at least every
`LONGEST_WAIT` seconds. A deadline that passed while the bot was down is found at the first look,
right after start-up. Two processes on one database may both find a moment: each act is a
versioned write before any post, so one acts and the other changes nothing. While Discord is out
(`pause`) it acts on nothing; afterwards (`resume`) a table whose moment fell in the outage waits
as long again as the outage lasted, so nobody's time runs out while they could not see the board.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

from ...storage import Storage
from ..timer import Timer

log = logging.getLogger(__name__)

LONGEST_WAIT = 300.0  # look at the database at least this often (another process's new deadlines)
BATCH = 50  # tables handled per look
PARALLEL = 8  # of those, acted on at once: a table's act mostly waits (its row, its write, a computer's choice)
RETRY_S = 30.0  # a table whose act failed (the database, a bug) is looked at again after this long
TRIES = 3  # acts on one table at one look before it waits RETRY_S
HELD_LOOK = 1.0  # seconds between looks while the earliest moment is a held table's
OUTAGE_LOOK = 10_000  # tables whose moment fell in an outage, read at its end (ids through the index)


class DeadlineSweeper:
    """Wakes the correspondence tables of some shards at their moments; `start` once, `close` at the end."""

    def __init__(
        self,
        storage: Storage,
        timer: Timer,
        act: Callable[[int], Awaitable[None]],
        *,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
    ) -> None:
        self.storage = storage
        self.timer = timer
        self.act = act
        self.shards = (shard_count, shard_ids)
        self._task: asyncio.Task[None] | None = None
        self._nudged = asyncio.Event()
        self._resting = asyncio.Event()  # set while it waits with nothing due (tests wait for it)
        self._target = float("inf")  # the moment it sleeps until now
        self._held: dict[int, float] = {}  # table id -> not before (its act failed)
        self.acted = 0  # tables handed to `act` since start (the bench counts them)
        self._running = asyncio.Event()  # cleared while Discord is out: no act until `resume`
        self._running.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="deadline-sweeper")

    def nudge(self, moment: float | None) -> None:
        """A deadline this process wrote: look sooner if it comes before the one slept for."""
        if moment is not None and moment < self._target:
            self._resting.clear()
            self._nudged.set()

    async def rested(self) -> None:
        """Wait until everything due by now has been handled (tests move their timer, then wait here)."""
        self.nudge(float("-inf"))
        await asyncio.sleep(0)
        await self._resting.wait()

    def pause(self) -> None:
        """Discord is out: act on no deadline until `resume`."""
        self._running.clear()

    async def resume(self, since: float, now: float) -> None:
        """Discord is back after being out from `since` to `now`: every table whose moment fell in
        between waits until `now` plus the outage's length (at most that much longer than its fair share)."""
        try:
            before = set(await self.storage.due_tables(since, OUTAGE_LOOK, *self.shards))
            during = set(await self.storage.due_tables(now, OUTAGE_LOOK, *self.shards)) - before
        except Exception:
            log.exception("reading the deadlines that fell in the outage failed; they come due as written")
            during = set()
        until = now + (now - since)
        for table_id in during:
            self._held[table_id] = max(self._held.get(table_id, until), until)
        self._running.set()
        self.nudge(float("-inf"))

    async def _run(self) -> None:
        while True:
            await self._running.wait()
            self._nudged.clear()  # a nudge from here on (even during the look) brings the next look forward
            try:
                target = await self._look()
            except Exception:
                log.exception("looking for due deadlines failed; trying again in %s s", RETRY_S)
                target = self.timer.now() + RETRY_S
            await self._wait(target)

    async def _look(self) -> float:
        """Act on every table due now; the moment of the next look."""
        tries: dict[int, int] = {}
        while True:
            now = self.timer.now()
            self._held = {tid: t for tid, t in self._held.items() if t > now}
            due = [tid for tid in await self.storage.due_tables(now, BATCH + len(self._held), *self.shards)]
            due = [tid for tid in due if tid not in self._held][:BATCH]
            if not due:
                break
            todo = []
            for table_id in due:
                tries[table_id] = tries.get(table_id, 0) + 1
                if tries[table_id] > TRIES:
                    log.warning("table %s: its deadline keeps coming back; looked at again in %s s", table_id, RETRY_S)
                    self._held[table_id] = now + RETRY_S
                else:
                    todo.append(table_id)
            gate = asyncio.Semaphore(PARALLEL)
            await asyncio.gather(*(self._act(table_id, now, gate) for table_id in todo))
        upcoming = await self.storage.next_wake(*self.shards)
        now = self.timer.now()
        target = now + LONGEST_WAIT
        if upcoming is not None:
            # a moment already past belongs to a held table (its act failed, or it fell in an outage):
            # looking again at once would only find it held again, so look again a little later
            target = min(target, upcoming if upcoming > now else now + HELD_LOOK)
        if self._held:
            target = min(target, min(self._held.values()))
        return target

    async def _act(self, table_id: int, now: float, gate: asyncio.Semaphore) -> None:
        """One table's moment (tables are independent: each act takes its own table's lock)."""
        async with gate:
            self.acted += 1
            try:
                await self.act(table_id)
            except Exception:
                log.exception("acting on the deadline of table %s failed", table_id)
                self._held[table_id] = now + RETRY_S

    async def _wait(self, target: float) -> None:
        self._target = target
        if not self._nudged.is_set():
            self._resting.set()
        sleeping = asyncio.ensure_future(self.timer.sleep_until(target))
        nudged = asyncio.ensure_future(self._nudged.wait())
        try:
            await asyncio.wait((sleeping, nudged), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (sleeping, nudged):
                task.cancel()
            self._target = float("inf")  # while it looks, any nudge counts
            self._resting.clear()

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
