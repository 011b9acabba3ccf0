"""One table's state: its seats, its lobby or match, its clock and where its messages go.

Plain state: the host's live table (bot/host/tables/live_table.py) is its only writer, under its lock;
the texts read it to write the lobby message, the edge to answer commands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine import Match
from engine.players import Level

from .pace import OnTimeout, Pace, forfeit_winner
from .seating import Seating

LEVELS = tuple(level.value for level in Level)
MAX_SEATS = 4
MIN_PLAYERS = 2


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"
    CLOSED = "closed"


@dataclass(slots=True)
class Seat:
    user_id: int | None  # None for a computer seat
    name: str  # as shown (Markdown already neutralised)
    level: str | None = None  # a computer seat's level

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


@dataclass(eq=False)
class Table:
    """One table in one channel: the lobby, then the match."""

    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    lang: str
    level: str
    seed: str
    status: TableStatus
    seats: list[Seat]
    match: Match | None = None
    lobby_message_id: int | None = None
    turn_started: float = 0.0
    remind_at: float | None = None  # the turn's reminder (Unix time; None: given, or none to give)
    take_over_at: float | None = None  # when a computer takes the seat over (None: nobody to take over from)
    away: set[int] = field(default_factory=set)  # seats a computer plays for until their player is back
    thread_id: int | None = None  # the thread the match is played in (None: in the channel itself)
    use_thread: bool = True  # False: the host asked for the match in the channel (`thread:False`)
    no_ping: set[int] = field(default_factory=set)  # seated users who asked not to be mentioned on their turn
    pace: Pace = Pace.LIVE  # live, or a correspondence pace (bot/model/pace.py)
    on_timeout: OnTimeout = OnTimeout.COMPUTER  # a correspondence deadline: a computer moves once, or a forfeit
    rated: bool = True  # the server rated matches when this table opened
    quiet: bool = False  # `quiet:True`: one board message edited in place rather than a message per placement
    paused_at: float | None = None  # a correspondence turn whose player is away: when its clock stopped
    last_post_id: int | None = None  # the latest message of the match (what `/five-up turns` links to)
    board_message_id: int | None = None  # a quiet table's board message, once it exists
    away_until: dict[int, float] = field(default_factory=dict)  # seated people away (correspondence): until when
    forfeit_seat: int | None = None  # the seat whose correspondence time ran out at a `timeout:forfeit` table

    @property
    def winning_side(self) -> int | None:
        """The side that won: by the rules, or, after a forfeit, the best score among the other sides
        (equal scores: the lower side number)."""
        match = self.match
        if match is None:
            return None
        if self.forfeit_seat is None:
            return match.winner
        return forfeit_winner(match.scores, match.side_of(self.forfeit_seat))

    @property
    def turn_length(self) -> float | None:
        """A correspondence turn's length in seconds; None at a live table."""
        return self.pace.seconds

    @property
    def room(self) -> int:
        """Where the match's messages go: its thread, or the channel it started in."""
        return self.thread_id if self.thread_id is not None else self.channel_id

    def is_in(self, channel_id: int) -> bool:
        """A command from this channel or thread is about this table."""
        return channel_id in (self.channel_id, self.thread_id)

    @property
    def move_no(self) -> int:
        """How many placements the match has seen: a button made before the last one is stale."""
        if self.match is None:
            return 0
        return self.match.move_no

    @property
    def seating(self) -> Seating:
        return Seating(tuple(s.name for s in self.seats), self.computer_seats())

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return i
        return None

    def host_name(self) -> str:
        seat = self.seat_of(self.host_id)
        return self.seats[seat].name if seat is not None else "?"

    def computer_seats(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.seats) if s.is_computer)
