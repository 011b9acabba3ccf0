"""bench/bench_pairings.py's quick mode pairs a small Swiss by both paths and prints their figures, so the bench
cannot break unnoticed.

It checks that the bench measures and that its pairings are sound (no rematch), never that a time meets
the target: this machine may be busy."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_quick_pairings_bench_prints_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_pairings.py"), "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^20 players: rounds 1-3 paired in [\d.]+ s", done.stdout, re.M), done.stdout
    for path in ("old, caissify-pairings", "new, py4swiss"):
        found = re.search(rf"{path}: median ([\d.]+) s over 2 .* (\d+) games, (\d+) byes, (\d+) rematches", done.stdout)
        assert found, done.stdout
        assert float(found[1]) > 0 and found.groups()[1:] == ("10", "0", "0"), done.stdout
    assert re.search(r"the new path [\d.]+x as fast; \d+ of 10 pairs the same", done.stdout), done.stdout
