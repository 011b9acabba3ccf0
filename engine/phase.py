"""Where a match stands: a round being played, a round just over, or the match over."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    PLAYING = "playing"
    ROUND_OVER = "round_over"  # a round has ended: `Match.next_round` deals the next
    OVER = "over"
