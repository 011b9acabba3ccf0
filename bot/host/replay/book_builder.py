"""A replay book built from a match's record: the engine replays it, one step per placement.

Built from the record alone, so a step shows exactly what was played. A finished match's book keeps
every hand after each step and the review's verdict on each placement; a match still being played is
built without hands or review, so nothing private can reach a message.
"""

from __future__ import annotations

from engine import Event, Match, Record, RoundStarted, review

from ...model.replay_book import ReplayBook, ReplayStep
from ...model.seating import Seating


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
