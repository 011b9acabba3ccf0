"""Stored rows as read -> the plain rows of rows.py, each column taken by its name, each value checked.

A query's rows come as mappings of column name to value (dialect.Row), so a column added to a
query or moved in it cannot shift another's value. A value of the wrong kind is a TypeError or
ValueError naming it: open tables turn that into a BrokenRow (the others still load); a column the
query did not select is a KeyError, a mistake in the query rather than in the row.
"""

from __future__ import annotations

from collections.abc import Sequence

from .dialect import Row
from .rows import (
    BrokenRow,
    FinishedRow,
    PlayerSettingsRow,
    RatedMatch,
    RatingRow,
    SeatRow,
    TableRef,
    TableRow,
    TurnDeadlines,
)

# the columns each decoder reads, by name (their order in a query does not matter), for the queries that feed it
SEAT_COLUMNS = ("table_id", "seat", "user_id", "name", "level")
OPEN_TABLE_COLUMNS = (
    "id",
    "guild_id",
    "channel_id",
    "host_id",
    "lang",
    "level",
    "status",
    "seed",
    "record",
    "lobby_message_id",
    "version",
    "thread_id",
    "use_thread",
    "remind_at",
    "take_over_at",
    "wake_at",
    "paused_at",
    "to_move",
    "pace",
    "on_timeout",
    "rated",
    "last_post_id",
    "quiet",
    "board_message_id",
)
FINISHED_COLUMNS = (
    "id",
    "guild_id",
    "channel_id",
    "thread_id",
    "host_id",
    "lang",
    "level",
    "seed",
    "record",
    "updated_at",
    "use_thread",
    "pace",
    "on_timeout",
    "forfeit_seat",
    "ended_early",
    "quiet",
)
# rated: NULL for a match that ended before ratings were kept
RATED_COLUMNS = ("id", "record", "rated", "forfeit_seat")
REF_COLUMNS = ("id", "guild_id", "channel_id", "thread_id")
PLAYER_SETTINGS_COLUMNS = ("ping", "away_until", "dm_reminders")
RATING_COLUMNS = ("player", "name", "mu", "sigma", "matches", "wins", "last_delta")


def decode_open_tables(seat_rows: Sequence[Row], table_rows: Sequence[Row]) -> tuple[list[TableRow], list[BrokenRow]]:
    """Rows as read -> TableRow, or BrokenRow for a row that cannot be read (the others still load).

    seat_rows: SEAT_COLUMNS, by table and seat; table_rows: OPEN_TABLE_COLUMNS, by id."""
    seats: dict[int, list[tuple[int, SeatRow]]] = {}
    broken: dict[int, BrokenRow] = {}
    for row in seat_rows:
        tid = int(row["table_id"])  # type: ignore[call-overload]
        try:
            seats.setdefault(tid, []).append((int(row["seat"]), decode_seat(row)))  # type: ignore[call-overload]
        except (TypeError, ValueError) as e:
            broken[tid] = BrokenRow(tid, None, f"seat {row['seat']}: {e}")
    rows: list[TableRow] = []
    for raw in table_rows:
        table_id = int(raw["id"])  # type: ignore[call-overload]
        channel_id = raw["channel_id"] if isinstance(raw["channel_id"], int) else None
        lang = raw["lang"] if isinstance(raw["lang"], str) else None
        # where a notice about it reaches the players
        thread_id = raw["thread_id"] if isinstance(raw["thread_id"], int) else None
        if table_id in broken:
            broken[table_id] = BrokenRow(table_id, channel_id, broken[table_id].reason, lang, thread_id)
            continue
        try:
            numbers = [n for n, _ in seats.get(table_id, [])]
            if numbers != list(range(len(numbers))):
                raise ValueError(f"seats {numbers} are not numbered 0..n-1")
            rows.append(_open_table(raw, table_id, tuple(s for _, s in seats.get(table_id, []))))
        except (TypeError, ValueError) as e:
            broken[table_id] = BrokenRow(table_id, channel_id, str(e), lang, thread_id)
    return rows, list(broken.values())


def _open_table(raw: Row, table_id: int, seats: tuple[SeatRow, ...]) -> TableRow:
    return TableRow(
        id=table_id,
        guild_id=_optional_int(raw["guild_id"]),
        channel_id=_int(raw["channel_id"]),
        host_id=_int(raw["host_id"]),
        lang=_text(raw["lang"]),
        level=_text(raw["level"]),
        status=_text(raw["status"]),
        seed=_text(raw["seed"]),
        record=None if raw["record"] is None else _text(raw["record"]),
        lobby_message_id=_optional_int(raw["lobby_message_id"]),
        seats=seats,
        version=_int(raw["version"]),
        thread_id=_optional_int(raw["thread_id"]),
        use_thread=bool(raw["use_thread"]),
        deadlines=decode_deadlines(raw),
        pace=_text(raw["pace"]),
        on_timeout=_text(raw["on_timeout"]),
        rated=_truth(raw["rated"]),
        last_post_id=_optional_int(raw["last_post_id"]),
        quiet=bool(raw["quiet"]),
        board_message_id=_optional_int(raw["board_message_id"]),
    )


