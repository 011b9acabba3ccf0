"""Benchmark of Swiss pairings: round 7 of a 200-player Swiss, the old path beside the new
(bot/host/tournaments/pairings.py).

Run from the project's root: `.venv/bin/python bench/bench_pairings.py [--quick] [--players N] [--repeat K]`.
It prints figures and is not a test. Rounds 1 to 6 are paired by swiss_round with random results (seeded);
then round 7 is paired K times (3 by default) by each path, in turn, on the same event, and the medians
and their ratio printed: the old path is caissify-pairings' Dutch (pure Python, networkx's matching), the
new one py4swiss's (bbpPairings' matching in C++), which swiss_round uses. The issue's target is <= 2 s.
It also prints how many of the round's pairs the two share. --quick: 20 players, 3 rounds before the
one timed, 2 repeats (a smoke run for the tests).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.host.tournaments.pairings import Pair, dutch_by_caissify, swiss_round
from bot.model.tournament import Entrant, Game

TARGET_S = 2.0


def played_rounds(players: list[Entrant], rounds: int, total: int, rng: random.Random) -> tuple[list[Game], float]:
    """Rounds 1..`rounds` paired and played at random; also the seconds their pairing took."""
    games: list[Game] = []
    spent = 0.0
    for round_no in range(1, rounds + 1):
        started = time.perf_counter()
        pairs = swiss_round(players, games, round_no, total_rounds=total)
        spent += time.perf_counter() - started
        for first, second in pairs:
            if second is None:
                games.append(Game(round_no, first, None, None, first, 0, 0, "bye"))
            else:
                winner = rng.choice((first, second))
                games.append(Game(round_no, first, second, None, winner, 61 if winner == first else 30, 0, "played"))
    return games, spent


def timed(pairing: Callable[[], list[Pair]], repeat: int) -> tuple[list[float], list[Pair]]:
    times, pairs = [], []
    for _ in range(repeat):
        started = time.perf_counter()
        pairs = pairing()
        times.append(time.perf_counter() - started)
    return times, pairs


def describe(name: str, times: list[float], pairs: list[Pair], games: list[Game]) -> str:
    met = {frozenset((g.first, g.second)) for g in games if g.second is not None}
    rematches = sum(1 for a, b in pairs if b is not None and frozenset((a, b)) in met)
    byes = sum(1 for _, b in pairs if b is None)
    return (
        f"  {name}: median {statistics.median(times):.3f} s over {len(times)} (min {min(times):.3f} s,"
        f" max {max(times):.3f} s); {len(pairs) - byes} games, {byes} byes, {rematches} rematches"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=None)
    args = parser.parse_args()
    count = args.players or (20 if args.quick else 200)
    before = 3 if args.quick else 6
    repeat = args.repeat or (2 if args.quick else 3)
    rng = random.Random(28)
    players = [Entrant(1000 + i, f"P{i}", float(rng.randrange(0, 2400))) for i in range(count)]
    games, spent = played_rounds(players, before, before + 3, rng)
    print(f"{count} players: rounds 1-{before} paired in {spent:.2f} s in all (new path)")
    round_no, total = before + 1, before + 3
    old_times, old = timed(lambda: dutch_by_caissify(players, games, round_no, total_rounds=total), repeat)
    new_times, new = timed(lambda: swiss_round(players, games, round_no, total_rounds=total), repeat)
    ratio = statistics.median(old_times) / statistics.median(new_times)
    shared = len({frozenset(p) for p in old} & {frozenset(p) for p in new})
    print(f"round {round_no} (target <= {TARGET_S:.0f} s at 200 players):")
    print(describe("old, caissify-pairings", old_times, old, games))
    print(describe("new, py4swiss", new_times, new, games))
    print(f"  the new path {ratio:.1f}x as fast; {shared} of {len(new)} pairs the same")


if __name__ == "__main__":
    main()
