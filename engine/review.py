"""The review of a match: at each placement, the most the seat could have scored then, against what it scored.

A greedy measure: it asks what the placement itself would have gained at that moment (the
engine's own points for it), not which plan wins the match. A placement's value is its points
as the rules apply them: a placement that would pass the target is cancelled whole and is worth
0 to the side; the last tile of a round scores its points inside the domino settlement, so it is
worth its points when that settlement is applied and 0 when the settlement is cancelled (found by
trying it on a clone). Points are raw, as everywhere in the engine (`rules.displayed` reads them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import RecordError, RulesError
from .events import Domino, Event, Placed, Result
from .match import Match
from .option import Option
from .placement import Placement
from .record import Record


@dataclass(frozen=True, slots=True)
class Judged:
    """One placement looked at again: what was made, what it was worth, and the best there was."""

    step: int  # the placement's number in the match, from 0
    round: int  # from 0
    move: int  # the placement's number in its round, from 0
    seat: int
    made: Placement
    scored: int  # what the placement was worth to the side (raw points)
    best: int  # the most any legal placement was worth then
    better: tuple[Placement, ...]  # the placements worth `best`, when `best` > `scored`
    options: int  # how many legal placements there were

    @property
    def missed(self) -> int:
        return self.best - self.scored


@dataclass(frozen=True, slots=True)
class SeatReview:
    """One seat's figures over a match: what it missed in all, and its costliest placements."""

    seat: int
    placements: int
    scored: int
    best: int
    costliest: tuple[Judged, ...]  # the largest misses first (earlier first among equals), none that missed 0

    @property
    def missed(self) -> int:
        return self.best - self.scored


@dataclass(frozen=True, slots=True)
class MatchReview:
    players: int
    placements: tuple[Judged, ...]  # every placement of the match, in order

    def of_seat(self, seat: int, top: int = 3) -> SeatReview:
        mine = [j for j in self.placements if j.seat == seat]
        misses = sorted((j for j in mine if j.missed > 0), key=lambda j: (-j.missed, j.step))
        return SeatReview(
            seat,
            len(mine),
            sum(j.scored for j in mine),
            sum(j.best for j in mine),
            tuple(misses[:top]),
        )


def review(record: Record | object) -> MatchReview:
    """Replay `record` (a Record or its JSON data; raises RecordError) and judge every placement."""
    if not isinstance(record, Record):
        record = Record.from_json(record)
    match = Match(record.players)
    judged: list[Judged] = []
    for number, rnd in enumerate(record.rounds):
        match.start_round(rnd.leader, rnd.hands, rnd.boneyard)
        for move, play in enumerate(rnd.plays):
            try:
                judged.append(judge(match, play.seat, play.placement, step=len(judged), move=move))
            except RulesError as e:
                raise RecordError(str(e), f"round {number}, play {move}") from None
    return MatchReview(record.players, tuple(judged))


def judge(match: Match, seat: int, made: Placement, *, step: int = 0, move: int = 0) -> Judged:
    """Weigh every legal placement of `seat` now, then make `made` on `match` (raises RulesError as
    `Match.place` does, leaving the match unchanged); what it was worth against the best."""
    values = [(o.placement, _worth(match, seat, o)) for o in match.options(seat)]
    number = match.round
    scored = _scored(match.place(seat, made))
    best = max((v for _, v in values), default=scored)
    better = tuple(p for p, v in values if v == best) if best > scored else ()
    return Judged(step, number, move, seat, made, scored, best, better, len(values))


def _worth(match: Match, seat: int, option: Option) -> int:
    """What `option` would be worth to the seat's side now (see the module's docstring)."""
    if option.result is Result.SETTLED:
        if not option.points:
            return 0
        return _scored(match.clone().place(seat, option.placement))
    return option.points if option.result is Result.SCORED else 0


def _scored(events: Sequence[Event]) -> int:
    """What a placement was worth, read from the events it caused: its points, unless they were
    cancelled (by the target, or with the whole domino settlement they joined)."""
    placed = next(e for e in events if isinstance(e, Placed))
    if placed.result is Result.SETTLED:
        domino = next(e for e in events if isinstance(e, Domino))
        return 0 if domino.result is Result.OVER else placed.points
    return placed.points if placed.result is Result.SCORED else 0
