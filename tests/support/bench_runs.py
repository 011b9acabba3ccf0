"""A bench's short mode run by a test (tests/*/test_bench_*.py): the bench must run and print its figures, so it
cannot break unnoticed; what the figures are is never checked against a target (that would be a timed test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bench_output(script: str, *args: str, timeout: float = 300) -> str:
    """bench/`script` run from the project's root with `args` (`--quick` when none): what it printed, once it
    ended well (its output and errors in the failure otherwise)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *(args or ("--quick",))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout
