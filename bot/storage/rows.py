"""What the storage hands the game manager and takes from it: plain rows and the typed errors of a write."""

from __future__ import annotations

from dataclasses import dataclass

OPEN_STATUSES = ("lobby", "playing")
NEW_TABLE_VERSION = 0  # the version of a table that create_table has just written; every write adds one


class ChannelBusyError(Exception):
    """The channel already has an open table (the unique index refused a second one)."""


class TableMovedOnError(Exception):
    """The table is not at the version the write expected: another process wrote it (or it is gone).

    The write changed nothing. The process that holds the stale copy must drop the table."""

    def __init__(self, table_id: int, expected_version: int | None = None) -> None:
        super().__init__(
            f"table {table_id} is not at version {expected_version}"
            if expected_version is not None
            else f"table {table_id} does not exist"
        )
        self.table_id = table_id
        self.expected_version = expected_version


class StorageUnavailableError(Exception):
    """The database could not be reached (a server restart, a lost connection): the write did not happen.

    Nothing of it is applied; the next call connects again by itself, so the caller can say "try again"."""


class StorageOpenError(RuntimeError):
    """The database cannot be used as it is; nothing was changed in it.

    `problem` names what is wrong (a catalog key `cli-database-<problem>` says it to the operator):
    "not-sqlite", "damaged", "newer", "cannot-open", "unreachable" or "refused". `where` is the
    file, or the PostgreSQL host and database (never the password); `found`/`known` are the schema
    versions of a database written by a newer bot."""

    def __init__(
        self, problem: str, where: str, detail: str = "", *, found: int | None = None, known: int | None = None
    ) -> None:
        if problem == "newer":
            text = f"the database {where} has schema {found}, newer than this bot's {known}"
        elif problem == "unreachable":
            text = f"cannot connect to PostgreSQL at {where}: {detail}"
        else:
            text = f"{problem} database {where}" + (f": {detail}" if detail else "")
        super().__init__(text)
        self.problem = problem
        self.where = where
        self.detail = detail
        self.found = found
        self.known = known


class StorageUnreachableError(StorageOpenError, StorageUnavailableError):
    """The PostgreSQL server could not be reached while opening (refused, down, no route)."""

    def __init__(self, where: str, detail: str) -> None:
        super().__init__("unreachable", where, detail)


@dataclass(frozen=True, slots=True)
class SeatRow:
    user_id: int | None  # None for a computer seat
    name: str
    level: str | None = None  # a computer seat's level


@dataclass(frozen=True, slots=True)
class TurnDeadlines:
    """When the turn in progress reminds its player and when a computer takes the seat over (Unix
    times), kept with the table so a restart neither resets nor skips them. None: no reminder left
    to give (given, or a computer is to move) / nobody to take over from."""

    remind_at: float | None = None
    take_over_at: float | None = None


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
