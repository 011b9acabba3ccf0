"""A match laid out for the replay viewer: one step per placement, each with the table as it left it.

Built from the record alone (the engine replays it), so a step shows exactly what was played. A
finished match's book keeps every hand after each step and the review's verdict on each placement;
a match still being played keeps only what is public (its book is built without hands or review,
so nothing private can reach a message). No Discord here: the viewer's buttons are in
bot/edge/replay_buttons.py, the words in bot/texts/replay_words.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Event, Judged, Match, Record, RoundStarted, TableSnapshot, Tile, review

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


def build_book(
    table_id: int,
    guild_id: int | None,
    seating: Seating,
    people: tuple[int | None, ...],
    record: Record,
    *,
    finished: bool,
) -> ReplayBook:
    """Replay `record` step by step (raises RecordError); `finished` decides what the book may hold."""
    match = Match(record.players)
    verdicts = review(record).placements if finished else ()
    steps: list[ReplayStep] = []
    pending: list[Event] = []  # a round's start, carried to its first placement
    round_starts: list[int] = []
    lengths: list[int] = []
    for events in match.replay_steps(record):
        if events and isinstance(events[0], RoundStarted):
            pending = list(events)
            continue
        placed = match.last
        assert placed is not None
        if pending:
            round_starts.append(len(steps))
            lengths.append(0)
        move = lengths[-1]
        lengths[-1] += 1
        steps.append(
            ReplayStep(
                index=len(steps),
                round=match.round,
                move=move,
                seat=placed.seat,
                snapshot=match.snapshot(),
                events=(*pending, *events),
                hands=tuple(tuple(h) for h in match.hands) if finished else None,
                judged=verdicts[len(steps)] if finished else None,
            )
        )
        pending = []
    return ReplayBook(table_id, guild_id, seating, people, finished, tuple(steps), tuple(round_starts), tuple(lengths))
