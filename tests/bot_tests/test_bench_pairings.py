"""bench/bench_pairings.py's quick mode pairs a small Swiss by both paths and prints their figures, so the bench
cannot break unnoticed.

It checks that the bench measures and that its pairings are sound (no rematch), never that a time meets
the target: this machine may be busy."""

from __future__ import annotations

import re

from support.bench_runs import bench_output


def test_the_quick_pairings_bench_prints_its_figures() -> None:
    out = bench_output("bench_pairings.py")
    assert re.search(r"^20 players: rounds 1-3 paired in [\d.]+ s", out, re.M), out
    for path in ("old, caissify-pairings", "new, py4swiss"):
        found = re.search(rf"{path}: median ([\d.]+) s over 2 .* (\d+) games, (\d+) byes, (\d+) rematches", out)
        assert found, out
        assert float(found[1]) > 0 and found.groups()[1:] == ("10", "0", "0"), out
    assert re.search(r"the new path [\d.]+x as fast; \d+ of 10 pairs the same", out), out
