"""The game manager: every table this process hosts, found by channel or id. No Discord import here.

The commands, the buttons, the demo and the benchmark all call this façade. It opens tables (any number per
channel: bot/host/tables/table_opener.py), finds the `LiveTable` an action is for (by id, by thread, or by the
rule of bot/host/tables/table_choice.py for a command in a channel) and hands the action over, closes a lobby
nobody started (bot/host/tables/lobby_expiry.py), brings saved tables back after a restart. The work itself is
elsewhere: a live table changes itself (bot/host/tables/live_table.py), the registry finds it
(bot/host/tables/table_registry.py), the turn clock moves computers and idle players on
(bot/host/clocks/turn_clock.py), the archive answers what finished matches and players say (history, stats,
leaderboard: bot/host/tables/match_archive.py, `manager.archive`), the text layer writes every sentence
(bot/texts/), and bot/host/tables/row_conversion.py turns stored rows into tables."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Sequence

from engine import Option, Placement

from .. import texts
from ..config import DEFAULT_LOBBY_EXPIRY_MINUTES
from ..model.answers import Hand, Lobby, Played
from ..model.posts import Post
from ..model.table_state import Table, TableStatus
from ..storage import ChannelBusyError, Storage
from .clocks.deadline_sweeper import DeadlineSweeper
from .clocks.turn_clock import TurnClock
from .computers import ComputerPlayers
from .pictures import Renderer
from .refusal import Refusal
from .servers.server_desk import ServerDesk
from .table_roles import Publisher, ThreadOpener
from .tables.correspondence_turns import CorrespondenceTurns
from .tables.live_table import LiveTable
from .tables.lobby_actions import LobbyActions
from .tables.lobby_expiry import LobbyExpiry
from .tables.match_archive import MatchArchive
from .tables.player_desk import PlayerDesk
from .tables.table_choice import Want, choose
from .tables.table_core import Services, TableCore
from .tables.table_loader import TableLoader
from .tables.table_opener import TableOpener
from .tables.table_registry import TableRegistry
from .timer import SystemTimer, Timer
from .tournaments.tournament_desk import TournamentDesk
from .tournaments.tournament_rounds import TournamentRounds

log = logging.getLogger(__name__)

LOBBY_EXPIRY = DEFAULT_LOBBY_EXPIRY_MINUTES * 60  # seconds a lobby waits to be started (LOBBY_EXPIRY_MINUTES)


def new_seed() -> str:
    """A fresh, unguessable seed for a table's deals."""
    return secrets.token_hex(8)


