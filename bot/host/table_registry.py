"""Where this process finds its live tables: by id, and by room (the channel, and the match's thread).

It also remembers the tables another process took over, so an action on one says the table
moved rather than that it is gone, and the correspondence matches it holds asleep: only where
they are (a `TableRef`), read whole when somebody acts there or a deadline comes (the table loader,
bot/host/table_loader.py, wakes them). The manager routes every action through it. No Discord import here.
"""

from __future__ import annotations

from ..model.table_state import Table, TableStatus
from ..storage import TableRef
from .live_table import LiveTable
from .refusal import Refusal
from .table_core import TableCore


class TableRegistry:
    """The live tables this process hosts, and the ids and rooms of those it handed over."""

    def __init__(self) -> None:
        self._by_id: dict[int, LiveTable] = {}
        self._by_room: dict[int, LiveTable] = {}
        self._moved_ids: set[int] = set()  # tables another process took over: their actions say so
        self._moved_rooms: set[int] = set()
        self._asleep: dict[int, TableRef] = {}  # correspondence matches in play, not read into memory
        self._asleep_rooms: dict[int, int] = {}  # their channels and threads -> their ids

    def tables(self) -> list[Table]:
        """Every table hosted here now, to read (only its live table writes it)."""
        return [live.table for live in self._by_id.values()]

    def live_tables(self) -> list[LiveTable]:
        return list(self._by_id.values())

    def by_id(self, table_id: int) -> LiveTable | None:
        return self._by_id.get(table_id)

    def in_room(self, channel_id: int) -> LiveTable | None:
        """The table played in this channel or thread, if any."""
        return self._by_room.get(channel_id)

    def find(self, *, channel_id: int | None = None, table_id: int | None = None) -> LiveTable:
        """The table an action is for (by id when given, checked against the channel when both are),
        else a refusal saying whether there is no table, it is gone, or it moved to another process."""
        if table_id is not None:
            live = self._by_id.get(table_id)
            if live is None or (channel_id is not None and not live.table.is_in(channel_id)):
                raise Refusal("table-moved" if table_id in self._moved_ids else "table-gone")
            return live
        live = self._by_room.get(channel_id) if channel_id is not None else None
        if live is None:
            raise Refusal("table-moved" if channel_id in self._moved_rooms else "no-table")
        return live

    def asleep(self, *, channel_id: int | None = None, table_id: int | None = None) -> int | None:
        """The id of the sleeping table an action is for (by id, else by room), if it sleeps."""
        if table_id is not None:
            return table_id if table_id in self._asleep else None
        return None if channel_id is None else self._asleep_rooms.get(channel_id)

    def sleeping(self) -> int:
        return len(self._asleep)

    def put_to_sleep(self, ref: TableRef) -> None:
        """A correspondence match held by where it is only (after a restart, or to free memory)."""
        live = self._by_id.pop(ref.id, None)
        if live is not None:
            self._drop_rooms(live)
        self._asleep[ref.id] = ref
        for room in (ref.channel_id, ref.thread_id):
            if room is not None:
                self._asleep_rooms[room] = ref.id

    def forget_asleep(self, table_id: int) -> None:
        """A sleeping table that is no longer open (another process finished it), or unreadable."""
        self._wake(table_id)

    def _wake(self, table_id: int) -> None:
        ref = self._asleep.pop(table_id, None)
        if ref is None:
            return
        for room in (ref.channel_id, ref.thread_id):
            if room is not None and self._asleep_rooms.get(room) == table_id:
                del self._asleep_rooms[room]

    def add(self, live: LiveTable) -> None:
        """The table is found by its id, its channel and, once it has one, its thread."""
        self._wake(live.table.id)
        self._by_id[live.table.id] = live
        for room in (live.table.channel_id, live.table.thread_id):
            if room is not None:
                self._by_room[room] = live

    def reopened(self, channel_id: int) -> None:
        """A new table opens in this channel: an action there is for it, no longer for one that moved."""
        self._moved_rooms.discard(channel_id)

    def remove(self, live: TableCore) -> None:
        """A table is over or closed: its channel (and thread) are free; if another process hosts it now,
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
        rooms = [r for r in (live.table.channel_id, live.table.thread_id) if r is not None]
        for room in rooms:
            if self._by_room.get(room) is live:
                del self._by_room[room]
        return rooms
