"""Where this process finds its live tables: by id, by the thread a match is played in, and by the channel
they were opened in (a channel holds any number of them: bot/host/tables/table_choice.py picks one for a command).

It also remembers the tables another process took over, so an action on one says the table
moved rather than that it is gone, and the correspondence matches it holds asleep: only where
they are (a `TableRef`), read whole when somebody acts there or a deadline comes (the table loader,
bot/host/tables/table_loader.py, wakes them). The manager routes every action through it. No Discord import here.
"""

from __future__ import annotations

from ...model.table_state import Table, TableStatus
from ...storage import TableRef
from ..refusal import Refusal
from .live_table import LiveTable
from .table_core import TableCore


class TableRegistry:
    """The live tables this process hosts, and the ids and rooms of those it handed over."""

    def __init__(self) -> None:
        self._by_id: dict[int, LiveTable] = {}
        self._by_thread: dict[int, LiveTable] = {}  # a match's thread -> its table (one table per thread)
        self._by_channel: dict[int, dict[int, LiveTable]] = {}  # channel -> its open tables by id, oldest first
        self._moved_ids: set[int] = set()  # tables another process took over: their actions say so
        self._moved_rooms: set[int] = set()
        self._asleep: dict[int, TableRef] = {}  # correspondence matches in play, not read into memory
        self._asleep_threads: dict[int, int] = {}  # their threads -> their ids
        self._asleep_channels: dict[int, dict[int, TableRef]] = {}  # their channels -> them by id

    def tables(self) -> list[Table]:
        """Every table hosted here now, to read (only its live table writes it)."""
        return [live.table for live in self._by_id.values()]

    def live_tables(self) -> list[LiveTable]:
        return list(self._by_id.values())

    def by_id(self, table_id: int) -> LiveTable | None:
        return self._by_id.get(table_id)

    def in_thread(self, room: int) -> LiveTable | None:
        """The match played in this thread, if `room` is one of ours."""
        return self._by_thread.get(room)

    def in_channel(self, channel_id: int) -> list[LiveTable]:
        """The open tables opened in this channel (their matches in threads or in the channel), newest first."""
        return list(reversed(self._by_channel.get(channel_id, {}).values()))

    def in_room(self, channel_id: int) -> LiveTable | None:
        """The table of this thread, else the newest table opened in this channel, if any."""
        thread = self._by_thread.get(channel_id)
        if thread is not None:
            return thread
        tables = self._by_channel.get(channel_id)
        return next(reversed(tables.values())) if tables else None

    def played_in_channel(self, channel_id: int, *, but: int | None = None) -> LiveTable | None:
        """The match played in the channel itself (no thread), other than table `but`: one at a time."""
        for live in self._by_channel.get(channel_id, {}).values():
            table = live.table
            if table.id != but and table.status is TableStatus.PLAYING and table.thread_id is None:
                return live
        return None

    def moved(self, room: int) -> bool:
        """Tables played here moved to another process (an action here says so when none is left)."""
        return room in self._moved_rooms

    def find(self, *, table_id: int, channel_id: int | None = None) -> LiveTable:
        """The table an action is for (checked against the channel or thread it came from, when given),
        else a refusal saying whether it is gone or moved to another process."""
        live = self._by_id.get(table_id)
        if live is None or (channel_id is not None and not live.table.is_in(channel_id)):
            raise Refusal("table-moved" if table_id in self._moved_ids else "table-gone")
        return live

    def asleep(self, *, channel_id: int | None = None, table_id: int | None = None) -> int | None:
        """The id of the sleeping table an action is for (by id, else by room: its thread, the match played
        in the channel itself, or the only sleeping match opened in the channel), if it sleeps."""
        if table_id is not None:
            return table_id if table_id in self._asleep else None
        if channel_id is None:
            return None
        in_thread = self._asleep_threads.get(channel_id)
        if in_thread is not None:
            return in_thread
        refs = list(self._asleep_channels.get(channel_id, {}).values())
        here = next((ref.id for ref in refs if ref.thread_id is None), None)
        return refs[0].id if here is None and len(refs) == 1 else here

    def asleep_in_thread(self, room: int) -> int | None:
        """The id of the sleeping match played in this thread, if `room` is one."""
        return self._asleep_threads.get(room)

    def asleep_in_channel(self, channel_id: int) -> list[TableRef]:
        """The sleeping matches opened in this channel, newest first."""
        return list(reversed(self._asleep_channels.get(channel_id, {}).values()))

    def sleeping(self) -> int:
        return len(self._asleep)

    def put_to_sleep(self, ref: TableRef) -> None:
        """A correspondence match held by where it is only (after a restart, or to free memory)."""
        live = self._by_id.pop(ref.id, None)
        if live is not None:
            self._drop_rooms(live)
        self._asleep[ref.id] = ref
        self._asleep_channels.setdefault(ref.channel_id, {})[ref.id] = ref
        if ref.thread_id is not None:
            self._asleep_threads[ref.thread_id] = ref.id

    def forget_asleep(self, table_id: int) -> None:
        """A sleeping table that is no longer open (another process finished it), or unreadable."""
        self._wake(table_id)

    def _wake(self, table_id: int) -> None:
        ref = self._asleep.pop(table_id, None)
        if ref is None:
            return
        in_channel = self._asleep_channels.get(ref.channel_id, {})
        in_channel.pop(table_id, None)
        if not in_channel:
            self._asleep_channels.pop(ref.channel_id, None)
        if ref.thread_id is not None and self._asleep_threads.get(ref.thread_id) == table_id:
            del self._asleep_threads[ref.thread_id]

    def add(self, live: LiveTable) -> None:
        """The table is found by its id, its channel and, once it has one, its thread."""
        table = live.table
        self._wake(table.id)
        self._by_id[table.id] = live
        in_channel = self._by_channel.setdefault(table.channel_id, {})
        in_channel[table.id] = live
        if len(in_channel) > 1 and table.id < max(in_channel):  # restored out of order: keep them by id
            self._by_channel[table.channel_id] = dict(sorted(in_channel.items()))
        if table.thread_id is not None:
            self._by_thread[table.thread_id] = live

    def reopened(self, channel_id: int) -> None:
        """A new table opens in this channel: an action there is for it, no longer for one that moved."""
        self._moved_rooms.discard(channel_id)

    def remove(self, live: TableCore) -> None:
        """A table is over or closed: it leaves its channel (and thread); if another process hosts it now,
        its id and rooms are remembered as moved. A correspondence match another process wrote goes back
        to sleep instead: the next action reads it afresh (two processes may share its deadlines)."""
        table = live.table
        if self._by_id.get(table.id) is live:
            del self._by_id[table.id]
        rooms = self._drop_rooms(live)
        if live.moved_on and table.pace.is_correspondence and table.status is TableStatus.PLAYING:
            self.put_to_sleep(TableRef(table.id, table.guild_id, table.channel_id, table.thread_id))
        elif live.moved_on:
            self._moved_ids.add(table.id)
            self._moved_rooms.update(rooms)

    def _drop_rooms(self, live: TableCore) -> list[int]:
        table = live.table
        in_channel = self._by_channel.get(table.channel_id, {})
        if in_channel.get(table.id) is live:
            del in_channel[table.id]
            if not in_channel:
                del self._by_channel[table.channel_id]
        if table.thread_id is not None and self._by_thread.get(table.thread_id) is live:
            del self._by_thread[table.thread_id]
        return [r for r in (table.channel_id, table.thread_id) if r is not None]
