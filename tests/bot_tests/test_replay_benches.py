"""The review's and the replay viewer's benchmarks run (quick mode) and print their figures and their targets.

Whether a figure meets its target is the bench's output, for a person to read: a busy machine may miss a
target, so these tests check the verdict is given (ok or OVER TARGET), not which one."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def quick(script: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, f"bench/{script}", "--quick"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_bench_review_quick() -> None:
    lines = quick("bench_review.py")
    assert lines[1].startswith("replay alone (baseline): median ")
    assert lines[2].startswith("review of a whole match: median ")
    assert re.search(r"x the replay; (ok|OVER TARGET), target <= 200 ms", lines[2]), lines[2]


def test_bench_replay_quick() -> None:
    lines = quick("bench_replay.py")
    assert lines[0].startswith("a finished 2-player match: ")
    assert lines[1].startswith("baseline: a rules-page click (no picture): n=5 p50 ")
    assert lines[2].startswith("the viewer's first answer, nothing cached: n=2 ")
    assert re.search(r"p95 [\d.]+ ms, worst [\d.]+ ms \((ok|OVER TARGET), p95 <= 1000 ms\)$", lines[2]), lines[2]
    assert lines[3].startswith("a replay step (▶, ⏮, ⏭, a round): n=8 ")
    assert re.search(r"p95 [\d.]+ ms, worst [\d.]+ ms \((ok|OVER TARGET), p95 <= 300 ms\)$", lines[3]), lines[3]
    assert lines[4].startswith("a step against the baseline: ")
