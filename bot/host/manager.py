"""The game manager: every table this process hosts, found by channel or id. No Discord import here.

The commands, the buttons, the demo and the benchmark all call this façade. It opens tables
(one per channel), finds the `LiveTable` an action is for and hands the action over, brings
saved tables back after a restart, and answers `/five-up stats`. The work itself is elsewhere:
a live table changes itself (bot/host/live_table.py), the turn clock moves computers and idle
players on (bot/turn_clock.py), the text layer writes every sentence (bot/texts/), and
bot/host/table_rows.py turns stored rows into tables.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence

from engine import Match, Option, Placement, Record

from .. import texts
from ..storage import ChannelBusyError, FinishedRow, Storage, StorageUnavailableError
from ..texts.i18n import pick_locale
from . import ratings
from . import table_rows as rows
from .computers import ComputerPlayers
from .live_table import LiveTable, Publisher, Services, ThreadOpener
from .pictures import Renderer, pictured
from .table_core import TableCore
from .tables import (
    LEVELS,
    MAX_SEATS,
    Hand,
    Lobby,
    Picture,
    Played,
    Post,
    PostKind,
    Refusal,
    Seat,
    Table,
    TableStatus,
)
from .turn_clock import TurnClock

log = logging.getLogger(__name__)


HISTORY_CACHE_S = 60.0  # the history autocomplete reads the server's matches again after this long


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
        self.turns = TurnClock(computer, turn_timeout=turn_timeout, computer_pause=computer_pause, now=now)
        self.services = Services(storage, publisher, renderer, self.turns, clock, now, self._forget)
        self.seeds = seeds
        self._by_id: dict[int, LiveTable] = {}
        self._by_channel: dict[int, LiveTable] = {}
        self._opening = asyncio.Lock()
        self._moved_ids: set[int] = set()  # tables another process took over: their actions say so
        self._moved_channels: set[int] = set()
        # guild -> (when read, [(match number, seat names)]): what the history autocomplete shows
        self._history_index: dict[int | None, tuple[float, list[tuple[int, tuple[str, ...]]]]] = {}

    # -- finding tables -----------------------------------------------------

    def table_in(self, channel_id: int) -> Table | None:
        """The table in this channel now, to read (only its live table writes it)."""
        live = self._by_channel.get(channel_id)
        return None if live is None else live.table

    def _live(self, *, channel_id: int | None = None, table_id: int | None = None) -> LiveTable:
        if table_id is not None:
            live = self._by_id.get(table_id)
            if live is None or (channel_id is not None and not live.table.is_in(channel_id)):
                raise Refusal("table-moved" if table_id in self._moved_ids else "table-gone")
            return live
        live = self._by_channel.get(channel_id) if channel_id is not None else None
        if live is None:
            raise Refusal("table-moved" if channel_id in self._moved_channels else "no-table")
        return live

    def _register(self, live: LiveTable) -> None:
        """The table is found by its id, its channel and, once it has one, its thread."""
        self._by_id[live.table.id] = live
        for room in (live.table.channel_id, live.table.thread_id):
            if room is not None:
                self._by_channel[room] = live

    def _forget(self, live: TableCore) -> None:
        """A table is over or closed: its clock stops and its channel (and thread) are free."""
        self.turns.stop(live)
        self._history_index.pop(live.table.guild_id, None)  # a match of this server may just have ended
        self._by_id.pop(live.table.id, None)
        for room in (live.table.channel_id, live.table.thread_id):
            if room is not None and self._by_channel.get(room) is live:
                del self._by_channel[room]
        if live.moved_on:  # another process hosts it now
            self._moved_ids.add(live.table.id)
            self._moved_channels.update(r for r in (live.table.channel_id, live.table.thread_id) if r is not None)

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
        use_thread: bool = True,
    ) -> Lobby:
        """A new table in this channel, the host in seat 1 (unless `seat_host` is False) and `bots` computers.

        `seed` deals a given match (the demo, a replay); otherwise the seed source picks one.
        `use_thread` False keeps the match in the channel rather than a thread of its own."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        if not 0 <= bots <= MAX_SEATS - int(seat_host):
            raise Refusal("too-many-bots")
        seats = [Seat(host_id, texts.plain(host_name))] if seat_host else []
        seats += [Seat(None, texts.computer_name(lang, n + 1), level) for n in range(bots)]
        return await self._open(guild_id, channel_id, host_id, lang, level, seats, seed, use_thread)

    async def _open(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        lang: str,
        level: str,
        seats: list[Seat],
        seed: str | None,
        use_thread: bool,
    ) -> Lobby:
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
                    use_thread=use_thread,
                )
            except ChannelBusyError:
                raise Refusal("channel-busy") from None
            except StorageUnavailableError as e:
                log.warning("no table opened in channel %s: the database is unavailable (%s)", channel_id, e)
                raise Refusal("not-saved") from None
            self._moved_channels.discard(channel_id)
            table = Table(table_id, guild_id, channel_id, host_id, lang, level, seed, TableStatus.LOBBY, seats)
            table.use_thread = use_thread
            live = LiveTable(table, self.services)
            self._register(live)
        return live.lobby()

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        live = self._by_id.get(table_id)
        if live is not None:
            await live.lobby_actions.set_lobby_message(message_id)

    async def join(
        self, *, user_id: int, name: str, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        live = self._live(channel_id=channel_id, table_id=table_id)
        return await live.lobby_actions.join(user_id=user_id, name=name, locale=locale)

    async def leave(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        return await self._live(channel_id=channel_id, table_id=table_id).lobby_actions.leave(
            user_id=user_id, locale=locale
        )

    async def sit_with(
        self, *, user_id: int, partner_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """A player of a 4-seat lobby chooses their partner (see `LiveTable.sit_with`)."""
        live = self._live(channel_id=channel_id, table_id=table_id)
        return await live.lobby_actions.sit_with(user_id=user_id, partner_id=partner_id, locale=locale)

    async def start(
        self,
        *,
        user_id: int,
        locale: str,
        channel_id: int | None = None,
        table_id: int | None = None,
        open_thread: ThreadOpener | None = None,
    ) -> Lobby:
        """The host starts the match: the first round is dealt and the first turn message posted
        (in the match's own thread, when `open_thread` makes one)."""
        live = self._live(channel_id=channel_id, table_id=table_id)
        lobby = await live.lobby_actions.start(user_id=user_id, locale=locale, open_thread=open_thread)
        if live.table.status is TableStatus.PLAYING:
            self._register(live)  # its thread finds it too
        return lobby

    async def rematch(self, *, table_id: int, user_id: int, guild_id: int | None) -> tuple[Lobby, int]:
        """A finished match again: the same players in the same seats, language and level, a new deal;
        the new lobby and the channel it opened in.

        Anyone who sat at it may ask; its host hosts again (and alone starts it), and anyone may
        leave the new lobby before then. It opens in the channel where the finished match was
        started, where people are (not in the old match's thread): its match gets a thread of its own."""
        row = await self.storage.finished_match(table_id)
        if row is None or row.guild_id != guild_id:
            raise Refusal("table-gone")
        if user_id not in {s.user_id for s in row.seats if s.user_id is not None}:
            raise Refusal("not-seated")
        seats = [Seat(s.user_id, s.name, s.level) for s in row.seats]
        lobby = await self._open(
            guild_id, row.channel_id, row.host_id, row.lang, row.level, seats, None, row.use_thread
        )
        return lobby, row.channel_id

    async def set_ping(self, *, user_id: int, on: bool) -> None:
        """Store whether the turn message mentions this player; their tables in play follow at once."""
        await self.storage.set_ping(user_id, on)
        for live in self._by_id.values():
            if live.table.seat_of(user_id) is not None:
                live.set_ping(user_id, on)

    async def cancel(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """The host closes the lobby."""
        return await self._live(channel_id=channel_id, table_id=table_id).lobby_actions.cancel(user_id=user_id)

    async def end(self, *, channel_id: int, user_id: int, name: str, can_manage: bool) -> Post:
        """The host, or anyone allowed to manage messages, ends the table in this channel."""
        return await self._live(channel_id=channel_id).end(user_id=user_id, name=name, can_manage=can_manage)

    # -- playing ------------------------------------------------------------

    async def play(
        self,
        *,
        user_id: int,
        placement: Placement,
        locale: str,
        channel_id: int | None = None,
        table_id: int | None = None,
        move_no: int | None = None,
    ) -> Played:
        """A player's placement (one without `on`: wherever its tile fits), see `LiveTable.play`."""
        live = self._live(channel_id=channel_id, table_id=table_id)
        return await live.play(user_id=user_id, placement=placement, locale=locale, move_no=move_no)

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

    async def history(self, *, guild_id: int | None, locale: str) -> str:
        """This server's recent finished matches: number, date, players and final score."""
        try:
            found = await self.storage.finished_matches(guild_id)
        except StorageUnavailableError as e:
            log.warning("history for guild %s not read: the database is unavailable (%s)", guild_id, e)
            raise Refusal("db-unavailable") from None
        finals = await asyncio.to_thread(lambda: [_final(row) for row in found])
        lines = [
            texts.history_line(locale, row.id, row.finished_at, names, match.scores)
            for row, (names, match) in zip(found, finals, strict=True)
        ]
        return texts.history_text(locale, lines)

    async def history_choices(self, *, guild_id: int | None, locale: str) -> list[tuple[int, str]]:
        """(match number, label) of this server's recent finished matches, for the autocomplete.

        Every keystroke asks, so the numbers and names are kept per server (not the records) and
        read again only when a table of that server ends here, or after HISTORY_CACHE_S."""
        now = time.monotonic()
        cached = self._history_index.get(guild_id)
        if cached is None or now - cached[0] > HISTORY_CACHE_S:
            try:
                found = await self.storage.finished_matches(guild_id)
            except StorageUnavailableError:
                return []  # no suggestions this keystroke; the command itself says what is wrong
            cached = (now, [(row.id, tuple(s.name for s in row.seats)) for row in found])
            self._history_index[guild_id] = cached
        return [(table_id, texts.history_choice(locale, table_id, list(names))) for table_id, names in cached[1]]

    async def finished(
        self, *, guild_id: int | None, table_id: int, locale: str
    ) -> tuple[str, str, tuple[Picture, ...]]:
        """One finished match of this server: a line about it, its record (as stored), and its final
        picture, drawn from the replayed record on a worker thread."""
        row = await self.storage.finished_match(table_id)
        if row is None or row.guild_id != guild_id:
            raise Refusal("no-such-match", id=table_id)
        renderer = self.services.renderer
        labels = texts.picture_labels(pick_locale(locale))

        def replay_and_draw() -> tuple[tuple[str, ...], Match, tuple[Picture, ...]]:
            names, match = _final(row)
            shown = pictured(match)  # the match's last picture, as its thread showed it
            return names, match, renderer.table(shown.snapshot, names=names, settlement=shown.settlement, labels=labels)

        names, match, pictures = await asyncio.to_thread(replay_and_draw)
        text = texts.history_match(locale, row.id, row.finished_at, names, match.scores)
        return text, row.record, pictures

    async def stats(self, *, guild_id: int | None, user_id: int, locale: str) -> str:
        """The server's leaderboard and the caller's record, and their rating; a database not answering is
        said as such."""
        try:
            board = await self.storage.leaderboard(guild_id)
            mine = await self.storage.player_stats(guild_id, user_id)
            rating = None if guild_id is None else await self.storage.rating(guild_id, ratings.person_key(user_id))
        except StorageUnavailableError as e:
            log.warning("stats for guild %s not read: the database is unavailable (%s)", guild_id, e)
            raise Refusal("db-unavailable") from None
        return "\n".join([texts.stats_text(locale, board, mine), texts.rating_text(locale, rating)])

    async def leaderboard(self, *, guild_id: int | None, locale: str) -> str:
        """This server's top people by rating (μ − 3σ), and its computer levels' ratings."""
        if guild_id is None:
            return texts.leaderboard_text(locale, [])
        try:
            people = await self.storage.ratings(guild_id, "user")
            computers = await self.storage.ratings(guild_id, "computer")
        except StorageUnavailableError as e:
            log.warning("ratings for guild %s not read: the database is unavailable (%s)", guild_id, e)
            raise Refusal("db-unavailable") from None
        return texts.leaderboard_text(locale, people, computers)

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
            room = bad.thread_id or bad.channel_id
            if room is not None:
                self._announce_unreadable(bad.id, room, bad.lang)
        restored = []
        for row in found:
            try:
                table = rows.table_from_row(row)
            except Exception as e:
                log.error("table %s cannot be restored (%s); closing it", row.id, e)
                await self.storage.close_table(row.id, f"unreadable: {e}"[:500])
                self._announce_unreadable(row.id, row.thread_id or row.channel_id, row.lang)
                continue
            live = LiveTable(table, self.services, saved_record=row.record, version=row.version)
            self._register(live)
            restored.append(table)
            await live.resume()
        return restored

    def _announce_unreadable(self, table_id: int, channel_id: int, lang: str | None) -> None:
        """Tell the players where they play (the match's thread, or the channel when it has none), in the
        table's language when it is known (English otherwise)."""
        lang = pick_locale(lang)
        try:
            self.publisher.publish(
                Post(table_id, channel_id, PostKind.CLOSED, texts.closed_unreadable(lang), lang=lang)
            )
        except Exception:
            log.exception("could not tell channel %s that table %s was closed", channel_id, table_id)


def _final(row: FinishedRow) -> tuple[tuple[str, ...], Match]:
    """A finished match replayed from its record: the names at its seats, and the match as it ended."""
    return tuple(s.name for s in row.seats), Match.replay(Record.loads(row.record))
