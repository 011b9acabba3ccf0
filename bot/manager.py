"""The game manager: every table this process hosts, found by channel or id. No Discord import here.

The commands, the buttons, the demo and the benchmark all call this façade. It opens tables
(one per channel), finds the `LiveTable` an action is for and hands the action over, brings
saved tables back after a restart, and answers `/five-up stats`. The work itself is elsewhere:
a live table changes itself (bot/live_table.py), the turn clock moves computers and idle
players on (bot/turn_clock.py), the text layer writes every sentence (bot/texts/), and
bot/rows.py turns stored rows into tables.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence

from engine import Option, Tile

from . import rows, texts
from .computer import ComputerPlayers
from .i18n import pick_locale
from .live_table import LiveTable, Publisher, Services
from .pictures import Renderer
from .storage import ChannelBusyError, Storage, StorageUnavailableError
from .tables import LEVELS, MAX_SEATS, Hand, Lobby, Played, Post, PostKind, Refusal, Seat, Table, TableStatus
from .turn_clock import TurnClock

log = logging.getLogger(__name__)


def new_seed() -> str:
    """A fresh, unguessable seed for a table's deals."""
    return secrets.token_hex(8)


class Manager:
    """Every table this process hosts. Create, then `await restore()` to bring back saved tables.

    With `shard_count` (and `shard_ids`, the shards this process runs), only the tables of guilds
    on those shards are restored; stats still read every table."""

    def __init__(
        self,
        storage: Storage,
        publisher: Publisher,
        renderer: Renderer,
        computer: ComputerPlayers,
        *,
        turn_timeout: float = 300.0,
        computer_pause: tuple[float, float] = (0.8, 2.0),
        clock: Callable[[float], str] = texts.discord_clock,
        now: Callable[[], float] = time.time,
        seeds: Callable[[], str] = new_seed,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
    ) -> None:
        self.storage = storage
        self.shard_count = shard_count
        self.shard_ids = None if shard_ids is None else tuple(shard_ids)
        self.publisher = publisher
        self.turns = TurnClock(computer, turn_timeout=turn_timeout, computer_pause=computer_pause)
        self.services = Services(storage, publisher, renderer, self.turns, clock, now, self._forget)
        self.seeds = seeds
        self._by_id: dict[int, LiveTable] = {}
        self._by_channel: dict[int, LiveTable] = {}
        self._opening = asyncio.Lock()
        self._moved_ids: set[int] = set()  # tables another process took over: their actions say so
        self._moved_channels: set[int] = set()

    # -- finding tables -----------------------------------------------------

    def table_in(self, channel_id: int) -> Table | None:
        """The table in this channel now, to read (only its live table writes it)."""
        live = self._by_channel.get(channel_id)
        return None if live is None else live.table

    def _live(self, *, channel_id: int | None = None, table_id: int | None = None) -> LiveTable:
        if table_id is not None:
            live = self._by_id.get(table_id)
            if live is None or (channel_id is not None and live.table.channel_id != channel_id):
                raise Refusal("table-moved" if table_id in self._moved_ids else "table-gone")
            return live
        live = self._by_channel.get(channel_id) if channel_id is not None else None
        if live is None:
            raise Refusal("table-moved" if channel_id in self._moved_channels else "no-table")
        return live

    def _register(self, live: LiveTable) -> None:
        self._by_id[live.table.id] = live
        self._by_channel[live.table.channel_id] = live

    def _forget(self, live: LiveTable) -> None:
        """A table is over or closed: its clock stops and its channel is free."""
        self.turns.stop(live)
        self._by_id.pop(live.table.id, None)
        if self._by_channel.get(live.table.channel_id) is live:
            del self._by_channel[live.table.channel_id]
        if live.moved_on:  # another process hosts it now
            self._moved_ids.add(live.table.id)
            self._moved_channels.add(live.table.channel_id)

    # -- the lobby ----------------------------------------------------------

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
    ) -> Lobby:
        """A new table in this channel, the host in seat 1 (unless `seat_host` is False) and `bots` computers.

        `seed` deals a given match (the demo, a replay); otherwise the seed source picks one."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        if not 0 <= bots <= MAX_SEATS - int(seat_host):
            raise Refusal("too-many-bots")
        seats = [Seat(host_id, texts.plain(host_name))] if seat_host else []
        seats += [Seat(None, texts.computer_name(lang, n + 1), level) for n in range(bots)]
        seed = seed if seed is not None else self.seeds()
        async with self._opening:
            if channel_id in self._by_channel:
                raise Refusal("channel-busy")
            try:
                table_id = await self.storage.create_table(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host_id,
                    lang=lang,
                    level=level,
                    seed=seed,
                    seats=rows.seat_rows(seats),
                )
            except ChannelBusyError:
                raise Refusal("channel-busy") from None
            except StorageUnavailableError as e:
                log.warning("no table opened in channel %s: the database is unavailable (%s)", channel_id, e)
                raise Refusal("not-saved") from None
            self._moved_channels.discard(channel_id)
            table = Table(table_id, guild_id, channel_id, host_id, lang, level, seed, TableStatus.LOBBY, seats)
            live = LiveTable(table, self.services)
            self._register(live)
        return live.lobby()

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        live = self._by_id.get(table_id)
        if live is not None:
            await live.set_lobby_message(message_id)

    async def join(
        self, *, user_id: int, name: str, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        live = self._live(channel_id=channel_id, table_id=table_id)
        return await live.join(user_id=user_id, name=name, locale=locale)

    async def leave(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        return await self._live(channel_id=channel_id, table_id=table_id).leave(user_id=user_id, locale=locale)

    async def sit_with(
        self, *, user_id: int, partner_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """A player of a 4-seat lobby chooses their partner (see `LiveTable.sit_with`)."""
        live = self._live(channel_id=channel_id, table_id=table_id)
        return await live.sit_with(user_id=user_id, partner_id=partner_id, locale=locale)

    async def start(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """The host starts the match: the first round is dealt and the first turn message posted."""
        return await self._live(channel_id=channel_id, table_id=table_id).start(user_id=user_id, locale=locale)

    async def cancel(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """The host closes the lobby."""
        return await self._live(channel_id=channel_id, table_id=table_id).cancel(user_id=user_id)

    async def end(self, *, channel_id: int, user_id: int, name: str, can_manage: bool) -> Post:
        """The host, or anyone allowed to manage messages, ends the table in this channel."""
        return await self._live(channel_id=channel_id).end(user_id=user_id, name=name, can_manage=can_manage)

    # -- playing ------------------------------------------------------------

    async def play(
        self,
        *,
        user_id: int,
        tile: str | Tile,
        on: str | Tile | None = None,
        locale: str,
        channel_id: int | None = None,
        table_id: int | None = None,
        move_no: int | None = None,
    ) -> Played:
        """A player's placement (see `LiveTable.play`)."""
        live = self._live(channel_id=channel_id, table_id=table_id)
        return await live.play(user_id=user_id, tile=tile, on=on, locale=locale, move_no=move_no)

    def choices(self, *, channel_id: int, user_id: int) -> list[Option]:
        """The caller's legal options now (for autocomplete): empty when it is not their turn."""
        live = self._by_channel.get(channel_id)
        return [] if live is None else live.options_for(user_id)

    async def hand(
        self,
        *,
        user_id: int,
        locale: str,
        channel_id: int | None = None,
        table_id: int | None = None,
        picture: bool = True,
    ) -> Hand:
        """A player's private view: their tiles, what they drew, and a choice per playable tile."""
        live = self._live(channel_id=channel_id, table_id=table_id)
        return await live.hand(user_id=user_id, locale=locale, picture=picture)

    async def board(self, *, channel_id: int, scoresheet_only: bool = False) -> Post:
        """The latest pictures of the table again (not published: the caller replies with it)."""
        return await self._live(channel_id=channel_id).board(scoresheet_only=scoresheet_only)

    async def stats(self, *, guild_id: int | None, user_id: int, locale: str) -> str:
        board = await self.storage.leaderboard(guild_id)
        mine = await self.storage.player_stats(guild_id, user_id)
        return texts.stats_text(locale, board, mine)

    # -- whose turn next ----------------------------------------------------

    async def drain(self) -> None:
        """Wait until no computer turn is pending at any table (tests, the demo, shutdown)."""
        await self.turns.drain()

    async def close(self) -> None:
        """Stop timers and computer turns (the database keeps everything needed to resume)."""
        await self.turns.close()

    # -- restarting ------------------------------------------------------------

    async def restore(self) -> list[Table]:
        """Bring back every open table (of this process's shards); a row that cannot be read is logged and closed."""
        found, broken = await self.storage.open_tables(self.shard_count, self.shard_ids)
        for bad in broken:
            log.error("table %s cannot be read (%s); closing it", bad.id, bad.reason)
            await self.storage.close_table(bad.id, f"unreadable: {bad.reason}"[:500])
            if bad.channel_id is not None:
                self._announce_unreadable(bad.id, bad.channel_id, bad.lang)
        restored = []
        for row in found:
            try:
                table = rows.table_from_row(row)
            except Exception as e:
                log.error("table %s cannot be restored (%s); closing it", row.id, e)
                await self.storage.close_table(row.id, f"unreadable: {e}"[:500])
                self._announce_unreadable(row.id, row.channel_id, row.lang)
                continue
            live = LiveTable(table, self.services, saved_record=row.record, version=row.version)
            self._register(live)
            restored.append(table)
            await live.resume()
        return restored

    def _announce_unreadable(self, table_id: int, channel_id: int, lang: str | None) -> None:
        """Tell the channel, in the table's language when it is known (English otherwise)."""
        lang = pick_locale(lang)
        try:
            self.publisher.publish(
                Post(table_id, channel_id, PostKind.CLOSED, texts.closed_unreadable(lang), lang=lang)
            )
        except Exception:
            log.exception("could not tell channel %s that table %s was closed", channel_id, table_id)
