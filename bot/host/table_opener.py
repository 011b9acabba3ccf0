"""Opening a table: the one place a new table is written and handed to the registry.

A lobby someone opens (`/five-up start`, a rematch) and a match the bot opens by itself (a
tournament's pairing) both come here: the channel must be free (one table per channel or thread),
the people under the server's cap on correspondence tables (not for a tournament's matches, which
its players signed up for), and the row written before the table exists for anyone.
"""

from __future__ import annotations

import asyncio
import logging

from ..model.table_state import Table
from ..storage import ChannelBusyError, Storage, StorageUnavailableError
from .deadline_sweeper import DeadlineSweeper
from .live_table import LiveTable
from .player_desk import PlayerDesk
from .refusal import Refusal
from .row_conversion import seat_rows
from .table_core import Services
from .table_registry import TableRegistry

log = logging.getLogger(__name__)


class TableOpener:
    def __init__(
        self,
        storage: Storage,
        services: Services,
        registry: TableRegistry,
        players: PlayerDesk,
        sweeper: DeadlineSweeper,
    ) -> None:
        self.storage = storage
        self.services = services
        self.registry = registry
        self.players = players
        self.sweeper = sweeper
        self._opening = asyncio.Lock()

    async def open(self, table: Table, asker: int, *, capped: bool = True) -> LiveTable:
        """`table` (its id not yet given) written and hosted, if its channel is free and (`capped`) its
        people under the server's cap; `asker` is who the cap's refusal speaks to."""
        channel_id = table.channel_id
        if capped:
            await self.players.check_cap(table, [s.user_id for s in table.seats if s.user_id is not None], asker)
        self.sweeper.start()  # (restore starts it too; a manager that restores nothing still keeps deadlines)
        async with self._opening:
            if self.registry.in_room(channel_id) is not None or self.registry.asleep(channel_id=channel_id):
                raise Refusal("channel-busy")
            try:
                table.id = await self.storage.create_table(
                    guild_id=table.guild_id,
                    channel_id=channel_id,
                    host_id=table.host_id,
                    lang=table.lang,
                    level=table.level,
                    seed=table.seed,
                    seats=seat_rows(table.seats),
                    use_thread=table.use_thread,
                    pace=table.pace.value,
                    on_timeout=table.on_timeout.value,
                    rated=table.rated,
                )
            except ChannelBusyError:
                raise Refusal("channel-busy") from None
            except StorageUnavailableError as e:
                log.warning("no table opened in channel %s: the database is unavailable (%s)", channel_id, e)
                raise Refusal("not-saved") from None
            self.registry.reopened(channel_id)
            live = LiveTable(table, self.services)
            self.registry.add(live)
        return live
