"""A tournament's standings: points, then Buchholz, Sonneborn-Berger and game points (docs/tournaments.md).

Only decided games count. A win is 1 point, a loss 0, a bye 1; a game ended early while level (no
winner) gives neither player a point. Buchholz is the sum of the final points of every opponent met;
a bye counts as a game against a virtual opponent with the player's own final points (so a bye
neither helps nor hurts the tie-break). Sonneborn-Berger is the sum of the final points of the
opponents beaten (a bye beats no one). Game points are the points scored on the board in the event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .tournament import Entrant, Game

WIN = 1.0
BYE = 1.0


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int  # equal points and tie-breaks share a rank (1, 2, 2, 4)
    user_id: int
    name: str
    points: float
    buchholz: float
    sonneborn_berger: float
    game_points: int
    played: int  # decided games, byes included
    withdrawn: bool

    @property
    def key(self) -> tuple[float, float, float, int]:
        """What the order compares, best first when sorted descending."""
        return (self.points, self.buchholz, self.sonneborn_berger, self.game_points)


def game_points_of(game: Game) -> dict[int, float]:
    """The event points each player of a decided game earns (an undecided game: none)."""
    if not game.decided:
        return {}
    if game.second is None:
        return {game.first: BYE if game.winner is not None else 0.0}
    return {
        game.first: WIN if game.winner == game.first else 0.0,
        game.second: WIN if game.winner == game.second else 0.0,
    }


def points_of(games: Sequence[Game]) -> dict[int, float]:
    """Every player's event points over the decided games."""
    totals: dict[int, float] = {}
    for game in games:
        for user, got in game_points_of(game).items():
            totals[user] = totals.get(user, 0.0) + got
    return totals


def standings(entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Standing]:
    """The table of the event, best first; ties on every figure are ordered by name and share a rank."""
    points = points_of(games)
    rows: list[Standing] = []
    for entrant in entrants:
        me = entrant.user_id
        own = points.get(me, 0.0)
        buchholz = sonneborn = 0.0
        scored = played = 0
        for game in games:
            if not game.decided or not game.involves(me):
                continue
            played += 1
            other = game.opponent(me)
            if other is None:  # a bye: a virtual opponent with my own points, beaten by no one's play
                buchholz += own
                continue
            theirs = points.get(other, 0.0)
            buchholz += theirs
            if game.winner == me:
                sonneborn += theirs
            scored += game.first_points if me == game.first else game.second_points
        rows.append(
            Standing(0, me, entrant.name, own, buchholz, sonneborn, scored, played, entrant.withdrawn_round is not None)
        )
    rows.sort(key=lambda s: (tuple(-x for x in s.key), s.name.casefold(), s.user_id))
    ranked: list[Standing] = []
    for place, row in enumerate(rows, start=1):
        rank = ranked[-1].rank if ranked and ranked[-1].key == row.key else place
        ranked.append(replace(row, rank=rank))
    return ranked
