"""bench/bench_round_opening.py's quick mode opens a 12-match round through the fake Discord, unpaced and paced, and
prints its figures, so the bench cannot break unnoticed.

It checks that every match opened in both runs and that the figures are printed, never a time against a target."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_quick_round_opening_bench_prints_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_round_opening.py"), "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "round 1 of a 24-player Swiss" in done.stdout, done.stdout
    for run in ("baseline, unpaced", r"paced \(\d+ a \d+ s\)"):
        found = re.search(
            rf"{run}: 12 matches opened in (\d+) s .*; (\d+) requests, .* at most (\d+) messages in 5 s and (\d+) new",
            done.stdout,
        )
        assert found, done.stdout
        assert int(found[2]) > 0 and int(found[3]) > 0 and int(found[4]) > 0, done.stdout
    assert re.search(r"the whole round open after [\d.]+ min", done.stdout), done.stdout
