"""Write engine/players/match_odds.json: the chance of winning a match from each score position.

Run from the project's root: `.venv/bin/python scripts/make_match_odds.py [--players 2 4]` (about ten
minutes on one core). For every position it plays `SAMPLES` rounds (`sampled_rounds`), then solves the
chances so that each position's equals the average over where its rounds ended (repeated sweeps: a
round can leave the scores as they were, and with four players lower them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.players.match_odds import (  # noqa: E402
    LOWEST,
    SAMPLES,
    TABLE_PATH,
    TABLE_PLAYERS,
    TOP,
    Odds,
    RoundEnd,
    positions,
    sampled_rounds,
)
from engine.rules import POINT  # noqa: E402

SCALE = 100_000  # chances are stored as whole numbers of 1/SCALE
TOLERANCE = 1e-9


def solve(players: int, ends: dict[tuple[int, int], Counter[RoundEnd]]) -> list[list[float]]:
    """The chances that make every position's the average over its rounds' ends."""
    size = (TOP - LOWEST[players]) // POINT + 1
    odds = Odds(players, [[0.5] * size for _ in range(size)])
    order = sorted(ends, key=lambda p: -(p[0] + p[1]))  # later positions first: fewer sweeps
    for sweep in range(10_000):
        change = 0.0
        for mine, theirs in order:
            counts = ends[(mine, theirs)]
            value = sum(odds.after(end) * n for end, n in counts.items()) / SAMPLES
            i, j = (mine - LOWEST[players]) // POINT, (theirs - LOWEST[players]) // POINT
            change = max(change, abs(value - odds.rows[i][j]))
            odds.rows[i][j] = value
        if change < TOLERANCE:
            print(f"  {players} players: solved in {sweep + 1} sweeps", file=sys.stderr)
            return odds.rows
    raise RuntimeError("the chances did not settle")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=list(TABLE_PLAYERS))
    args = parser.parse_args(argv)
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8")) if TABLE_PATH.exists() else {}
    data["scale"] = SCALE
    for players in args.players:
        start = time.perf_counter()
        ends = {(a, b): Counter(sampled_rounds(players, a, b)) for a, b in positions(players)}
        print(f"  {players} players: rounds played in {time.perf_counter() - start:.0f} s", file=sys.stderr)
        rows = solve(players, ends)
        data[str(players)] = [[round(v * SCALE) for v in row] for row in rows]
    text = "{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in data.items())
    TABLE_PATH.write_text(text + "\n}\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
