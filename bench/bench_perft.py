"""Benchmark of perft: every fixture counted to depth 6, against the same lines walked the plain way.

Run from the project's root: `.venv/bin/python -m bench.bench_perft [--quick]`. It prints figures and
is not a test (the perft tests check the counts; this says how long they take). Each figure is the
median of several repeats, since the machine is shared. The baseline, timed in the same run and
alternated with it, walks the same lines through the public API (`clone`, `options`, `place` on every
line, the last placement too): the ratio says what the fast walk of `engine.perft` saves.

Target: depth 6 on each fixture of tests/data/perft in under 2 s of processor time (docs/perft.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from engine import Match, Phase
from engine.perft import perft

ROOT = Path(__file__).resolve().parent.parent
PERFT = ROOT / "tests" / "data" / "perft"
FIXTURE_TARGET_S = 2.0


def plain_walk(match: Match, depth: int) -> int:
    """The lines of length 1..`depth`, counted by making every placement on a clone."""
    lines = 0
    seat = match.turn
    for option in match.options(seat):
        lines += 1
        child = match.clone()
        child.place(seat, option.placement)  # type: ignore[arg-type]
        if depth > 1 and child.phase is Phase.PLAYING:
            lines += plain_walk(child, depth - 1)
    return lines


def fixtures() -> list[tuple[str, Match]]:
    return [
        (path.name.removesuffix(".record.json"), Match.replay(json.loads(path.read_text())))
        for path in sorted(PERFT.glob("*.record.json"))
    ]


def measure(tables: list[tuple[str, Match]], depth: int, repeats: int) -> tuple[dict[str, list[float]], list[float]]:
    """Processor seconds per fixture of `perft`, and per repeat of the plain walk over all fixtures,
    the two alternated fixture by fixture so that a busy moment of the machine slows both."""
    fast: dict[str, list[float]] = {name: [] for name, _ in tables}
    plain: list[float] = []
    clock = time.process_time
    for _ in range(repeats):
        plain_total = 0.0
        for name, match in tables:
            start = clock()
            counts = perft(match, depth)
            middle = clock()
            lines = plain_walk(match, depth)
            end = clock()
            if lines != sum(c.nodes for c in counts):
                raise SystemExit(f"{name}: the plain walk counted {lines} lines, perft {sum(c.nodes for c in counts)}")
            fast[name].append(middle - start)
            plain_total += end - middle
        plain.append(plain_total)
    return fast, plain


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="depth 4 and fewer repeats (what the test runs)")
    args = parser.parse_args()
    depth, repeats = (4, 3) if args.quick else (6, 7)

    tables = fixtures()
    fast, plain = measure(tables, depth, repeats)
    lines = {name: sum(c.nodes for c in perft(match, depth)) for name, match in tables}
    print(f"perft to depth {depth} on {len(tables)} fixtures (median of {repeats}, processor time):")
    for name, _ in tables:
        print(f"  {name:<18} {lines[name]:7d} lines  {statistics.median(fast[name]) * 1000:8.2f} ms")
    slowest = max(tables, key=lambda t: statistics.median(fast[t[0]]))[0]
    slowest_s = statistics.median(fast[slowest])
    verdict = "ok" if slowest_s < FIXTURE_TARGET_S else "OVER TARGET"
    print(f"  slowest: {slowest} {slowest_s * 1000:.2f} ms  (target < {FIXTURE_TARGET_S:g} s a fixture: {verdict})")
    fast_total = statistics.median(sum(times) for times in zip(*fast.values(), strict=True))
    plain_total = statistics.median(plain)
    total_lines = sum(lines.values())
    print(
        f"  all fixtures: perft {fast_total * 1000:.2f} ms ({fast_total / total_lines * 1e6:.2f} us a line),"
        f" plain walk {plain_total * 1000:.2f} ms ({plain_total / total_lines * 1e6:.2f} us a line);"
        f" ratio (perft / plain walk) = {fast_total / plain_total:.2f}"
    )


if __name__ == "__main__":
    main()
