"""Ratings per server: who a finished match rates, in what order it ranks them, and the new figures.

Pure and synchronous (no Discord, no database): the live table calls `rate` when a match ends,
and a rebuild calls the same `rate` over the stored records in the order the matches ended, so
both give the same figures. The model is openskill's Plackett-Luce, with every parameter (μ, σ,
β, τ) scaled by `SCALE` from openskill's defaults, so the conservative rating μ − 3σ moves by
whole numbers a person can read. Scaling them all together changes no outcome, only the unit.
See docs/ratings.md. How a rating is shown (`Rating`, `Change`) is in bot/model/rating_change.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from openskill.models import PlackettLuce

from engine import Match, Phase

from ...model.pace import forfeit_winner
from ...model.rating_change import MU, NEW, SIGMA, Change, Rating

BETA = SIGMA / 2.0  # openskill's defaults scaled by SCALE, as μ and σ are
TAU = MU / 300.0


@cache
def model() -> PlackettLuce:
    """The one model every rating of every server goes through (openskill's objects are reusable)."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


class SeatLike(Protocol):
    """A seat as the table or a stored row holds it: a person's id, or a computer's level."""

    @property
    def user_id(self) -> int | None: ...

    @property
    def level(self) -> str | None: ...


def person_key(user_id: int) -> str:
    return f"user:{user_id}"


def computer_key(level: str) -> str:
    """One rating per computer level per server: every `hard` seat is the same player."""
    return f"computer:{level}"


def key_of(seat: SeatLike) -> str:
    if seat.user_id is not None:
        return person_key(seat.user_id)
    return computer_key(seat.level or "normal")


def user_of(key: str) -> int | None:
    """The person a key names, or None for a computer level."""
    kind, _, rest = key.partition(":")
    return int(rest) if kind == "user" else None


@dataclass(frozen=True, slots=True)
class Placing:
    """Where one seat finished: its rating key, its rank (0 best; equal ranks tie) and whether its side won."""

    seat: int
    key: str
    rank: int
    won: bool


def is_rated(
    guild_id: int | None,
    match: Match,
    seats: Sequence[SeatLike],
    away: Iterable[int] = (),
    forfeit_seat: int | None = None,
) -> bool:
    """A match is rated when it was played to its end in a server (or lost on time by `forfeit_seat`)
    and a person was still playing it: not when it was ended early (it never reaches here over), nor
    when every person's seat was being played by a computer at the end (`away`)."""
    if guild_id is None:
        return False
    if forfeit_seat is None and (match.phase is not Phase.OVER or match.winner is None):
        return False
    people = {i for i, s in enumerate(seats) if s.user_id is not None}
    return bool(people - set(away))


def placings(match: Match, seats: Sequence[SeatLike], forfeit_seat: int | None = None) -> list[Placing]:
    """Each seat's rank, from the engine's final scores: the winning side first, then the others by
    their score (highest first), equal scores tied, a side that lost on time last. Four players rank
    as their two partnerships."""
    if len(seats) != match.players:
        raise ValueError(f"{len(seats)} seats for a match of {match.players} players")
    scores = match.scores
    lost = None if forfeit_seat is None else match.side_of(forfeit_seat)
    winner = match.winner if lost is None else forfeit_winner(scores, lost)
    assert winner is not None, "only a finished match is ranked"

    def order(side: int) -> tuple[bool, bool, int]:
        return (side != winner, side == lost, -scores[side])

    ordered = sorted({order(side) for side in range(len(scores))})
    return [
        Placing(seat, key_of(s), ordered.index(order(match.side_of(seat))), match.side_of(seat) == winner)
        for seat, s in enumerate(seats)
    ]


def rate(
    match: Match,
    seats: Sequence[SeatLike],
    current: Mapping[str, Rating],
    forfeit_seat: int | None = None,
    played: Mapping[str, int] | None = None,
) -> list[Change]:
    """Every seat's change for a finished match, from the ratings before it (`current`; absent: new)
    and the rated matches each player had played (`played`; absent: none), which say whether the
    rating after it is still provisional.

    Two and three players are ranked one against another; four as two teams (seats 1 & 3 against
    2 & 4). A computer level at several seats of one match is one player: each seat is rated from
    the level's rating, and the level's new rating is the average of its seats' results (so every
    seat of that level shows the same `after`)."""
    placed = placings(match, seats, forfeit_seat)
    by_side: dict[int, list[Placing]] = {}
    for p in placed:
        by_side.setdefault(match.side_of(p.seat), []).append(p)
    sides = sorted(by_side)
    m = model()
    teams = [[m.rating(*_pair(current.get(p.key, NEW))) for p in by_side[side]] for side in sides]
    ranks = [float(by_side[side][0].rank) for side in sides]
    rated = m.rate(teams, ranks=ranks)
    seat_after: dict[int, Rating] = {}
    for side, team in zip(sides, rated, strict=True):
        for p, r in zip(by_side[side], team, strict=True):
            seat_after[p.seat] = Rating(r.mu, r.sigma)
    key_after: dict[str, Rating] = {}
    for key in {p.key for p in placed}:
        mine = [seat_after[p.seat] for p in placed if p.key == key]
        key_after[key] = Rating(sum(r.mu for r in mine) / len(mine), sum(r.sigma for r in mine) / len(mine))
    before = played or {}
    return [
        Change(p.seat, p.key, current.get(p.key, NEW), key_after[p.key], p.won, before.get(p.key, 0) + 1)
        for p in placed
    ]


def _pair(rating: Rating) -> tuple[float, float]:
    return rating.mu, rating.sigma


@dataclass(slots=True)
class Standing:
    """A player's figures in one server: the rating now, matches rated and won, and the last change."""

    rating: Rating
    matches: int = 0
    wins: int = 0
    last_delta: int = 0


def apply(standings: dict[str, Standing], changes: Sequence[Change]) -> None:
    """Fold one match's changes into the server's standings (a level at two seats counts one match)."""
    seen: set[str] = set()
    for change in changes:
        if change.key in seen:
            continue
        seen.add(change.key)
        standing = standings.setdefault(change.key, Standing(change.before))
        standing.rating = change.after
        standing.matches += 1
        standing.wins += int(change.won)
        standing.last_delta = change.delta


def rebuild(matches: Iterable[tuple[Match, Sequence[SeatLike]]]) -> dict[str, Standing]:
    """One server's standings from its rated matches, replayed in the order they ended."""
    standings: dict[str, Standing] = {}
    for match, seats in matches:
        current = {key: s.rating for key, s in standings.items()}
        apply(standings, rate(match, seats, current, played={key: s.matches for key, s in standings.items()}))
    return standings
