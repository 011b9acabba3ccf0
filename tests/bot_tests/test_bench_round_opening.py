"""bench/bench_round_opening.py's quick mode opens a 12-match round through the fake Discord, unpaced and paced, and
prints its figures, so the bench cannot break unnoticed.

It checks that every match opened in both runs and that the figures are printed, never a time against a target."""

from __future__ import annotations

import re

from support.bench_runs import bench_output


def test_the_quick_round_opening_bench_prints_its_figures() -> None:
    out = bench_output("bench_round_opening.py")
    assert "round 1 of a 24-player Swiss" in out, out
    for run in ("baseline, unpaced", r"paced \(\d+ a \d+ s\)"):
        found = re.search(
            rf"{run}: 12 matches opened in (\d+) s .*; (\d+) requests, .* at most (\d+) messages in 5 s and (\d+) new",
            out,
        )
        assert found, out
        assert int(found[2]) > 0 and int(found[3]) > 0 and int(found[4]) > 0, out
    assert re.search(r"the whole round open after [\d.]+ min", out), out
