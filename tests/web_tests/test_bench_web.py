"""The web bench runs (quick mode) and prints its figures and their verdicts (ok or OVER TARGET)."""

from __future__ import annotations

import re

from support.bench_runs import bench_output


def test_bench_web_quick() -> None:
    out = bench_output("bench_web.py")
    lines = out.splitlines()
    assert lines[0].startswith("a finished 2-player match: ")
    assert lines[1].startswith("baseline: /healthz: n=20 p50 ")
    assert re.search(r"p95 [\d.]+ ms, worst [\d.]+ ms \((ok|OVER TARGET), p95 <= 30 ms\)$", lines[3]), lines[3]
    assert re.search(r"gzipped [\d.]+ kB \((ok|OVER TARGET), <= 150 kB\)", lines[4]), lines[4]
    assert lines[5] == "live: 2 matches, 10 spectators, 16 placements watched"
    assert re.search(r"\((ok|OVER TARGET), p95 <= 500 ms\)$", lines[6]), lines[6]
    assert re.search(r"p95 x[\d.]+ the baseline \((ok|OVER TARGET), <= 1.2x\)$", lines[-1]), lines[-1]
