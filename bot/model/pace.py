"""How fast a table plays: live (everyone online, the bot's own turn timeout) or by correspondence
(a move an hour, twelve hours, a day or three days), and what happens when a correspondence turn's
time runs out. Chosen when a table opens and kept with it (a rematch keeps it too).

A correspondence turn's reminders are a pure function of its deadline: one at half time and one with
an hour left (those that fall inside the turn, once each), so a restart computes the same moments.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

HOUR = 3600.0
DAY = 24 * HOUR
HOUR_LEFT = HOUR  # the second reminder comes this long before the deadline
MAX_AWAY_DAYS = 14  # `/five-up settings away:` stops a player's correspondence clocks for at most this many days


class Pace(StrEnum):
    LIVE = "live"
    HOUR = "1h"
    HALF_DAY = "12h"
    DAY = "1d"
    THREE_DAYS = "3d"

    @property
    def seconds(self) -> float | None:
        """A correspondence turn's length; None for live tables (the bot's configured timeout)."""
        return _SECONDS[self]

    @property
    def is_correspondence(self) -> bool:
        return self is not Pace.LIVE


_SECONDS: dict[Pace, float | None] = {
    Pace.LIVE: None,
    Pace.HOUR: HOUR,
    Pace.HALF_DAY: 12 * HOUR,
    Pace.DAY: DAY,
    Pace.THREE_DAYS: 3 * DAY,
}


class OnTimeout(StrEnum):
    """What a correspondence turn's deadline does: a computer plays that one move, or the side loses the match."""

    COMPUTER = "computer"
    FORFEIT = "forfeit"


def reminder_times(deadline: float, turn: float) -> tuple[float, ...]:
    """The reminders of a `turn`-second turn ending at `deadline`: half time, and an hour left, each
    only when it falls strictly inside the turn (a 1-hour turn has the half-time one alone)."""
    start = deadline - turn
    moments = {deadline - turn / 2, deadline - HOUR_LEFT}
    return tuple(sorted(m for m in moments if start < m < deadline))


def next_reminder(deadline: float, turn: float, after: float) -> float | None:
    """The first reminder of the turn later than `after` (None: none left)."""
    return next((m for m in reminder_times(deadline, turn) if m > after), None)


def forfeit_winner(scores: Sequence[int], lost_side: int) -> int:
    """The side that wins when `lost_side` loses on time: the best score among the other sides (equal
    scores: the lower side number)."""
    others = [side for side in range(len(scores)) if side != lost_side]
    return max(others, key=lambda side: (scores[side], -side))
