"""Tables read from storage: all that were open at a restart, and a sleeping correspondence match when it is needed.

A restart reads every lobby and live match whole and carries on with it (a live match says so in
its thread). A correspondence match in play is only noted where it is (a `TableRef`): ten thousand
of them cost a few megabytes and a second, not a replay each. It is read whole the first time
somebody acts at it or its deadline comes (`wake`), at most once at a time, and put back to sleep,
the least recently used first, when more than `MAX_AWAKE` are in memory. A row that cannot be read
is closed and its players told, as at a restart. No Discord import here.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

from ... import texts
from ...model.posts import Post, PostKind
from ...model.table_state import Table, TableStatus
from ...storage import BrokenRow, Storage, TableRef, TableRow
from ...texts.i18n import pick_locale
from ..table_roles import Publisher
from .live_table import LiveTable
from .row_conversion import table_from_row
from .table_core import Services
from .table_registry import TableRegistry

log = logging.getLogger(__name__)

MAX_AWAKE = 500  # correspondence matches kept in memory; more are put back to sleep, least recently used first


class TableLoader:
    """Reads tables into the registry: at a restart (`restore`) and, for a sleeping match, on demand (`wake`)."""

    def __init__(
        self,
        storage: Storage,
        services: Services,
        registry: TableRegistry,
        publisher: Publisher,
        shards: tuple[int | None, tuple[int, ...] | None],
        *,
        max_awake: int = MAX_AWAKE,
    ) -> None:
        self.storage = storage
        self.services = services
        self.registry = registry
        self.publisher = publisher
        self.shards = shards
        self.max_awake = max_awake
        self._waking: dict[int, asyncio.Future[LiveTable | None]] = {}
        self._awake: OrderedDict[int, LiveTable] = OrderedDict()  # correspondence matches in memory, oldest first

    async def restore(self) -> list[Table]:
        """Every open table of this process's shards: lobbies and live matches whole (each carries on),
        correspondence matches in play by where they are."""
        count, ids = self.shards
        found, broken = await self.storage.open_tables(count, ids, asleep=False)
        for bad in broken:
            await self._close_unreadable(bad)
        restored = []
        for row in found:
            live = await self._live_from(row)
            if live is None:
                continue
            self.registry.add(live)
            restored.append(live.table)
            await live.resume()
        for ref in await self.storage.sleeping_tables(count, ids):
            if self.registry.by_id(ref.id) is None:
                self.registry.put_to_sleep(ref)
        return restored

    async def wake(self, table_id: int) -> LiveTable | None:
        """The live table of a sleeping match, read whole (None: it is no longer open, or unreadable)."""
        live = self.registry.by_id(table_id)
        if live is not None:
            self.touch(live)
            return live
        pending = self._waking.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._waking[table_id] = future
        try:
            live = await self._read(table_id)
            future.set_result(live)
        except BaseException as e:
            future.set_exception(e)
            future.exception()  # retrieved: a waiter, if any, sees it
            raise
        finally:
            del self._waking[table_id]
        return live

    async def wake_room(self, channel_id: int | None) -> None:
        """An action in this channel or thread: the sleeping match played there, if any, is read."""
        table_id = self.registry.asleep(channel_id=channel_id)
        if table_id is not None:
            await self.wake(table_id)

    async def _read(self, table_id: int) -> LiveTable | None:
        row = await self.storage.open_table(table_id)
        if row is None:
            self.registry.forget_asleep(table_id)
            return None
        if isinstance(row, BrokenRow):
            self.registry.forget_asleep(table_id)
            await self._close_unreadable(row)
            return None
        live = await self._live_from(row)
        if live is None:
            self.registry.forget_asleep(table_id)
            return None
        table = live.table
        table.turn_started = self.services.now()
        if table.status is TableStatus.PLAYING:
            table.no_ping = await live.ping_off()
            await self._read_away(table)
        self.registry.add(live)
        self.touch(live)
        return live

    async def _read_away(self, table: Table) -> None:
        now = self.services.now()
        for seat in table.seats:
            if seat.user_id is None:
                continue
            until = (await self.storage.player_settings(seat.user_id)).away_until
            if until is not None and until > now:
                table.away_until[seat.user_id] = until

    def touch(self, live: LiveTable) -> None:
        """A correspondence match was used: it is the last to be put back to sleep."""
        table = live.table
        if not table.pace.is_correspondence or table.status is not TableStatus.PLAYING:
            return
        self._awake[table.id] = live
        self._awake.move_to_end(table.id)
        while len(self._awake) > self.max_awake:
            if not self._put_oldest_to_sleep():
                break

    def _put_oldest_to_sleep(self) -> bool:
        for table_id, live in self._awake.items():
            if self.registry.by_id(table_id) is not live or live.table.status is not TableStatus.PLAYING:
                del self._awake[table_id]
                return True
            if live.lock.locked() or self.services.turns.busy(table_id):
                continue
            del self._awake[table_id]
            table = live.table
            self.services.turns.stop(live)
            self.registry.put_to_sleep(TableRef(table.id, table.guild_id, table.channel_id, table.thread_id))
            return True
        return False

    async def _live_from(self, row: TableRow) -> LiveTable | None:
        try:
            table = table_from_row(row)
        except Exception as e:
            log.error("table %s cannot be restored (%s); closing it", row.id, e)
            await self._close_unreadable(
                BrokenRow(row.id, row.channel_id, str(e), row.lang, row.thread_id), logged=True
            )
            return None
        live = LiveTable(table, self.services, saved_record=row.record, version=row.version)
        live.set_clock(row.deadlines)
        return live

    async def _close_unreadable(self, bad: BrokenRow, *, logged: bool = False) -> None:
        """Closed, and its players told where they play (the match's thread, or the channel), in the
        table's language when it is known (English otherwise)."""
        if not logged:
            log.error("table %s cannot be read (%s); closing it", bad.id, bad.reason)
        await self.storage.close_table(bad.id, f"unreadable: {bad.reason}"[:500])
        room = bad.thread_id or bad.channel_id
        if room is None:
            return
        lang = pick_locale(bad.lang)
        try:
            self.publisher.publish(Post(bad.id, room, PostKind.CLOSED, texts.closed_unreadable(lang), lang=lang))
        except Exception:
            log.exception("could not tell channel %s that table %s was closed", room, bad.id)
