"""Benchmark of the `expert` computer: how often it beats `hard`, and how long its decisions take.

Run from the project's root: `.venv/bin/python bench/bench_expert.py [--matches N] [--jobs J] [--quick]`.
It prints figures and is not a test. Whole matches to 61 are played: 2-player `expert` against `hard`,
and 4-player with an `expert` pair (seats 0 and 2 or 1 and 3) against a `hard` pair. Each deal seed is
played twice with the seats swapped, so neither level profits from the luck of the deals. The yardstick
is `hard`, measured in the same matches: its own decision times are printed beside `expert`'s.

Targets (issue 19): `expert` wins >= 60% of 2-player matches (>= 400 matches) and its pair >= 58% of
4-player matches, each with a 95% interval; a decision's median <= 250 ms and 99th percentile <= 1 s.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Match, Option  # noqa: E402
from engine.players import choose  # noqa: E402
from engine.selfplay import play_to_end  # noqa: E402

WIN_TARGETS = {2: 0.60, 4: 0.58}
MEDIAN_TARGET_MS = 250.0
P99_TARGET_MS = 1000.0


def play_match(
    players: int, seed: int, expert_side: int, budget_s: float | None = None
) -> tuple[bool, list[float], list[float]]:
    """One match to the end: whether `expert`'s side won, and its and `hard`'s decision times (real choices)."""
    match = Match.new(players, f"bench-expert/{players}/{seed}")
    rng = random.Random(f"{seed}/{expert_side}")
    times: dict[str, list[float]] = {"expert": [], "hard": []}

    def timed(match: Match, seat: int) -> Option:
        level = "expert" if match.side_of(seat) == expert_side else "hard"
        real_choice = len(match.options(seat)) > 1
        start = time.perf_counter()
        option = choose(match, seat, level, rng=rng, budget_s=budget_s)
        if real_choice:
            times[level].append(time.perf_counter() - start)
        return option

    play_to_end(match, timed)
    return match.winner == expert_side, times["expert"], times["hard"]


def _job(args: tuple[int, int, int, float | None]) -> tuple[bool, list[float], list[float]]:
    return play_match(*args)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


def run(players: int, matches: int, jobs: int, budget_s: float | None = None) -> tuple[float, float, float]:
    """Play `matches` (an even number: each seed twice, seats swapped) and print the figures;
    return the win rate and the expert's median and 99th-percentile decision in ms."""
    work = [(players, i // 2, i % 2, budget_s) for i in range(matches)]
    start = time.perf_counter()
    results: list[tuple[bool, list[float], list[float]]] = []
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else nullcontext() as pool:
        for result in pool.map(_job, work) if pool is not None else map(_job, work):
            results.append(result)
            if len(results) % 50 == 0:  # a long run shows how it goes
                won = sum(r[0] for r in results)
                print(
                    f"  ... {players} players: {won}/{len(results)} won so far ({time.perf_counter() - start:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
    elapsed = time.perf_counter() - start
    wins = sum(won for won, _, _ in results)
    expert = [t for _, e, _ in results for t in e]
    hard = [t for _, _, h in results for t in h]
    low, high = wilson(wins, matches)
    rate = wins / matches
    who = "expert vs hard" if players == 2 else "expert pair vs hard pair"
    target = WIN_TARGETS[players]
    verdict = "met" if rate >= target else "MISSED"
    print(
        f"{players} players, {who}: {wins}/{matches} won = {rate:.1%}, 95% interval {low:.1%}-{high:.1%}"
        f"  (target >= {target:.0%}: {verdict}; {elapsed:.0f} s)"
    )
    e_med, e_p99 = statistics.median(expert) * 1000, percentile(expert, 0.99) * 1000
    h_med, h_p99 = statistics.median(hard) * 1000, percentile(hard, 0.99) * 1000
    ok = e_med <= MEDIAN_TARGET_MS and e_p99 <= P99_TARGET_MS
    print(
        f"  decisions: expert median {e_med:6.1f} ms, p99 {e_p99:6.1f} ms over {len(expert)}"
        f" | hard median {h_med:6.1f} ms, p99 {h_p99:6.1f} ms over {len(hard)}"
        f"  (target median <= {MEDIAN_TARGET_MS:.0f} ms, p99 <= {P99_TARGET_MS:.0f} ms: {'met' if ok else 'MISSED'})"
    )
    return rate, e_med, e_p99


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=400, help="2-player matches (even; default 400)")
    parser.add_argument("--matches4", type=int, default=200, help="4-player matches (even; default 200)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (each decision still runs on one core)")
    parser.add_argument("--budget", type=float, default=None, help="both levels' budget in s (default: their own)")
    parser.add_argument("--quick", action="store_true", help="two matches of each kind at a 3 ms budget: a smoke run")
    args = parser.parse_args(argv)
    two, four = (2, 2) if args.quick else (args.matches + args.matches % 2, args.matches4 + args.matches4 % 2)
    budget = 0.003 if args.quick else args.budget
    if two:
        run(2, two, args.jobs, budget)
    if four:
        run(4, four, args.jobs, budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
