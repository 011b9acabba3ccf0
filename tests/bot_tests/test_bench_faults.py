"""bench/bench_faults.py's quick mode plays its matches through the failing fake Discord, with this checkout's bot
and with the baseline's, and prints every figure, so the bench cannot break unnoticed.

It checks that both runs measured (figures are printed for each) and that this checkout lost and doubled no
post, never that a time meets a target: this machine may be busy."""

from __future__ import annotations

import re

from support.bench_runs import bench_output

FIGURES = (
    r": (\d+) tables, (\d+) placements in [\d.]+ s; lost (\d+), doubled (\d+), still queued \d+,"
    r" failed interactions \d+;"
    r" click to answer p50 [\d.]+ ms, p95 [\d.]+ ms \((\d+) clicks\);"
    r" a line shown after p95 [\d.]+ s, longest [\d.]+ s; never current (\d+)"
)


def test_the_quick_faults_bench_prints_both_runs_figures() -> None:
    out = bench_output("bench_faults.py", timeout=600)
    ours = re.search(r"^this checkout" + FIGURES, out, re.M)
    assert ours, out
    tables, placements, lost, doubled, clicks, never = (int(x) for x in ours.groups())
    assert tables == 2 and placements > 0 and clicks > 0, out
    assert (lost, doubled, never) == (0, 0, 0), out  # every placement's line in its thread, once: a must
    assert re.search(r"^baseline main" + FIGURES, out, re.M), out
    assert re.search(
        r"^posts lost: 0 vs \d+ on main; longest line delay [\d.]+ s vs [\d.]+ s \(ratio [\d.]+\)", out, re.M
    )
