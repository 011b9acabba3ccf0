"""A table converted to storage's rows (bot/storage/rows.py) and back: the one place that knows how a
table is written down.

Reading is strict: a row that does not make a consistent table (an unknown language or
level, no seats, a match in progress without a readable record, a record for another number
of players) raises `ValueError`, and the caller closes that table rather than guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Ending, How, Match, Phase, Record, format_ended_at

from ...model.pace import OnTimeout, Pace
from ...model.table_state import LEVELS, Seat, Table, TableStatus
from ...storage import FinishedRow, ResultRow, SeatRow, TableRow
from ...texts import shown, unescaped
from ...texts.i18n import SUPPORTED


def seat_rows(seats: Sequence[Seat]) -> list[SeatRow]:
    return [SeatRow(s.user_id, s.name, s.level) for s in seats]


def result_rows(table: Table) -> list[ResultRow]:
    """One row per person at a finished match (computers have no record): won or lost (by the rules, or
    by a forfeit: `Table.winning_side`), and the side's points."""
    match = table.match
    winner = table.winning_side
    assert match is not None and winner is not None
    return [
        ResultRow(i, s.user_id, s.name, match.side_of(i) == winner, shown(match.scores[match.side_of(i)]))
        for i, s in enumerate(table.seats)
        if s.user_id is not None
    ]


def kept_record(table: Table, now: float, stopped: tuple[How, int | None] | None = None) -> str:
    """The record of a match as it is kept and handed out once it ends (over, forfeited or ended early): it
    also says who played and when it ended (no rule reads these), and, for a match `stopped` before it was
    played out, how and by which seat (None: someone not seated), with the score then."""
    match = table.match
    assert match is not None
    kept = match.record.copy()
    kept.names = [unescaped(name) for name in table.seating.names]
    kept.ended_at = format_ended_at(now)
    if stopped is not None:
        how, by = stopped
        kept.ending = Ending(how, by, tuple(match.scores))
    return kept.dumps()


def table_from_row(row: TableRow) -> Table:
    """The table a stored row describes, its match replayed from the record."""
    status = TableStatus(row.status)
    if row.lang not in SUPPORTED or row.level not in LEVELS:
        raise ValueError(f"unknown language {row.lang!r} or level {row.level!r}")
    seats = [Seat(s.user_id, s.name, s.level) for s in row.seats]
    if not seats:
        raise ValueError("a table without seats")
    table = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.lang, row.level, row.seed, status, seats)
    table.lobby_message_id = row.lobby_message_id
    table.thread_id = row.thread_id
    table.use_thread = row.use_thread
    table.remind_at, table.take_over_at = row.deadlines.remind_at, row.deadlines.take_over_at
    table.paused_at = row.deadlines.paused_at
    table.pace, table.on_timeout = Pace(row.pace), OnTimeout(row.on_timeout)  # an unknown one: ValueError
    table.rated, table.quiet = row.rated, row.quiet
    table.last_post_id, table.board_message_id = row.last_post_id, row.board_message_id
    if status is TableStatus.PLAYING:
        if row.record is None:
            raise ValueError("a match in progress without its record")
        match = Match.restore(Record.loads(row.record), row.seed)
        if match.players != len(seats):
            raise ValueError(f"the record has {match.players} players but the table {len(seats)} seats")
        if match.phase is not Phase.PLAYING:
            raise ValueError(f"the match is {match.phase}, not in progress")
        table.match = match
    return table


def rematch_table(row: FinishedRow, seed: str, *, rated: bool) -> Table:
    """A lobby (its id not yet given) for a finished match again: the same people in the same seats,
    language, level, pace, timeout rule and quietness; a new deal; rated as the server says now."""
    seats = [Seat(s.user_id, s.name, s.level) for s in row.seats]
    table = Table(0, row.guild_id, row.channel_id, row.host_id, row.lang, row.level, seed, TableStatus.LOBBY, seats)
    table.use_thread, table.pace, table.on_timeout = row.use_thread, Pace(row.pace), OnTimeout(row.on_timeout)
    table.rated, table.quiet = rated, row.quiet
    return table


def finished_table(row: FinishedRow) -> Table:
    """A finished match as a Table (over, its match replayed to the end): who won, and by what score."""
    seats = [Seat(s.user_id, s.name, s.level) for s in row.seats]
    table = Table(
        row.id, row.guild_id, row.channel_id, row.host_id, row.lang, row.level, row.seed, TableStatus.OVER, seats
    )
    table.match = Match.replay(Record.loads(row.record))
    table.forfeit_seat = row.forfeit_seat
    table.pace, table.on_timeout = Pace(row.pace), OnTimeout(row.on_timeout)
    table.quiet = row.quiet
    return table
