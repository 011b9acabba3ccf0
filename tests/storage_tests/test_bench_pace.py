"""bench/bench_pace.py's quick mode runs on both backends and prints every figure, so the bench cannot break unnoticed.

It checks that the bench measures (figures are printed) and that every overdue deadline acted exactly
once, never that a figure meets a target: this machine may be busy."""

from __future__ import annotations

import re

from support.bench_runs import bench_output

NUMBER = r"[\d.]+"


def test_the_quick_pace_bench_prints_every_figure_on_both_backends() -> None:
    out = bench_output("bench_pace.py")
    for backend in ("SQLite", "PostgreSQL"):
        assert re.search(rf"^{backend}: 200 open correspondence tables", out, re.M), out
    starts = re.findall(rf"lazy restore ({NUMBER}) s .* eager baseline ({NUMBER}) s; lazy / eager ({NUMBER})x", out)
    assert len(starts) == 2 and all(float(eager) > 0 for _, eager, _ in starts), out
    memories = re.findall(rf"RSS after restore: lazy ({NUMBER}) MB .* eager ({NUMBER}) MB", out)
    assert len(memories) == 2 and all(float(a) > 0 and float(b) > 0 for a, b in memories), out
    clicks = re.findall(rf"on a sleeping table \(10\): p50 ({NUMBER}) ms, p95 ({NUMBER}) ms", out)
    assert len(clicks) == 4 and all(0 < float(p50) <= float(p95) for p50, p95 in clicks), out
    # every overdue table acted exactly once, also with two processes on one database (not a figure: a must)
    acted = re.findall(r"(\d+) moved, (\d+) forfeited, (\d+) wrong", out)
    assert len(acted) == 2 + 2 + 4, out  # each backend's line and table row, two PostgreSQL pairs twice
    assert all(int(m) + int(f) == 6 and w == "0" for m, f, w in acted), out
    assert re.findall(r"errors logged (\d+)", out) == ["0"] * 4, out
    assert re.search(r"two processes, both serving every shard: 6 overdue handled in [\d.]+ s", out), out
    assert re.search(r"two processes, split by shard: 6 overdue handled in [\d.]+ s", out), out
