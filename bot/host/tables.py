"""The game manager's values: a table and its seats, and the plain results it hands to the Discord layer.

Nothing here imports Discord, so the offline demo, the tests and the benchmark
drive the same objects the bot does. A result says what to show; turning it
into a message, an embed or buttons is the Discord layer's job.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine import Match, Placement, RulesError, Tile
from engine.players import Level

from ..texts.i18n import t
from .seating import Seating

LEVELS = tuple(level.value for level in Level)
MAX_SEATS = 4
MIN_PLAYERS = 2


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"
    CLOSED = "closed"


class Refusal(Exception):
    """A polite no: `code` names the message (errors.ftl key `error-<code>`), `params` fill it in."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    @classmethod
    def from_rules(cls, error: RulesError, names: tuple[str, ...]) -> Refusal:
        """An engine refusal in words: its code and params, with seat numbers turned into names."""
        params = dict(error.params)
        turn = params.get("turn")
        if isinstance(turn, int) and 0 <= turn < len(names):
            params["player"] = names[turn]
        code = error.code.replace("_", "-")
        if code == "bad-target" and params.get("on") is None:
            code = "bad-target-nowhere"  # no target named: the tile fits nowhere now
        return cls(code, **params)

    def text(self, locale: object) -> str:
        return t(locale, f"error-{self.code}", **self.params)


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
    """One table in one channel: the lobby, then the match.

    Plain state: its `LiveTable` (bot/host/live_table.py) is the only writer, under its lock."""

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


@dataclass(frozen=True, slots=True)
class Picture:
    filename: str
    data: bytes


class PostKind(StrEnum):
    TURN = "turn"  # after a placement (and the start of the match)
    REMINDER = "reminder"  # an idle player is reminded
    CLOSED = "closed"  # the table was ended or could not be restored
    RESTORED = "restored"  # the bot restarted and the match carries on
    BOARD = "board"  # /five-up board or score
    LOBBY = "lobby"  # the lobby message in the channel, edited: where the match is, its score, its result


@dataclass(frozen=True, slots=True)
class Post:
    """A public message for the table's channel, in the table's language."""

    table_id: int
    channel_id: int
    kind: PostKind
    text: str
    pictures: tuple[Picture, ...] = ()
    hand_button: bool = False  # attach "Show my hand"
    mentions: tuple[int, ...] = ()  # users this message may ping
    move_no: int = 0
    lang: str = "en"
    record: str | None = None  # the game record to attach as record.json (the match-end message)
    rematch: bool = False  # offer the Rematch button (the match-end message)
    edit_message_id: int | None = None  # edit this message of the channel instead of posting (the lobby)


@dataclass(frozen=True, slots=True)
class PartnerChoice:
    """A person seated in a 4-seat lobby, offered as a partner ("Sit with…")."""

    user_id: int
    name: str  # as a menu shows it (no Markdown)
    seat: str  # "Seat 2", in the table's language


@dataclass(frozen=True, slots=True)
class Lobby:
    """The lobby message: its text, and whether its buttons still do anything."""

    table_id: int
    lang: str
    text: str
    open: bool
    note: str = ""  # a private line for the person who acted ("You sat down at seat 2.")
    message_id: int | None = None  # the lobby message, to edit when someone joins by command
    partners: tuple[PartnerChoice, ...] = ()  # whom a player may choose to sit with (a 4-seat lobby)


@dataclass(frozen=True, slots=True)
class TargetChoice:
    placement: Placement
    label: str


@dataclass(frozen=True, slots=True)
class TileChoice:
    tile: Tile
    label: str
    targets: tuple[TargetChoice, ...]


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's private view: text, the hand picture, and a choice per playable tile."""

    table_id: int
    move_no: int
    text: str
    picture: Picture | None
    choices: tuple[TileChoice, ...]


@dataclass(frozen=True, slots=True)
class Played:
    """An accepted placement: the private line for the player, and the public post already published."""

    text: str
    post: Post
