"""A server's tournament (docs/tournaments.md): the event, its entrants and its games, as plain values.

The host pairs rounds and opens the games' tables; storage keeps these values so every step survives a
restart. An event's `version` guards its saves the way a table's does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .pace import OnTimeout, Pace


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "rr"
    DOUBLE_ROUND_ROBIN = "rr2"

    @property
    def is_round_robin(self) -> bool:
        return self is not Format.SWISS


class EventStatus(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    OVER = "over"


@dataclass(slots=True)
class Event:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    format: Format
    rounds: int  # Swiss: as created; round robin: computed at the start (n-1 or 2(n-1), n made even with a bye)
    pace: Pace
    on_timeout: OnTimeout
    rated: bool
    close_at: float | None  # sign-up closes then; None: when the organiser starts it
    status: EventStatus = EventStatus.SIGNUP
    round: int = 0  # the round being played (1-based); 0 before the start
    message_id: int | None = None  # the sign-up message (Join/Leave, live count)
    version: int = 0  # optimistic concurrency, like tables
    lang: str = "en"  # the event's posts and its matches speak it (the server's or the organiser's language)
    # the current round must be over then (bot/host/tournaments/tournament_rounds.py)
    round_deadline: float | None = None


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    name: str
    rating: float = 0.0  # the server's rating at sign-up: the initial order of the pairings
    withdrawn_round: int | None = None  # withdrawn before this round (plays no game from it on)

    def plays_in(self, round_no: int) -> bool:
        """Still in the event for round `round_no`."""
        return self.withdrawn_round is None or round_no < self.withdrawn_round


GAME_HOWS = ("", "played", "bye", "forfeit", "withdrawn", "deadline", "ended")


@dataclass(slots=True)
class Game:
    round: int
    first: int  # user ids
    second: int | None  # None: a bye (a win for first)
    table_id: int | None = None
    winner: int | None = None  # user id of the winner once decided (a bye: first)
    first_points: int = 0  # game points scored in the match (displayed points, for the third tie-break)
    second_points: int = 0
    how: str = ""  # one of GAME_HOWS: "" while undecided; "ended": stopped early, decided by the score then
    thread_id: int | None = None  # its match's thread, noted as soon as it exists (before its table opens)
    opening_id: int | None = None  # the message its thread is made on, noted before the thread is asked for

    @property
    def decided(self) -> bool:
        return self.winner is not None or self.how in ("ended",)

    @property
    def is_bye(self) -> bool:
        return self.second is None

    def involves(self, user_id: int) -> bool:
        return user_id in (self.first, self.second)

    def opponent(self, user_id: int) -> int | None:
        """The other player of the game (None: a bye, or `user_id` is not in it)."""
        if user_id == self.first:
            return self.second
        if user_id == self.second:
            return self.first
        return None


def ahead(scores: Sequence[int]) -> int | None:
    """The side (0 or 1) ahead in a game's score, None when level: who wins a game stopped early (by its
    organiser, a moderator, a deadline), which counts by the score so far."""
    return 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else None
