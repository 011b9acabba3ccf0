"""bench/bench_ratings.py keeps running: its quick mode rates a handful of matches and prints every figure."""

from __future__ import annotations

import re

from support.bench_runs import bench_output

FIGURE = re.compile(r"^  (.+?) +(\d+\.\d{3}) ms median")


def test_the_quick_benchmark_prints_its_figures_and_the_target() -> None:
    out = bench_output("bench_ratings.py", timeout=120)
    lines = out.splitlines()
    assert lines[0].startswith("6 matches rated in one server")
    figures = {m.group(1): float(m.group(2)) for m in map(FIGURE.match, lines[1:]) if m}
    assert list(figures) == [
        "rate() (pure)",
        "baseline openskill rate",
        "rate_finished() (SQLite)",
        "baseline save_record",
    ]
    assert all(ms > 0 for ms in figures.values())
    assert "target <= 5 ms: " in lines[3] and re.search(r"\(ratio \d+\.\d\dx of the baseline\)", lines[1])
