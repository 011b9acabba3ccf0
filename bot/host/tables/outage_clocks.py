"""The turn clocks while Discord is out: they stand still, and go on afterwards with the time they had left.

A player must not be reminded, or have a computer take their seat, because nobody could see the
board. When an outage begins (bot/edge/base/discord_health.py, as of its first failure), no live
table's idle watch runs and the deadline sweeper acts on nothing. When it ends, each live table
still waiting for a person moves its reminder, its take-over and its turn's start on by the time
Discord was out, writes them (so a restart keeps them too) and is armed again; the correspondence
tables whose moment fell in the outage wait as long again (bot/host/clocks/deadline_sweeper.py). Computers
play on meanwhile: their moves are saved, and their posts go out once Discord answers.
"""

from __future__ import annotations

import contextlib
import logging

from ...model.table_state import TableStatus
from ...storage import TurnDeadlines
from ..clocks.deadline_sweeper import DeadlineSweeper
from ..clocks.turn_clock import TurnClock
from ..refusal import Refusal
from .live_table import LiveTable
from .table_registry import TableRegistry

log = logging.getLogger(__name__)


class OutageClocks:
    """Stops and restarts every clock of the process around an outage; at most one outage at a time."""

    def __init__(self, turns: TurnClock, sweeper: DeadlineSweeper, registry: TableRegistry) -> None:
        self.turns = turns
        self.sweeper = sweeper
        self.registry = registry
        self.stopped_since: float | None = None

    def stop(self, since: float) -> None:
        """Discord has been out since `since`: no idle watch, no deadline acts."""
        if self.stopped_since is None:
            self.stopped_since = since
        self.turns.pause()
        self.sweeper.pause()

    async def restart(self, since: float, now: float) -> None:
        """Discord answers again at `now`: every live clock moves on by the time it stood, then runs."""
        since = self.stopped_since if self.stopped_since is not None else since
        self.stopped_since = None
        still = max(0.0, now - since)
        self.turns.resume()
        moved = 0
        for live in self.registry.live_tables():
            if await self._move_on(live, still):
                moved += 1
        await self.sweeper.resume(since, now)
        log.info("clocks going again after %.0f s: %d live table(s) given that time back", still, moved)

    async def _move_on(self, live: LiveTable, still: float) -> bool:
        """One live table's clock, `still` seconds later, written; then armed again. False: nothing to move."""
        table = live.table
        async with live.lock:
            if table.status is not TableStatus.PLAYING or table.turn_length is not None or live.moved_on:
                return False
            remind = None if table.remind_at is None else table.remind_at + still
            take_over = None if table.take_over_at is None else table.take_over_at + still
            if remind is not None or take_over is not None:
                clock = TurnDeadlines(remind, take_over, to_move=live.clock.to_move)
                with contextlib.suppress(Refusal):  # logged by `write`; memory gives the time back all the same
                    await live.write(lambda version: live.services.storage.save_deadlines(table.id, clock, version))
                live.set_clock(clock)
            table.turn_started += still
            if not self.turns.busy(table.id):  # a computer's turn under way re-arms the table when it ends
                self.turns.arm(live)
            return True
