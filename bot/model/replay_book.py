"""A match laid out for the replay viewer: one step per placement, each with the table as it left it.

A finished match's book keeps every hand after each step and the review's verdict on each placement;
a match still being played keeps only what is public (nothing private can reach a message). The host
builds a book from the record alone (bot/host/replay/book_builder.py), the texts put a step in words
(bot/texts/replay_words.py), the edge shows it (bot/edge/replay/replay_buttons.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Event, Judged, TableSnapshot, Tile

from .seating import Seating


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The table right after one placement, and what happened with it (the draws, passes and
    settlement it led to; a round's first step also carries the round's start)."""

    index: int  # the placement's number in the match, from 0
    round: int  # from 0
    move: int  # the placement's number in its round, from 0
    seat: int
    snapshot: TableSnapshot
    events: tuple[Event, ...]
    hands: tuple[tuple[Tile, ...], ...] | None  # every seat's tiles after it: a finished match only
    judged: Judged | None  # the review's verdict: a finished match only


@dataclass(frozen=True, slots=True)
class ReplayBook:
    table_id: int
    guild_id: int | None
    seating: Seating
    people: tuple[int | None, ...]  # the user at each seat (None: a computer)
    finished: bool  # False: a match still being played, shown up to now and only what is public
    steps: tuple[ReplayStep, ...]
    round_starts: tuple[int, ...]  # the index of each round's first step
    round_lengths: tuple[int, ...]  # placements in each round (so far)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def at(self, index: int) -> ReplayStep:
        """The step `index`, kept within the match (a button from an older, shorter book, or past the end)."""
        return self.steps[max(0, min(index, self.last))]

    def round_of(self, index: int) -> int:
        return self.at(index).round

    def start_of(self, round_number: int) -> int:
        """The first step of a round (kept within the rounds played)."""
        return self.round_starts[max(0, min(round_number, len(self.round_starts) - 1))]

    def steps_of(self, round_number: int) -> tuple[ReplayStep, ...]:
        return tuple(s for s in self.steps if s.round == round_number)
