"""A correspondence turn's clock, as plain arithmetic on `TurnDeadlines` (no I/O, no lock).

A turn of a correspondence table (bot/model/pace.py) ends at its deadline (`take_over_at`), reminds at
half time and with an hour left (`remind_at`: the next one still to give), and stops while its player
is away (`paused_at`, the moment it stopped): coming back moves every moment of the turn on by the
time it stood still, so nobody loses time to an away. `wake_at` is when the deadline sweeper must
look at the table: the next reminder or the deadline, the end of an away, or, when a computer is to
move, a grace after which a computer turn the process did not finish (it stopped) is started again.
"""

from __future__ import annotations

from dataclasses import replace

from ...model.pace import next_reminder
from ...storage import NO_DEADLINES, TurnDeadlines

COMPUTER_GRACE = 30.0  # a computer's move at a correspondence table comes within this, or the sweeper starts it


def turn_clock(turn: float, user_id: int | None, now: float, away_until: float | None = None) -> TurnDeadlines:
    """The clock of a turn beginning `now`: a person's (`user_id`), or a computer's (None)."""
    if user_id is None:
        return TurnDeadlines(wake_at=now + COMPUTER_GRACE)
    deadline = now + turn
    remind = next_reminder(deadline, turn, now)
    clock = TurnDeadlines(remind, deadline, wake_at=remind if remind is not None else deadline, to_move=user_id)
    if away_until is not None and away_until > now:
        return paused(clock, now, away_until)
    return clock


def paused(clock: TurnDeadlines, now: float, until: float) -> TurnDeadlines:
    """The clock stopped at `now` for a player away until `until` (the sweeper looks again then)."""
    if clock.paused_at is not None:
        return replace(clock, wake_at=until)
    return replace(clock, paused_at=now, wake_at=until)


def resumed(clock: TurnDeadlines, now: float) -> TurnDeadlines:
    """The clock going again at `now`: every moment of the turn moved on by the time it stood still."""
    if clock.paused_at is None:
        return clock
    still = max(0.0, now - clock.paused_at)
    remind = None if clock.remind_at is None else clock.remind_at + still
    deadline = None if clock.take_over_at is None else clock.take_over_at + still
    return replace(clock, remind_at=remind, take_over_at=deadline, paused_at=None, wake_at=_next(remind, deadline))


def reminded(clock: TurnDeadlines, turn: float, now: float) -> TurnDeadlines:
    """The clock once the reminder due at `now` is given: the next reminder (if any), else the deadline."""
    if clock.take_over_at is None:
        return NO_DEADLINES
    remind = next_reminder(clock.take_over_at, turn, now)
    return replace(clock, remind_at=remind, wake_at=_next(remind, clock.take_over_at))


def _next(remind: float | None, deadline: float | None) -> float | None:
    return remind if remind is not None else deadline


def left(clock: TurnDeadlines, now: float) -> float | None:
    """The seconds left in the turn (its time while paused stays what it was when it stopped)."""
    if clock.take_over_at is None:
        return None
    since = clock.paused_at if clock.paused_at is not None else now
    return max(0.0, clock.take_over_at - since)
