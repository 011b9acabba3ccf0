"""The one storage interface the game manager uses; both backends speak it (sql_storage.SqlStorage).

A write of a live table may say which version it expects (`expected_version`); the backend then
applies it only if the row is still at that version, adding one, all in the write's transaction.
Zero rows matched means another process moved the table on: `TableMovedOnError`, nothing changed.
`None` writes unchecked (still adding one), for callers that own their tables alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Mapping, Sequence

from ..model.posts import Pending, Post
from .copy_columns import Batch
from .rows import (
    NO_DEADLINES,
    BrokenRow,
    FinishedRow,
    PlayerSettingsRow,
    PlayerStats,
    RatedMatch,
    RatingChangeRow,
    RatingRow,
    ResultRow,
    SeatRow,
    ServerSettingsRow,
    TableRef,
    TableRow,
    TurnDeadlines,
)
from .tournament_interface import TournamentStorage

HISTORY_LIMIT = 25  # the finished matches /five-up history lists (a select menu holds 25)
LEADERBOARD_LIMIT = 10  # the people /five-up leaderboard shows

# Given a server's current ratings of a match's players (those it has), the match's changes and their new ratings.
RatingUpdate = Callable[[Mapping[str, RatingRow]], tuple[list[RatingChangeRow], list[RatingRow]]]


Mentions = dict[int, int]  # a quiet table -> the message that mentions its player to move


class Storage(TournamentStorage, ABC):
    """Tables with their seats and game records, and finished results; tournaments (tournament_interface.py).

    It knows no backend: the bot picks one where it is assembled (backends.open_storage).
    `await close()` when done. Every write is one transaction and is durable once it returns."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    # -- tables -------------------------------------------------------------

    @abstractmethod
    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        lang: str,
        level: str,
        seed: str,
        seats: Sequence[SeatRow],
        use_thread: bool = True,
        pace: str = "live",
        on_timeout: str = "computer",
        rated: bool = True,
        quiet: bool = False,
        closes_at: float | None = None,
    ) -> int:
        """A new lobby at NEW_TABLE_VERSION (a channel holds any number of them).

        `use_thread` False: the host asked for the match in the channel, not in a thread of its own.
        `pace`, `on_timeout`, `rated`, `quiet`: kept with the table for its whole life (bot/model/pace.py).
        `closes_at`: when the lobby closes itself if nobody starts it (its `take_over_at` and `wake_at`)."""

    @abstractmethod
    async def save_seats(
        self,
        table_id: int,
        seats: Sequence[SeatRow],
        expected_version: int | None = None,
        *,
        host_id: int | None = None,
    ) -> int:
        """Returns the table's new version (so do all the writes below). `host_id`: the lobby has a new host."""

    @abstractmethod
    async def set_lobby_message(
        self, table_id: int, message_id: int | None, expected_version: int | None = None
    ) -> int: ...

    @abstractmethod
    async def start_match(
        self,
        table_id: int,
        seats: Sequence[SeatRow],
        record: str,
        expected_version: int | None = None,
        *,
        thread_id: int | None = None,
        deadlines: TurnDeadlines = NO_DEADLINES,
        post: Post | None = None,
    ) -> int:
        """The match begins (in `thread_id`, if the bot opened a thread for it), its first turn's clock with it,
        and its first message (`post`) in the outbox. ChannelBusyError (nothing changed) if it would play in the
        channel itself, where another match plays."""

    @abstractmethod
    async def save_record(
        self,
        table_id: int,
        record: str,
        expected_version: int | None = None,
        *,
        deadlines: TurnDeadlines = NO_DEADLINES,
        post: Post | None = None,
    ) -> int:
        """The accepted placement is durable once this returns, with the clock of the turn it begins and
        its public `post` in the outbox (kept under the version returned)."""

    @abstractmethod
    async def save_deadlines(
        self, table_id: int, deadlines: TurnDeadlines, expected_version: int | None = None, *, post: Post | None = None
    ) -> int:
        """The clock of the turn in progress changed (its reminder was given: the reminder, `post`, in the outbox)."""

    @abstractmethod
    async def finish_match(
        self,
        table_id: int,
        guild_id: int | None,
        record: str,
        results: Sequence[ResultRow],
        expected_version: int | None = None,
        *,
        forfeit_seat: int | None = None,
        ended_early: bool = False,
        post: Post | None = None,
    ) -> int:
        """The final record, the status and every player's result, all or nothing; its clock is cleared
        (no wake_at, no to_move). `forfeit_seat`: the match ended because this seat's time ran out;
        `ended_early`: it was ended with `/five-up end` (kept with its record so far, no results);
        `post`: its public message, into the outbox with the rest (kept under the version returned)."""

    @abstractmethod
    async def close_table(self, table_id: int, reason: str, expected_version: int | None = None) -> int: ...

    @abstractmethod
    async def table_record(self, table_id: int) -> str | None: ...

    @abstractmethod
    async def open_tables(
        self,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
        *,
        asleep: bool = True,
    ) -> tuple[list[TableRow], list[BrokenRow]]:
        """Every lobby and match in progress (of guilds on these shards, if given); unreadable rows as BrokenRow.

        `asleep` False leaves out correspondence matches in progress (pace not live, status playing):
        a restart reads only their `TableRef`s (`sleeping_tables`) and each whole when it is needed."""

    @abstractmethod
    async def open_table(self, table_id: int) -> TableRow | BrokenRow | None:
        """One open table (lobby or playing) whole, by id; None when it is not open (over, closed, unknown)."""

    @abstractmethod
    async def sleeping_tables(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[TableRef]:
        """Where each correspondence match in progress is (of guilds on these shards, if given), by id.

        A row whose place cannot be read is left out (logged) and the others still load: read whole by
        id when its deadline comes or its player asks for it, it is a BrokenRow, closed and reported."""

    # -- the deadlines of correspondence tables (bot/host/clocks/deadline_sweeper.py) --

    @abstractmethod
    async def due_tables(
        self, now: float, limit: int, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[int]:
        """The ids of tables in play whose `wake_at` is at or before `now`, earliest first, at most `limit`
        (read through the wake_at index, never every table)."""

    @abstractmethod
    async def next_wake(self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None) -> float | None:
        """The earliest `wake_at` of the tables in play (None: none), through the index."""

    @abstractmethod
    async def waiting_for(self, user_id: int, guild_id: int | None = None) -> list[int]:
        """The ids of tables in play where it is this person's move (`to_move`), of one server when
        `guild_id` is given, else of every server; the earliest take-over first (none last)."""

    @abstractmethod
    async def open_seats(self, user_id: int, guild_id: int | None, *, correspondence: bool = True) -> int:
        """How many open tables (lobby or playing) of the server this person sits at: correspondence
        ones (pace not live), or live ones when `correspondence` is False."""

    @abstractmethod
    async def set_last_post(self, table_id: int, message_id: int) -> None:
        """The latest message of a table's match (unversioned: a note, not the table's state)."""

    @abstractmethod
    async def set_board_message(self, table_id: int, message_id: int) -> None:
        """A quiet table's board message (unversioned: a note; without it a restart starts a new board)."""

    # -- the outbox: public posts written with their moves (outbox_queries.py) --

    @abstractmethod
    async def pending_posts(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[Pending]:
        """The posts not yet delivered (of tables of guilds on these shards, if given), oldest first."""

    @abstractmethod
    async def claim_posts(self, table_id: int, versions: Sequence[int], batch: int) -> None:
        """These posts of a table go out as one merged message, whose nonce is `batch`: a retry, even after
        a restart, sends that same message."""

    @abstractmethod
    async def posts_delivered(self, table_id: int, versions: Sequence[int]) -> None:
        """Discord took these posts: they leave the outbox."""

    @abstractmethod
    async def set_post_text(self, table_id: int, version: int, text: str) -> None:
        """A waiting post's text, completed after its move (a match's end, with the rating changes)."""

    @abstractmethod
    async def set_mention_message(self, table_id: int, message_id: int | None) -> None:
        """A quiet table's current mention of its player to move (None: gone), so a restart deletes it in turn."""

    @abstractmethod
    async def quiet_mentions(self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None) -> Mentions:
        """The current mention of each quiet table in play (of these shards): table -> its message."""

    # -- finished matches and player settings (always every shard) --------

    @abstractmethod
    async def finished_match(self, table_id: int) -> FinishedRow | None:
        """One finished match (status over), or None: unknown, or never finished."""

    @abstractmethod
    async def finished_matches(self, guild_id: int | None, limit: int = HISTORY_LIMIT) -> list[FinishedRow]:
        """The server's most recently finished matches, newest first."""

    @abstractmethod
    async def ping_off(self, user_ids: Sequence[int]) -> set[int]:
        """Those of `user_ids` who asked not to be mentioned on their turn."""

    @abstractmethod
    async def set_ping(self, user_id: int, on: bool) -> None:
        """Store a player's choice: mentioned on their turn (`on`), or not."""

    @abstractmethod
    async def player_settings(self, user_id: int) -> PlayerSettingsRow:
        """A person's settings (the defaults when they never set one)."""

    @abstractmethod
    async def set_away(self, user_id: int, until: float | None) -> None:
        """A person is away until `until` (Unix time), or back (None)."""

    @abstractmethod
    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        """Whether a person's correspondence reminders also come by direct message."""

    # -- server settings (always every shard) --------------------------------

    @abstractmethod
    async def server_settings(self, guild_id: int) -> ServerSettingsRow | None:
        """A server's settings as stored; None when its admins never set any."""

    @abstractmethod
    async def save_server_settings(self, row: ServerSettingsRow) -> None:
        """Store a server's settings whole (insert or replace)."""

    # -- stats (always every shard) -----------------------------------------

    @abstractmethod
    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        """The server's players with the most wins (then the most matches)."""

    @abstractmethod
    async def player_stats(self, guild_id: int | None, user_id: int) -> PlayerStats | None: ...

    # -- ratings (always every shard) ---------------------------------------

    @abstractmethod
    async def rate_match(self, table_id: int, guild_id: int, players: Sequence[str], update: RatingUpdate) -> None:
        """Rate a finished match in one transaction, the server's ratings held still meanwhile: read the
        current ratings of `players`, call `update` (pure) with them, write what it returns."""

    @abstractmethod
    async def skip_rating(self, table_id: int, guild_id: int) -> None:
        """Note that a finished match is not rated (a rebuild leaves it out too)."""

    @abstractmethod
    async def ratings(self, guild_id: int, kind: str = "user", limit: int = LEADERBOARD_LIMIT) -> list[RatingRow]:
        """The server's ratings of people (`kind` "user") or computer levels ("computer"), by
        conservative rating (μ − 3σ) highest first, then most matches."""

    @abstractmethod
    async def rating(self, guild_id: int, player: str) -> RatingRow | None: ...

    @abstractmethod
    async def rated_servers(self) -> list[int]:
        """Every server with a finished match (what a rebuild of all ratings goes through)."""

    @abstractmethod
    async def rated_matches(self, guild_id: int) -> list[RatedMatch]:
        """Every finished match of the server, in the order they ended, for a rebuild."""

    @abstractmethod
    async def replace_ratings(
        self, guild_id: int, changes: Mapping[int, Sequence[RatingChangeRow]], standings: Sequence[RatingRow]
    ) -> None:
        """The server's ratings and rating changes replaced by a rebuild's, all or nothing; the
        matches in `changes` are noted as rated."""

    # -- copy ---------------------------------------------------------------

    @abstractmethod
    async def count_rows(self) -> dict[str, int]:
        """Rows in each table of COPY_COLUMNS."""

    @abstractmethod
    def export_rows(self, table: str, batch_size: int = 500) -> AsyncIterator[Batch]:
        """Every row of one table, columns as in COPY_COLUMNS, in key order, a batch at a time."""

    @abstractmethod
    async def import_rows(
        self, source: Storage, *, replace: bool, expected: dict[str, int], batch_size: int = 500
    ) -> dict[str, int]:
        """Write every row of `source` here in one transaction (emptying this database first if `replace`).

        Returns the counts read back inside that transaction; if they differ from `expected` the
        transaction is rolled back and CopyCountError raised."""