class Manager(TableOpener):
    """Every table this process hosts. Create, then `await restore()` to bring back saved tables.

    With `shard_count` (and `shard_ids`, the shards this process runs), only the tables of guilds
    on those shards are restored; stats still read every table. `outbox`: the publisher delivers the posts
    moves write to the outbox (bot/edge/posts/publisher.py), so moves write them."""

    def __init__(
        self,
        storage: Storage,
        publisher: Publisher,
        renderer: Renderer,
        computer: ComputerPlayers,
        *,
        turn_timeout: float = 300.0,
        lobby_expiry: float = LOBBY_EXPIRY,
        computer_pause: tuple[float, float] = (0.8, 2.0),
        clock: Callable[[float], str] = texts.discord_clock,
        now: Callable[[], float] = time.time,
        timer: Timer | None = None,
        seeds: Callable[[], str] = new_seed,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
        outbox: bool = False,
    ) -> None:
        self.storage = storage
        self.lobby_expiry = lobby_expiry
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
        parts = (storage, publisher, renderer, self.turns, clock, now, self._forget, self.sweeper.nudge)
        self.services = Services(*parts, outbox=outbox)
        self.seeds = seeds
        self.registry = TableRegistry()
        self.loader = TableLoader(storage, self.services, self.registry, publisher, (shard_count, self.shard_ids))
        self.archive = MatchArchive(storage, renderer)  # history, one finished match, stats, leaderboard
        self.servers = ServerDesk(storage)  # what each server's admins set
        self.players = PlayerDesk(
            storage, self.loader, self.registry, self.servers, now
        )  # turns, away, reminders by DM
        rounds = TournamentRounds(
            storage, publisher.publish, renderer, self, self._start_match, self._live_or_none, now,
            turn_timeout, self.seeds, clock,
        )  # fmt: skip
        # the events of this process's servers, which pair and open their matches
        self.tournaments = TournamentDesk(storage, rounds, self.timer, (shard_count, self.shard_ids))

    # -- finding tables -----------------------------------------------------

    def table_in(self, channel_id: int) -> Table | None:
        """The table of this thread, else the newest one opened in this channel, to read (only its live
        table writes it)."""
        live = self.registry.in_room(channel_id)
        return None if live is None else live.table

    async def table_for(self, *, room: int, user_id: int, want: Want = Want.ANY) -> Table:
        """The table a command from `user_id` in this channel or thread is for (bot/host/tables/table_choice.py),
        read first if it sleeps; a refusal (a list of the channel's tables) when it cannot be told."""
        return (await self._live(channel_id=room, user_id=user_id, want=want)).table

    async def _live(
        self,
        *,
        channel_id: int | None = None,
        table_id: int | None = None,
        user_id: int | None = None,
        want: Want = Want.ANY,
    ) -> LiveTable:
        """The live table an action is for, a sleeping correspondence match read first: by its id (checked
        against the channel or thread when given), else the one the command in `channel_id` means."""
        if table_id is None:
            if channel_id is None:
                raise Refusal("no-table")
            table_id = choose(self.registry, channel_id, user_id, want)
        if self.registry.asleep(table_id=table_id) is not None:
            await self.loader.wake(table_id)
        live = self.registry.find(table_id=table_id, channel_id=channel_id)
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

    async def posted(self, post: Post, message_id: int) -> None:
        """A message of a match went out: a quiet table's board is noted, so that a restart edits the same
        one; a correspondence match's latest message too (`PlayerDesk.posted`)."""
        live = self.registry.by_id(post.table_id)
        if post.quiet and live is not None and live.table.board_message_id != message_id:
            live.table.board_message_id = message_id
            try:
                await self.storage.set_board_message(post.table_id, message_id)
            except Exception as e:  # a note, not the table's state: after a restart, a new board
                log.warning("table %s: its board message not noted (%s)", post.table_id, e)
        await self.players.posted(post, message_id)

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        live = self.registry.by_id(table_id)
        if live is not None:
            await live.lobby_actions.set_lobby_message(message_id)

    async def join(
        self, *, user_id: int, name: str, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        live = await self._live(channel_id=channel_id, table_id=table_id, user_id=user_id, want=Want.LOBBY)
        await self.players.check_cap(live.table, [user_id], asker=user_id)
        return await live.lobby_actions.join(user_id=user_id, name=name, locale=locale)

    async def leave(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        live = await self._live(channel_id=channel_id, table_id=table_id, user_id=user_id, want=Want.LOBBY)
        return await live.lobby_actions.leave(user_id=user_id, locale=locale)

    async def hand_over(
        self, *, user_id: int, seat: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """The host hands their lobby to the person in `seat` (0-based; see `LobbyActions.hand_over`)."""
        live = await self._live(channel_id=channel_id, table_id=table_id, user_id=user_id, want=Want.LOBBY)
        return await live.lobby_actions.hand_over(user_id=user_id, seat=seat, locale=locale)

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
        (in the match's own thread, when `open_thread` makes one). A match that would play in the channel
        itself while another one does is refused (the database's index one_match_in_channel decides)."""
        live = await self._live(channel_id=channel_id, table_id=table_id, user_id=user_id, want=Want.LOBBY)
        try:
            lobby = await live.lobby_actions.start(user_id=user_id, locale=locale, open_thread=open_thread)
        except ChannelBusyError:
            raise Refusal("channel-match-busy") from None
        if live.table.status is TableStatus.PLAYING:
            self.registry.add(live)  # its thread finds it too
        return lobby

    async def set_ping(self, *, user_id: int, on: bool) -> None:
        """Store whether the turn message mentions this player; their tables in play follow at once."""
        await self.players.set_ping(user_id, on)

    async def cancel(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """The host closes the lobby."""
        live = await self._live(channel_id=channel_id, table_id=table_id, user_id=user_id, want=Want.LOBBY)
        return await live.lobby_actions.cancel(user_id=user_id)

    async def end(
        self, *, channel_id: int, user_id: int, name: str, can_manage: bool, table_id: int | None = None
    ) -> Post:
        """The host, or anyone allowed to manage messages, ends the table in this channel or thread."""
        live = await self._live(channel_id=channel_id, table_id=table_id, user_id=user_id)
        return await live.end(user_id=user_id, name=name, can_manage=can_manage, asked_in=channel_id)

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
        live = await self._live(channel_id=channel_id, table_id=table_id, user_id=user_id, want=Want.MATCH)
        played = await live.play(user_id=user_id, placement=placement, locale=locale, move_no=move_no)
        if user_id in live.table.away_until:
            await self.players.back(user_id)  # playing ends an away early
        return played

    def choices(self, *, channel_id: int, user_id: int) -> list[Option]:
        """The caller's legal options now (for autocomplete): empty when it is not their turn (or it is not
        clear which table they mean, or it sleeps)."""
        try:
            live = self.registry.by_id(choose(self.registry, channel_id, user_id, Want.MATCH))
        except Refusal:
            return []
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
        live = await self._live(channel_id=channel_id, table_id=table_id, user_id=user_id, want=Want.MATCH)
        return await live.hand(user_id=user_id, locale=locale, picture=picture)

    async def board(
        self,
        *,
        channel_id: int,
        scoresheet_only: bool = False,
        user_id: int | None = None,
        table_id: int | None = None,
    ) -> Post:
        """The latest pictures of the table again (not published: the caller replies with it)."""
        live = await self._live(channel_id=channel_id, table_id=table_id, user_id=user_id, want=Want.MATCH)
        return await live.board(scoresheet_only=scoresheet_only)

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
        """The sweeper found this table's moment: read it if it sleeps, and do what is due (a lobby nobody
        started closes)."""
        live = await self.loader.wake(table_id)
        if live is None:
            return
        if live.table.status is TableStatus.LOBBY:
            await LobbyExpiry(live).due()
        else:
            await CorrespondenceTurns(live).due()
