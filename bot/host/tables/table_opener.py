"""Opening tables: a new lobby (`/five-up start`, the demo), or a finished match again (Rematch).

A channel holds any number of tables, so opening refuses only what the server's settings or cap refuse.
Every lobby closes itself `lobby_expiry` seconds after it opens if nobody starts it: the moment is
written with it and shown in its message; the deadline sweeper closes it then (bot/host/tables/lobby_expiry.py).
`TableOpener` is the part of the game manager (bot/host/manager.py) that does this. No Discord import here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ... import texts
from ...model.answers import Lobby
from ...model.pace import OnTimeout, Pace
from ...model.table_state import LEVELS, MAX_SEATS, Seat, Table, TableStatus
from ...storage import ChannelBusyError, Storage, StorageUnavailableError, TurnDeadlines
from ..clocks.deadline_sweeper import DeadlineSweeper
from ..refusal import Refusal
from ..servers.server_desk import ServerDesk
from ..timer import Timer
from .event_games import event_of
from .live_table import LiveTable
from .player_desk import PlayerDesk
from .row_conversion import rematch_table, seat_rows
from .table_core import Services
from .table_registry import TableRegistry

log = logging.getLogger(__name__)


class TableOpener:
    """The opening half of the game manager: what it reads is the manager's own (set in its __init__)."""

    storage: Storage
    services: Services
    registry: TableRegistry
    servers: ServerDesk
    players: PlayerDesk
    sweeper: DeadlineSweeper
    timer: Timer
    seeds: Callable[[], str]
    lobby_expiry: float

    async def open_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        lang: str,
        bots: int = 0,
        level: str = "normal",
        seat_host: bool = True,
        seed: str | None = None,
        use_thread: bool = True,
        pace: Pace | None = None,
        on_timeout: OnTimeout = OnTimeout.COMPUTER,
        parent_id: int | None = None,
        quiet: bool = False,
    ) -> Lobby:
        """A new table in this channel, the host in seat 1 (unless `seat_host` is False) and `bots` computers.

        `seed` deals a given match (the demo, a replay); otherwise the seed source picks one.
        `use_thread` False keeps the match in the channel rather than a thread of its own; `quiet` keeps one
        board message edited in place rather than a message per placement. `pace`:
        the server's default when not given. The server's settings may refuse the channel (`parent_id`:
        the channel of the thread it is asked in) or the computers; its rating choice is kept with the table."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        if not 0 <= bots <= MAX_SEATS - int(seat_host):
            raise Refusal("too-many-bots")
        settings = await self.servers.settings(guild_id)
        ServerDesk.check_open(settings, channel_id=channel_id, parent_id=parent_id, bots=bots)
        pace = settings.pace if pace is None else pace
        seats = [Seat(host_id, texts.plain(host_name))] if seat_host else []
        seats += [Seat(None, texts.computer_name(lang, n + 1), level) for n in range(bots)]
        table = Table(
            0,
            guild_id,
            channel_id,
            host_id,
            lang,
            level,
            self.seeds() if seed is None else seed,
            TableStatus.LOBBY,
            seats,
        )
        table.use_thread, table.pace, table.on_timeout, table.rated = use_thread, pace, on_timeout, settings.rated
        table.quiet = quiet
        return await self._open(table, host_id)

    async def _open(self, table: Table, asker: int) -> Lobby:
        """A lobby for `table` (see `open`)."""
        return (await self.open(table, asker)).lobby()

    async def open(self, table: Table, asker: int, *, capped: bool = True) -> LiveTable:
        """`table` (its id not yet given) written and hosted, if (`capped`) its people are under the server's
        cap (`asker`: whom the refusal speaks to; a tournament's matches are not capped: their players signed
        up for them). A lobby closes itself `lobby_expiry` seconds from now if nobody starts it (its
        message says when); a match started at once replaces that clock with its own."""
        channel_id, guild_id = table.channel_id, table.guild_id
        if capped:
            await self.players.check_cap(table, [s.user_id for s in table.seats if s.user_id is not None], asker)
        self.sweeper.start()  # (restore starts it too; a manager that restores nothing still keeps deadlines)
        closes_at = self.timer.now() + self.lobby_expiry
        try:
            table.id = await self.storage.create_table(
                guild_id=guild_id,
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
                quiet=table.quiet,
                closes_at=closes_at,
            )
        except ChannelBusyError:
            raise Refusal("channel-match-busy") from None
        except StorageUnavailableError as e:
            log.warning("no table opened in channel %s: the database is unavailable (%s)", channel_id, e)
            raise Refusal("not-saved") from None
        self.registry.reopened(channel_id)
        live = LiveTable(table, self.services)
        live.set_clock(TurnDeadlines(take_over_at=closes_at, wake_at=closes_at))  # the sweeper closes it then
        self.registry.add(live)
        return live

    async def rematch(
        self, *, table_id: int, user_id: int, guild_id: int | None, parent_id: int | None = None
    ) -> tuple[Lobby, int]:
        """A finished match again: the same players in the same seats, language and level, a new deal;
        the new lobby and the channel it opened in.

        Anyone who sat at it may ask; its host hosts again (and alone starts it), and anyone may
        leave the new lobby before then. It opens in the channel where the finished match was
        started, where people are (not in the old match's thread): its match gets a thread of its own.
        The server's settings as they are now apply (`parent_id`: the channel of the thread asked in)."""
        row = await self.storage.finished_match(table_id)
        if row is None or row.guild_id != guild_id:
            raise Refusal("table-gone")
        if user_id not in {s.user_id for s in row.seats if s.user_id is not None}:
            raise Refusal("rematch-not-player")
        if (event := await event_of(self.storage, table_id)) is not None:  # its event pairs the next match
            raise Refusal("rematch-event", name=event.name)
        people = {s.user_id for s in row.seats if s.user_id is not None}
        for live in self.registry.in_channel(row.channel_id):  # one rematch at a time: a second click finds it
            table = live.table
            if table.status is TableStatus.LOBBY and {s.user_id for s in table.seats if s.user_id} == people:
                raise Refusal("rematch-open", channel=f"<#{row.channel_id}>")
        settings = await self.servers.settings(guild_id)
        bots = sum(s.user_id is None for s in row.seats)
        ServerDesk.check_open(settings, channel_id=row.channel_id, parent_id=parent_id, bots=bots)
        lobby = await self._open(rematch_table(row, self.seeds(), rated=settings.rated), user_id)
        return lobby, row.channel_id
