"""The table's arithmetic, in one place: who sits with whom, what an end total scores, the target.

Every other module asks here rather than working a rule out again: the
match, the snapshots, the computer players, the pictures and the bot's texts.
Points are kept raw (multiples of 5); players read displayed points, raw // 5.
"""

from __future__ import annotations

PLAYER_COUNTS = (2, 3, 4)
HAND_SIZE = 5  # tiles dealt to each seat
POINT = 5  # raw points per displayed point
TARGET_RAW = 305  # a side wins on reaching exactly this many raw points ...
TARGET = TARGET_RAW // POINT  # ... which players read as 61


# -- seating ---------------------------------------------------------------


def sides(players: int) -> int:
    """How many sides score: two teams with 4 players, otherwise everyone for themselves."""
    return 2 if players == 4 else players


def side_of(players: int, seat: int) -> int:
    """The side a seat scores for. With 4 players partners sit opposite: seats 0 & 2 are side 0, 1 & 3 side 1."""
    return seat % 2 if players == 4 else seat


def seat_sides(players: int) -> tuple[int, ...]:
    """`side_of` for every seat, as a tuple to index on hot paths."""
    return tuple(side_of(players, s) for s in range(players))


def partner_of(players: int, seat: int) -> int | None:
    """The seat opposite, who shares the side's score (4 players only)."""
    return (seat + 2) % 4 if players == 4 else None


def seats_of(players: int, side: int) -> tuple[int, ...]:
    """The seats that score for `side`, lowest first."""
    return (side, side + 2) if players == 4 else (side,)


# -- points ----------------------------------------------------------------


def points_for(total: int) -> int:
    """Raw points for an end total: the total itself when it is a positive multiple of 5, else nothing."""
    return total if total > 0 and total % POINT == 0 else 0


MAX_END_TOTAL = 28 * 12  # no tile adds more than 12 (a double, or an opening 6-6) to the end total
# `points_for` of every end total there can be, for the hot paths: SCORING[total]
SCORING: tuple[int, ...] = tuple(points_for(total) for total in range(MAX_END_TOTAL + 1))


def displayed(raw: int) -> int:
    """Displayed points: one per 5 raw (every scoring event is a multiple of 5, so nothing is lost)."""
    return raw // POINT


def round_to_five(value: int) -> int:
    """Nearest multiple of 5: remainders 1-2 round down, 3-4 round up (12 -> 10, 13 -> 15)."""
    return POINT * ((value + 2) // POINT)


def room(score: int) -> int:
    """Raw points a side with `score` may still gain without passing the target."""
    return TARGET_RAW - score


def block_order(totals: tuple[int, ...] | list[int], leader: int) -> tuple[int, ...]:
    """The order a blocked round's hands are settled in: ascending pip totals; equal totals
    clockwise from the round's leader."""
    n = len(totals)
    return tuple(sorted(range(n), key=lambda s: (totals[s], (s - leader) % n)))
