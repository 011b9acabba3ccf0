"""The errors the storage raises for its callers to handle: a channel whose own match is under way, a
table or tournament another process moved on, a database that cannot be reached or cannot be used."""

from __future__ import annotations


class ChannelBusyError(Exception):
    """A match would play in the channel itself where another one already does (the unique index
    one_match_in_channel refused it); matches in threads of their own and lobbies are never refused."""


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


class EventMovedOnError(Exception):
    """The tournament is not at the version the save expected: another process saved it (or it is gone).

    The save changed nothing; the caller reads the event again."""

    def __init__(self, event_id: int, expected_version: int) -> None:
        super().__init__(f"tournament {event_id} is not at version {expected_version}")
        self.event_id = event_id
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
