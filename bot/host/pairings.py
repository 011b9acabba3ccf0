"""A tournament round's pairings, by the library caissify-pairings (docs/tournaments.md), not a home-made algorithm.

Swiss rounds use its FIDE Dutch engine (checked by its authors against bbpPairings, the FIDE-endorsed
reference); round robins its FIDE Berger tables. Both get the players in the server's rating order
(the higher rating the lower pairing number; equal ratings: join order).

Dominoes has no colours: the engine is given none (colour rules would only narrow the pairings it may
choose, and no rematch is worth more here), and the seat order of a Swiss pair is ours: whoever has sat
first less often sits first. A round robin keeps Berger's order, so a double round robin's second cycle
swaps every pair's seats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from caissify_pairings import generate_pairings

from bot.model.standings import game_points_of
from bot.model.tournament import Entrant, Game

Pair = tuple[int, int | None]  # (first, second); second None: a bye


def initial_order(players: Sequence[Entrant]) -> list[Entrant]:
    """The pairing order: the server's rating, highest first; equal ratings keep the join order."""
    return sorted(players, key=lambda p: -p.rating)  # sorted() is stable: the join order breaks ties


def swiss_round(
    players: Sequence[Entrant], games: Sequence[Game], round_no: int, *, total_rounds: int | None = None
) -> list[Pair]:
    """Round `round_no` of a Swiss: the players still in (withdrawn_round <= round_no: not paired) paired
    by FIDE Dutch on their points so far, no rematch while one can be avoided, a bye at most once per
    player. `total_rounds` lets the engine apply its last-round rules; None: this is not the last round."""
    active = [p for p in initial_order(players) if p.plays_in(round_no)]
    if not active:
        return []
    if len(active) == 1:
        return [(active[0].user_id, None)]
    earlier = [g for g in games if g.round < round_no]
    points = _points_before(earlier)
    entries = [
        {
            "id": p.user_id,
            "name": p.name,
            "score": points[round_no].get(p.user_id, 0.0),
            "rating": 0,
            "starting_number": number,
            "pairing_number": number,
            "color_hist": [],
            "float_history": _floats(p.user_id, earlier, points),
            "bye_count": sum(1 for g in earlier if g.is_bye and g.first == p.user_id),
        }
        for number, p in enumerate(active, start=1)
    ]
    met = {(g.first, g.second) for g in earlier if g.second is not None}
    raw: list[dict[str, Any]] = generate_pairings(
        "dutch",
        entries,
        met,
        round_no,
        total_rounds if total_rounds is not None else round_no + 1,
        max_byes_per_player=1,
    )
    firsts = Counter(g.first for g in earlier if g.second is not None)
    return [_seat(int(r["white_id"]), r.get("black_id"), firsts) for r in raw]


def round_robin(players: Sequence[Entrant], double: bool) -> list[list[Pair]]:
    """Every round of a round robin by Berger tables (a double one: the same again, seats swapped); an odd
    count gives one bye a round. Needs at least two players."""
    ordered = initial_order(players)
    entries = [{"id": p.user_id, "name": p.name, "starting_number": n} for n, p in enumerate(ordered, start=1)]
    cycles = 2 if double else 1
    count = len(entries) + len(entries) % 2
    total = (count - 1) * cycles
    rounds: list[list[Pair]] = []
    for round_no in range(1, total + 1):
        raw = generate_pairings("round_robin", entries, set(), round_no, total, cycles=cycles)
        rounds.append([(int(r["white_id"]), _id_or_none(r.get("black_id"))) for r in raw])
    return rounds


def round_robin_rounds(count: int, double: bool) -> int:
    """How many rounds a round robin of `count` players has (an odd count plays with a bye)."""
    return (count + count % 2 - 1) * (2 if double else 1)


def _points_before(games: Sequence[Game]) -> dict[int, dict[int, float]]:
    """Each player's points before each round: {round: {user: points}} for rounds 1..last+1."""
    last = max((g.round for g in games), default=0)
    totals: dict[int, float] = {}
    before: dict[int, dict[int, float]] = {}
    for round_no in range(1, last + 2):
        before[round_no] = dict(totals)
        for g in games:
            if g.round == round_no:
                for user, got in game_points_of(g).items():
                    totals[user] = totals.get(user, 0.0) + got
    return before


def _floats(user_id: int, games: Sequence[Game], points: dict[int, dict[int, float]]) -> list[str]:
    """The player's float each round they played (FIDE: "up" against a higher score, "down" against a
    lower one or on a bye)."""
    floats: list[str] = []
    for g in sorted(games, key=lambda g: g.round):
        if not g.involves(user_id):
            continue
        other = g.opponent(user_id)
        if other is None:
            floats.append("down")
            continue
        mine, theirs = points[g.round].get(user_id, 0.0), points[g.round].get(other, 0.0)
        floats.append("up" if theirs > mine else "down" if theirs < mine else "none")
    return floats


def _seat(white: int, black: Any, firsts: Counter[int]) -> Pair:
    """A Swiss pair's seat order: whoever has sat first less often sits first (equal: the engine's order)."""
    second = _id_or_none(black)
    if second is None or firsts[white] <= firsts[second]:
        return (white, second)
    return (second, white)


def _id_or_none(value: Any) -> int | None:
    return None if value is None else int(value)
