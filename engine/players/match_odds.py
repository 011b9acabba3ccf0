"""The chance of winning the match from a score position between rounds, for `expert`'s play-outs.

The exact target makes scores non-linear: a side at 300 raw needs exactly 5 more, so a lead in
raw points says little near the end. `match_odds.json` holds, for 2 and 4 players, the chance that a
side with `mine` raw points that leads the next round beats the other side with `theirs`, when every
seat plays the quick greedy policy of the play-outs. It is made by `scripts/make_match_odds.py` from
`sampled_rounds` below (many rounds played from each position, then the chances solved so that each
position's is the average over the rounds played from it); a test replays some positions' rounds
and checks the table against them.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..match import Match
from ..phase import Phase
from ..rules import POINT, TARGET_RAW
from ..tiles import ALL_TILES
from .search import play_out

TABLE_PATH = Path(__file__).with_name("match_odds.json")
TABLE_PLAYERS = (2, 4)  # three players keep the raw score lead
LOWEST = {2: 0, 4: -50}  # raw; 4-player scores can go below 0, rarely far (lower scores count as this)
TOP = TARGET_RAW - POINT  # the highest score of a match still being played
SAMPLES = 320  # rounds played from each position


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """Where a round played from a position ended, seen from the side that led it (side 0).
    `won` is 1 or 0 if the match ended, else None and the next position is `mine`, `theirs`
    with `leads` True (side 0 leads next), False (side 1 does) or None (a lot decides)."""

    won: int | None
    mine: int
    theirs: int
    leads: bool | None


def positions(players: int) -> list[tuple[int, int]]:
    """Every (mine, theirs) of the table, in raw points."""
    scores = range(LOWEST[players], TOP + 1, POINT)
    return [(a, b) for a in scores for b in scores]


def sampled_rounds(players: int, mine: int, theirs: int, samples: int = SAMPLES) -> list[RoundEnd]:
    """`samples` rounds from the position (side 0 with `mine` leads from seat 0, side 1 has `theirs`),
    dealt from a random source seeded by the position, played out by the play-outs' quick policy."""
    rng = random.Random(f"match-odds/{players}/{mine}/{theirs}")
    ends: list[RoundEnd] = []
    for _ in range(samples):
        match = Match(players)
        match.scores = [mine, theirs]
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        hands = [tiles[5 * s : 5 * s + 5] for s in range(players)]
        match.start_round(0, hands, tiles[5 * players :])
        play_out(match)
        if match.phase is Phase.OVER:
            ends.append(RoundEnd(1 if match.winner == 0 else 0, mine, theirs, None))
            continue
        a, b = (max(s, LOWEST[players]) for s in match.scores)
        nxt = match.next_leader
        ends.append(RoundEnd(None, a, b, None if nxt is None else match.seat_sides[nxt] == 0))
    return ends


def _index(players: int, score: int) -> int:
    return (max(score, LOWEST[players]) - LOWEST[players]) // POINT


class Odds:
    """A table of chances: `leading(mine, theirs)` for the side that leads the next round."""

    def __init__(self, players: int, rows: list[list[float]]) -> None:
        self.players = players
        self.rows = rows

    def leading(self, mine: int, theirs: int) -> float:
        return self.rows[_index(self.players, mine)][_index(self.players, theirs)]

    def chance(self, mine: int, theirs: int, leads: bool | None) -> float:
        """The chance for the side with `mine` before a round that it leads (True), the other side
        leads (False) or a lot decides (None: each side leads half the time)."""
        if leads is None:
            return 0.5 * (self.leading(mine, theirs) + 1.0 - self.leading(theirs, mine))
        return self.leading(mine, theirs) if leads else 1.0 - self.leading(theirs, mine)

    def after(self, end: RoundEnd) -> float:
        """The chance, for side 0, after a round that ended as `end`."""
        if end.won is not None:
            return float(end.won)
        return self.chance(end.mine, end.theirs, end.leads)


@cache
def odds(players: int) -> Odds:
    """The checked-in table for `players` (2 or 4)."""
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    table = data[str(players)]
    scale = float(data["scale"])
    return Odds(players, [[v / scale for v in row] for row in table])
