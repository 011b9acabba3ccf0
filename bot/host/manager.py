"""The game manager: every table this process hosts, found by channel or id. No Discord import here.

The commands, the buttons, the demo and the benchmark all call this façade. It opens tables
(one per channel), finds the `LiveTable` an action is for and hands the action over, brings
saved tables back after a restart. The work itself is elsewhere: a live table changes itself
(bot/host/live_table.py), the registry finds it (bot/host/table_registry.py), the turn clock moves
computers and idle players on (bot/host/turn_clock.py), the archive answers what finished matches
and players say (history, stats, leaderboard: bot/host/match_archive.py, `manager.archive`), the
text layer writes every sentence (bot/texts/), and bot/host/row_conversion.py turns stored rows into tables.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Sequence

from engine import Option, Placement

from .. import texts
from ..model.answers import Hand, Lobby, Played
from ..model.pace import OnTimeout, Pace
from ..model.posts import Post
from ..model.table_state import LEVELS, MAX_SEATS, Seat, Table, TableStatus
from ..storage import Storage
from .computers import ComputerPlayers
from .correspondence_turns import CorrespondenceTurns
from .deadline_sweeper import DeadlineSweeper
from .live_table import LiveTable
from .lobby_actions import LobbyActions
from .match_archive import MatchArchive
from .pictures import Renderer
from .player_desk import PlayerDesk
from .refusal import Refusal
from .row_conversion import rematch_table
from .server_desk import ServerDesk
from .table_core import Publisher, Services, TableCore, ThreadOpener
from .table_loader import TableLoader
from .table_opener import TableOpener
from .table_registry import TableRegistry
from .timer import SystemTimer, Timer
from .tournament_desk import TournamentDesk
from .tournament_rounds import TournamentRounds
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
        timer: Timer | None = None,
        seeds: Callable[[], str] = new_seed,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
    ) -> None:
        self.storage = storage
        self.shard_count = shard_count
        self.shard_ids = None if shard_ids is None else tuple(shard_ids)
        self.publisher = publisher
        self.timer = timer if timer is not None else SystemTimer(now)  # correspondence deadlines are kept on it
        now = self.timer.now
        self.turns = TurnClock(
            computer, turn_timeout=turn_timeout, computer_pause=computer_pause, now=now, timer=self.timer
        )
        self.sweeper = DeadlineSweeper(
            storage, self.timer, self._deadline, shard_count=shard_count, shard_ids=self.shard_ids
        )
        self.services = Services(storage, publisher, renderer, self.turns, clock, now, self._forget, self.sweeper.nudge)
        self.seeds = seeds
        self.registry = TableRegistry()
        self.loader = TableLoader(storage, self.services, self.registry, publisher, (shard_count, self.shard_ids))
        self.archive = MatchArchive(storage, renderer)  # history, one finished match, stats, leaderboard
        self.servers = ServerDesk(storage)  # what each server's admins set
        self.players = PlayerDesk(
            storage, self.loader, self.registry, self.servers, now
        )  # turns, away, reminders by DM
        self.opener = TableOpener(storage, self.services, self.registry, self.players, self.sweeper)
        rounds = TournamentRounds(
            storage, publisher.publish, renderer, self.opener, self._start_match, self._live_or_none, now,
            turn_timeout, self.seeds, clock,
        )  # fmt: skip
        self.tournaments = TournamentDesk(storage, rounds, self.timer)  # events that pair and open their matches

    # -- finding tables -----------------------------------------------------

    def table_in(self, channel_id: int) -> Table | None:
        """The table in this channel now, to read (only its live table writes it)."""
        live = self.registry.in_room(channel_id)
        return None if live is None else live.table

    async def _live(self, *, channel_id: int | None = None, table_id: int | None = None) -> LiveTable:
        """The live table an action is for, a sleeping correspondence match read first."""
        asleep = self.registry.asleep(channel_id=channel_id, table_id=table_id)
        if asleep is not None:
            await self.loader.wake(asleep)
        live = self.registry.find(channel_id=channel_id, table_id=table_id)
        self.loader.touch(live)
        return live

    async def wake_room(self, channel_id: int | None) -> None:
        """A command in this channel or thread: a sleeping match played there is read (the edge asks
        before every command, so `table_in` finds it)."""
        await self.loader.wake_room(channel_id)

    def _forget(self, live: TableCore) -> None:
        """A table is over or closed: its clock stops and its channel (and thread) are free."""
        self.turns.stop(live)
        self.archive.forget_index(live.table.guild_id)  # a match of this server may just have ended
        self.registry.remove(live)
        if not live.moved_on:
            self.tournaments.table_ended(live.table)  # a tournament's match: its result counts

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
        pace: Pace | None = None,
        on_timeout: OnTimeout = OnTimeout.COMPUTER,
        parent_id: int | None = None,
    ) -> Lobby:
        """A new table in this channel, the host in seat 1 (unless `seat_host` is False) and `bots` computers.

        `seed` deals a given match (the demo, a replay); otherwise the seed source picks one.
        `use_thread` False keeps the match in the channel rather than a thread of its own. `pace`:
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
        return await self._open(table, host_id)

    async def _open(self, table: Table, asker: int) -> Lobby:
        """A lobby for `table` (see `TableOpener.open`)."""
        return (await self.opener.open(table, asker)).lobby()

    async def posted(self, post: Post, message_id: int) -> None:
        """A message of a match went out (see `PlayerDesk.posted`)."""
        await self.players.posted(post, message_id)

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        live = self.registry.by_id(table_id)
        if live is not None:
            await live.lobby_actions.set_lobby_message(message_id)

    async def join(
        self, *, user_id: int, name: str, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        live = await self._live(channel_id=channel_id, table_id=table_id)
        await self.players.check_cap(live.table, [user_id], asker=user_id)
        return await live.lobby_actions.join(user_id=user_id, name=name, locale=locale)

    async def leave(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        return await (await self._live(channel_id=channel_id, table_id=table_id)).lobby_actions.leave(
            user_id=user_id, locale=locale
        )

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
        live = await self._live(channel_id=channel_id, table_id=table_id)
        lobby = await live.lobby_actions.start(user_id=user_id, locale=locale, open_thread=open_thread)
        if live.table.status is TableStatus.PLAYING:
            self.registry.add(live)  # its thread finds it too
        return lobby

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
        settings = await self.servers.settings(guild_id)
        bots = sum(s.user_id is None for s in row.seats)
        ServerDesk.check_open(settings, channel_id=row.channel_id, parent_id=parent_id, bots=bots)
        lobby = await self._open(rematch_table(row, self.seeds(), rated=settings.rated), user_id)
        return lobby, row.channel_id

    async def set_ping(self, *, user_id: int, on: bool) -> None:
        """Store whether the turn message mentions this player; their tables in play follow at once."""
        await self.players.set_ping(user_id, on)

    async def cancel(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """The host closes the lobby."""
        return await (await self._live(channel_id=channel_id, table_id=table_id)).lobby_actions.cancel(user_id=user_id)

    async def end(self, *, channel_id: int, user_id: int, name: str, can_manage: bool) -> Post:
        """The host, or anyone allowed to manage messages, ends the table in this channel."""
        return await (await self._live(channel_id=channel_id)).end(user_id=user_id, name=name, can_manage=can_manage)

    async def lobby_of(self, table_id: int) -> LobbyActions:
        """A lobby's partner choices and their answers (`LobbyActions.sit_with`, `LobbyActions.answer_partner`)."""
        return (await self._live(table_id=table_id)).lobby_actions

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
        live = await self._live(channel_id=channel_id, table_id=table_id)
        played = await live.play(user_id=user_id, placement=placement, locale=locale, move_no=move_no)
        if user_id in live.table.away_until:
            await self.players.back(user_id)  # playing ends an away early
        return played

    def choices(self, *, channel_id: int, user_id: int) -> list[Option]:
        """The caller's legal options now (for autocomplete): empty when it is not their turn."""
        live = self.registry.in_room(channel_id)
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
        live = await self._live(channel_id=channel_id, table_id=table_id)
        return await live.hand(user_id=user_id, locale=locale, picture=picture)

    async def board(self, *, channel_id: int, scoresheet_only: bool = False) -> Post:
        """The latest pictures of the table again (not published: the caller replies with it)."""
        return await (await self._live(channel_id=channel_id)).board(scoresheet_only=scoresheet_only)

    # -- whose turn next ----------------------------------------------------

    async def drain(self) -> None:
        """Wait until no computer turn is pending at any table (tests, the demo, shutdown)."""
        await self.turns.drain()

    async def close(self) -> None:
        """Stop timers and computer turns (the database keeps everything needed to resume)."""
        await self.sweeper.close()
        await self.tournaments.close()
        await self.turns.close()

    # -- restarting ------------------------------------------------------------

    async def restore(self) -> list[Table]:
        """Bring back every open table (of this process's shards; see `TableLoader.restore`) and start
        the correspondence deadlines' sweeper, which acts at once on any that passed while the bot was down."""
        restored = await self.loader.restore()
        self.sweeper.start()
        await self.tournaments.restore()
        return restored

    async def _start_match(self, table_id: int, user_id: int, locale: str) -> None:
        await self.start(user_id=user_id, locale=locale, table_id=table_id)

    async def _live_or_none(self, table_id: int) -> LiveTable | None:
        """The live table of this id (read if it sleeps); None once it is over, closed or elsewhere."""
        try:
            return await self._live(table_id=table_id)
        except Refusal:
            return None

    async def _deadline(self, table_id: int) -> None:
        """The sweeper found this table's moment: read it if it sleeps, and do what is due."""
        live = await self.loader.wake(table_id)
        if live is not None:
            await CorrespondenceTurns(live).due()
