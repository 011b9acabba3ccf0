"""`bench/bench_render.py --quick` runs, so the renderer's bench cannot break unnoticed again."""

from __future__ import annotations

import re

from support.bench_runs import bench_output


def test_the_render_bench_runs_in_its_quick_mode() -> None:
    out = bench_output("bench_render.py")
    for row in (
        "one picture, 28 tiles",
        "one picture, 28 tiles, from nothing",
        "one picture, real rounds",
        "  drawn from geometry made beforehand",
        "  its PNG encoding alone",
        "one picture, a round's end (settlement)",
        "layout, 28 tiles",
        "scoresheet",
        "hand",
    ):
        line = next((line for line in out.splitlines() if line.startswith(row + " ")), None)
        assert line is not None, (row, out)
        assert re.search(r"\d+\.\d+ ms", line), line
    assert re.search(r"^  0-3 tiles \(\d+ pictures\)\s+\d+\.\d+ ms", out, re.MULTILINE), out  # by the layout's size
    ratios = re.findall(r"(\d+\.\d+)x", out)
    assert len(ratios) >= 5 and all(float(r) > 0 for r in ratios)
    assert re.search(r"^4\s+\d+\s+\d+\.\d px", out, re.MULTILINE)  # the preview table, 4 players
