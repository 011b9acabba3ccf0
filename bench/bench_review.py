"""Benchmark of the review (engine.review): every placement of a whole match judged against the best.

Run from the project's root: `.venv/bin/python bench/bench_review.py [--quick] [--repeats N]`. It
prints the median time to review whole random 4-player matches (target <= 200 ms a match, issue 17),
beside the baseline measured in the same run: replaying the same records (`Match.replay`), which
the review does too, so the ratio is what judging every option adds. It is not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Match, Record, review  # noqa: E402
from engine.selfplay import at_random, play_to_end  # noqa: E402

TARGET_MS = 200.0


def random_match(players: int, seed: int) -> Record:
    """A whole match between players that place at random (they miss points: every option is judged)."""
    match = play_to_end(Match.new(players, f"bench-review-{seed}"), at_random(random.Random(seed)))
    return match.record


def timed_ms(work: Callable[[Record], object], records: list[Record], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        for record in records:
            start = time.perf_counter()
            work(record)
            out.append((time.perf_counter() - start) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two small matches, one repeat (for the test)")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    players, count, repeats = (2, 2, 1) if args.quick else (4, 10, args.repeats)
    records = [random_match(players, seed) for seed in range(count)]
    placements = [r.placements for r in records]
    baseline = timed_ms(Match.replay, records, repeats)
    reviewed = timed_ms(review, records, repeats)
    base, median = statistics.median(baseline), statistics.median(reviewed)
    worst = max(reviewed)
    verdict = "ok" if worst <= TARGET_MS else "OVER TARGET"
    print(f"{count} random {players}-player matches, {min(placements)}-{max(placements)} placements, x{repeats}")
    print(f"replay alone (baseline): median {base:.1f} ms")
    print(
        f"review of a whole match: median {median:.1f} ms, worst {worst:.1f} ms "
        f"({median / base:.1f}x the replay; {verdict}, target <= {TARGET_MS:.0f} ms)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
