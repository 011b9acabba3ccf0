"""What the storage hands the game manager and takes from it: plain rows (row_decoders.py reads them as stored)."""

from __future__ import annotations

from dataclasses import dataclass

OPEN_STATUSES = ("lobby", "playing")
NEW_TABLE_VERSION = 0  # the version of a table that create_table has just written; every write adds one


@dataclass(frozen=True, slots=True)
class SeatRow:
    user_id: int | None  # None for a computer seat
    name: str
    level: str | None = None  # a computer seat's level


@dataclass(frozen=True, slots=True)
class TurnDeadlines:
    """When the turn in progress reminds its player and when a computer takes the seat over (Unix
    times), kept with the table so a restart neither resets nor skips them. None: no reminder left
    to give (given, or a computer is to move) / nobody to take over from.

    A correspondence table also keeps `wake_at`, when the deadline sweeper must look at it next
    (indexed: the next one is found without reading every table; None at live tables), `paused_at`,
    when its clock stopped for a player who is away, and `to_move`, the person whose move it is
    (what `/five-up turns` and a player's return find).

    A lobby keeps when it closes itself if nobody starts it as its `take_over_at` and `wake_at` (the
    sweeper closes it then: bot/host/tables/lobby_expiry.py); the match's first turn replaces them."""

    remind_at: float | None = None
    take_over_at: float | None = None
    wake_at: float | None = None
    paused_at: float | None = None
    to_move: int | None = None


NO_DEADLINES = TurnDeadlines()


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    lang: str
    level: str
    status: str
    seed: str
    record: str | None
    lobby_message_id: int | None
    seats: tuple[SeatRow, ...]
    version: int = NEW_TABLE_VERSION  # what the next write of this table must expect
    thread_id: int | None = None  # the thread the match is played in, once started there
    use_thread: bool = True  # False: the host asked for the match in the channel itself
    deadlines: TurnDeadlines = NO_DEADLINES  # the turn in progress: its reminder and take-over
    pace: str = "live"  # bot/model/pace.py: "live", "1h", "12h", "1d", "3d"
    on_timeout: str = "computer"  # or "forfeit"
    rated: bool = True
    quiet: bool = False  # one board message edited in place (`/five-up start quiet:True`)
    last_post_id: int | None = None  # the latest message of the match, as the bot noted it
    board_message_id: int | None = None  # a quiet table's board message, once it exists


@dataclass(frozen=True, slots=True)
class TableRef:
    """Where a correspondence table in play is found, without its match: a restart keeps only this in
    memory and reads the rest when somebody acts at the table or its deadline comes."""

    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None


@dataclass(frozen=True, slots=True)
class PlayerSettingsRow:
    """One person's settings (every server): mentioned on their turn, away until (Unix time), reminders by DM."""

    ping: bool = True
    away_until: float | None = None
    dm_reminders: bool = False


@dataclass(frozen=True, slots=True)
class ServerSettingsRow:
    """One server's settings as stored (bot/model/server_settings.py is what the bot reads them as).

    `channels`: the allowed channel ids separated by spaces, empty for every channel."""

    guild_id: int
    lang: str | None
    pace: str
    channels: str
    computers: bool
    rated: bool
    cap: int
    web: bool = False  # the server's page on the web is on (bot/web/server_page.py)


@dataclass(frozen=True, slots=True)
class FinishedRow:
    """A finished match as kept: who sat where, its final record, and when it ended (for history and rematch)."""

    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    host_id: int
    lang: str
    level: str
    seed: str
    record: str
    seats: tuple[SeatRow, ...]
    finished_at: float
    use_thread: bool = True
    pace: str = "live"
    on_timeout: str = "computer"
    forfeit_seat: int | None = None  # the seat whose time ran out at a `timeout:forfeit` table (its side lost)
    ended_early: bool = False  # ended with `/five-up end` before its end: its record stops there, no winner
    quiet: bool = False  # one board message edited in place: a rematch keeps it


@dataclass(frozen=True, slots=True)
class BrokenRow:
    """A table row that could not be read; it is closed and reported, the others still load."""

    id: int
    channel_id: int | None
    reason: str
    lang: str | None = None  # the table's language, when that column could still be read
    thread_id: int | None = None  # the match's thread, when it had one and that column could be read


@dataclass(frozen=True, slots=True)
class ResultRow:
    seat: int
    user_id: int
    name: str
    won: bool
    points: int  # displayed points of the player's side at the end


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    name: str
    matches: int
    wins: int
    average_points: float


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player's rating in one server: `player` is "user:<id>" or "computer:<level>" (the host names them)."""

    player: str
    name: str  # the name at their latest rated match
    mu: float
    sigma: float
    matches: int
    wins: int
    last_delta: int  # the change of the shown rating (μ − 3σ, whole) at their latest rated match


@dataclass(frozen=True, slots=True)
class RatingChangeRow:
    """One seat of a rated match: whose rating it moved, from what to what."""

    seat: int
    player: str
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    won: bool


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A finished match of a server, in the order matches ended, for a rebuild of its ratings.

    `rated` is what was decided when it ended (False: every person's seat was played by a computer
    by then), None when it ended before ratings were kept (then the record alone decides)."""

    table_id: int
    record: str
    seats: tuple[SeatRow, ...]
    rated: bool | None
    forfeit_seat: int | None = None  # the match ended by this seat's forfeit (its side lost), not by the rules
