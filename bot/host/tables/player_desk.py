"""What a person's own commands reach across tables: where it is their move, their away time, their caps.

`/five-up turns` lists every table of a server waiting for the asker (found through the stored
`to_move`, so sleeping correspondence matches are read only when they are listed); `/five-up
settings away:` stops the person's correspondence clocks until a day they choose (ended early
when they play); the server's cap on open correspondence tables is checked when a person would
sit at one more. No Discord import here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ...model.answers import MyTurn
from ...model.pace import DAY, MAX_AWAY_DAYS
from ...model.posts import Post
from ...model.table_state import Table, TableStatus
from ...storage import Storage
from ..clocks.correspondence_clock import left
from ..refusal import Refusal
from ..servers.server_desk import ServerDesk
from .correspondence_turns import CorrespondenceTurns
from .table_loader import TableLoader
from .table_registry import TableRegistry

log = logging.getLogger(__name__)


class PlayerDesk:
    """A person's view across the tables of a process (and the sleeping ones it may read)."""

    def __init__(
        self,
        storage: Storage,
        loader: TableLoader,
        registry: TableRegistry,
        servers: ServerDesk,
        now: Callable[[], float],
    ) -> None:
        self.storage = storage
        self.loader = loader
        self.registry = registry
        self.servers = servers
        self.now = now

    async def posted(self, post: Post, message_id: int) -> None:
        """A message of a correspondence match went out: it is the one `/five-up turns` links to."""
        live = self.registry.by_id(post.table_id)
        if live is None or not live.table.pace.is_correspondence or post.direct_to is not None:
            return
        live.table.last_post_id = message_id
        try:
            await self.storage.set_last_post(post.table_id, message_id)
        except Exception as e:  # a note, not the table's state: the link goes to the thread instead
            log.warning("table %s: its latest message not noted (%s)", post.table_id, e)

    async def set_ping(self, user_id: int, on: bool) -> None:
        """Store whether turn lines mention this person; their tables in play follow at once."""
        await self.storage.set_ping(user_id, on)
        for live in self.registry.live_tables():
            if live.table.seat_of(user_id) is not None:
                live.set_ping(user_id, on)

    async def check_cap(self, table: Table, user_ids: list[int], asker: int | None = None) -> None:
        """At a correspondence table, each of these people may sit at one more open one in this server.
        The refusal speaks to the asker about themselves, and names anyone else (a rematch's seats)."""
        if not table.pace.is_correspondence or table.guild_id is None:
            return
        cap = (await self.servers.settings(table.guild_id)).cap
        for user_id in user_ids:
            if table.seat_of(user_id) is not None and table.id:
                continue  # already here
            if await self.storage.open_seats(user_id, table.guild_id) >= cap:
                if user_id == asker:
                    raise Refusal("cap-reached-you", cap=cap)
                seat = table.seat_of(user_id)
                raise Refusal("cap-reached", cap=cap, player=table.seats[seat].name if seat is not None else "")

    async def turns(self, guild_id: int | None, user_id: int) -> list[MyTurn]:
        """Every table of the server where it is this person's move, the nearest deadline first."""
        found: list[MyTurn] = []
        for table_id in await self.storage.waiting_for(user_id, guild_id):
            live = await self.loader.wake(table_id)
            if live is None:
                continue
            table = live.table
            match = table.match
            if table.status is not TableStatus.PLAYING or match is None or match.turn is None:
                continue
            if table.seats[match.turn].user_id != user_id:
                continue
            found.append(MyTurn(table, left(live.clock, self.now()), table.away_until.get(user_id)))
        return sorted(found, key=lambda turn: (turn.left is None, turn.left or 0.0, turn.table.id))

    async def set_away(self, user_id: int, days: int) -> tuple[float | None, int]:
        """Away for `days` (0: back now): stored, and every correspondence table where it is their move
        stops (or restarts) its clock. When the away ends, and how many clocks it stopped."""
        if not 0 <= days <= MAX_AWAY_DAYS:
            raise Refusal("away-too-long", days=MAX_AWAY_DAYS)
        if not days:
            await self.back(user_id)
            return None, 0
        until = self.now() + days * DAY
        await self.storage.set_away(user_id, until)
        for live in self.registry.live_tables():
            if live.table.seat_of(user_id) is not None:
                live.table.away_until[user_id] = until
        return until, await self._each_waiting(user_id, until)

    async def back(self, user_id: int) -> None:
        """The person is back (or played while away): their away ends, their clocks go again."""
        await self.storage.set_away(user_id, None)
        for live in self.registry.live_tables():
            live.table.away_until.pop(user_id, None)
        await self._each_waiting(user_id, None)

    async def _each_waiting(self, user_id: int, until: float | None) -> int:
        """Each correspondence table waiting for this person hears of their away (or return); how many."""
        count = 0
        for table_id in await self.storage.waiting_for(user_id):
            live = await self.loader.wake(table_id)
            if live is None or not live.table.pace.is_correspondence:
                continue
            count += 1
            try:
                await CorrespondenceTurns(live).away(user_id, until)
            except Refusal as refusal:
                log.info("table %s: away of %s not written (%s)", table_id, user_id, refusal.code)
        return count

    async def set_dm(self, user_id: int, on: bool) -> None:
        await self.storage.set_dm_reminders(user_id, on)