def decode_deadlines(raw: Row) -> TurnDeadlines:
    """The five clock columns of a table as read -> TurnDeadlines."""
    return TurnDeadlines(
        remind_at=_optional_time(raw["remind_at"]),
        take_over_at=_optional_time(raw["take_over_at"]),
        wake_at=_optional_time(raw["wake_at"]),
        paused_at=_optional_time(raw["paused_at"]),
        to_move=_optional_int(raw["to_move"]),
    )


def decode_ref(raw: Row) -> TableRef:
    """A row of REF_COLUMNS as read -> TableRef."""
    return TableRef(
        _int(raw["id"]), _optional_int(raw["guild_id"]), _int(raw["channel_id"]), _optional_int(raw["thread_id"])
    )


def decode_player_settings(raw: Row | None) -> PlayerSettingsRow:
    """A row of PLAYER_SETTINGS_COLUMNS as read (None: no row) -> PlayerSettingsRow."""
    if raw is None:
        return PlayerSettingsRow()
    return PlayerSettingsRow(_truth(raw["ping"]), _optional_time(raw["away_until"]), _truth(raw["dm_reminders"]))


def decode_finished(seat_rows: Sequence[Row], table_rows: Sequence[Row]) -> list[FinishedRow]:
    """Rows as read -> FinishedRow, in the order of `table_rows` (FINISHED_COLUMNS)."""
    seats = _seats_by_table(seat_rows)
    return [
        FinishedRow(
            id=_int(raw["id"]),
            guild_id=_optional_int(raw["guild_id"]),
            channel_id=_int(raw["channel_id"]),
            thread_id=_optional_int(raw["thread_id"]),
            host_id=_int(raw["host_id"]),
            lang=_text(raw["lang"]),
            level=_text(raw["level"]),
            seed=_text(raw["seed"]),
            record=_text(raw["record"]),
            seats=tuple(seats.get(_int(raw["id"]), ())),
            finished_at=float(raw["updated_at"]),  # type: ignore[arg-type]
            use_thread=bool(raw["use_thread"]),
            pace=_text(raw["pace"]),
            on_timeout=_text(raw["on_timeout"]),
            forfeit_seat=_optional_int(raw["forfeit_seat"]),
            ended_early=bool(raw["ended_early"]),
            quiet=bool(raw["quiet"]),
        )
        for raw in table_rows
    ]


def decode_rated(seat_rows: Sequence[Row], table_rows: Sequence[Row]) -> list[RatedMatch]:
    """Rows as read -> RatedMatch, in the order of `table_rows` (RATED_COLUMNS)."""
    seats = _seats_by_table(seat_rows)
    return [
        RatedMatch(
            _int(raw["id"]),
            _text(raw["record"]),
            tuple(seats.get(_int(raw["id"]), ())),
            None if raw["rated"] is None else bool(raw["rated"]),
            _optional_int(raw["forfeit_seat"]),
        )
        for raw in table_rows
    ]


def decode_rating(raw: Row) -> RatingRow:
    """A row of RATING_COLUMNS as read -> RatingRow."""
    return RatingRow(
        player=_text(raw["player"]),
        name=_text(raw["name"]),
        mu=float(raw["mu"]),  # type: ignore[arg-type]
        sigma=float(raw["sigma"]),  # type: ignore[arg-type]
        matches=_int(raw["matches"]),
        wins=_int(raw["wins"]),
        last_delta=_int(raw["last_delta"]),
    )


def decode_seat(raw: Row) -> SeatRow:
    """A row of SEAT_COLUMNS as read -> SeatRow (a computer's seat has no user and a level)."""
    level = raw["level"]
    return SeatRow(_optional_int(raw["user_id"]), _text(raw["name"]), None if level is None else _text(level))


def _seats_by_table(seat_rows: Sequence[Row]) -> dict[int, list[SeatRow]]:
    seats: dict[int, list[SeatRow]] = {}
    for row in seat_rows:
        seats.setdefault(_int(row["table_id"]), []).append(decode_seat(row))
    return seats


def _int(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, found {value!r}")
    return value


def _truth(value: object) -> bool:
    """A truth as read: PostgreSQL gives bool, SQLite 0 or 1."""
    if type(value) is bool:
        return value
    if type(value) is not int or value not in (0, 1):
        raise TypeError(f"expected a truth, found {value!r}")
    return value == 1


def _optional_time(value: object) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float):
        raise TypeError(f"expected a time, found {value!r}")
    return float(value)  # type: ignore[arg-type]


def _optional_int(value: object) -> int | None:
    return None if value is None else _int(value)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, found {value!r}")
    return value
