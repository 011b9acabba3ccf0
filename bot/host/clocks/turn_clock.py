"""Whose turn next, when nobody clicks: computer players, idle reminders and take-overs.

After every action a live table asks `arm`: if a computer is to move (its own seat, or for a
player who let their time run out), a task waits a short, human-looking pause and asks the
computer players for a placement; otherwise an idle watch starts, which mentions the person to
move once after `follow_up` seconds when their turn line did not (a computer, or they themselves,
placed last: bot/host/tables/table_core.py `needs_follow_up`), reminds the table when the turn's reminder
is due and hands the seat to a computer at its take-over. Both moments
are the table's own (`remind_at`, `take_over_at`, written with every move: one and two
`turn_timeout`s into the turn), so after a restart the watch goes on where it was, and a moment
that passed while the bot was down comes at once (the take-over alone, when both did). Every task checks,
under the table's lock, that nobody moved in the meantime, so a late timer changes nothing.
`drain` waits for pending computer turns (tests, the demo); `close` stops everything
(shutdown: the database keeps all that is needed to resume). While Discord is out (`pause`) no idle
watch runs, so nobody is reminded or taken over who could not see the board; `resume` lets
bot/host/tables/outage_clocks.py move each table's moments on by the time it stood still and re-arm it.
A correspondence table's person has no idle watch here: its deadlines are the sweeper's
(bot/host/clocks/deadline_sweeper.py), which outlives a process; only its computers' own moves start here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable

from engine import Placement

from ...model.table_state import Table, TableStatus
from ..computers import ComputerPlayers
from ..table_roles import ClockedTable, Hosted
from ..timer import SystemTimer, Timer

log = logging.getLogger(__name__)

FOLLOW_UP_S = 30.0  # a live turn's quiet start: the mover is mentioned only if still idle after this long


class TurnClock:
    """The timers of every table of a process: one idle watch and one computer turn at most per table."""

    def __init__(
        self,
        computer: ComputerPlayers,
        *,
        turn_timeout: float = 300.0,
        computer_pause: tuple[float, float] = (0.8, 2.0),
        now: Callable[[], float] = time.time,
        timer: Timer | None = None,
        follow_up: float = FOLLOW_UP_S,
    ) -> None:
        self.computer = computer
        self.now = now  # the wall clock the tables' deadlines are written in
        self.timer = timer if timer is not None else SystemTimer(now)  # what the idle watch waits on
        self.follow_up = follow_up
        self.turn_timeout = turn_timeout
        self.computer_pause = computer_pause
        self._pause_rng = random.Random()
        self._idle: dict[int, asyncio.Task[None]] = {}  # table id -> the idle watch of the seat to move
        self._computer: dict[int, asyncio.Task[None]] = {}  # table id -> a computer's turn in progress
        self._reminding: set[asyncio.Task[bool]] = set()  # reminders being posted and written: never cut in half
        self._closed = False  # shutting down: nothing new starts
        self.paused = False  # Discord is out: idle watches wait for `resume`

    def arm(self, live: ClockedTable) -> None:
        """Start what comes next at this table: a computer's turn, or the idle watch of the person to move."""
        table = live.table
        self._stop_watch(table.id)
        match = table.match
        if self._closed or table.status is not TableStatus.PLAYING or match is None or match.turn is None:
            return
        seat = match.turn
        if table.seats[seat].is_computer or seat in table.away:
            self._start_computer(live, table.move_no, seat, announce=False)
        elif table.turn_length is None and not self.paused:
            self._idle[table.id] = asyncio.create_task(self._idle_watch(live, table.move_no, seat))

    def pause(self) -> None:
        """Discord is out: every idle watch stops, and none starts until `resume` (computers play on)."""
        self.paused = True
        for table_id in list(self._idle):
            self._stop_watch(table_id)

    def resume(self) -> None:
        """Discord is back: `arm` starts idle watches again (the caller re-arms each table)."""
        self.paused = False

    def busy(self, table_id: int) -> bool:
        """A computer's turn is under way at this table."""
        task = self._computer.get(table_id)
        return task is not None and not task.done()

    def stop(self, live: Hosted) -> None:
        """Stop the table's idle watch (unless it is the task asking: it ends by itself)."""
        self._stop_watch(live.table.id)

    def _stop_watch(self, table_id: int) -> None:
        watch = self._idle.pop(table_id, None)
        if watch is not None and watch is not asyncio.current_task():
            watch.cancel()

    def _start_computer(self, live: ClockedTable, move_no: int, seat: int, *, announce: bool) -> None:
        task = asyncio.create_task(self._computer_turn(live, move_no, seat, announce=announce))
        self._computer[live.table.id] = task
        task.add_done_callback(lambda done: self._finished(live.table.id, done))

    def _finished(self, table_id: int, task: asyncio.Task[None]) -> None:
        if self._computer.get(table_id) is task:
            del self._computer[table_id]

    async def _computer_turn(self, live: ClockedTable, move_no: int, seat: int, *, announce: bool) -> None:
        """A computer places for `seat`; `announce` says so publicly (the first move for an idle player)."""
        low, high = self.computer_pause
        if high > 0:  # on the timer, as every wait here: a test's computer "thinks" until the test moves it
            await self.timer.sleep_until(self.timer.now() + self._pause_rng.uniform(low, high))
        if not live.computer_may_play(move_no, seat):
            return
        placement = await self.placement_for(live.table, seat)
        await live.computer_move(move_no, seat, placement, announce=announce)

    async def placement_for(self, table: Table, seat: int) -> Placement:
        """The computer's placement for `seat` now, at the seat's level (the table's for a person's seat);
        the same for the same move wherever it is asked (seeded by the table and the move)."""
        match = table.match
        assert match is not None
        move_no = table.move_no
        level = table.seats[seat].level or table.level
        try:
            return await self.computer.choose(match, seat, level, f"{table.seed}/{move_no}/{seat}")
        except Exception:
            log.exception("computer player failed at table %s, move %s; it plays its first option", table.id, move_no)
            return match.options(seat)[0].placement

    async def _idle_watch(self, live: ClockedTable, move_no: int, seat: int) -> None:
        """The quiet turn's follow-up mention, then at the turn's reminder the table is reminded; at its
        take-over, a computer places for the seat."""
        table = live.table
        remind_at, take_over_at = table.remind_at, table.take_over_at
        follow_up_at = table.turn_started + self.follow_up
        later = [moment for moment in (remind_at, take_over_at) if moment is not None]
        if live.needs_follow_up(move_no, seat) and all(follow_up_at < moment for moment in later):
            await self.timer.sleep_until(follow_up_at)
            if not await live.follow_up(move_no, seat):
                return
        if remind_at is not None and (take_over_at is None or self.now() < take_over_at):
            await self.timer.sleep_until(remind_at)
            # posted and written down together: a stop (which cancels this watch) waits for both
            reminding = asyncio.ensure_future(live.remind(move_no, seat))
            self._reminding.add(reminding)
            reminding.add_done_callback(self._reminding.discard)
            if not await asyncio.shield(reminding):
                return
        if take_over_at is None:
            return
        await self.timer.sleep_until(take_over_at)
        if await live.mark_away(move_no, seat) and not self._closed:
            if self._idle.get(live.table.id) is asyncio.current_task():
                del self._idle[live.table.id]
            self._start_computer(live, move_no, seat, announce=True)

    async def drain(self) -> None:
        """Wait until no computer turn is pending at any table (tests, the demo, shutdown)."""
        while True:
            pending = [task for task in self._computer.values() if not task.done()]
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        """Stop every idle watch and computer turn, and start none after; safe to call more than once."""
        self._closed = True
        tasks = [*self._idle.values(), *self._computer.values()]
        self._idle.clear()
        self._computer.clear()
        for task in tasks:
            if not task.done():
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        await asyncio.gather(*self._reminding, return_exceptions=True)
